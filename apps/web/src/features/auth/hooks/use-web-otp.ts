import { useEffect, useEffectEvent } from 'react';
import { OTP_PATTERN } from '@makazi/contracts/auth-values';
import { isRecord } from '../../../lib/guards';

interface OtpCredentialRequestOptions extends CredentialRequestOptions {
  otp: { transport: string[] };
}

/** The WebOTP API (Chrome on Android): the browser offers the texted code with one tap. */
export function isWebOtpSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'OTPCredential' in window &&
    typeof navigator.credentials?.get === 'function'
  );
}

function readCode(credential: unknown): string | null {
  if (!isRecord(credential)) return null;
  const { code } = credential;
  return typeof code === 'string' && OTP_PATTERN.test(code.trim()) ? code.trim() : null;
}

/**
 * While `requestKey` is not null, asks the browser for the code of the SMS that is on its way and
 * hands it to `onCode`. A new key (a code was resent) asks again; null, a new key or unmounting
 * aborts the pending request.
 */
export function useWebOtp(requestKey: number | null, onCode: (code: string) => void): void {
  const deliver = useEffectEvent(onCode);

  useEffect(() => {
    if (requestKey === null || !isWebOtpSupported()) return;
    const controller = new AbortController();
    const options: OtpCredentialRequestOptions = {
      otp: { transport: ['sms'] },
      signal: controller.signal,
    };
    navigator.credentials.get(options).then(
      (credential) => {
        if (controller.signal.aborted) return;
        const code = readCode(credential);
        if (code) deliver(code);
      },
      () => {
        // Aborted, dismissed by the user or refused: the code is typed by hand.
      },
    );
    return () => controller.abort();
  }, [requestKey]);
}

import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { setSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useSendLoginCode } from '../api/login';
import { useVerifyOtp } from '../api/verify-otp';
import { describeAuthError, type AuthReason } from '../utils/auth-error';

/** The code the API texted: to which (masked) number, and when another may be asked for. */
export interface CodeChallenge {
  /** The number as sent to POST /auth/login, sent again with the code. */
  phoneNumber: string;
  sentTo: string;
  resendInSeconds: number;
  /** When a new code may be asked for (Date.now() value); also tells one sending from the next. */
  resendAt: number;
}

export interface CodeSignIn {
  /** The code that is on its way, or null before one was sent (or after 'Wrong number?'). */
  challenge: CodeChallenge | null;
  /** Why the last send or check failed, in the form's words (FailureAlert). */
  failure: AuthReason | null;
  /** The current code is a resent one: the form says so. */
  resent: boolean;
  pending: boolean;
  /** Texts a code to the number; true when it is on its way. Failures set `failure`. */
  requestCode: (phoneNumber: string, isResend?: boolean) => Promise<boolean>;
  /** Checks the code; on success stores the session, toasts 'Login successful!' and signs in. */
  verifyCode: (otp: string) => Promise<boolean>;
  /** Back to asking for the number. */
  reset: () => void;
}

/**
 * The sign-in by one-time code, as the login flow and the checkout's contact step share it:
 * POST /auth/login texts a code, POST /auth/verify-otp trades it for the session.
 */
export function useCodeSignIn(onSignedIn: () => void): CodeSignIn {
  const { t } = useTranslation('auth');
  const sendCode = useSendLoginCode();
  const verify = useVerifyOtp();
  // One request at a time: state updates land after a render, a ref blocks a second tap at once.
  const busy = useRef(false);
  const [challenge, setChallenge] = useState<CodeChallenge | null>(null);
  const [failure, setFailure] = useState<AuthReason | null>(null);
  const [resent, setResent] = useState(false);

  // Said once, in the form the person is looking at (FailureAlert, an alert), not in a toast too.
  function fail(call: 'login' | 'verify', error: unknown) {
    setFailure(describeAuthError(error, call));
  }

  async function requestCode(phoneNumber: string, isResend = false): Promise<boolean> {
    if (busy.current) return false;
    busy.current = true;
    setFailure(null);
    setResent(false);
    try {
      const answer = await sendCode.mutateAsync({ phoneNumber });
      setChallenge({
        phoneNumber,
        sentTo: answer.sentTo,
        resendInSeconds: answer.resendInSeconds,
        resendAt: Date.now() + answer.resendInSeconds * 1000,
      });
      setResent(isResend);
      return true;
    } catch (error) {
      fail('login', error);
      return false;
    } finally {
      busy.current = false;
    }
  }

  async function verifyCode(otp: string): Promise<boolean> {
    if (busy.current || !challenge) return false;
    busy.current = true;
    setFailure(null);
    setResent(false);
    try {
      const answer = await verify.mutateAsync({ phoneNumber: challenge.phoneNumber, otp });
      setSession({
        token: answer.access_token,
        refreshToken: answer.refresh_token,
        user: answer.username,
        sub: answer.sub,
      });
      void showToast(t('toast.loginSuccess'), 'success');
      onSignedIn();
      return true;
    } catch (error) {
      fail('verify', error);
      return false;
    } finally {
      busy.current = false;
    }
  }

  function reset() {
    setChallenge(null);
    setFailure(null);
    setResent(false);
  }

  return {
    challenge,
    failure,
    resent,
    pending: sendCode.isPending || verify.isPending,
    requestCode,
    verifyCode,
    reset,
  };
}

import { useMutation } from '@tanstack/react-query';
import type { TVerifyOtpBody, TVerifyOtpResponse } from '@makazi/contracts/auth';
import { apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';

function isFilledString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** The outline of POST /api/auth/verify-otp's answer: the four values the session stores. */
export function isVerifyOtpResponse(body: unknown): body is TVerifyOtpResponse {
  return (
    isRecord(body) &&
    isFilledString(body.access_token) &&
    isFilledString(body.refresh_token) &&
    typeof body.username === 'string' &&
    isFilledString(body.sub) &&
    typeof body.expires_in === 'number'
  );
}

/** Trades the texted code for a session (POST /auth/verify-otp). */
export function verifyOtp(body: TVerifyOtpBody): Promise<TVerifyOtpResponse> {
  return apiSend('POST', '/auth/verify-otp', body, isVerifyOtpResponse);
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}

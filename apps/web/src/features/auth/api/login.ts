import { useMutation } from '@tanstack/react-query';
import type { TLoginBody, TLoginResponse } from '@makazi/contracts/auth';
import { apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';

/** The outline of POST /api/auth/login's answer: what the code step reads. */
export function isLoginResponse(body: unknown): body is TLoginResponse {
  return (
    isRecord(body) &&
    typeof body.message === 'string' &&
    typeof body.sentTo === 'string' &&
    typeof body.expiresInSeconds === 'number' &&
    Number.isFinite(body.expiresInSeconds) &&
    typeof body.resendInSeconds === 'number' &&
    Number.isFinite(body.resendInSeconds) &&
    body.resendInSeconds >= 0
  );
}

/** Asks the API to text a one-time code to the phone (POST /auth/login). */
export function sendLoginCode(body: TLoginBody): Promise<TLoginResponse> {
  return apiSend('POST', '/auth/login', body, isLoginResponse);
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}

import { useMutation } from '@tanstack/react-query';
import type { TSignupBody, TSignupResponse } from '@makazi/contracts/auth';
import { apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';

/** The outline of POST /api/auth/signup's 201 answer. */
export function isSignupResponse(body: unknown): body is TSignupResponse {
  return isRecord(body) && typeof body.message === 'string' && typeof body.sub === 'string';
}

/** Creates an account (POST /auth/signup); signing in is a separate step. */
export function signup(body: TSignupBody): Promise<TSignupResponse> {
  return apiSend('POST', '/auth/signup', body, isSignupResponse);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

import {
  ZAdminRecoveryCodes,
  ZAdminTwoStepSetup,
  ZAdminTwoStepStatus,
  type TAdminRecoveryCodes,
  type TAdminTwoStepSetup,
} from '@makazi/contracts/admin-two-step';
import { ZAdminLoginResponse, type TAdminLoginResponse } from '@makazi/contracts/admin';
import { adminFetch, adminJson } from './admin-client';
import { setAdminToken } from './admin-session';

/*
 * Two-step sign-in: the second step of the login page, and the admin's own setup on the profile
 * page (GET/POST /api/admin/me/two-step…).
 */

/** POST /api/admin/login/second-factor with a code or a recovery code; keeps the token. */
export async function adminSecondFactor(
  body: { mfaToken: string; code: string } | { mfaToken: string; recoveryCode: string },
): Promise<TAdminLoginResponse> {
  const answer = await adminJson('POST', '/admin/login/second-factor', ZAdminLoginResponse, {
    body,
    anonymous: true,
  });
  setAdminToken(answer.access_token);
  return answer;
}

export const twoStepQueryKey = ['admin', 'me', 'two-step'] as const;

export const twoStepQueryOptions = {
  queryKey: twoStepQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminJson('GET', '/admin/me/two-step', ZAdminTwoStepStatus, { signal }),
};

export function startTwoStepSetup(): Promise<TAdminTwoStepSetup> {
  return adminJson('POST', '/admin/me/two-step/setup', ZAdminTwoStepSetup);
}

export function confirmTwoStep(code: string): Promise<TAdminRecoveryCodes> {
  return adminJson('POST', '/admin/me/two-step/confirm', ZAdminRecoveryCodes, { body: { code } });
}

export function regenerateRecoveryCodes(code: string): Promise<TAdminRecoveryCodes> {
  return adminJson('POST', '/admin/me/two-step/recovery-codes', ZAdminRecoveryCodes, {
    body: { code },
  });
}

export async function disableTwoStep(code: string): Promise<void> {
  await adminFetch('POST', '/admin/me/two-step/disable', { body: { code } });
}

import { ZAdminMe, type TAdminLoginBody } from '@makazi/contracts/admin';
import { ZAdminLoginAnswer, type TAdminLoginAnswer } from '@makazi/contracts/admin-two-step';
import { adminFetch, adminJson } from './admin-client';
import { clearAdminToken, setAdminToken } from './admin-session';

/**
 * POST /api/admin/login; keeps the token for this browser session, or answers the challenge of
 * the second step when the admin has two-step sign-in on.
 */
export async function adminLogin(body: TAdminLoginBody): Promise<TAdminLoginAnswer> {
  const answer = await adminJson('POST', '/admin/login', ZAdminLoginAnswer, {
    body,
    anonymous: true,
  });
  if ('access_token' in answer) setAdminToken(answer.access_token);
  return answer;
}

/** POST /api/admin/logout, then forget the token whatever the server said. */
export async function adminLogout(): Promise<void> {
  try {
    await adminFetch('POST', '/admin/logout');
  } catch {
    // An expired token or no network: the token is forgotten here anyway.
  } finally {
    clearAdminToken('signedOut');
  }
}

export const adminMeQueryOptions = {
  queryKey: ['admin', 'me'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminJson('GET', '/admin/me', ZAdminMe, { signal }),
  staleTime: 5 * 60_000,
};

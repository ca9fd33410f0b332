import {
  ZAdminLoginResponse,
  ZAdminMe,
  type TAdminLoginBody,
  type TAdminLoginResponse,
} from '@makazi/contracts/admin';
import { adminFetch, adminJson } from './admin-client';
import { clearAdminToken, setAdminToken } from './admin-session';

/** POST /api/admin/login; keeps the token for this browser session. */
export async function adminLogin(body: TAdminLoginBody): Promise<TAdminLoginResponse> {
  const answer = await adminJson('POST', '/admin/login', ZAdminLoginResponse, {
    body,
    anonymous: true,
  });
  setAdminToken(answer.access_token);
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

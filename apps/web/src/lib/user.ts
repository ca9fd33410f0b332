import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TDeleteUserResponse, TUpdateUserBody, TUser } from '@makazi/contracts/users';
import { apiGet, apiSend } from './api-client';
import { toLocalPhone } from './contact-links';
import { isRecord } from './guards';
import { getSession, updateSession } from './session';
import { accountQueryKey } from './sign-out';

function isUser(body: unknown): body is TUser {
  return (
    isRecord(body) &&
    typeof body.id === 'string' &&
    typeof body.firstName === 'string' &&
    typeof body.lastName === 'string' &&
    typeof body.phoneNumber === 'string'
  );
}

function isDeletion(body: unknown): body is TDeleteUserResponse {
  return isRecord(body) && typeof body.id === 'string' && body.deleted === true;
}

/**
 * GET /api/users/{sub}: the signed-in user's own record. One cache entry for everyone who
 * reads it (the profile panel, the checkout's payer number), so whoever asks second costs no request.
 */
export function userQueryOptions(sub: string) {
  return queryOptions({
    queryKey: [...accountQueryKey(sub), 'user'],
    queryFn: async ({ signal }) =>
      (await apiGet(`/users/${encodeURIComponent(sub)}`, isUser, { auth: true, signal })).data,
  });
}

export function useUser(sub: string) {
  return useQuery(userQueryOptions(sub));
}

/**
 * The signed-in user's phone as people type it (0712345678), to pre-fill a form with; undefined
 * until it is known, and while `enabled` is false. Never retried: it is only a convenience.
 */
export function useAccountPhone(sub: string, enabled = true): string | undefined {
  const phone = useQuery({
    ...userQueryOptions(sub),
    retry: false,
    enabled: enabled && sub !== '',
  }).data?.phoneNumber;
  return phone === undefined ? undefined : toLocalPhone(phone);
}

/**
 * PATCH /api/users/{sub}. On success the name the header displays follows, and the cached record
 * is refetched.
 */
export function useUpdateUser(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserBody) =>
      apiSend('PATCH', `/users/${encodeURIComponent(sub)}`, body, isUser, { auth: true }),
    onSuccess: (user) => {
      // Another tab may have signed in as someone else meanwhile: only this user's name changes.
      if (getSession()?.sub === sub) updateSession({ user: `${user.firstName} ${user.lastName}` });
      void queryClient.invalidateQueries({ queryKey: userQueryOptions(sub).queryKey });
    },
  });
}

/**
 * DELETE /api/users/{sub}: the account, its listings and every sign-in end on the server at once.
 * `onDeleted` is the mutation's own callback, so it runs even if the confirmation has been closed
 * meanwhile: the browser then signs out (the tokens it holds no longer work).
 */
export function useDeleteUser(sub: string, onDeleted: () => void) {
  return useMutation({
    mutationFn: () =>
      apiSend('DELETE', `/users/${encodeURIComponent(sub)}`, undefined, isDeletion, { auth: true }),
    onSuccess: onDeleted,
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUserBody, TUser } from '@makazi/contracts/users';
import { apiGet, apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { accountQueryKey } from '../../../lib/sign-out';
import { getSession, updateSession } from '../../../lib/session';

function isUser(body: unknown): body is TUser {
  return (
    isRecord(body) &&
    typeof body.id === 'string' &&
    typeof body.firstName === 'string' &&
    typeof body.lastName === 'string' &&
    typeof body.phoneNumber === 'string'
  );
}

export function userQueryOptions(sub: string) {
  return queryOptions({
    queryKey: [...accountQueryKey(sub), 'user'],
    queryFn: async ({ signal }) =>
      (await apiGet(`/users/${encodeURIComponent(sub)}`, isUser, { auth: true, signal })).data,
  });
}

/** GET /api/users/{sub}: the signed-in user's own record (spec 7). */
export function useUser(sub: string) {
  return useQuery(userQueryOptions(sub));
}

/**
 * PATCH /api/users/{sub} (spec 7). On success the header's name follows (spec 7: 'success updates
 * displayed name') and the cached record is refetched.
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

import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { accountQueryKey } from '../../../lib/sign-out';

interface UserRecord {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

function isUserRecord(body: unknown): body is UserRecord {
  return (
    isRecord(body) &&
    typeof body.id === 'string' &&
    typeof body.firstName === 'string' &&
    typeof body.lastName === 'string' &&
    typeof body.phoneNumber === 'string'
  );
}

/**
 * The signed-in user's phone, to pre-fill the payer's number. GET /api/users/{sub} under the same
 * cache key as the profile menu's copy of the record, so a user who opened their profile costs no
 * request; for the others it runs alongside the plans. Never retried: it is only a convenience.
 */
export function useAccountPhone(userId: string): string | undefined {
  const user = useQuery({
    queryKey: [...accountQueryKey(userId), 'user'],
    queryFn: async ({ signal }) =>
      (
        await apiGet(`/users/${encodeURIComponent(userId)}`, isUserRecord, {
          auth: true,
          signal,
        })
      ).data,
    retry: false,
  });
  return user.data?.phoneNumber;
}

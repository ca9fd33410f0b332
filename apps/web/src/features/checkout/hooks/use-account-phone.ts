import { useQuery } from '@tanstack/react-query';
import { userQueryOptions } from '../../../lib/user';

/**
 * The signed-in user's phone, to pre-fill the payer's number. A user who opened their profile
 * costs no request; for the others it runs alongside the plans. Never retried: it is only a
 * convenience.
 */
export function useAccountPhone(userId: string): string | undefined {
  return useQuery({ ...userQueryOptions(userId), retry: false }).data?.phoneNumber;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  TOwnerPhoneCodeBody,
  TOwnerPhoneCodeResponse,
  TOwnerPhonesResponse,
  TOwnerPhoneVerifyBody,
} from '@makazi/contracts/trust';
import { apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';
import { myPostsQueryOptions } from './my-posts';

function isSeconds(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0);
}

/** The outline of POST /api/me/owner-phones/codes's answer: what the dialog reads. */
export function isOwnerPhoneCodeResponse(body: unknown): body is TOwnerPhoneCodeResponse {
  return (
    isRecord(body) &&
    typeof body.phoneNumber === 'string' &&
    typeof body.verified === 'boolean' &&
    isSeconds(body.expiresInSeconds) &&
    isSeconds(body.resendInSeconds)
  );
}

/** POST /api/me/owner-phones/verify answers with the verified numbers. */
function isOwnerPhones(body: unknown): body is TOwnerPhonesResponse {
  return (
    Array.isArray(body) && body.every((row) => isRecord(row) && typeof row.phoneNumber === 'string')
  );
}

/**
 * A number just became verified: the user's listings that give it now say so ("Verified phone"),
 * here and in the public catalogue, so both are asked for again.
 */
function useRefetchAfterVerified(sub: string) {
  const queryClient = useQueryClient();
  const { queryKey } = myPostsQueryOptions(sub);
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey }),
      queryClient.invalidateQueries({ queryKey: [LISTINGS_QUERY_SCOPE] }),
    ]);
}

/**
 * POST /api/me/owner-phones/codes: texts a code to a contact number of one of the user's listings.
 * The sign-in number (or one proven before) is verified at once, without a code: the listings are
 * asked for again then.
 */
export function useSendOwnerPhoneCode(sub: string) {
  const refetch = useRefetchAfterVerified(sub);
  return useMutation({
    mutationFn: (body: TOwnerPhoneCodeBody) =>
      apiSend('POST', '/me/owner-phones/codes', body, isOwnerPhoneCodeResponse, { auth: true }),
    onSuccess: async (answer) => {
      if (answer.verified) await refetch();
    },
  });
}

/** POST /api/me/owner-phones/verify: the code answered; the listings are asked for again. */
export function useVerifyOwnerPhone(sub: string) {
  const refetch = useRefetchAfterVerified(sub);
  return useMutation({
    mutationFn: (body: TOwnerPhoneVerifyBody) =>
      apiSend('POST', '/me/owner-phones/verify', body, isOwnerPhones, { auth: true }),
    onSuccess: () => refetch(),
  });
}

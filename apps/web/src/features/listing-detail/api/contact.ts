import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TContactResponse } from '@makazi/contracts/payments';
import { apiGet } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { accountQueryKey } from '../../../lib/sign-out';

function isContactBody(body: unknown): body is TContactResponse {
  return (
    isRecord(body) && typeof body.ownerName === 'string' && typeof body.phoneNumber === 'string'
  );
}

/**
 * GET /api/properties/{id}/contact: the publisher's name and phone (E.164) for the owner or a
 * subscriber; 401 anonymous, 402 without a running subscription, 404 for an unknown listing.
 */
export async function getContact(id: string, signal?: AbortSignal): Promise<TContactResponse> {
  return (
    await apiGet(`/properties/${encodeURIComponent(id)}/contact`, isContactBody, {
      auth: true,
      signal,
    })
  ).data;
}

/** Under the user's account key: signing out drops every phone number this browser was shown. */
export function contactQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: [...accountQueryKey(userId), 'contact', id],
    queryFn: ({ signal }) => getContact(id, signal),
  });
}

/** The contact of listing `id` for the signed-in user; idle while there is no user. */
export function useContact(userId: string | undefined, id: string) {
  return useQuery({ ...contactQueryOptions(userId ?? '', id), enabled: Boolean(userId) });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { accountQueryKey } from '../../../lib/sign-out';

/**
 * GET /api/subscription/status/{userId} answers `{data: {isActive, endsAt}}`; the subscription
 * guard goes by `isActive`.
 */
export interface SubscriptionStatus {
  isActive: boolean;
  /** ISO date-time the subscription (and any renewal queued after it) ends; null when none. */
  endsAt: string | null;
}

function isStatusBody(body: unknown): body is { data: SubscriptionStatus } {
  return (
    isRecord(body) &&
    isRecord(body.data) &&
    typeof body.data.isActive === 'boolean' &&
    (body.data.endsAt === null || typeof body.data.endsAt === 'string')
  );
}

export async function getSubscriptionStatus(
  userId: string,
  signal?: AbortSignal,
): Promise<SubscriptionStatus> {
  const { data } = await apiGet(
    `/subscription/status/${encodeURIComponent(userId)}`,
    isStatusBody,
    { auth: true, signal },
  );
  return data.data;
}

export function subscriptionStatusQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...accountQueryKey(userId), 'subscription-status'],
    queryFn: ({ signal }) => getSubscriptionStatus(userId, signal),
    // A subscription bought in another tab should show within a minute, not after ten.
    staleTime: 30_000,
  });
}

/** The signed-in user's status; idle while there is no user. */
export function useSubscriptionStatus(userId: string | undefined) {
  return useQuery({ ...subscriptionStatusQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

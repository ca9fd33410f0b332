import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlan } from '@makazi/contracts/plans';
import { apiGet } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';

function isPlan(value: unknown): value is TPlan {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.durationInDays === 'number' &&
    typeof value.price === 'number' &&
    Array.isArray(value.features) &&
    value.features.every((feature) => typeof feature === 'string')
  );
}

function isPlanList(body: unknown): body is TPlan[] {
  return Array.isArray(body) && body.every(isPlan);
}

export async function getSubscriptionPlans(signal?: AbortSignal): Promise<TPlan[]> {
  return (await apiGet('/subscription-plan', isPlanList, { signal })).data;
}

/** The features come in the request's language, so each language has its own cache entry. */
export function subscriptionPlansQueryOptions(language: string) {
  return queryOptions({
    queryKey: ['subscription-plans', language],
    queryFn: ({ signal }) => getSubscriptionPlans(signal),
  });
}

export function useSubscriptionPlans(language: string) {
  return useQuery(subscriptionPlansQueryOptions(language));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPlan, TPlanKind } from '@makazi/contracts/plans';
import { apiGet } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';

/** Where each kind of plan is listed: GET /api/subscription-plan and GET /api/promotion-plan. */
const PLANS_PATHS: Record<TPlanKind, string> = {
  subscription: '/subscription-plan',
  promotion: '/promotion-plan',
};

export function isPlan(value: unknown): value is TPlan {
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

export async function getPlans(kind: TPlanKind, signal?: AbortSignal): Promise<TPlan[]> {
  return (await apiGet(PLANS_PATHS[kind], isPlanList, { signal })).data;
}

/** The features come in the request's language, so each language has its own cache entry. */
export function plansQueryOptions(kind: TPlanKind, language: string) {
  return queryOptions({
    queryKey: [`${kind}-plans`, language],
    queryFn: ({ signal }) => getPlans(kind, signal),
  });
}

export function usePlans(kind: TPlanKind, language: string) {
  return useQuery(plansQueryOptions(kind, language));
}

import {
  ZAdminAwaitingReview,
  ZAdminPropertiesResponse,
  ZAdminPropertyDetail,
  ZModerationResult,
  type TAdminPropertiesQuery,
  type TModerationResult,
} from '@makazi/contracts/admin';
import { adminJson } from './admin-client';

export type TPropertyFilter = Pick<TAdminPropertiesQuery, 'status' | 'page' | 'pageSize'> &
  Partial<Pick<TAdminPropertiesQuery, 'type' | 'q'>>;

export function propertiesQueryKey(filter?: TPropertyFilter) {
  return filter
    ? (['admin', 'properties', 'list', filter] as const)
    : (['admin', 'properties'] as const);
}

export function propertiesQueryOptions(filter: TPropertyFilter) {
  return {
    queryKey: propertiesQueryKey(filter),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/properties', ZAdminPropertiesResponse, {
        query: { ...filter },
        signal,
      }),
  };
}

/**
 * How many listings of each type await review, which picks the tab the moderation page opens on.
 * Asked afresh each time (a minute-old count may name a queue emptied since), and not asked again
 * on failure: the page then opens on Land rather than keep the admin waiting for a choice of tab.
 */
export function awaitingReviewQueryOptions() {
  return {
    queryKey: ['admin', 'properties', 'awaiting-review'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/properties/awaiting-review', ZAdminAwaitingReview, { signal }),
    staleTime: 0,
    retry: false,
  };
}

export function propertyDetailQueryOptions(id: string) {
  return {
    queryKey: ['admin', 'properties', 'detail', id] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', `/admin/properties/${encodeURIComponent(id)}`, ZAdminPropertyDetail, {
        signal,
      }),
  };
}

export function approveProperty(id: string): Promise<TModerationResult> {
  return adminJson(
    'POST',
    `/admin/properties/${encodeURIComponent(id)}/approve`,
    ZModerationResult,
  );
}

export function disapproveProperty(id: string, reason: string): Promise<TModerationResult> {
  return adminJson(
    'POST',
    `/admin/properties/${encodeURIComponent(id)}/disapprove`,
    ZModerationResult,
    { body: { reason } },
  );
}

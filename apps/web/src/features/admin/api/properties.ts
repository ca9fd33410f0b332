import {
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

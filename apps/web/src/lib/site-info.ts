import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TSiteResponse } from '@makazi/contracts/site';
import { apiGet } from './api-client';
import { isRecord } from './guards';

function isSiteInfo(body: unknown): body is TSiteResponse {
  return isRecord(body) && typeof body.demo === 'boolean';
}

/** GET /api/site: fixed while the server runs, so asked once a visit. */
export const siteInfoQueryOptions = queryOptions({
  queryKey: ['site'],
  queryFn: async ({ signal }) => (await apiGet('/site', isSiteInfo, { signal })).data,
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSiteInfo() {
  return useQuery(siteInfoQueryOptions);
}

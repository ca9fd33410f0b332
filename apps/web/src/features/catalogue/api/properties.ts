import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { TPropertySort, TPropertyType } from '@makazi/contracts/property-values';
import type { TProperty, TPropertyCountResponse } from '@makazi/contracts/properties';
import { apiGet, type ApiResponse } from '../../../lib/api-client';
import { isPropertyList, isRecord } from '../../../lib/guards';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';

export interface PropertiesFilter {
  type?: TPropertyType;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  sort?: TPropertySort;
}

/** Carousels show a dozen; grids page by 12 so the first screen arrives fast on 3G and fills 1–4 columns. */
export const CAROUSEL_LIMIT = 12;
export const GRID_PAGE_SIZE = 12;

export function getProperties(
  filter: PropertiesFilter,
  { limit, cursor, signal }: { limit: number; cursor?: string; signal?: AbortSignal },
): Promise<ApiResponse<TProperty[]>> {
  return apiGet('/properties', isPropertyList, {
    query: { ...filter, limit, cursor },
    signal,
  });
}

/** The filters a count takes: a list's, without its order. */
export type CountFilter = Omit<PropertiesFilter, 'sort'>;

function isPropertyCount(value: unknown): value is TPropertyCountResponse {
  return isRecord(value) && typeof value.count === 'number' && typeof value.atLeast === 'boolean';
}

/** Keyed by the filters in a fixed order, so the server's count and the browser's are one entry. */
export function countQueryOptions({ type, search, minPrice, maxPrice }: CountFilter) {
  return queryOptions({
    queryKey: [LISTINGS_QUERY_SCOPE, 'count', { type, search, minPrice, maxPrice }],
    queryFn: async ({ signal }) =>
      (
        await apiGet('/properties/count', isPropertyCount, {
          query: { type, search, minPrice, maxPrice },
          signal,
        })
      ).data,
  });
}

export function usePropertyCount(filter: CountFilter) {
  return useQuery(countQueryOptions(filter));
}

/** `search`: only the listings it finds (a place's name: similar listings near a taken one). */
export function carouselQueryOptions(type: TPropertyType, search?: string) {
  return queryOptions({
    queryKey: [LISTINGS_QUERY_SCOPE, 'carousel', type, ...(search === undefined ? [] : [search])],
    queryFn: async ({ signal }) =>
      (await getProperties({ type, search }, { limit: CAROUSEL_LIMIT, signal })).data,
  });
}

export function useCarouselProperties(type: TPropertyType, search?: string) {
  return useQuery(carouselQueryOptions(type, search));
}

/** `from`: the cursor the list starts at (a next-page link's), else its first page. */
export function propertyPagesQueryOptions(filter: PropertiesFilter, from?: string) {
  return infiniteQueryOptions({
    queryKey: [LISTINGS_QUERY_SCOPE, 'pages', filter, from ?? null],
    queryFn: ({ pageParam, signal }) =>
      getProperties(filter, { limit: GRID_PAGE_SIZE, cursor: pageParam, signal }),
    initialPageParam: from,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
  });
}

export function usePropertyPages(filter: PropertiesFilter, from?: string) {
  return useInfiniteQuery(propertyPagesQueryOptions(filter, from));
}

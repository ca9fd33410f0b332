import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { TPropertySort, TPropertyType } from '@makazi/contracts/property-values';
import type { TProperty } from '@makazi/contracts/properties';
import { apiGet, type ApiResponse } from '../../../lib/api-client';
import { isPropertyList } from '../../../lib/guards';
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

export function carouselQueryOptions(type: TPropertyType) {
  return queryOptions({
    queryKey: [LISTINGS_QUERY_SCOPE, 'carousel', type],
    queryFn: async ({ signal }) =>
      (await getProperties({ type }, { limit: CAROUSEL_LIMIT, signal })).data,
  });
}

export function useCarouselProperties(type: TPropertyType) {
  return useQuery(carouselQueryOptions(type));
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

import { queryOptions } from '@tanstack/react-query';
import type { TNamedRef } from '@makazi/contracts/locations';
import { apiGet } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';

/*
 * The location lists of step 2 (GET /api/locations/…). They change about never, so once loaded
 * they stay cached for the visit: going back to a region already opened costs no request.
 */

function isNamedRef(value: unknown): value is TNamedRef {
  return isRecord(value) && typeof value.id === 'number' && typeof value.name === 'string';
}

function isNamedRefList(value: unknown): value is TNamedRef[] {
  return Array.isArray(value) && value.every(isNamedRef);
}

function hasList<K extends string>(key: K) {
  return (value: unknown): value is Record<K, TNamedRef[]> =>
    isRecord(value) && isNamedRefList(value[key]);
}

const hasDistricts = hasList('districts');
const hasWards = hasList('wards');
const hasStreets = hasList('streets');

const CACHE = { staleTime: Infinity, gcTime: 60 * 60_000 };

export function regionsQueryOptions() {
  return queryOptions({
    queryKey: ['locations', 'regions'],
    queryFn: async ({ signal }) =>
      (await apiGet('/locations/regions', isNamedRefList, { signal })).data,
    ...CACHE,
  });
}

export function districtsQueryOptions(regionId: string) {
  return queryOptions({
    queryKey: ['locations', 'region', regionId],
    queryFn: async ({ signal }) =>
      (await apiGet(`/locations/regions/${encodeURIComponent(regionId)}`, hasDistricts, { signal }))
        .data.districts,
    enabled: regionId !== '',
    ...CACHE,
  });
}

export function wardsQueryOptions(districtId: string) {
  return queryOptions({
    queryKey: ['locations', 'district', districtId],
    queryFn: async ({ signal }) =>
      (await apiGet(`/locations/districts/${encodeURIComponent(districtId)}`, hasWards, { signal }))
        .data.wards,
    enabled: districtId !== '',
    ...CACHE,
  });
}

export function streetsQueryOptions(wardId: string) {
  return queryOptions({
    queryKey: ['locations', 'ward', wardId],
    queryFn: async ({ signal }) =>
      (await apiGet(`/locations/wards/${encodeURIComponent(wardId)}`, hasStreets, { signal })).data
        .streets,
    enabled: wardId !== '',
    ...CACHE,
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProperty } from '@makazi/contracts/properties';
import { apiGet } from '../../../lib/api-client';
import { isPropertyOutline } from '../../../lib/guards';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';

export async function getProperty(id: string, signal?: AbortSignal): Promise<TProperty> {
  return (await apiGet(`/properties/${encodeURIComponent(id)}`, isPropertyOutline, { signal }))
    .data;
}

export function propertyQueryOptions(id: string) {
  return queryOptions({
    queryKey: [LISTINGS_QUERY_SCOPE, 'detail', id],
    queryFn: ({ signal }) => getProperty(id, signal),
  });
}

/**
 * `placeholder` is the listing the card passed in navigation state: it paints the page at once
 * while the real record loads, and is never trusted beyond that. It is also incomplete: a list
 * item carries only its cover photo, so it is placeholder data (never seeded into this query's
 * cache) and the gallery fills in when the listing by id answers.
 */
export function useProperty(
  id: string,
  { enabled, placeholder }: { enabled: boolean; placeholder?: TProperty },
) {
  return useQuery({ ...propertyQueryOptions(id), enabled, placeholderData: placeholder });
}

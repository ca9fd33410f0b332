import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TSavedSearch,
  TSavedSearchBody,
  TSavedSearchesResponse,
} from '@makazi/contracts/saved-searches';
import { ALERT_FREQUENCIES, type TAlertFrequency } from '@makazi/contracts/saved-values';
import { apiGet, apiSend, apiSendNoContent } from '../../../lib/api-client';
import { isPropertySort, isPropertyType, isRecord, isUuid } from '../../../lib/guards';
import { accountQueryKey } from '../../../lib/sign-out';

const nullOr =
  <T>(check: (value: unknown) => value is T) =>
  (value: unknown): value is T | null =>
    value === null || check(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isWholeNumber = (value: unknown): value is number => Number.isInteger(value);

export function isAlertFrequency(value: unknown): value is TAlertFrequency {
  return typeof value === 'string' && (ALERT_FREQUENCIES as readonly string[]).includes(value);
}

/** The filters of a saved search (and of the alerts-off answer), checked as the screens read them. */
export function hasSavedFilters(value: Record<string, unknown>): boolean {
  return (
    nullOr(isPropertyType)(value.type) &&
    nullOr(isString)(value.search) &&
    nullOr(isWholeNumber)(value.minPrice) &&
    nullOr(isWholeNumber)(value.maxPrice) &&
    isAlertFrequency(value.alerts)
  );
}

function isSavedSearch(value: unknown): value is TSavedSearch {
  return (
    isRecord(value) &&
    isUuid(value.id) &&
    hasSavedFilters(value) &&
    isPropertySort(value.sort) &&
    isWholeNumber(value.newMatches)
  );
}

function isSavedSearchList(value: unknown): value is TSavedSearchesResponse {
  return Array.isArray(value) && value.every(isSavedSearch);
}

const path = (id: string) => `/me/saved-searches/${encodeURIComponent(id)}`;

/** Under the account scope: signing out forgets them. */
export function savedSearchesQueryKey(sub: string) {
  return [...accountQueryKey(sub), 'saved-searches'] as const;
}

/** GET /api/me/saved-searches: the user's saved searches with how many listings are new in each. */
export function savedSearchesQueryOptions(sub: string) {
  return queryOptions({
    queryKey: savedSearchesQueryKey(sub),
    queryFn: async ({ signal }) =>
      (await apiGet('/me/saved-searches', isSavedSearchList, { auth: true, signal })).data,
    // New matches arrive all day: ask on every visit, while the cached list paints at once.
    staleTime: 0,
  });
}

/** `enabled` false: nobody is signed in, so there is nothing to ask for. */
export function useSavedSearches(sub: string, enabled = true) {
  return useQuery({ ...savedSearchesQueryOptions(sub), enabled });
}

/** POST /api/me/saved-searches: 201 with the new search; 409 past SAVED_SEARCHES_MAX. */
export function useCreateSavedSearch(sub: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSavedSearchBody) =>
      apiSend('POST', '/me/saved-searches', body, isSavedSearch, { auth: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: savedSearchesQueryKey(sub) });
    },
  });
}

type TSavedSearchList = TSavedSearch[];

/**
 * A change the list shows before the API answers; a failure puts the list back as it was, and
 * the list is asked for again either way.
 */
function useOptimisticChange<TInput>(
  sub: string,
  send: (input: TInput) => Promise<unknown>,
  change: (list: TSavedSearchList, input: TInput) => TSavedSearchList,
) {
  const queryClient = useQueryClient();
  const queryKey = savedSearchesQueryKey(sub);
  return useMutation({
    mutationFn: send,
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<TSavedSearchList>(queryKey);
      queryClient.setQueryData<TSavedSearchList>(queryKey, (list) => list && change(list, input));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    // Not awaited: the page hears how the change went without waiting for the list.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}

function isSavedSearchWithId(id: string) {
  return (body: unknown): body is TSavedSearch => isSavedSearch(body) && body.id === id;
}

/** PATCH /api/me/saved-searches/{id} {alerts}: how often its texts come. */
export function useChangeAlerts(sub: string) {
  return useOptimisticChange(
    sub,
    ({ id, alerts }: { id: string; alerts: TAlertFrequency }) =>
      apiSend('PATCH', path(id), { alerts }, isSavedSearchWithId(id), { auth: true }),
    (list, { id, alerts }) => list.map((item) => (item.id === id ? { ...item, alerts } : item)),
  );
}

/** DELETE /api/me/saved-searches/{id} → 204. */
export function useDeleteSavedSearch(sub: string) {
  return useOptimisticChange(
    sub,
    (id: string) => apiSendNoContent('DELETE', path(id), undefined, { auth: true }),
    (list, id) => list.filter((item) => item.id !== id),
  );
}

/**
 * POST /api/me/saved-searches/{id}/seen → 204 when the user opens a saved search: its new
 * listings count from now. The list is asked for again once the API has it, even after the page
 * that sent it is gone (the user went on to the results).
 */
export function useMarkSeen(sub: string) {
  return useOptimisticChange(
    sub,
    (id: string) => apiSendNoContent('POST', `${path(id)}/seen`, undefined, { auth: true }),
    (list, id) => list.map((item) => (item.id === id ? { ...item, newMatches: 0 } : item)),
  );
}

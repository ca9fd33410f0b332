import { useCallback } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FAVOURITE_STATES, FAVOURITES_MAX } from '@makazi/contracts/saved-values';
import type { TFavourite } from '@makazi/contracts/favourites';
import { apiGet, apiSendNoContent, isApiError } from './api-client';
import {
  addLocalFavourite,
  getLocalFavourites,
  removeLocalFavourites,
  restoreLocalFavourite,
  type FavouriteListing,
} from './favourites';
import { isPropertyType, isRecord, isUuid } from './guards';
import { getSession } from './session';
import { accountQueryKey } from './sign-out';
import { showToast } from './toast';
import { useTranslation } from './use-translation';

/*
 * A signed-in user's favourites (issue 21): GET /api/me/favourites is the truth, one query that
 * every heart on a page reads; PUT and DELETE /api/me/favourites/{id} change it. Before sign-in
 * the browser keeps them (lib/favourites.ts).
 */

function isFavourite(value: unknown): value is TFavourite {
  if (!isRecord(value) || !isRecord(value.property)) return false;
  const { property } = value;
  return (
    isUuid(property.id) &&
    typeof property.title === 'string' &&
    isPropertyType(property.type) &&
    typeof property.price === 'number' &&
    typeof property.place === 'string' &&
    (property.coverUrl === null || typeof property.coverUrl === 'string') &&
    (FAVOURITE_STATES as readonly unknown[]).includes(value.state) &&
    typeof value.savedAt === 'string'
  );
}

export function isFavouriteList(body: unknown): body is TFavourite[] {
  return Array.isArray(body) && body.every(isFavourite);
}

/** Under the account scope: signing out forgets them. */
export function favouritesQueryKey(sub: string) {
  return [...accountQueryKey(sub), 'favourites'] as const;
}

export function favouritesQueryOptions(sub: string) {
  return queryOptions({
    queryKey: favouritesQueryKey(sub),
    queryFn: async ({ signal }) =>
      (await apiGet('/me/favourites', isFavouriteList, { auth: true, signal })).data,
  });
}

export function useAccountFavourites(sub: string) {
  return useQuery(favouritesQueryOptions(sub));
}

/** The newest first, as the API lists them. */
function byDate(list: TFavourite[]): TFavourite[] {
  return list.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
}

/**
 * The last change asked for each listing, so a quick save and unsave reach the server in the
 * order they were made: sent at once, they could arrive the other way round.
 */
const inFlight = new Map<string, Promise<unknown>>();

function inOrder(id: string, send: () => Promise<void>): Promise<void> {
  const next = (inFlight.get(id) ?? Promise.resolve()).catch(() => undefined).then(send);
  inFlight.set(id, next);
  void next
    .finally(() => {
      if (inFlight.get(id) === next) inFlight.delete(id);
    })
    .catch(() => undefined);
  return next;
}

/**
 * Saves or removes one favourite of the account. The list changes at once (a heart answers the
 * tap on a slow connection); when the server refuses, that one change is undone, the list is read
 * again (other changes may have happened meanwhile) and the promise rejects.
 */
export async function setAccountFavourite(
  queryClient: QueryClient,
  sub: string,
  listing: FavouriteListing,
  save: boolean,
): Promise<void> {
  const key = favouritesQueryKey(sub);
  // A read under way would land over the change just made.
  if (queryClient.getQueryData(key)) await queryClient.cancelQueries({ queryKey: key });
  const before = queryClient.getQueryData<TFavourite[]>(key);
  const previous = before?.find((favourite) => favourite.property.id === listing.id);
  // One still waiting for the merge would come back with it.
  const local = save ? undefined : getLocalFavourites().find((entry) => entry.id === listing.id);
  if (local) removeLocalFavourites([listing.id]);
  if (before) {
    const rest = before.filter((favourite) => favourite.property.id !== listing.id);
    const saved: TFavourite = {
      property: listing,
      state: 'available',
      savedAt: previous?.savedAt ?? new Date().toISOString(),
    };
    queryClient.setQueryData<TFavourite[]>(key, save ? byDate([saved, ...rest]) : rest);
  }
  try {
    await inOrder(listing.id, () =>
      apiSendNoContent(
        save ? 'PUT' : 'DELETE',
        `/me/favourites/${encodeURIComponent(listing.id)}`,
        undefined,
        { auth: true },
      ),
    );
  } catch (error) {
    queryClient.setQueryData<TFavourite[]>(key, (list) => {
      if (!list) return list;
      const rest = list.filter((favourite) => favourite.property.id !== listing.id);
      return previous ? byDate([previous, ...rest]) : rest;
    });
    if (local) restoreLocalFavourite(local);
    void queryClient.invalidateQueries({ queryKey: key });
    throw error;
  }
  // Saved before the list had arrived: read it now that it holds this one.
  if (!before) void queryClient.invalidateQueries({ queryKey: key });
}

/**
 * Saving and removing a favourite, signed in or not: the account's list once signed in, the
 * browser's before. A failure is told in a toast.
 */
export function useSetFavourite(): (listing: FavouriteListing, save: boolean) => void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useCallback(
    (listing, save) => {
      const full = () => void showToast(t('favourites.full', { max: FAVOURITES_MAX }), 'warning');
      const session = getSession();
      if (!session) {
        if (!save) removeLocalFavourites([listing.id]);
        else if (!addLocalFavourite(listing)) full();
        return;
      }
      const list = queryClient.getQueryData<TFavourite[]>(favouritesQueryKey(session.sub));
      // The account holds as many as the browser may: the server would refuse one more.
      if (save && list && list.length >= FAVOURITES_MAX) {
        full();
        return;
      }
      setAccountFavourite(queryClient, session.sub, listing, save).catch((error: unknown) => {
        // Full on the server though not in the list here (saved on another phone meanwhile).
        if (isApiError(error) && error.code === 'FAVOURITES_LIMIT') full();
        else void showToast(t(save ? 'favourites.saveFailed' : 'favourites.removeFailed'), 'error');
      });
    },
    [queryClient, t],
  );
}

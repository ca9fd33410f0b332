import type { QueryClient } from '@tanstack/react-query';
import { FAVOURITES_MERGE_MAX } from '@makazi/contracts/saved-values';
import type { TFavourite } from '@makazi/contracts/favourites';
import { apiSend } from './api-client';
import { getLocalFavourites, removeLocalFavourites } from './favourites';
import { getSession } from './session';
import { favouritesQueryKey, isFavouriteList } from './use-favourites';

/**
 * POST /api/me/favourites/merge with the browser's favourites, FAVOURITES_MERGE_MAX at a time.
 * Each batch leaves the browser only once the server has taken it, so a failure loses nothing: the
 * rest stay for the next try (the merge may be repeated, the server skips what it already holds).
 * The last answer is the account's whole list, and becomes the favourites query's data.
 */
export async function mergeLocalFavourites(queryClient: QueryClient, sub: string): Promise<void> {
  const ids = getLocalFavourites().map((favourite) => favourite.id);
  let merged: TFavourite[] | undefined;
  for (let start = 0; start < ids.length; start += FAVOURITES_MERGE_MAX) {
    // Signed out, or someone else signed in, meanwhile: the rest are not this account's to take.
    if (getSession()?.sub !== sub) return;
    const batch = ids.slice(start, start + FAVOURITES_MERGE_MAX);
    merged = await apiSend(
      'POST',
      '/me/favourites/merge',
      { propertyIds: batch },
      isFavouriteList,
      {
        auth: true,
      },
    );
    removeLocalFavourites(batch);
  }
  if (!merged || getSession()?.sub !== sub) return;
  const key = favouritesQueryKey(sub);
  // A read started before the merge would land over its answer.
  await queryClient.cancelQueries({ queryKey: key });
  queryClient.setQueryData(key, merged);
}

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import { useSession } from './session';

/** Whether the browser holds favourites, without reading them: this runs on every page. */
function holdsFavourites(): boolean {
  try {
    return window.localStorage.getItem(LOCAL_FAVOURITES_KEY) !== null;
  } catch {
    // A blocked storage holds nothing that outlives the tab.
    return false;
  }
}

/** The merges asked for, one after another: a second waits and finds what the first left. */
let merging: Promise<void> = Promise.resolve();

/**
 * Hands the browser's favourites to the account once someone is signed in: at sign-in, and on
 * every page load while some are still waiting (a merge that failed is tried again then). The
 * root layout runs it, so it stays small: the favourites and the merge download only when the
 * browser holds some.
 */
export function useMergeLocalFavourites(): void {
  const queryClient = useQueryClient();
  const sub = useSession()?.sub;
  useEffect(() => {
    if (!sub || !holdsFavourites()) return;
    merging = merging
      .then(async () => {
        const { mergeLocalFavourites } = await import('./favourites-merge');
        await mergeLocalFavourites(queryClient, sub);
      })
      .catch(() => {
        // The browser keeps its list and tries again at the next sign-in or page load.
      });
  }, [queryClient, sub]);
}

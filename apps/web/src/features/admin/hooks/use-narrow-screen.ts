import { useSyncExternalStore } from 'react';

/** Up to 480px the admin drawer starts closed and closes when the page is clicked. */
export const NARROW_QUERY = '(max-width: 480px)';

function subscribe(listener: () => void): () => void {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}

function snapshot(): boolean {
  return window.matchMedia(NARROW_QUERY).matches;
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

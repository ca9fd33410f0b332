import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React renders on the server and hydrates the server's markup, true once the app
 * runs: what a page shows before its JavaScript (or without it) can differ from what the app
 * shows, and still hydrate as rendered. A client-rendered page is true from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

/*
 * Whether the browser believes it has a network. It can be wrong in one direction only (online
 * behind a dead Wi-Fi), so "offline" is worth telling the user and "online" is only a hint.
 */

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const isOnline = () => navigator.onLine;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

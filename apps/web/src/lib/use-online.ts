import { useSyncExternalStore } from 'react';

/**
 * Whether the page is working from copies kept by the service worker because the network did not
 * answer (pwa/worker-messages.ts): true until a request reaches the network again.
 */
let fromCopy = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** What the service worker or the API client learnt: the network answered (false) or not (true). */
export function noteServedFromCopy(value: boolean): void {
  if (fromCopy === value) return;
  fromCopy = value;
  notify();
}

function onOnline(): void {
  fromCopy = false;
  notify();
}

function subscribe(onChange: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', notify);
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', notify);
    }
  };
}

/**
 * Whether the page has a working connection: false when the browser knows it has none (airplane
 * mode, no signal), or when the service worker had to answer from its copies because the network
 * failed or passed nothing in time. Server-rendered as online, so hydration matches.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && !fromCopy,
    () => true,
  );
}

/**
 * For the API client: the browser knows it has no connection. Only this certain reading stops a
 * request before it is sent; a page served from copies still tries the network.
 */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

import {
  CONNECTION_QUESTION,
  KEEP_REQUEST,
  isConnectionAnswer,
  type KeepRequest,
} from '../pwa/worker-messages';
import { noteServedFromCopy } from '../lib/use-online';

/** The service worker's script (src/pwa/service-worker.ts, built by vite-plugin-pwa). */
const SERVICE_WORKER_URL = '/service-worker.js';
const RELOADED_AT_KEY = 'makazi:reloaded-for-update';
/** A reload for a missing chunk is tried at most once in this long, so it can never loop. */
const RELOAD_GUARD_MS = 60_000;

/**
 * Registers the service worker once the page has loaded: its install (the first page's files,
 * from the browser's HTTP cache) then never competes with the page's own requests.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // updateViaCache 'none': the browser asks for the worker's script itself every time it
    // checks for an update, so a release reaches the next visit.
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then(() => keepWhatThisPageLoaded())
      .catch(() => {
        // A browser that refuses one (some private modes) runs the app without.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
  listenForTheConnection();
  reloadWhenAChunkIsGone();
}

/**
 * A page the worker did not answer (the first visit, before it was installed) tells it what it
 * loaded, so the worker keeps the page and its files from the browser's HTTP cache: the next
 * visit opens offline, and nothing is downloaded twice.
 */
async function keepWhatThisPageLoaded(): Promise<void> {
  if (navigator.serviceWorker.controller) return;
  const registration = await navigator.serviceWorker.ready;
  const files = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.startsWith(`${location.origin}/`));
  registration.active?.postMessage({
    type: KEEP_REQUEST,
    page: location.href,
    files,
  } satisfies KeepRequest);
}

/** What the worker says of the connection goes to the offline banner (lib/use-online.ts). */
function listenForTheConnection(): void {
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (isConnectionAnswer(event.data)) noteServedFromCopy(event.data.fromCopy);
  });
  // Was this page opened from a copy? Asked of the worker that answered its navigation.
  navigator.serviceWorker.controller?.postMessage({ type: CONNECTION_QUESTION });
}

/**
 * A page opened before a release, still running the old code, may ask for a screen's chunk that
 * the release removed from the server and the new worker's precache. Vite reports it as
 * `vite:preloadError`: the page reloads into the new release instead of showing a broken screen.
 */
function reloadWhenAChunkIsGone(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (!navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    event.preventDefault();
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    window.location.reload();
  });
}

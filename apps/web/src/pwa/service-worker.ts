/// <reference lib="webworker" />
/*
 * The service worker (decision 045): the app opens without a connection, and nothing personal is
 * kept. Built by vite-plugin-pwa (injectManifest) into /service-worker.js; the list of files to
 * precache, __WB_MANIFEST, is the first page's code and styles (vite.config.ts).
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import {
  CONNECTION_ANSWER,
  CONNECTION_QUESTION,
  RELEASE_ANSWER,
  RELEASE_QUESTION,
  releaseOf,
  type ConnectionAnswer,
} from './connection-messages';
import {
  ASSETS_CACHE,
  ASSETS_KEPT,
  CATALOGUE_ANSWERS_KEPT,
  CATALOGUE_CACHE,
  LISTING_PAGES_CACHE,
  LISTING_PAGES_KEPT,
  NAVIGATION_TIMEOUT_SECONDS,
  PAGES_CACHE,
  PAGES_KEPT,
  PHOTOS_CACHE,
  PHOTOS_KEPT,
  WEEK_SECONDS,
  isBuiltAsset,
  isCatalogueRead,
  isKeepable,
  isPhoto,
  pageCacheFor,
} from './offline-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

/** The client-rendered shell: any page not kept opens in it offline and says so itself. */
const SHELL = '/index.html';

/** Keeps only what isKeepable allows: public answers, never a personal one. */
const onlyPublic: WorkboxPlugin = {
  cacheWillUpdate: ({ response }) => Promise.resolve(isKeepable(response) ? response : null),
};

/**
 * The pages opened from a copy because the network did not answer, by the id of the window they
 * opened in, until each asks (connection-messages.ts). A worker stopped meanwhile forgets them,
 * and the page then trusts navigator.onLine: a banner missed, never a wrong one.
 */
const openedFromCopy = new Set<string>();

function tell(client: Client | null | undefined, fromCopy: boolean): void {
  client?.postMessage({ type: CONNECTION_ANSWER, fromCopy } satisfies ConnectionAnswer);
}

async function tellClientOf(event: ExtendableEvent | undefined, fromCopy: boolean): Promise<void> {
  if (!(event instanceof FetchEvent) || !event.clientId) return;
  tell(await self.clients.get(event.clientId), fromCopy);
}

/** Notes, for the offline banner, whether each request reached the network. */
const connection: WorkboxPlugin = {
  fetchDidSucceed: async ({ response, event, state }) => {
    if (state) state.fromNetwork = true;
    await tellClientOf(event, false);
    return response;
  },
  fetchDidFail: async ({ event }) => {
    await tellClientOf(event, true);
  },
  handlerDidRespond: ({ event, state, response }) => {
    if (
      response &&
      !state?.fromNetwork &&
      event instanceof FetchEvent &&
      event.request.mode === 'navigate' &&
      event.resultingClientId
    ) {
      openedFromCopy.add(event.resultingClientId);
    }
    return Promise.resolve();
  },
};

// The first page's files (vite.config.ts firstVisitFiles), with their revisions.
const precache = self.__WB_MANIFEST;
const release = releaseOf(precache);

self.addEventListener('message', (event) => {
  const source = event.source as Client | null;
  const type = (event.data as { type?: unknown } | null)?.type;
  if (!source) return;
  if (type === CONNECTION_QUESTION) tell(source, openedFromCopy.delete(source.id));
  if (type === RELEASE_QUESTION) source.postMessage({ type: RELEASE_ANSWER, release });
});

function kept(maxEntries: number, maxAgeSeconds?: number): WorkboxPlugin[] {
  // purgeOnQuotaError: on a phone with little storage, the cache gives way, not the app.
  return [
    connection,
    onlyPublic,
    new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true }),
  ];
}

// A new release takes over as soon as it is installed: the next page the person opens runs it,
// with nothing to clear. A page still running the old code that asks for a chunk the release
// removed reloads itself (app/service-worker-registration.ts).
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(precache);

// Pages: the network first, so an online person always gets the current page; the kept copy when
// the network fails or passes nothing for a few seconds. A page's language and data-saver
// variants share one entry: offline, any copy of the page beats none.
for (const cacheName of [PAGES_CACHE, LISTING_PAGES_CACHE] as const) {
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && pageCacheFor(url) === cacheName,
    new NetworkFirst({
      cacheName,
      networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
      matchOptions: { ignoreVary: true },
      plugins: kept(cacheName === LISTING_PAGES_CACHE ? LISTING_PAGES_KEPT : PAGES_KEPT),
    }),
  );
}

// Every other page (signed-in pages, the wizard, admin): never kept, the shell when offline.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && pageCacheFor(url) === null,
  new NetworkOnly({ plugins: [connection] }),
);

// The catalogue's answers: shown at once from the copy kept, and fetched again behind it.
registerRoute(
  ({ request, url }) => isCatalogueRead(request, url),
  new StaleWhileRevalidate({
    cacheName: CATALOGUE_CACHE,
    plugins: kept(CATALOGUE_ANSWERS_KEPT, WEEK_SECONDS),
  }),
);

registerRoute(
  ({ request, url }) => isPhoto(request, url),
  new CacheFirst({ cacheName: PHOTOS_CACHE, plugins: kept(PHOTOS_KEPT, 4 * WEEK_SECONDS) }),
);

registerRoute(
  ({ request, url }) => isBuiltAsset(request, url),
  new CacheFirst({ cacheName: ASSETS_CACHE, plugins: kept(ASSETS_KEPT) }),
);

// A page that is neither online nor kept: the shell, which renders the page and says it is offline.
setCatchHandler(async ({ request, event }) => {
  if (request.mode === 'navigate') {
    const shell = await matchPrecache(SHELL);
    if (shell) {
      if (event instanceof FetchEvent && event.resultingClientId) {
        openedFromCopy.add(event.resultingClientId);
      }
      return shell;
    }
  }
  return Response.error();
});

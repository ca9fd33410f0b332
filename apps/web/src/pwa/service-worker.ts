/// <reference lib="webworker" />
/*
 * The service worker (decision 045): the app opens without a connection, and nothing personal is
 * kept. Built by vite-plugin-pwa (injectManifest) into /service-worker.js. It precaches only the
 * shell (__WB_MANIFEST, index.html): what the first page loaded before the worker ran is kept when
 * the page lists it (KEEP_REQUEST), from the browser's HTTP cache, so installing costs no data.
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
import {
  CacheFirst,
  NetworkFirst,
  NetworkOnly,
  StaleWhileRevalidate,
  type Strategy,
} from 'workbox-strategies';
import {
  CONNECTION_ANSWER,
  CONNECTION_QUESTION,
  isKeepRequest,
  RELEASE_ANSWER,
  RELEASE_QUESTION,
  releaseOf,
  type ConnectionAnswer,
} from './worker-messages';
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
 * opened in, until each asks (worker-messages.ts). A worker stopped meanwhile forgets them,
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

function kept(maxEntries: number, maxAgeSeconds?: number): WorkboxPlugin[] {
  // purgeOnQuotaError: on a phone with little storage, the cache gives way, not the app.
  return [
    connection,
    onlyPublic,
    new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true }),
  ];
}

// The shell, with its revision: the release's digest changes with it.
const precache = self.__WB_MANIFEST;
const release = releaseOf(precache);

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
const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: kept(PAGES_KEPT),
});
const listingPages = new NetworkFirst({
  cacheName: LISTING_PAGES_CACHE,
  networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS,
  matchOptions: { ignoreVary: true },
  plugins: kept(LISTING_PAGES_KEPT),
});
// The catalogue's answers: shown at once from the copy kept, and fetched again behind it.
const catalogue = new StaleWhileRevalidate({
  cacheName: CATALOGUE_CACHE,
  plugins: kept(CATALOGUE_ANSWERS_KEPT, WEEK_SECONDS),
});
const photos = new CacheFirst({
  cacheName: PHOTOS_CACHE,
  plugins: kept(PHOTOS_KEPT, 4 * WEEK_SECONDS),
});
const assets = new CacheFirst({ cacheName: ASSETS_CACHE, plugins: kept(ASSETS_KEPT) });

function pageStrategy(url: URL): Strategy | undefined {
  const cacheName = pageCacheFor(url);
  if (cacheName === LISTING_PAGES_CACHE) return listingPages;
  return cacheName === PAGES_CACHE ? pages : undefined;
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && pageCacheFor(url) !== null,
  (options) => pageStrategy(options.url)!.handle(options),
);
// Every other page (signed-in pages, the wizard, admin): never kept, the shell when offline.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && pageCacheFor(url) === null,
  new NetworkOnly({ plugins: [connection] }),
);
registerRoute(({ request, url }) => isCatalogueRead(request, url), catalogue);
registerRoute(({ request, url }) => isPhoto(request, url), photos);
registerRoute(({ request, url }) => isBuiltAsset(request, url), assets);

/**
 * Keeps what a page loaded before this worker controlled it (a first visit): the page itself, its
 * code, styles, fonts and photos. Each is asked through its route's strategy, so the browser's
 * HTTP cache answers and the cache limits apply. Catalogue reads are left out: the page may have
 * asked them with the person's token, and a copy asked without would cost data.
 */
async function keep(
  event: ExtendableMessageEvent,
  page: URL,
  files: readonly URL[],
): Promise<void> {
  const wanted: [Strategy | undefined, Request][] = [
    [pageStrategy(page), new Request(page, { headers: { Accept: 'text/html' } })],
    ...files.map((file): [Strategy | undefined, Request] => {
      const request = new Request(file);
      if (isBuiltAsset(request, file)) return [assets, request];
      return [isPhoto(request, file) ? photos : undefined, request];
    }),
  ];
  await Promise.allSettled(
    wanted.flatMap(([strategy, request]) =>
      strategy ? [strategy.handle({ event, request })] : [],
    ),
  );
}

self.addEventListener('message', (event) => {
  const source = event.source as Client | null;
  const data: unknown = event.data;
  if (!source) return;
  const type = (data as { type?: unknown } | null)?.type;
  if (type === CONNECTION_QUESTION) tell(source, openedFromCopy.delete(source.id));
  if (type === RELEASE_QUESTION) source.postMessage({ type: RELEASE_ANSWER, release });
  if (isKeepRequest(data)) {
    const same = (href: string) => {
      const url = new URL(href, self.location.origin);
      return url.origin === self.location.origin ? [url] : [];
    };
    const [page] = same(data.page);
    if (page) event.waitUntil(keep(event, page, data.files.flatMap(same)));
  }
});

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

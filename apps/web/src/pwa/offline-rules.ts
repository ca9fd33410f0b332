import { PROPERTY_TYPE_SLUG_VALUES } from '@makazi/contracts/property-values';

/**
 * What the service worker (service-worker.ts) keeps for offline use, as plain functions the tests
 * run without a worker. The rule throughout: only what anyone may see. A response is kept only
 * when the server marked it `public`; personal answers are `private, no-store` and a request that
 * carries the person's token is never kept, whatever the server said.
 */

/** The cache of the pages a person opened: home and the lists. */
export const PAGES_CACHE = 'makazi-pages';
/** The listing pages a person opened, the last LISTING_PAGES_KEPT of them. */
export const LISTING_PAGES_CACHE = 'makazi-listing-pages';
/** The catalogue's JSON answers (lists, listings, places), served stale while revalidated. */
export const CATALOGUE_CACHE = 'makazi-catalogue';
/** Listing photos, once shown: a photo's URL never changes (a replaced photo gets a new id). */
export const PHOTOS_CACHE = 'makazi-photos';
/** Code and styles of the screens opened after the first page (the first page's are precached). */
export const ASSETS_CACHE = 'makazi-assets';

export const LISTING_PAGES_KEPT = 20;
/** Home, the four lists and the info pages, with a few searches: small HTML, kept a while. */
export const PAGES_KEPT = 12;
export const CATALOGUE_ANSWERS_KEPT = 60;
export const PHOTOS_KEPT = 200;
export const ASSETS_KEPT = 120;
export const WEEK_SECONDS = 7 * 24 * 60 * 60;

/**
 * How long a page navigation waits for the network before the copy kept from an earlier visit is
 * shown: on a connection that is up but passes nothing (a minibus between masts), the person sees
 * the page after this instead of a spinner for a minute.
 */
export const NAVIGATION_TIMEOUT_SECONDS = 6;

const SLUGS = PROPERTY_TYPE_SLUG_VALUES.join('|');
const LISTING_PAGE = new RegExp(`^/(?:${SLUGS}|details)/[^/]+/?$`);
const OTHER_PUBLIC_PAGE = new RegExp(`^/(?:|home|${SLUGS}|about|terms|privacy|faq)/?$`);

/** Which page cache a navigation to `url` may be kept in; null for pages never kept. */
export function pageCacheFor(url: URL): typeof PAGES_CACHE | typeof LISTING_PAGES_CACHE | null {
  if (LISTING_PAGE.test(url.pathname)) return LISTING_PAGES_CACHE;
  if (OTHER_PUBLIC_PAGE.test(url.pathname)) return PAGES_CACHE;
  return null;
}

/**
 * The catalogue's reads: the lists, a listing, the places of an address, the price guide and the
 * site's details. Not a listing's contact (`/properties/{id}/contact`) or anything under `/me`.
 */
const CATALOGUE_READ =
  /^\/api\/(?:properties(?:\/[0-9a-f-]{36})?|properties\/publishers\/[^/]+|locations\/[a-z]+(?:\/[^/]+)?|insights\/prices|site)$/;

export function isCatalogueRead(request: Request, url: URL): boolean {
  return (
    request.method === 'GET' &&
    !request.headers.has('Authorization') &&
    CATALOGUE_READ.test(url.pathname)
  );
}

export function isPhoto(request: Request, url: URL): boolean {
  return request.method === 'GET' && url.pathname.startsWith('/media/');
}

export function isBuiltAsset(request: Request, url: URL): boolean {
  return request.method === 'GET' && url.pathname.startsWith('/assets/');
}

/** Whether a response may be kept: complete, successful and marked public by the server. */
export function isKeepable(response: Response): boolean {
  if (response.status !== 200 || response.type === 'opaque') return false;
  const cacheControl = (response.headers.get('Cache-Control') ?? '').toLowerCase();
  if (/\b(?:private|no-store)\b/.test(cacheControl)) return false;
  // Set-Cookie is a personal answer whatever else it says.
  if (response.headers.has('Set-Cookie')) return false;
  return /\bpublic\b/.test(cacheControl) || /\bimmutable\b/.test(cacheControl);
}

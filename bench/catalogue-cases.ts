/**
 * The catalogue cases the bench measures, each as a family of URLs: one URL repeated (the page
 * cache answers all but the first), or distinct URLs that each do the same kind of work, so the
 * page cache misses every time, as it does for visitors asking thousands of different pages.
 */

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, startApp, type RunningApp } from './app-process';
import { cpuProbe, type CpuProbe } from './cpu';
import type { PreparedDataset } from './datasets';

export type UrlMode = 'distinct' | 'repeated';

export interface CatalogueCase {
  name: string;
  /** The route as the tables show it: the one path, or the family's pattern. */
  path: string;
  /** What varies from one URL of the family to the next (distinct URLs only). */
  varies?: string;
  /** What the load generator sends, in turn. */
  paths: string[];
  /** Request headers, where the case asks as a browser does (the server-rendered pages). */
  headers?: Record<string, string>;
}

/** The cases of server-rendered HTML pages (issue 19), named `page …`. */
export const isPageCase = (name: string): boolean => name.startsWith('page ');

export interface Listing {
  id: string;
  type?: string;
  propertyAddress: {
    district?: { id: number };
    ward?: { id: number };
    street: { name: string };
  } | null;
  /** Houses and apartments; a plot has none. */
  numberOfBedrooms?: number;
}

/**
 * How many minimum prices the list families take: k = 1 … PRICE_KEYS. Every seeded price is far
 * above (bulk-listings.ts: rents from 150,000 TZS, the other types more), so `minPrice=k` changes
 * no answer, only the page cache's key. The cache keeps 500 pages: a family wrapping around after
 * 50,000 requests finds its first pages long evicted.
 */
export const PRICE_KEYS = 50_000;
/** Listing ids the detail family spreads over, where the dataset has that many. */
export const DETAIL_IDS = 2_000;

const TYPES = ['Rent', 'Apartment', 'Land', 'HouseForSale'];
const SORTS = ['new', 'priceLowHigh', 'priceHighLow'];

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A search term that few listings match: the street name with the fewest matches among the streets
 * of some listings. Asked through the API so it works the same on PGlite and the server.
 */
export async function rareTerm(baseUrl: string): Promise<{ term: string; matches: number }> {
  const pages = await Promise.all(
    SORTS.map((sort) => getJson<Listing[]>(`${baseUrl}/api/properties?limit=100&sort=${sort}`)),
  );
  const names = new Set<string>();
  for (const listing of pages.flat()) {
    const name = listing.propertyAddress?.street.name;
    if (name && name.length >= 5 && name.length <= 40) names.add(name);
  }
  let best: { term: string; matches: number } | undefined;
  for (const term of [...names].slice(0, 40)) {
    const hits = await getJson<Listing[]>(
      `${baseUrl}/api/properties?limit=100&search=${encodeURIComponent(term)}`,
    );
    if (hits.length > 0 && (!best || hits.length < best.matches))
      best = { term, matches: hits.length };
    if (best && best.matches <= 3) break;
  }
  if (!best) throw new Error('no listing has a street name to search for');
  return best;
}

/** The `rel="next"` URL of a Link header, absolute. */
function nextLink(response: Response, baseUrl: string): string | undefined {
  const match = /<([^>]+)>;\s*rel="next"/.exec(response.headers.get('link') ?? '');
  return match?.[1] ? new URL(match[1], baseUrl).href : undefined;
}

/**
 * Up to `want` listing ids from across the catalogue: pages of 100 of every type in every sort,
 * taken in turn, each stream followed through its Link rel="next" header. The newest listings
 * alone would sit side by side in the table; prices spread them over it.
 */
export async function detailIds(baseUrl: string, want = DETAIL_IDS): Promise<string[]> {
  return (await detailListings(baseUrl, want)).map((listing) => listing.id);
}

/** detailIds, with each listing's type (its page's address depends on it). */
async function detailListings(
  baseUrl: string,
  want: number,
): Promise<{ id: string; type: string }[]> {
  return (await listingsAcross(baseUrl, want)).map(({ id, type }) => ({ id, type: type ?? '' }));
}

/** Up to `want` listings from across the catalogue, as detailIds walks it. */
async function listingsAcross(baseUrl: string, want: number): Promise<Listing[]> {
  const listings = new Map<string, Listing>();
  let streams: string[] = TYPES.flatMap((type) =>
    SORTS.map((sort) => `${baseUrl}/api/properties?limit=100&type=${type}&sort=${sort}`),
  );
  while (listings.size < want && streams.length > 0) {
    const next: string[] = [];
    for (const url of streams) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      const type = new URL(url).searchParams.get('type') ?? '';
      for (const listing of (await response.json()) as Listing[]) {
        listings.set(listing.id, { ...listing, type });
      }
      const link = nextLink(response, baseUrl);
      if (link) next.push(link);
      if (listings.size >= want) break;
    }
    streams = next;
  }
  return [...listings.values()].slice(0, want);
}

/** Listings whose places the price insight family is made of. */
const INSIGHT_LISTINGS = 2_000;

/**
 * What a listing's page asks for its price comparison (issue 21): its type in its ward, with any
 * number of bedrooms and with its own, and in its district alone; for listings across the
 * catalogue, each URL once.
 */
function insightPaths(listings: Listing[]): string[] {
  const paths = new Set<string>();
  for (const listing of listings) {
    const ward = listing.propertyAddress?.ward?.id;
    const district = listing.propertyAddress?.district?.id;
    if (!listing.type || ward === undefined || district === undefined) continue;
    const base = `/api/insights/prices?type=${listing.type}`;
    paths.add(`${base}&wardId=${ward}`);
    if (listing.numberOfBedrooms !== undefined) {
      paths.add(`${base}&wardId=${ward}&bedrooms=${listing.numberOfBedrooms}`);
    }
    paths.add(`${base}&districtId=${district}`);
  }
  return [...paths];
}

/**
 * The server computes the figures at start-up (seconds at 1,000,000 listings): waits until one of
 * the first URLs answers figures, so the case does not measure an empty table.
 */
async function waitForInsights(baseUrl: string, paths: string[]): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    for (const path of paths.slice(0, 50)) {
      const answer = await getJson<{ insight: unknown }>(`${baseUrl}${path}`);
      if (answer.insight !== null) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error('no price insight was computed within 5 minutes of the server starting');
}

/** Where each type's list and listings live on the site (PROPERTY_TYPE_SLUGS). */
const SLUGS: Record<string, string> = {
  Rent: 'lease',
  Apartment: 'apartment',
  Land: 'land',
  HouseForSale: 'house-for-sale',
};

/** As a browser asks for a page: the HTML compressed. */
const BROWSER = { 'accept-encoding': 'br, gzip' };

/**
 * The server-rendered pages at distinct URLs, from the API's walked list pages (those of one type:
 * their page at that type's address, its cursor included) and the detail listings. Home is the
 * same page for everyone (in each language): it is answered from the rendered pages the server
 * keeps for the catalogue's time to live, as visitors get it.
 */
function pageCases(list: string[], listings: { id: string; type: string }[]): CatalogueCase[] {
  const listPages = new Set<string>();
  for (const path of list) {
    const url = new URL(path, 'http://bench');
    const slug = SLUGS[url.searchParams.get('type') ?? ''];
    if (!slug) continue;
    const page = new URLSearchParams({ sort: url.searchParams.get('sort') ?? 'new' });
    const cursor = url.searchParams.get('cursor');
    if (cursor) page.set('cursor', cursor);
    listPages.add(`/${slug}?${page.toString()}`);
  }
  return [
    {
      name: 'page home',
      path: '/home?lang=en, /home?lang=sw',
      varies: 'the two languages, kept rendered for the catalogue’s time to live',
      paths: ['/home?lang=en', '/home?lang=sw'],
      headers: BROWSER,
    },
    {
      name: 'page list',
      path: '/<type>?sort&[cursor]',
      varies: `${listPages.size.toLocaleString('en-US')} pages of every type and sort, first and later (cursor)`,
      paths: [...listPages],
      headers: BROWSER,
    },
    {
      name: 'page detail',
      path: '/<type>/<id>',
      varies: `${listings.length.toLocaleString('en-US')} listings`,
      paths: listings.map(({ id, type }) => `/${SLUGS[type] ?? 'lease'}/${id}`),
      headers: BROWSER,
    },
  ];
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

/** The list family of the compression part: the first page, a new page-cache key each time. */
export function listPaths(): string[] {
  return range(PRICE_KEYS).map((k) => `/api/properties?limit=24&minPrice=${k}`);
}

/**
 * Page sizes a family's pages are asked in. The same cursor at another size is another page (and
 * another page-cache key), as a phone and a desktop ask: five sizes make five times the pages.
 */
const PAGE_SIZES = [20, 21, 22, 23, 24];

/** `path` (relative) at each page size. */
function atEveryPageSize(path: string): string[] {
  return PAGE_SIZES.map((size) => {
    const url = new URL(path, 'http://bench');
    url.searchParams.set('limit', String(size));
    return `${url.pathname}${url.search}`;
  });
}

/**
 * Pages as visitors walk them: for every type (and none) in every sort, the first page of
 * `query` and the pages after it through Link rel="next", taken in turn, until `want` pages, each
 * at every page size. Enough that a URL comes round again only after the page cache forgot it.
 */
/** `query` is what every page asks besides type, sort and size ('' for none). */
async function walkedPages(baseUrl: string, query: string, want: number): Promise<string[]> {
  const pages: string[] = [];
  let streams = [undefined, ...TYPES].flatMap((type) =>
    SORTS.map(
      (sort) =>
        `/api/properties?${[query, type && `type=${type}`, `sort=${sort}`, 'limit=24'].filter(Boolean).join('&')}`,
    ),
  );
  while (pages.length < want && streams.length > 0) {
    const next: string[] = [];
    for (const path of streams) {
      const response = await fetch(`${baseUrl}${path}`);
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      await response.arrayBuffer();
      pages.push(path);
      const link = nextLink(response, baseUrl);
      if (link) next.push(link.slice(baseUrl.length));
      if (pages.length >= want) break;
    }
    streams = next;
  }
  return pages.flatMap(atEveryPageSize);
}

/**
 * Street names that few listings match (1 to 24: one page), up to `want` of them, from the
 * streets of listings across the catalogue. A rare search is a street nobody else has.
 */
async function rareTerms(baseUrl: string, ids: string[], want: number): Promise<string[]> {
  const names = new Set<string>();
  for (const id of ids) {
    const listing = await getJson<Listing>(`${baseUrl}/api/properties/${id}`);
    const name = listing.propertyAddress?.street.name;
    if (name && name.length >= 5 && name.length <= 40) names.add(name);
    if (names.size >= want * 2) break;
  }
  const rare: string[] = [];
  for (const term of names) {
    const hits = await getJson<Listing[]>(
      `${baseUrl}/api/properties?limit=100&search=${encodeURIComponent(term)}`,
    );
    if (hits.length > 0 && hits.length <= 24) rare.push(term);
    if (rare.length >= want) break;
  }
  return rare;
}

/** Pages a distinct family spreads over: at 2,500 requests a second, 5 s of cache hold 12,500. */
const WALKED_PAGES = 3_000;
/** Rare street names the rare search family spreads over. */
const RARE_TERMS = 200;

/** The six cases in the given mode. `rare` is the rarely matched search term of this dataset. */
export async function catalogueCases(
  baseUrl: string,
  mode: UrlMode,
  rare: string,
): Promise<CatalogueCase[]> {
  const rareQuery = `search=${encodeURIComponent(rare)}`;
  const filter = 'type=Rent&minPrice=200000&maxPrice=800000&sort=priceLowHigh&limit=24';
  if (mode === 'repeated') {
    const [first] = await getJson<Listing[]>(`${baseUrl}/api/properties?limit=1`);
    if (!first) throw new Error('the dataset has no public listings');
    const one = (name: string, path: string): CatalogueCase => ({ name, path, paths: [path] });
    const [insight] = insightPaths(await listingsAcross(baseUrl, 1));
    if (!insight) throw new Error('the first listing has no address for a price insight');
    await waitForInsights(baseUrl, [insight]);
    return [
      one('health', '/api/health'),
      one('list', '/api/properties?limit=24'),
      one('search common', '/api/properties?search=Dar&limit=24'),
      one('search rare', `/api/properties?${rareQuery}&limit=24`),
      one('filter+sort', `/api/properties?${filter}`),
      one('detail', `/api/properties/${first.id}`),
      one('price insight', insight),
    ];
  }
  const listings = await detailListings(baseUrl, DETAIL_IDS);
  const ids = listings.map((listing) => listing.id);
  if (ids.length === 0) throw new Error('the dataset has no public listings');
  const keys = range(PRICE_KEYS);
  const k = `k = 1…${PRICE_KEYS.toLocaleString('en-US')}`;
  const list = await walkedPages(baseUrl, '', WALKED_PAGES);
  const common = await walkedPages(baseUrl, 'search=Dar', WALKED_PAGES);
  const terms = await rareTerms(baseUrl, ids, RARE_TERMS);
  // Every type too: at 1,000,000 listings few street names match a page or less, and the page
  // cache keeps 500 pages, so the family must be longer than that to miss it every time.
  const rarePaths = terms
    .flatMap((term) =>
      [undefined, ...TYPES].flatMap((type) =>
        SORTS.map(
          (sort) =>
            `/api/properties?search=${encodeURIComponent(term)}${type ? `&type=${type}` : ''}&sort=${sort}`,
        ),
      ),
    )
    .flatMap((path) => atEveryPageSize(`${path}&limit=24`));
  const insights = insightPaths(await listingsAcross(baseUrl, INSIGHT_LISTINGS));
  await waitForInsights(baseUrl, insights);
  const pages = (paths: string[]) =>
    `${(paths.length / PAGE_SIZES.length).toLocaleString('en-US')} pages of every type and sort, first and later (cursor), × page sizes 20–24`;
  return [
    { name: 'health', path: '/api/health', paths: ['/api/health'] },
    {
      name: 'list',
      path: '/api/properties?[type]&sort&[cursor]&limit',
      varies: pages(list),
      paths: list,
    },
    {
      name: 'search common',
      path: '/api/properties?search=Dar&[type]&sort&[cursor]&limit',
      varies: pages(common),
      paths: common,
    },
    {
      name: 'search rare',
      path: '/api/properties?search=<street>&[type]&sort&limit',
      varies: `${terms.length} street names matching 1–24 listings × every type and none × 3 sorts × page sizes 20–24`,
      paths: rarePaths,
    },
    {
      name: 'filter+sort',
      path: '/api/properties?type=Rent&minPrice=<200000+k>&maxPrice=800000&sort=priceLowHigh&limit=24',
      varies: k,
      paths: keys.map(
        (n) =>
          `/api/properties?type=Rent&minPrice=${200_000 + n}&maxPrice=800000&sort=priceLowHigh&limit=24`,
      ),
    },
    {
      name: 'detail',
      path: '/api/properties/<id>',
      varies: `${ids.length.toLocaleString('en-US')} listing ids`,
      paths: ids.map((id) => `/api/properties/${id}`),
    },
    {
      name: 'price insight',
      path: '/api/insights/prices?type&wardId&[bedrooms], ?type&districtId',
      varies: `${insights.length.toLocaleString('en-US')} places, types and bedrooms of ${INSIGHT_LISTINGS.toLocaleString('en-US')} listings across the catalogue`,
      paths: insights,
    },
    ...pageCases(list, listings),
  ];
}

/** Whether a PostgreSQL URL names a server on this machine, whose processes /proc shows. */
function isLocalServer(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return ['127.0.0.1', 'localhost', '[::1]', ''].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export interface CatalogueApp extends RunningApp {
  /** CPU of the server and, where the dataset is on this machine's PostgreSQL, of PostgreSQL. */
  cpu: CpuProbe;
}

/**
 * The built server on a dataset, as the catalogue cases measure it: request logs off (the bench
 * measures the server, not the terminal; errors still show) and the per-address read limit out of
 * the way (these cases measure what an answer costs, not the limiter: 10 connections from one
 * address would otherwise be a flood to it). `env` adds to or overrides that.
 */
export async function startCatalogueApp(
  dataset: PreparedDataset,
  logName: string,
  env: Record<string, string> = {},
): Promise<CatalogueApp> {
  mkdirSync(path.join(repoRoot, 'bench/.tmp'), { recursive: true });
  const app = await startApp(
    {
      ...dataset.env,
      LOG_LEVEL: 'warn',
      CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: '100000000',
      ...env,
    },
    path.join(repoRoot, 'bench/.tmp', `${logName}-server.log`),
  );
  if (app.pid === undefined) {
    await app.stop();
    throw new Error('the API server has no pid');
  }
  const postgres = dataset.database === 'postgres' && isLocalServer(dataset.env.DATABASE_URL);
  return { ...app, cpu: cpuProbe(app.pid, postgres) };
}

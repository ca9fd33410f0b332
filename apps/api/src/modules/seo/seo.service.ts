import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LANGUAGE_QUERY_PARAM, LOCALES } from '@makazi/contracts/common-values';
import { PROPERTY_TYPES, PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import type { Clock } from '../../lib/clock';
import { createConcurrencyLimit, type Release } from '../../lib/concurrency-limit';
import { AppError, invalidField, ServiceUnavailableError } from '../../lib/errors';
import { createTtlCache } from '../../lib/ttl-cache';
import { HIGHEST_ID, type SeoRepository } from './seo.repository';

/*
 * robots.txt and the sitemaps (decision 036). A sitemap lists canonical URLs, and every public
 * page exists in each language at its own URL (`?lang=sw`, `?lang=en`; the bare URL negotiates
 * and is the x-default, decision 034): so each page is one <url> per language, each naming all
 * of them as alternates.
 *
 * The listing files are ranges of listing ids, named by their two ends: `after` < id <= `until`.
 * A file's URL says everything needed to answer it, so any process answers any file the same
 * way, without the index that named it, and consecutive files share an end, so they cover every
 * id exactly once whenever they are read. The index picks the ends once in a while (every
 * `listingsPerFile`-th id, kept in the process for INDEX_KEYS_TTL_MS); a range that has grown
 * since is still answered whole up to the protocol's limit, which is why the ends are picked
 * below it.
 */

/** What one sitemap file may hold (sitemaps.org). */
export const SITEMAP_URLS_MAX = 50_000;
/** Each page is one URL per language. */
const URLS_PER_PAGE = LOCALES.length;
/** The most listings one file lists, whatever its range came to hold: 25,000 with two languages. */
export const MAX_LISTINGS_PER_FILE = Math.floor(SITEMAP_URLS_MAX / URLS_PER_PAGE);
/**
 * Listings between two ends when the index picks them: 20,000 URLs, about 11 MB of XML, which
 * takes the event loop some 70-90 ms to write (a full file of 50,000 URLs, 27 MB, about 250 ms,
 * during which the process answers nobody else). A range may grow two and a half times before
 * the protocol's limit cuts it, far more than the catalogue grows between two picks.
 */
export const LISTINGS_PER_FILE = 10_000;
/**
 * How long one process reuses the ends it picked. Picking them reads the whole primary key
 * (about 70 ms at 1,000,000 listings); the files stay exact meanwhile, only their sizes drift.
 */
const INDEX_KEYS_TTL_MS = 60 * 60_000;
/**
 * Listing files one process reads at once, and how many may wait: a crawler reads them one
 * after another, and a flood of them must not take the catalogue's connections from visitors.
 */
const FILE_READS_AT_ONCE = 1;
const FILE_READS_WAITING = 16;
const BUSY_RETRY_AFTER_SECONDS = 5;
/**
 * Listing files one process keeps written, gzip-compressed (about 0.4 MB for 10,000 listings):
 * every file of a 1,000,000-listing catalogue's index, so a flood asking for them in turn never
 * finds one gone.
 */
const FILES_KEPT = 128;
/** Listing files one process sends at once; past that, 503 with Retry-After. */
const SENDS_AT_ONCE = 2;
/** Listings written between two turns of the event loop: about 5 ms of work. */
export const LISTINGS_PER_SLICE = 500;

/** The public pages that are no listing, as the web app routes them. */
export const STATIC_PAGES: readonly string[] = [
  '/home',
  ...PROPERTY_TYPES.map((type) => `/${PROPERTY_TYPE_SLUGS[type]}`),
  '/about',
  '/terms',
  '/privacy',
  '/faq',
  '/support',
];

/**
 * Paths crawlers are kept out of: the API, the admin console, and everything that only makes
 * sense signed in (publishing, paying, an owner's own listings) or that signs in. A rule is a
 * path prefix.
 */
export const ROBOTS_DISALLOWED: readonly string[] = [
  '/api',
  '/admin',
  '/posts',
  '/post',
  '/promote',
  '/promotion-plan',
  '/plan',
  '/user/',
  '/login',
  '/register',
  '/subscribe',
];

export const PAGES_SITEMAP_PATH = '/sitemaps/pages.xml';
export const LISTINGS_SITEMAP_PREFIX = '/sitemaps/listings/';

/**
 * Signs the ranges an index names (issue 34): a listing file is served only for a range some
 * process's index named, so nobody can ask for a range of their choosing (the widest one, or
 * thousands of different ones to defeat the cache). A MAC, not a list kept somewhere: every
 * process checks it with the server secret alone, whichever process drew the index.
 */
export interface SitemapRangeSigner {
  /** 22 base64url characters (128 bits). */
  sign(after: string, until: string): string;
  verify(after: string, until: string, mac: string): boolean;
}

export function createSitemapRangeSigner(secret: string): SitemapRangeSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'makazi sitemap ranges v1', 32));
  const mac = (after: string, until: string) =>
    createHmac('sha256', key).update(`${after}/${until}`).digest().subarray(0, 16);
  return {
    sign: (after, until) => mac(after, until).toString('base64url'),
    verify(after, until, given) {
      const expected = mac(after, until);
      const bytes = Buffer.from(given, 'base64url');
      return bytes.length === expected.length && timingSafeEqual(bytes, expected);
    },
  };
}

/** The URL path of the listing file `after` < id <= `until`, with the index's signature. */
export function listingsSitemapPath(after: string, until: string, mac: string): string {
  return `${LISTINGS_SITEMAP_PREFIX}${after}/${until}/${mac}.xml`;
}

/** A key as a file's URL names it: a listing id in PostgreSQL's own spelling (lowercase). */
const VALID_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const XML_SPECIAL = /[&<>"']/g;
const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an element or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(XML_SPECIAL, (c) => XML_ENTITIES[c] ?? c);
}

const gzipAsync = promisify(gzip);

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const URLSET_OPEN = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">\n`;

/**
 * One page's <url> elements, one per language, into `out`. `origin` and `path` are already
 * escaped (the language parameter adds nothing that needs it).
 */
function pageUrls(out: string[], origin: string, path: string, lastmod: string | undefined): void {
  const bare = `${origin}${path}`;
  let alternates = '';
  for (const language of LOCALES) {
    alternates += `<xhtml:link rel="alternate" hreflang="${language}" href="${bare}?${LANGUAGE_QUERY_PARAM}=${language}"/>`;
  }
  alternates += `<xhtml:link rel="alternate" hreflang="x-default" href="${bare}"/>`;
  const modified = lastmod === undefined ? '' : `<lastmod>${escapeXml(lastmod)}</lastmod>`;
  for (const language of LOCALES) {
    out.push(
      `<url><loc>${bare}?${LANGUAGE_QUERY_PARAM}=${language}</loc>${modified}${alternates}</url>\n`,
    );
  }
}

export interface SeoServiceOptions {
  clock: Clock;
  /** Signs the ranges the index names (createSitemapRangeSigner). */
  ranges: SitemapRangeSigner;
  /** Listings between two ends when the index picks them (tests use a handful). */
  listingsPerFile?: number;
  /** The most one file lists (tests lower it to see a grown range cut). */
  maxListingsPerFile?: number;
}

export interface SeoService {
  /** robots.txt for the site at `origin` (scheme://host[:port], no trailing slash). */
  robots(origin: string): string;
  /** The sitemap index: the static pages' file, then the listing files in id order. */
  sitemapIndex(origin: string): Promise<string>;
  /** The static pages' sitemap. */
  pagesSitemap(origin: string): string;
  /**
   * The listing file `after` < id <= `until`: a 400 for keys that are no ids in order, a 404 for
   * a range holding no listing.
   */
  /** The file gzip-compressed: what crawlers ask for, and what is kept (a tenth of its size). */
  listingsSitemap(origin: string, after: string, until: string, mac: string): Promise<Buffer>;
  /**
   * A slot to send a listing file in, or undefined when SENDS_AT_ONCE are being sent: a file is
   * megabytes, and a flood of them (from as many addresses as it likes) must not take the
   * process's time from visitors. The caller releases it once the answer is sent.
   */
  sendSlot(): Promise<Release | undefined>;
}

export function createSeoService(
  repository: SeoRepository,
  options: SeoServiceOptions,
): SeoService {
  const listingsPerFile = options.listingsPerFile ?? LISTINGS_PER_FILE;
  const maxListingsPerFile = options.maxListingsPerFile ?? MAX_LISTINGS_PER_FILE;
  if (!Number.isInteger(listingsPerFile) || listingsPerFile < 1) {
    throw new Error(`listingsPerFile must be a positive integer, got ${listingsPerFile}`);
  }
  if (maxListingsPerFile < listingsPerFile || maxListingsPerFile > MAX_LISTINGS_PER_FILE) {
    throw new Error(
      `maxListingsPerFile must be between ${listingsPerFile} and ${MAX_LISTINGS_PER_FILE}`,
    );
  }
  // Ids only, never XML: with PUBLIC_URL unset the origin comes from the request's Host header,
  // so what is kept must not depend on it.
  const starts = createTtlCache<string[]>({
    ttlMs: INDEX_KEYS_TTL_MS,
    maxEntries: 1,
    clock: options.clock,
  });
  const reads = createConcurrencyLimit(FILE_READS_AT_ONCE, FILE_READS_WAITING);
  // A signed range's file, as last written, per origin (one in production: PUBLIC_URL's): a
  // crawler reading the same file again, or many asking for the widest, costs one query an hour.
  // Kept compressed: a file is megabytes, to be written and compressed once, not on every answer.
  const files = createTtlCache<Buffer>({
    ttlMs: INDEX_KEYS_TTL_MS,
    maxEntries: FILES_KEPT,
    clock: options.clock,
  });
  const { ranges } = options;
  const sends = createConcurrencyLimit(SENDS_AT_ONCE, 0);

  async function limited<T>(read: () => Promise<T>): Promise<T> {
    const release = await reads.acquire();
    if (!release) {
      throw new ServiceUnavailableError(
        'Many sitemaps are being read right now. Try again in a moment.',
        BUSY_RETRY_AFTER_SECONDS,
      );
    }
    try {
      return await read();
    } finally {
      release();
    }
  }

  return {
    robots(origin) {
      const lines = [
        'User-agent: *',
        'Allow: /',
        ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${origin}/sitemap.xml`,
      ];
      return `${lines.join('\n')}\n`;
    },

    async sitemapIndex(origin) {
      const keys = await starts.get('starts', () =>
        limited(() => repository.fileStarts(listingsPerFile)),
      );
      const escaped = escapeXml(origin);
      const out = [
        `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n`,
        `<sitemap><loc>${escaped}${PAGES_SITEMAP_PATH}</loc></sitemap>\n`,
      ];
      keys.forEach((after, i) => {
        const until = keys[i + 1] ?? HIGHEST_ID;
        const path = listingsSitemapPath(after, until, ranges.sign(after, until));
        out.push(`<sitemap><loc>${escaped}${escapeXml(path)}</loc></sitemap>\n`);
      });
      out.push('</sitemapindex>\n');
      return out.join('');
    },

    pagesSitemap(origin) {
      const escaped = escapeXml(origin);
      const out = [URLSET_OPEN];
      for (const path of STATIC_PAGES) pageUrls(out, escaped, escapeXml(path), undefined);
      out.push('</urlset>\n');
      return out.join('');
    },

    async listingsSitemap(origin, after, until, mac) {
      if (!VALID_KEY.test(after)) throw invalidField('after', 'is not a sitemap key');
      if (!VALID_KEY.test(until)) throw invalidField('until', 'is not a sitemap key');
      // Lowercase hex compares as PostgreSQL orders uuids (byte by byte).
      if (after >= until) throw invalidField('until', 'must come after `after`');
      // A range no index named is no file of ours, whatever it holds.
      if (!ranges.verify(after, until, mac)) throw new AppError('NOT_FOUND', 'Sitemap not found');
      return files.get(`${origin} ${after} ${until}`, async () => {
        const rows = await limited(() =>
          repository.listingsBetween(after, until, maxListingsPerFile),
        );
        if (rows.length === 0) throw new AppError('NOT_FOUND', 'Sitemap not found');
        const escaped = escapeXml(origin);
        const out = [URLSET_OPEN];
        for (let start = 0; start < rows.length; start += LISTINGS_PER_SLICE) {
          // The event loop is free between slices: a file of 25,000 listings takes 250 ms to
          // write, during which the process would otherwise answer nobody.
          if (start > 0) await yieldToEventLoop();
          for (const row of rows.slice(start, start + LISTINGS_PER_SLICE)) {
            const path = `/${PROPERTY_TYPE_SLUGS[row.type]}/${row.id}`;
            pageUrls(out, escaped, escapeXml(path), row.lastmod);
          }
        }
        out.push('</urlset>\n');
        // In libuv's thread pool: compressing 5 MB would hold the event loop for tens of ms.
        return gzipAsync(Buffer.from(out.join(''), 'utf8'));
      });
    },

    sendSlot() {
      return sends.acquire();
    },
  };
}

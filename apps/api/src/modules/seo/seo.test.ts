import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponse } from '@makazi/contracts/common';
import {
  PROPERTY_TYPE_SLUGS,
  type TPropertyStatus,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import {
  insertLocationChain,
  insertProperty,
  type LocationChain,
  type PropertyRow,
} from '../../test/factories';
import { nextAddress, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { HIGHEST_ID, LOWEST_ID } from './seo.repository';
import {
  ROBOTS_DISALLOWED,
  STATIC_PAGES,
  createSitemapRangeSigner,
  escapeXml,
  listingsSitemapPath,
} from './seo.service';

/*
 * robots.txt and the sitemaps through the whole app, on a catalogue whose listings reached their
 * state the way real ones do: approved by an admin, rejected, deleted by their owner. The paging
 * of large catalogues is sitemap-paging.test.ts's.
 */

const ORIGIN = 'https://makazi.example';
/** A second app on the same database, without PUBLIC_URL: its origin is the request's Host. */
let byHost: TestApp;
let t: TestApp;
let webDir: string;
let admin: SignedInAdmin;
let owner: SignedIn;
let chain: LocationChain;
/** What the public catalogue holds once beforeAll is done. */
const approved: PropertyRow[] = [];
/** Never public, or no longer. */
const hidden: PropertyRow[] = [];

function listing(status: TPropertyStatus, type: TPropertyType = 'Rent'): Promise<PropertyRow> {
  return insertProperty(t.db, { status, type, publishedBy: owner.userId, address: chain });
}

/** A listing file's path as `app`'s index would name it, signed with that app's secret. */
function signedFile(after: string, until: string, app: TestApp = t): string {
  return listingsSitemapPath(
    after,
    until,
    createSitemapRangeSigner(app.jwtSecret).sign(after, until),
  );
}

function ok(res: { statusCode: number; body: string }): void {
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  // A built web app, so its catch-all is there to lose to the sitemap routes.
  webDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-seo-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Makazi</title>');
  t = await createTestApp({ webDistDir: webDir, env: { PUBLIC_URL: `${ORIGIN}/ignored/path` } });
  byHost = await createTestApp({ database: t.database });
  admin = await signInAdmin(t.app);
  owner = await signUpAndIn(t, { firstName: 'Neema', lastName: 'Kweka' });
  chain = await insertLocationChain(t.db);

  for (const type of ['Land', 'Rent', 'Apartment', 'HouseForSale'] as const) {
    approved.push(await listing('approved', type));
  }
  const adminAuth = { authorization: `Bearer ${admin.token}` };
  // Approved by an admin: in.
  const reviewed = await listing('pending', 'Apartment');
  ok(
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${reviewed.id}/approve`,
      headers: adminAuth,
      remoteAddress: nextAddress(),
    }),
  );
  approved.push(reviewed);
  // Rejected after it was public, deleted by its owner: out.
  const rejected = await listing('approved', 'Land');
  ok(
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${rejected.id}/disapprove`,
      headers: adminAuth,
      payload: { reason: 'Picha hazionekani vizuri' },
      remoteAddress: nextAddress(),
    }),
  );
  const deleted = await listing('approved', 'HouseForSale');
  ok(
    await t.app.inject({
      method: 'DELETE',
      url: `/api/properties/${deleted.id}`,
      headers: owner.auth,
      remoteAddress: nextAddress(),
    }),
  );
  hidden.push(
    rejected,
    deleted,
    await listing('pending'),
    await listing('draft'),
    await listing('rejected'),
  );
});
afterAll(async () => {
  await byHost?.close();
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

function get(url: string, app: TestApp = t, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });
}

/** The text of every `<tag>` in `xml`. */
function elements(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
}

interface SitemapUrl {
  loc: string;
  lastmod: string | undefined;
  /** hreflang → href */
  alternates: Record<string, string>;
}

function urlsOf(xml: string): SitemapUrl[] {
  return elements(xml, 'url').map((url) => ({
    loc: elements(url, 'loc')[0]!,
    lastmod: elements(url, 'lastmod')[0],
    alternates: Object.fromEntries(
      [...url.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(
        (m) => [m[1]!, m[2]!],
      ),
    ),
  }));
}

/** Every URL a page contributes: one per language, each naming all three alternates. */
function expectPageUrls(urls: SitemapUrl[], bare: string, lastmod?: string): void {
  const alternates = { sw: `${bare}?lang=sw`, en: `${bare}?lang=en`, 'x-default': bare };
  const mine = urls.filter((url) => url.alternates['x-default'] === bare);
  expect(mine.map((url) => url.loc).sort()).toEqual([`${bare}?lang=en`, `${bare}?lang=sw`]);
  for (const url of mine) {
    expect(url.alternates).toEqual(alternates);
    expect(url.lastmod).toBe(lastmod);
  }
}

const listingUrl = (row: PropertyRow) => `${ORIGIN}/${PROPERTY_TYPE_SLUGS[row.type]}/${row.id}`;
const w3cSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Whether robots.txt lets a crawler fetch `path`: the longest matching rule wins. */
function allowedBy(robots: string, urlPath: string): boolean {
  let best = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const rule = /^(Allow|Disallow):\s*(\S*)$/.exec(line);
    if (!rule || !rule[2] || !urlPath.startsWith(rule[2])) continue;
    if (rule[2].length > best.length) best = { length: rule[2].length, allow: rule[1] === 'Allow' };
  }
  return best.allow;
}

describe('GET /robots.txt', () => {
  it('lets crawlers read the public pages and keeps them out of the rest', async () => {
    // Accept: text/html, as a browser sends: the web app's catch-all would answer the page shell.
    const res = await get('/robots.txt', t, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.body).toMatch(/^User-agent: \*$/m);
    for (const page of [...STATIC_PAGES, `/lease/${approved[0]!.id}`, '/media/photos/x.webp']) {
      expect(allowedBy(res.body, page), page).toBe(true);
    }
    const kept = ['/api/properties', '/admin/dashboard', '/posts', '/post', '/promote'];
    kept.push('/promotion-plan/7', '/plan/30', `/user/lease/${approved[0]!.id}`, '/login');
    kept.push('/register', '/subscribe', '/api');
    for (const page of kept) expect(allowedBy(res.body, page), page).toBe(false);
    for (const rule of ROBOTS_DISALLOWED) expect(res.body).toContain(`\nDisallow: ${rule}\n`);
  });

  it('names the sitemap index by its absolute URL, PUBLIC_URL’s origin or else the Host’s', async () => {
    expect((await get('/robots.txt')).body).toMatch(
      new RegExp(`\\nSitemap: ${ORIGIN}/sitemap\\.xml\\n$`),
    );
    const res = await get('/robots.txt', byHost, { host: 'makazi.test:8080' });
    expect(res.body).toMatch(/\nSitemap: http:\/\/makazi\.test:8080\/sitemap\.xml\n$/);
  });
});

describe('GET /sitemap.xml', () => {
  it('is a sitemap index of the static pages’ file and one listing file spanning every id', async () => {
    const res = await get('/sitemap.xml', t, { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n/,
    );
    expect(elements(res.body, 'loc')).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}${signedFile(LOWEST_ID, HIGHEST_ID)}`,
    ]);
  });

  it('never answers one origin with another’s URLs (the index is kept, its XML is not)', async () => {
    for (const host of ['one.example', 'two.example:3000', 'one.example']) {
      const res = await get('/sitemap.xml', byHost, { host });
      const locs = elements(res.body, 'loc');
      expect(locs.length).toBe(2);
      for (const loc of locs) expect(loc.startsWith(`http://${host}/sitemaps/`), loc).toBe(true);
    }
  });

  it('is compressed for a client that accepts it', async () => {
    const res = await get('/sitemaps/pages.xml', t, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('<urlset');
  });
});

describe('GET /sitemaps/pages.xml', () => {
  it('lists every static public page in each language, each naming the others and x-default', async () => {
    const res = await get('/sitemaps/pages.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    const urls = urlsOf(res.body);
    expect(urls.length).toBe(STATIC_PAGES.length * 2);
    const expected = ['/home', '/lease', '/land', '/apartment', '/house-for-sale', '/about'];
    expected.push('/terms', '/privacy', '/faq', '/support');
    expect([...STATIC_PAGES].sort()).toEqual(expected.sort());
    for (const page of STATIC_PAGES) expectPageUrls(urls, `${ORIGIN}${page}`);
  });
});

describe('a listing sitemap', () => {
  const file = (app: TestApp = t) => signedFile(LOWEST_ID, HIGHEST_ID, app);

  it('lists exactly the public catalogue: approved, not pending, rejected, deleted or drafts', async () => {
    const res = await get(file());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const urls = urlsOf(res.body);
    expect(urls.length).toBe(approved.length * 2);
    for (const row of approved) expectPageUrls(urls, listingUrl(row), w3cSeconds(row.createdAt));
    for (const row of hidden) expect(res.body).not.toContain(row.id);
  });

  it('is sent gzip-compressed as it is kept to a client that accepts it, whole to one that does not', async () => {
    const plain = await get(file());
    const packed = await get(file(), t, { 'accept-encoding': 'br;q=1, gzip;q=0.8' });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(packed.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const refused = await get(file(), t, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it('lists them in id order, each under its type’s path', async () => {
    const res = await get(file());
    const ids = urlsOf(res.body).map((url) => url.loc.split('/')[4]!.split('?')[0]!);
    const sorted = approved.map((row) => row.id).sort();
    expect(ids).toEqual(sorted.flatMap((id) => [id, id]));
    const house = approved.find((row) => row.type === 'HouseForSale')!;
    expect(res.body).toContain(`<loc>${ORIGIN}/house-for-sale/${house.id}?lang=sw</loc>`);
  });

  it('lists only the range its URL names: after < id <= until', async () => {
    const [first, second, third] = approved.map((row) => row.id).sort();
    const res = await get(signedFile(first!, third!));
    expect(res.statusCode).toBe(200);
    const ids = new Set(urlsOf(res.body).map((url) => url.alternates['x-default']!.split('/')[4]));
    expect([...ids]).toEqual([second, third]);
  });

  it('escapes what it writes: an origin taken from the Host header cannot break the XML', async () => {
    const host = 'a&b.example';
    for (const url of ['/sitemap.xml', '/sitemaps/pages.xml', file(byHost)]) {
      const res = await get(url, byHost, { host });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`http://a&amp;b.example/`);
      expect(res.body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
    }
    expect(escapeXml(`<a href="x?y=1&z='2'">`)).toBe(
      '&lt;a href=&quot;x?y=1&amp;z=&apos;2&apos;&quot;&gt;',
    );
  });
});

describe('an unknown or malformed sitemap', () => {
  const lastId = () => approved.map((row) => row.id).sort()[approved.length - 1]!;

  it.each([
    ['an unknown name', '/sitemaps/nope.xml'],
    ['a listing file without its range', '/sitemaps/listings.xml'],
    ['a listing file with one key', `/sitemaps/listings/${LOWEST_ID}.xml`],
    ['a listing file without its signature', `/sitemaps/listings/${LOWEST_ID}/${HIGHEST_ID}.xml`],
    [
      'a listing file that is not XML',
      `/sitemaps/listings/${LOWEST_ID}/${HIGHEST_ID}/${createSitemapRangeSigner('x').sign(LOWEST_ID, HIGHEST_ID)}.txt`,
    ],
  ])('is a 404 in the app’s error shape: %s', async (_name, url) => {
    // As a crawler asks: a browser asking for text/html gets the web app's unknown page.
    const res = await get(url, t, { accept: 'application/xml,*/*;q=0.8' });
    expect(res.statusCode, res.body).toBe(404);
    expect(ZErrorResponse.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('is a 404 for a well-formed range holding no listing', async () => {
    const res = await get(signedFile(lastId(), HIGHEST_ID));
    expect(res.statusCode, res.body).toBe(404);
    expect(ZErrorResponse.parse(res.json()).code).toBe('NOT_FOUND');
  });

  it('is a 404 for a range no index named, signed by another server or not at all', async () => {
    for (const url of [
      signedFile(LOWEST_ID, HIGHEST_ID, byHost),
      `/sitemaps/listings/${LOWEST_ID}/${HIGHEST_ID}/AAAAAAAAAAAAAAAAAAAAAA.xml`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(ZErrorResponse.parse(res.json()).code).toBe('NOT_FOUND');
    }
  });

  it.each([
    ['a key that is no id', `/sitemaps/listings/abc/${HIGHEST_ID}/mac.xml`],
    ['an id in capitals', `/sitemaps/listings/${LOWEST_ID}/${HIGHEST_ID.toUpperCase()}/mac.xml`],
    ['a range that ends before it starts', `/sitemaps/listings/${HIGHEST_ID}/${LOWEST_ID}/mac.xml`],
    ['an empty range', `/sitemaps/listings/${LOWEST_ID}/${LOWEST_ID}/mac.xml`],
    ['a key with SQL in it', `/sitemaps/listings/${LOWEST_ID}/1'%20or%20'1'='1/mac.xml`],
  ])('is a 400 in the app’s error shape: %s', async (_name, url) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(ZErrorResponse.parse(res.json()).code).toBe('VALIDATION_FAILED');
  });
});

describe('reading sitemaps in a flood', () => {
  it('is limited per client address, with Retry-After', async () => {
    const remoteAddress = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml', remoteAddress });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Another address is not affected.
    expect((await get('/sitemap.xml')).statusCode).toBe(200);
  });
});

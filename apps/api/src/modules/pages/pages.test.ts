import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PageRenderRequest,
  PageRenderResult,
  PageRenderer,
} from '@makazi/contracts/page-rendering';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { insertProperty } from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { nextAddress, signUpAndIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { RateLimitedError } from '../../lib/rate-limited-error';
import { pageEncoding } from '../../plugins/web-app';
import { preferredLanguage } from './page-language';
import { decideDataSaver } from './data-saver';

/*
 * Decision 034: the public pages are rendered on the server from the catalogue as an anonymous
 * visitor reads it, shared for the catalogue's time to live and forgotten with it. These tests
 * drive the API's side with a renderer that writes what it was given (the web's own renderer is
 * tested in apps/web, and end to end in e2e/specs/server-rendering.e2e.test.ts).
 */
const TTL_MS = 5_000;
const clock = createFakeClock();

interface RecordingRenderer extends PageRenderer {
  calls: PageRenderRequest[];
  /** The next render throws this instead. */
  failWith?: Error;
}

/** Renders a listing's public JSON (detail paths), the first catalogue page (list paths). */
function recordingRenderer(): RecordingRenderer {
  const renderer: RecordingRenderer = {
    calls: [],
    async render(request): Promise<PageRenderResult> {
      renderer.calls.push(request);
      if (renderer.failWith !== undefined) {
        const error = renderer.failWith;
        renderer.failWith = undefined;
        throw error;
      }
      const url = new URL(request.url, request.origin);
      if (url.pathname === '/') return { kind: 'redirect', status: 302, location: '/home' };
      if (url.pathname === '/posts') return { kind: 'shell' };
      const detail = /^\/[a-z-]+\/([0-9a-f-]{36})$/.exec(url.pathname);
      if (detail?.[1]) {
        const found = await request.data.getProperty(detail[1]);
        if (found === null) return { kind: 'page', status: 404, html: Buffer.from('not found') };
        if ('taken' in found) {
          return { kind: 'page', status: 410, html: Buffer.from(`taken ${found.taken.title}`) };
        }
        const { json } = found;
        return {
          kind: 'page',
          status: 200,
          html: Buffer.from(
            `<main lang="${request.language}" data-saver="${request.dataSaver}">${json}</main>`,
          ),
        };
      }
      const page = await request.data.listProperties({ type: 'Rent', sort: 'new', limit: 50 });
      return {
        kind: 'page',
        status: 200,
        // Long enough to be compressed, as every real page is.
        html: Buffer.from(
          `<main lang="${request.language}" origin="${request.origin}" data-saver="${request.dataSaver}">${page?.json ?? ''}</main><!--${' '.repeat(2048)}-->`,
        ),
      };
    },
    shell: (language, dataSaver = false) =>
      `<html lang="${language}">shell${dataSaver ? ' for data saver' : ''}</html>`,
  };
  return renderer;
}

let webDir: string;
let renderer: RecordingRenderer;
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-pages-'));
  await mkdir(path.join(webDir, '.ssr'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Makazi</title>');
  await writeFile(path.join(webDir, '.ssr', 'entry-server.js'), 'export const secret = 1;');
  renderer = recordingRenderer();
  t = await createTestApp({
    webDistDir: webDir,
    pageRenderer: renderer,
    clock,
    env: { CATALOGUE_CACHE_MS: String(TTL_MS), PUBLIC_URL: 'https://makazi.example' },
  });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html', ...headers },
    remoteAddress,
  });
}

describe('server-rendered pages', () => {
  it('answers a rendered page as shareable HTML, compressed, with the public origin', async () => {
    clock.advance(TTL_MS);
    const res = await get('/lease?lang=sw', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    expect(res.headers['content-encoding']).toBe('br');
    // The URL names the language: the page varies by data saver only, not the browser's language.
    expect(res.headers.vary).toBe('Cookie, Save-Data, ECT, Accept-Encoding');
    expect(renderer.calls.at(-1)).toMatchObject({
      url: '/lease?lang=sw',
      language: 'sw',
      origin: 'https://makazi.example',
    });
  });

  it('is compressed once, and sent in the encoding each visitor accepts', async () => {
    clock.advance(TTL_MS);
    const plain = await get('/lease?lang=en', { 'accept-encoding': 'identity' });
    const calls = renderer.calls.length;
    const br = await get('/lease?lang=en', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/lease?lang=en', { 'accept-encoding': 'br;q=0, gzip' });
    expect(renderer.calls.length).toBe(calls);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(pageEncoding('gzip;q=1.0, br;q=0.5')).toBe('br');
    expect(pageEncoding('deflate')).toBeNull();
    expect(pageEncoding(undefined)).toBeNull();
  });

  it('renders and keeps a page without the parameters that change nothing on it', async () => {
    clock.advance(TTL_MS);
    await get('/lease?utm_source=whatsapp&sort=priceLowHigh&fbclid=a1&lang=en');
    expect(renderer.calls.at(-1)?.url).toBe('/lease?sort=priceLowHigh&lang=en');
    const calls = renderer.calls.length;
    // Another click from Facebook, another fbclid: the same page, kept.
    await get('/lease?fbclid=b2&lang=en&sort=priceLowHigh');
    expect(renderer.calls.length).toBe(calls);
  });

  it('negotiates the language of a URL without one: cookie, then Accept-Language, then English', async () => {
    clock.advance(TTL_MS);
    const byBrowser = await get('/home', { 'accept-language': 'sw-TZ,sw;q=0.9,en;q=0.8' });
    expect(byBrowser.body).toContain('lang="sw"');
    expect(byBrowser.headers.vary).toBe('Accept-Language, Cookie, Save-Data, ECT, Accept-Encoding');
    const byChoice = await get('/home', {
      'accept-language': 'sw',
      cookie: 'other=1; makazi_lang=en',
    });
    expect(byChoice.body).toContain('lang="en"');
    expect((await get('/home')).body).toContain('lang="en"');
    expect((await get('/home?lang=xx', { 'accept-language': 'sw' })).body).toContain('lang="sw"');
  });

  it('renders for data saver by the cookie, else Save-Data, else a 2G/3G ECT, each kept apart', async () => {
    clock.advance(TTL_MS);
    const full = await get('/home?lang=en');
    expect(full.body).toContain('data-saver="false"');
    // Asks the browser for its connection type on the next requests.
    expect(full.headers['accept-ch']).toBe('ECT');
    const calls = renderer.calls.length;
    const bySaveData = await get('/home?lang=en', { 'save-data': 'on' });
    expect(bySaveData.body).toContain('data-saver="true"');
    // Another page in the cache, not the full one: one render more, then shared.
    expect(renderer.calls.length).toBe(calls + 1);
    expect(renderer.calls.at(-1)?.dataSaver).toBe(true);
    const byEct = await get('/home?lang=en', { ect: '3g' });
    expect(byEct.body).toBe(bySaveData.body);
    expect(renderer.calls.length).toBe(calls + 1);
    expect((await get('/home?lang=en', { ect: '4g' })).body).toBe(full.body);
    // The person's choice wins over the browser's signals, either way.
    const chosenOff = await get('/home?lang=en', {
      'save-data': 'on',
      cookie: 'makazi_data_saver=off',
    });
    expect(chosenOff.body).toBe(full.body);
    const chosenOn = await get('/home?lang=en', { cookie: 'a=1; makazi_data_saver=on' });
    expect(chosenOn.body).toBe(bySaveData.body);
  });

  it('sends the shell without font preloads for data saver, and says it varies by it', async () => {
    const shell = await get('/posts', { 'save-data': 'on' });
    expect(shell.body).toBe('<html lang="en">shell for data saver</html>');
    expect(shell.headers.vary).toBe('Accept-Language, Cookie, Save-Data, ECT');
  });

  it('decides data saver from the headers alone', () => {
    expect(decideDataSaver({})).toEqual({ on: false, by: 'default' });
    expect(decideDataSaver({ 'save-data': 'on' })).toEqual({ on: true, by: 'save-data' });
    expect(decideDataSaver({ 'save-data': 'off' })).toEqual({ on: false, by: 'default' });
    for (const ect of ['slow-2g', '2g', '3g'])
      expect(decideDataSaver({ ect })).toEqual({ on: true, by: 'ect' });
    expect(decideDataSaver({ ect: '4g' })).toEqual({ on: false, by: 'default' });
    expect(decideDataSaver({ cookie: 'makazi_data_saver=off', ect: '2g' })).toEqual({
      on: false,
      by: 'cookie',
    });
    expect(decideDataSaver({ cookie: 'makazi_data_saver=on' })).toEqual({ on: true, by: 'cookie' });
    // Neither another cookie's value nor a value that is not on or off counts.
    expect(decideDataSaver({ cookie: 'x_makazi_data_saver=on' }).by).toBe('default');
    expect(decideDataSaver({ cookie: 'makazi_data_saver=maybe' }).by).toBe('default');
  });

  it('reads the preferred language by its weight', () => {
    expect(preferredLanguage('en;q=0.5, sw;q=0.8')).toBe('sw');
    expect(preferredLanguage('fr, sw;q=0')).toBeNull();
    expect(preferredLanguage('EN-gb')).toBe('en');
    expect(preferredLanguage(undefined)).toBeNull();
  });

  it('is shared for the time to live and forgotten by a write through the API', async () => {
    clock.advance(TTL_MS);
    const first = await get('/lease?lang=en');
    const calls = renderer.calls.length;
    const added = await insertProperty(t.db, { type: 'Rent', status: 'pending' });
    // A second visitor, another address: the same page, not rendered again.
    const again = await get('/lease?lang=en');
    expect(again.body).toBe(first.body);
    expect(renderer.calls.length).toBe(calls);
    expect(again.body).not.toContain(added.id);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${added.id}/approve`,
      headers: { authorization: `Bearer ${admin.token}` },
      remoteAddress: nextAddress(),
    });
    expect(approved.statusCode).toBe(200);
    const after = await get('/lease?lang=en');
    expect(after.body).toContain(added.id);
  });

  it('never holds anything personal: an owner signed in gets the public page, and so does everyone after', async () => {
    clock.advance(TTL_MS);
    const owner = await signUpAndIn(t);
    const listing = await insertProperty(t.db, {
      type: 'Rent',
      publishedBy: owner.userId,
      ownerPhoneNumber: '+255754000111',
    });
    const url = `/lease/${listing.id}`;
    const asOwner = await get(url, owner.auth);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.body).toContain(listing.id);
    expect(asOwner.body).not.toContain('754000111');
    expect(asOwner.body).not.toContain('ownerPhoneNumber');
    const anonymous = await get(url);
    expect(anonymous.body).toBe(asOwner.body);
    // A pending listing is not public, even to its owner, on the shared page.
    const pending = await insertProperty(t.db, {
      type: 'Rent',
      status: 'pending',
      publishedBy: owner.userId,
    });
    const hidden = await get(`/lease/${pending.id}`, owner.auth);
    expect(hidden.statusCode).toBe(404);
  });

  it('answers a redirect as one, and the shell for pages it does not render', async () => {
    const root = await get('/');
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/home');
    const shell = await get('/posts');
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toBe('<html lang="en">shell</html>');
    expect(shell.headers['cache-control']).toBe('no-cache');
  });

  it('sends the shell with the status and Retry-After of a refusal, and with 200 after a failure', async () => {
    clock.advance(TTL_MS);
    renderer.failWith = new RateLimitedError('Too busy', 7);
    const busy = await get('/land');
    expect(busy.statusCode).toBe(429);
    expect(busy.headers['retry-after']).toBe('7');
    expect(busy.body).toBe('<html lang="en">shell</html>');
    renderer.failWith = new Error('a bug');
    const failed = await get('/apartment');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toBe('<html lang="en">shell</html>');
  });

  it('never serves the server renderer or the build manifest as files', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.vite/manifest.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret');
    }
  });
});

describe('page reads', () => {
  it('count against the reader’s catalogue budget, and past it the shell says 429', async () => {
    const limited = await createTestApp({
      database: t.database,
      webDistDir: webDir,
      pageRenderer: recordingRenderer(),
      env: { CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: '3' },
    });
    try {
      const address = nextAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/home', remoteAddress: address }))
            .statusCode,
        );
      // The API's catalogue routes draw on the same budget.
      const api = await limited.app.inject({
        method: 'GET',
        url: '/api/properties',
        remoteAddress: address,
      });
      const page = await limited.app.inject({
        method: 'GET',
        url: '/lease',
        remoteAddress: address,
      });
      expect(statuses).toEqual([200, 200, 200]);
      expect(api.statusCode).toBe(429);
      expect(page.statusCode).toBe(429);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      // Another address behind another carrier is not affected.
      const other = await limited.app.inject({
        method: 'GET',
        url: '/home',
        remoteAddress: nextAddress(),
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

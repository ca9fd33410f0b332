import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseOf } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * The security headers on every kind of answer the server gives (the SPA shell, JSON, errors,
 * media), HSTS only over https, CORS closed, and 5xx answers that never show internals.
 *
 * One app behind a trusted proxy (TRUST_PROXY=1, so X-Forwarded-Proto counts) serving a built
 * web app; a second one, without a trusted proxy, over the same database for the forged-header
 * case.
 */

let t: TestApp;
let direct: TestApp;
let webDir: string;
const MEDIA_KEY = 'photos/headers/0-768.webp';

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-headers-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Makazi</title>');
  t = await createTestApp({
    webDistDir: webDir,
    env: { TRUST_PROXY: '1' },
    extend: (app) => {
      // Test-only routes failing the two ways a handler does: a thrown error holding secrets,
      // and a query the database refuses (its message and the SQL must stay in the logs).
      app.get('/api/test/throws', () => {
        const err = new Error('connect ECONNREFUSED 10.0.0.7:5432 user=makazi password=hunter2');
        throw err;
      });
      app.get('/api/test/bad-query', async () => {
        await databaseOf(app).db.execute(sql`select secret_column from no_such_table`);
        return { ok: true };
      });
    },
  });
  direct = await createTestApp({ database: t.database });
  await t.storage.put(MEDIA_KEY, Buffer.from('RIFF\0\0\0\0WEBPVP8 fake'), 'image/webp');
});
afterAll(async () => {
  await direct?.close();
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

/** One of each kind of answer: status and content type show it is the kind meant. */
const ANSWERS = [
  { kind: 'the SPA shell', url: '/home', accept: 'text/html', status: 200, type: /^text\/html/ },
  { kind: 'a JSON answer', url: '/api/health', accept: '*/*', status: 200, type: /json/ },
  { kind: 'a 404', url: '/api/no-such-route', accept: '*/*', status: 404, type: /json/ },
  { kind: 'a 500', url: '/api/test/throws', accept: '*/*', status: 500, type: /json/ },
  { kind: 'a photo', url: `/media/${MEDIA_KEY}`, accept: 'image/*', status: 200, type: /webp/ },
] as const;

function expectSecurityHeaders(res: LightMyRequestResponse): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values] as const),
  );
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp).not.toContain("'unsafe-eval'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The rest of helmet's set, computed once at start (plugins/security.ts).
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(res.headers['origin-agent-cluster']).toBe('?1');
  expect(res.headers['x-dns-prefetch-control']).toBe('off');
  expect(res.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(res.headers['x-xss-protection']).toBe('0');
  // Features the app does not use are off: no script can ask for the camera or the location.
  // The two a listing's Share button needs are on, for the site's own pages only.
  const permissions = String(res.headers['permissions-policy'] ?? '').split(/,\s*/);
  expect(permissions).toEqual(
    expect.arrayContaining(['camera=()', 'geolocation=()', 'payment=()']),
  );
  const allowed = permissions.filter((entry) => !/^[a-z-]+=\(\)$/.test(entry));
  expect(allowed.sort()).toEqual(['clipboard-write=(self)', 'web-share=(self)']);
  // Each feature is named once: a second, denying entry would leave the browser to pick one.
  const features = permissions.map((entry) => entry.split('=')[0]);
  expect(new Set(features).size).toBe(features.length);
  // Nothing names the server or its versions.
  expect(res.headers.server).toBeUndefined();
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('security headers on every kind of answer', () => {
  it.each(ANSWERS)('$kind ($url)', async ({ url, accept, status, type }) => {
    const res = await get(t, url, { accept });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(type);
    expectSecurityHeaders(res);
  });
});

describe('HSTS', () => {
  it('is sent on every kind of answer to a request a trusted proxy says came over https', async () => {
    for (const { url, accept } of ANSWERS) {
      const res = await get(t, url, { accept, 'x-forwarded-proto': 'https' });
      expect(res.headers['strict-transport-security'], url).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
  });

  it('is not sent over plain http (browsers ignore it there; a local start is never pinned)', async () => {
    for (const { url, accept } of ANSWERS) {
      const res = await get(t, url, { accept, 'x-forwarded-proto': 'http' });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect((await get(t, url, { accept })).headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('ignores X-Forwarded-Proto when no proxy is trusted (anyone can send it)', async () => {
    const res = await get(direct, '/api/health', { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  const evil = 'https://evil.example';

  it('gives a cross-origin request no Access-Control-Allow-Origin', async () => {
    for (const { url, accept } of ANSWERS) {
      const res = await get(t, url, { accept, origin: evil });
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], url).toBeUndefined();
    }
  });

  it('does not allow a preflight', async () => {
    for (const url of ['/api/properties', '/api/users/3f2a9c4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: evil,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(res.statusCode, url).toBe(404);
      for (const header of [
        'access-control-allow-origin',
        'access-control-allow-methods',
        'access-control-allow-headers',
        'access-control-allow-credentials',
      ]) {
        expect(res.headers[header], `${url} ${header}`).toBeUndefined();
      }
    }
  });
});

describe('a 5xx answer', () => {
  const GENERIC = { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' };

  it('hides a thrown error: no message, no stack', async () => {
    const res = await get(t, '/api/test/throws');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC);
    expect(res.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.7|hunter2|\bat .*\.ts:\d+/);
  });

  it('hides a database error: no SQL, no table or column names', async () => {
    const res = await get(t, '/api/test/bad-query');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual(GENERIC);
    expect(res.body).not.toMatch(/select|no_such_table|secret_column|relation/i);
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { REQUEST_TIMEOUT_MS } from '../app';
import { createTestApp, type TestApp } from './test-app';

/*
 * Application-wide behaviour: the error model, security headers, docs, media and the SPA shell.
 * One database serves every app built here.
 */

const logLines: string[] = [];
let t: TestApp;
let webDir: string;

const testRoutes: FastifyPluginCallbackZod = (app, _opts, done) => {
  app.get('/api/test/boom', () => {
    throw new Error('connection to 10.0.0.7 failed: password authentication for "makazi"');
  });
  app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(2, 'must be at least 2 characters') }) } },
    (request) => ({ name: request.body.name }),
  );
  done();
};

beforeAll(async () => {
  t = await createTestApp({
    extend: (app) => void app.register(testRoutes),
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
  });
  webDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-web-dist-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Makazi</title>');
  await writeFile(path.join(webDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("makazi")');
  await writeFile(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The API answers robots.txt itself (modules/seo): a file of that name is shadowed, not a clash.
  await writeFile(path.join(webDir, 'robots.txt'), 'User-agent: *');
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('errors', () => {
  it('answers an unknown /api route with a JSON 404', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const res = await get(t, '/api/nothing-here?x=1', { accept });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'Route GET /api/nothing-here not found',
      });
    }
  });

  it('hides the internals of a 500 and logs them with the request id', async () => {
    const res = await get(t, '/api/test/boom', { 'x-request-id': 'req-test-500-abcdef' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'Something went wrong',
    });
    expect(res.body).not.toContain('10.0.0.7');
    expect(res.headers['x-request-id']).toBe('req-test-500-abcdef');
    const logged = logLines
      .map(
        (line) => JSON.parse(line) as { reqId?: string; level: number; err?: { message: string } },
      )
      .find((entry) => entry.level >= 50 && entry.reqId === 'req-test-500-abcdef');
    expect(logged?.err?.message).toContain('10.0.0.7');
  });

  it('turns body problems into 4xx with the vocabulary’s codes', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/echo',
        payload,
        headers: { 'content-type': contentType },
      });

    const ok = await post('{"name":"Asha"}');
    expect(ok.statusCode).toBe(200);

    const invalid = await post('{"name":"A"}');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'name: must be at least 2 characters',
      details: [{ field: 'name', message: 'must be at least 2 characters' }],
    });

    const badJson = await post('{"name":');
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });

    const missing = await post('{}');
    expect(missing.json()).toMatchObject({ details: [{ field: 'name' }] });

    const xml = await post('<name>Asha</name>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });

    const huge = await post(JSON.stringify({ name: 'x'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('slow clients', () => {
  it('gives a request five minutes to arrive, then Node ends it (Fastify alone would wait for ever)', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(300_000);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
  });
});

describe('security headers', () => {
  it('sets a CSP for the SPA and leaks no server identity', async () => {
    const res = await get(t, '/api/health');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("img-src 'self' data: blob:");
    // The photo compressor's worker (create wizard) starts from a blob: URL.
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('adds HSTS and upgrades requests only when PUBLIC_URL is https', async () => {
    const https = await createTestApp({
      database: t.database,
      env: { PUBLIC_URL: 'https://makazi.example' },
    });
    const res = await get(https, '/api/health');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    await https.close();
  });

  it('keeps a sane incoming request id and replaces anything else', async () => {
    const kept = await get(t, '/api/health', { 'x-request-id': 'lb-0123456789' });
    expect(kept.headers['x-request-id']).toBe('lb-0123456789');
    const replaced = await get(t, '/api/health', { 'x-request-id': 'bad id\nwith newline' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('docs', () => {
  it('serves Swagger UI and the OpenAPI document built from the contracts', async () => {
    const ui = await get(t, '/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
    const spec = await get(t, '/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('gzip');
    const plain = await get(t, '/api/docs/json');
    const doc = plain.json<{ openapi: string; paths: Record<string, object> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/properties',
        '/api/properties/{id}',
        '/api/locations/regions',
        '/api/locations/wards/{id}',
        '/api/subscription-plan',
        '/api/promotion-plan',
      ]),
    );
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/media'))).toBe(false);
  });
});

describe('GET /media/*', () => {
  it('serves a stored object with its type and an immutable cache', async () => {
    const bytes = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 fake image bytes');
    await t.storage.put('photos/abc/0-768.webp', bytes, 'image/webp');
    const res = await get(t, '/media/photos/abc/0-768.webp', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it('answers 404 for an unknown key and 400 for a key that is not one', async () => {
    const missing = await get(t, '/media/photos/none/0-768.webp', { accept: 'text/html' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });

    for (const url of [
      '/media/..%2f..%2fetc/passwd',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/photos/..%2f..%2f..%2fpackage.json',
      '/media/%2fetc%2fpasswd',
      '/media/photos/abc/0-768.exe',
      '/media/.hidden.webp',
    ]) {
      const res = await get(t, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'key' }],
      });
    }
  });
});

describe('the web app', () => {
  it('without a built web app, page paths are JSON 404s', async () => {
    const res = await get(t, '/lease/6f1c1f3e-8c1b-4b8e-9a55-0a2d3c4e5f60', {
      accept: 'text/html',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves index.html for deep links and unknown pages, hashed assets forever', async () => {
    const web = await createTestApp({ database: t.database, webDistDir: webDir });
    try {
      const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
      for (const url of ['/', '/lease/6f1c1f3e-8c1b-4b8e-9a55-0a2d3c4e5f60', '/no/such/page']) {
        const res = await get(web, url, html);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toContain('<title>Makazi</title>');
      }
      // curl-style */* still gets the shell for an extension-less path.
      expect((await get(web, '/land', { accept: '*/*' })).statusCode).toBe(200);

      const asset = await get(web, '/assets/index-Ab12Cd34.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get(web, '/favicon.svg')).headers['cache-control']).toBe('no-cache');
      expect((await get(web, '/robots.txt')).body).toContain('Sitemap:');

      // API, media, missing files and non-GET requests never get the shell.
      for (const [method, url, accept] of [
        ['GET', '/api/unknown', 'text/html'],
        ['GET', '/media/photos/x/1.webp', 'text/html'],
        ['GET', '/assets/missing-123.js', '*/*'],
        ['GET', '/favicon.ico', 'image/avif,image/webp,*/*'],
        ['POST', '/lease', 'text/html'],
      ] as const) {
        const res = await web.app.inject({ method, url, headers: { accept } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      }
      // The API still answers beside the static files.
      expect((await get(web, '/api/health')).statusCode).toBe(200);
    } finally {
      await web.close();
    }
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponse } from '@makazi/contracts/common';
import { createTestApp, type TestApp } from '../test/test-app';

// Found by the API fuzzer: a NUL character (GET /api/admin/payments%00) or a `..` segment with
// backslashes (HEAD /api/auth/logout..%5C..%5Cwin.ini) in an unmatched path reached the static file
// server, whose error (a file system throw, a 403 without a Fastify code) became a 500.

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-web-app-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Makazi</title>');
  t = await createTestApp({ webDistDir: webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('a path the file server refuses', () => {
  it.each(['/api/admin/payments%00', '/index.html%00', '/assets/x%00.js'])(
    'with a NUL (GET %s) is a 404 in the AppError shape, not a 500',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(ZErrorResponse.parse(res.json()).code).toBe('NOT_FOUND');
    },
  );

  it.each(['/api/auth/logout..%5C..%5Cwindows%5Cwin.ini', '/assets/..%5C..%5Cetc%5Cpasswd'])(
    'or a `..` segment (%s) is a 404, not a 500',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url, headers: { accept: 'application/json' } });
        expect(res.statusCode).toBe(404);
      }
    },
  );

  it('in a page path gets the SPA shell, as any unknown page does', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/a%00b',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<!doctype html><title>Makazi</title>');
  });
});

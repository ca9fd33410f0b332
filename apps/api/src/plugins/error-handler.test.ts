import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponse } from '@makazi/contracts/common';
import { signInAdmin, type SignedInAdmin } from '../test/admin';
import { nextAddress } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';
import { registerErrorHandler } from './error-handler';

/*
 * Regressions found by the route fuzzer (src/test/fuzz.test.ts): a NUL character reaching
 * PostgreSQL was a 500, URLs the router refuses before any handler (bad percent-encoding, a path
 * parameter over maxParamLength) were answered in Fastify's own error shape, and a path the docs'
 * file server refuses (a NUL, a `..` segment) was a 500.
 */

let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

function expectAppError(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = ZErrorResponse.parse(res.json());
  expect(body.statusCode).toBe(status);
  return body;
}

describe('text PostgreSQL refuses (a NUL character)', () => {
  it('is a 400 on the admin sign-in, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'a\u0000b', password: 'whatever password' },
      remoteAddress: nextAddress(),
    });
    expect(expectAppError(res, 400).code).toBe('VALIDATION_FAILED');
  });

  it('is a 400 in a search, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/properties?q=%00',
      headers: { authorization: `Bearer ${admin.token}` },
      remoteAddress: nextAddress(),
    });
    expect(expectAppError(res, 400).code).toBe('VALIDATION_FAILED');
  });
});

describe('URLs the router refuses', () => {
  it('answers bad percent-encoding in the AppError shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/properties/%E0%A4%A' });
    expect(expectAppError(res, 400).code).toBe('VALIDATION_FAILED');
  });

  it('answers a path parameter over the length limit in the AppError shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/properties/${'a'.repeat(500)}` });
    expect(expectAppError(res, 400).code).toBe('VALIDATION_FAILED');
  });
});

describe('paths the docs file server refuses', () => {
  it.each(['/api/docs/static/%00', '/api/docs/static/..%5C..%5Cpackage.json'])(
    'GET %s is a 4xx in the AppError shape, not a 500',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expectAppError(res, res.statusCode);
    },
  );
});

describe('a database that cannot answer (restarting, unreachable, overloaded)', () => {
  it('is a 503 with Retry-After and no internals, not a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/restarting', () => {
      // What Drizzle throws when PostgreSQL shuts down under a query.
      const driverError = Object.assign(
        new Error('terminating connection due to administrator command'),
        { code: '57P01' },
      );
      throw new Error('Failed query: select secret from listings', { cause: driverError });
    });
    app.get('/bug', () => {
      throw new TypeError('x is undefined');
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/restarting' });
      const body = expectAppError(res, 503);
      expect(body.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('3');
      expect(res.body).not.toMatch(/secret|administrator|Failed query/);

      // The mapping is about the database only: any other failure stays a 500 without Retry-After.
      const bug = await app.inject({ method: 'GET', url: '/bug' });
      expect(expectAppError(bug, 500).code).toBe('INTERNAL');
      expect(bug.headers['retry-after']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

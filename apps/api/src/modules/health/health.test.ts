import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok with the kind of database it reached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After once the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    const res = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Try again in a few seconds.',
    });
    expect(res.headers['retry-after']).toBe('3');
    await broken.close();
  });

  it('answers 503 with Retry-After while the process drains for shutdown', async () => {
    let draining = false;
    const shutting = await createTestApp({ database: t.database, draining: () => draining });
    try {
      const health = () => shutting.app.inject({ method: 'GET', url: '/api/health' });
      expect((await health()).statusCode).toBe(200);
      draining = true;
      const res = await health();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      await shutting.close();
    }
  });
});

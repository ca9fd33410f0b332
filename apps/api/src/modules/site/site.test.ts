import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let demo: TestApp;
let real: TestApp;
beforeAll(async () => {
  demo = await createTestApp();
  // A real SMS gateway and payment provider configured (the tests' own fakes still answer).
  real = await createTestApp({
    database: demo.database,
    env: {
      SMS_PROVIDER: 'beem',
      BEEM_API_KEY: 'beem-key',
      BEEM_SECRET_KEY: 'beem-secret',
      PAYMENT_PROVIDER: 'clickpesa',
      CLICKPESA_CLIENT_ID: 'cp-id',
      CLICKPESA_API_KEY: 'cp-key',
      CLICKPESA_CHECKSUM_KEY: 'cp-checksum',
    },
  });
});
afterAll(async () => {
  await real.close();
  await demo.close();
});

describe('GET /api/site', () => {
  it('says demo while the SMS outbox or the payment simulator is on', async () => {
    const res = await demo.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ demo: true });
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('says no demo once both are real', async () => {
    const res = await real.app.inject({ method: 'GET', url: '/api/site' });
    expect(res.json()).toEqual({ demo: false });
  });
});

import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeRedisClient, createRedisClient } from '../gateways/shared-state/redis-client';
import { nextAddress, nextPhone, post } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Issue 14: while the Redis that holds the rate-limit counters is unreachable, the limits fail
 * open (the per-phone limits and the SMS budget, in the database, still hold) without waiting on
 * it (a command queued for a Redis that never comes back would hang the request), and the outage
 * is logged once, not per request.
 */

const warnings: string[] = [];
let redis: Redis;
let t: TestApp;

beforeAll(async () => {
  // Nothing listens on port 1: what a Redis that is down looks like.
  redis = createRedisClient('redis://127.0.0.1:1', {
    warn: (_details, message) => warnings.push(message),
    info: () => undefined,
  });
  t = await createTestApp({
    env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '2' },
    sharedState: { redis, prefix: `makazi-test-${randomBytes(6).toString('hex')}:` },
  });
});
afterAll(async () => {
  await t.close();
  await closeRedisClient(redis);
});

describe('per-address limits while Redis is down', () => {
  it('let requests through at once, and the outage is logged once', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i += 1) {
      const res = await post(
        t,
        '/api/auth/signup',
        { firstName: 'Juma', lastName: 'Ally', phoneNumber: nextPhone().local },
        { address },
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(warnings).toEqual([
      'Redis unreachable: rate limits fail open (not counted) until it is back',
    ]);
  });
});

import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { closeRedisClient, createRedisClient } from '../gateways/shared-state/redis-client';
import { nextAddress, nextPhone, post } from '../test/sign-in';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Issue 14: with REDIS_URL the per-address limits are counted in Redis, so a limit reached
 * through one process holds on every other. Two apps on one database and one Redis stand for two
 * processes behind the load balancer. Needs TEST_REDIS_URL (see vitest.config.ts).
 */

const LIMIT = 3;
const quiet = { warn: () => undefined, info: () => undefined };
let redis: Redis;
let processA: TestApp;
let processB: TestApp;

beforeAll(async () => {
  redis = createRedisClient(inject('testRedisUrl'), quiet);
  // A prefix of this run's own: counters of other runs on the same Redis never meet these.
  const sharedState = { redis, prefix: `makazi-test-${randomBytes(6).toString('hex')}:` };
  const env = { SIGNUPS_PER_ADDRESS_PER_HOUR: String(LIMIT) };
  processA = await createTestApp({ env, sharedState });
  processB = await createTestApp({ env, sharedState, database: processA.database });
});
afterAll(async () => {
  await processB.close();
  await processA.close();
  await closeRedisClient(redis);
});

const signUpThrough = (app: TestApp, address: string) =>
  post(
    app,
    '/api/auth/signup',
    { firstName: 'Neema', lastName: 'Mushi', phoneNumber: nextPhone().local },
    { address },
  );

describe('per-address limits with Redis', () => {
  it('hold across processes: what one counted, the other refuses', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) {
      statuses.push((await signUpThrough(i % 2 === 0 ? processA : processB, address)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201]);
    const overA = await signUpThrough(processA, address);
    const overB = await signUpThrough(processB, address);
    expect([overA.statusCode, overB.statusCode]).toEqual([429, 429]);
    expect(Number(overB.headers['retry-after'])).toBeGreaterThan(3500);
    // Another address is its own count.
    expect((await signUpThrough(processB, nextAddress())).statusCode).toBe(201);
  });
});

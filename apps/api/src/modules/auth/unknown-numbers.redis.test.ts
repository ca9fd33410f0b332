import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeRedisClient, createRedisClient } from '../../gateways/shared-state/redis-client';
import { nextAddress, nextPhone, post, signUp } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The budget of lookups that name whether a number has an account is counted in Redis with
 * REDIS_URL, so what one process counted, another honours. Two apps on one database and one
 * Redis stand for two processes behind the load balancer. Needs TEST_REDIS_URL.
 */

const BUDGET = 3;
const quiet = { warn: () => undefined, info: () => undefined };
let redis: Redis;
let processA: TestApp;
let processB: TestApp;

beforeAll(async () => {
  redis = createRedisClient(inject('testRedisUrl'), quiet);
  // A prefix of this run's own: counters of other runs on the same Redis never meet these.
  const sharedState = { redis, prefix: `makazi-test-${randomBytes(6).toString('hex')}:` };
  const env = { UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR: String(BUDGET) };
  processA = await createTestApp({ env, sharedState });
  processB = await createTestApp({ env, sharedState, database: processA.database });
});
afterAll(async () => {
  await processB.close();
  await processA.close();
  await closeRedisClient(redis);
});

describe('the budget of unknown-number lookups with Redis', () => {
  it('is one budget for an address across processes, login and signup together', async () => {
    const address = nextAddress();
    const { phone } = await signUp(processA);
    const login = (app: TestApp) =>
      post(app, '/api/auth/login', { phoneNumber: nextPhone().local }, { address });
    const signup = (app: TestApp) =>
      post(
        app,
        '/api/auth/signup',
        { firstName: 'Baraka', lastName: 'Kimaro', phoneNumber: phone.local },
        { address },
      );

    expect((await login(processA)).statusCode).toBe(404);
    expect((await signup(processB)).statusCode).toBe(409);
    expect((await login(processB)).statusCode).toBe(404);
    // Three spent between the two processes: neither names a number any more.
    expect((await login(processA)).statusCode).toBe(200);
    expect((await login(processB)).statusCode).toBe(200);
    expect((await signup(processA)).statusCode).toBe(201);
  });
});

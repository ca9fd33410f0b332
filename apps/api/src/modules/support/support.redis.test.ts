import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeRedisClient, createRedisClient } from '../../gateways/shared-state/redis-client';
import { nextAddress, nextPhone, post } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MESSAGES_PER_SENDER_PER_HOUR } from './support.routes';

/*
 * Both limits of the contact form are counted in Redis with REDIS_URL, so what one process
 * counted, another refuses. Two apps on one database and one Redis stand for two processes
 * behind the load balancer. Needs TEST_REDIS_URL (see vitest.config.ts).
 */

const ADDRESS_LIMIT = 3;
const quiet = { warn: () => undefined, info: () => undefined };
let redis: Redis;
let processA: TestApp;
let processB: TestApp;

beforeAll(async () => {
  redis = createRedisClient(inject('testRedisUrl'), quiet);
  // A prefix of this run's own: counters of other runs on the same Redis never meet these.
  const sharedState = { redis, prefix: `makazi-test-${randomBytes(6).toString('hex')}:` };
  const env = { SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR: String(ADDRESS_LIMIT) };
  processA = await createTestApp({ env, sharedState });
  processB = await createTestApp({ env, sharedState, database: processA.database });
});
afterAll(async () => {
  await processB.close();
  await processA.close();
  await closeRedisClient(redis);
});

const sendThrough = (app: TestApp, phone: string, address: string) =>
  post(
    app,
    '/api/support/messages',
    {
      name: 'Zawadi',
      phone,
      topic: 'scam',
      message: 'Mtu ameniomba nilipe kabla ya kuona nyumba.',
    },
    { address },
  );

describe('the contact form’s limits with Redis', () => {
  it('hold per sender across processes', async () => {
    const phone = nextPhone().local;
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGES_PER_SENDER_PER_HOUR; i += 1) {
      const app = i % 2 === 0 ? processA : processB;
      statuses.push((await sendThrough(app, phone, nextAddress())).statusCode);
    }
    expect(statuses).toEqual(Array.from({ length: MESSAGES_PER_SENDER_PER_HOUR }, () => 201));
    const overA = await sendThrough(processA, phone, nextAddress());
    const overB = await sendThrough(processB, phone, nextAddress());
    expect([overA.statusCode, overB.statusCode]).toEqual([429, 429]);
    expect(Number(overB.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('hold per address across processes', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT; i += 1) {
      const app = i % 2 === 0 ? processA : processB;
      statuses.push((await sendThrough(app, nextPhone().local, address)).statusCode);
    }
    expect(statuses).toEqual([201, 201, 201]);
    expect((await sendThrough(processB, nextPhone().local, address)).statusCode).toBe(429);
    expect((await sendThrough(processA, nextPhone().local, address)).statusCode).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, nextPhone, post } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { twoProcessesSharingRedis, type TwoProcesses } from '../../test/two-processes';
import { MESSAGES_PER_SENDER_PER_HOUR } from './support.routes';

/*
 * Both limits of the contact form are counted in Redis with REDIS_URL, so what one process
 * counted, another refuses. Two apps on one database and one Redis stand for two processes
 * behind the load balancer. Needs TEST_REDIS_URL (see vitest.config.ts).
 */

const ADDRESS_LIMIT = 3;
let processA: TestApp;
let processB: TestApp;
let processes: TwoProcesses;

beforeAll(async () => {
  processes = await twoProcessesSharingRedis({
    SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR: String(ADDRESS_LIMIT),
  });
  ({ processA, processB } = processes);
});
afterAll(() => processes.close());

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

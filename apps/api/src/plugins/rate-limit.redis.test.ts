import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, nextPhone, post } from '../test/sign-in';
import type { TestApp } from '../test/test-app';
import { twoProcessesSharingRedis, type TwoProcesses } from '../test/two-processes';

/*
 * Issue 14: with REDIS_URL the per-address limits are counted in Redis, so a limit reached
 * through one process holds on every other. Two apps on one database and one Redis stand for two
 * processes behind the load balancer. Needs TEST_REDIS_URL (see vitest.config.ts).
 */

const LIMIT = 3;
let processA: TestApp;
let processB: TestApp;
let processes: TwoProcesses;

beforeAll(async () => {
  processes = await twoProcessesSharingRedis({ SIGNUPS_PER_ADDRESS_PER_HOUR: String(LIMIT) });
  ({ processA, processB } = processes);
});
afterAll(() => processes.close());

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

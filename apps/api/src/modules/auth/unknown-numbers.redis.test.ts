import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, nextPhone, post, signUp } from '../../test/sign-in';
import type { TestApp } from '../../test/test-app';
import { twoProcessesSharingRedis, type TwoProcesses } from '../../test/two-processes';

/*
 * The budget of lookups that name whether a number has an account is counted in Redis with
 * REDIS_URL, so what one process counted, another honours. Two apps on one database and one
 * Redis stand for two processes behind the load balancer. Needs TEST_REDIS_URL.
 */

const BUDGET = 3;
let processA: TestApp;
let processB: TestApp;
let processes: TwoProcesses;

beforeAll(async () => {
  processes = await twoProcessesSharingRedis({
    UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR: String(BUDGET),
  });
  ({ processA, processB } = processes);
});
afterAll(() => processes.close());

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

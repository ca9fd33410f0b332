import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoginResponse, TSignupResponse } from '@makazi/contracts/auth';
import type { TErrorResponse } from '@makazi/contracts/common';
import { otpChallenges, users } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import { messagesTo, readOutbox } from '../../test/outbox';
import { nextAddress, nextPhone, post, signUp } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Listing who has an account must take years: an address may learn that a number has no account
 * (login 404) or has one (signup 409) only UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR times an
 * hour, 3 here. Past that, such numbers are answered as the others are, and nothing is sent or
 * written. Verify never tells.
 */

const BUDGET = 3;
const clock = createFakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR: String(BUDGET),
      CODES_PER_ADDRESS_PER_HOUR: '5',
    },
  });
});
afterAll(async () => {
  await t.close();
});

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

/** What login answers for a number once a code is on its way to it. */
function codeSentTo(e164: string): TLoginResponse {
  const masked = `+255 7\u2022\u2022 \u2022\u2022\u2022 ${e164.slice(-3)}`;
  return {
    message: `A code was sent to ${masked}.`,
    sentTo: masked,
    expiresInSeconds: 300,
    resendInSeconds: 60,
  };
}

const login = (phone: string, address: string) =>
  post(t, '/api/auth/login', { phoneNumber: phone }, { address });

const signup = (phone: string, address: string, firstName = 'Baraka') =>
  post(t, '/api/auth/signup', { firstName, lastName: 'Kimaro', phoneNumber: phone }, { address });

async function rowsFor(e164: string) {
  return t.db.select().from(users).where(eq(users.phoneNumber, e164));
}

describe('login of a number without an account', () => {
  it(`says so ${BUDGET} times an hour per address, then answers as for a registered number, sending and storing nothing`, async () => {
    const address = nextAddress();
    for (let i = 0; i < BUDGET; i += 1) {
      const res = await login(nextPhone().local, address);
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'No account uses this phone number. Register first.',
      });
    }

    const registered = await signUp(t);
    const real = await login(registered.phone.local, address);
    const unknown = nextPhone();
    const decoy = await login(unknown.local, address);

    expect(real.statusCode).toBe(200);
    expect(real.json()).toEqual(codeSentTo(registered.phone.e164));
    expect(decoy.statusCode).toBe(200);
    expect(decoy.json()).toEqual(codeSentTo(unknown.e164));
    // Alike to the byte but for the three digits the mask shows, headers included. Only the
    // mask's last group is replaced: a number ending in 255 would also turn +255 into +###.
    const masked = (body: string, e164: string) =>
      body.replaceAll(`••• ${e164.slice(-3)}`, '••• ###');
    expect(masked(decoy.body, unknown.e164)).toBe(masked(real.body, registered.phone.e164));
    for (const header of ['content-type', 'cache-control', 'content-length']) {
      expect(decoy.headers[header], header).toBe(real.headers[header]);
    }
    expect(await messagesTo(t.dataDir, registered.phone.e164)).toHaveLength(1);
    expect(await messagesTo(t.dataDir, unknown.e164)).toEqual([]);
    expect(await rowsFor(unknown.e164)).toEqual([]);

    // Another address has its own budget.
    expect((await login(nextPhone().local, nextAddress())).statusCode).toBe(404);
  });

  it('past the budget, still says when the address asked for too many codes, as for a registered number', async () => {
    const address = nextAddress();
    for (let i = 0; i < BUDGET; i += 1) {
      expect((await login(nextPhone().local, address)).statusCode).toBe(404);
    }
    for (let i = 0; i < 5; i += 1) {
      const { phone } = await signUp(t);
      expect((await login(phone.local, address)).statusCode).toBe(200);
    }
    const { phone: sixth } = await signUp(t);
    const registered = await login(sixth.local, address);
    const unknown = await login(nextPhone().local, address);
    expect(registered.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.body).toBe(registered.body);
    expect(unknown.headers['retry-after']).toBe(registered.headers['retry-after']);
  });
});

describe('signup of a number a proven account holds', () => {
  it('is 409 within the budget, then the answer of a new sign-up that writes nothing', async () => {
    const address = nextAddress();
    const { phone, userId } = await signUp(t, { firstName: 'Asha', lastName: 'Mrema' });
    const [before] = await rowsFor(phone.e164);
    for (let i = 0; i < BUDGET; i += 1) {
      const res = await signup(phone.local, address);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({
        code: 'CONFLICT',
        message: 'This phone number is already registered. Sign in instead.',
      });
    }

    const decoy = await signup(phone.local, address, 'Mvamizi');
    const fresh = await signup(nextPhone().local, address);
    expect(decoy.statusCode).toBe(201);
    expect(fresh.statusCode).toBe(201);
    const decoyBody = decoy.json<TSignupResponse>();
    expect(Object.keys(decoyBody)).toEqual(Object.keys(fresh.json<TSignupResponse>()));
    expect(decoyBody.message).toBe('User registered successfully.');
    expect(decoyBody.sub).not.toBe(userId);
    expect(await t.db.select().from(users).where(eq(users.id, decoyBody.sub))).toEqual([]);
    // The account is untouched: names, locale, everything.
    expect(await rowsFor(phone.e164)).toEqual([before]);
    // Asked again, the same answer, as a row that is only started over would give its own id.
    expect((await signup(phone.local, address)).json<TSignupResponse>().sub).toBe(decoyBody.sub);
  });

  it('counts against the same budget as login', async () => {
    const address = nextAddress();
    const { phone } = await signUp(t);
    expect((await signup(phone.local, address)).statusCode).toBe(409);
    expect((await login(nextPhone().local, address)).statusCode).toBe(404);
    expect((await login(nextPhone().local, address)).statusCode).toBe(404);
    // Three lookups spent: neither route names a number any more.
    expect((await signup(phone.local, address)).statusCode).toBe(201);
    expect((await login(nextPhone().local, address)).statusCode).toBe(200);
  });
});

describe('verify for a number without an account', () => {
  it('answers as a registered number without a live code does, however often, and counts nothing', async () => {
    const address = nextAddress();
    const { phone } = await signUp(t);
    const registered = await post(
      t,
      '/api/auth/verify-otp',
      { phoneNumber: phone.local, otp: '123456' },
      { address },
    );
    for (let i = 0; i < BUDGET + 2; i += 1) {
      const unknown = nextPhone();
      const res = await post(
        t,
        '/api/auth/verify-otp',
        { phoneNumber: unknown.local, otp: '123456' },
        { address },
      );
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe(registered.body);
      expect(await rowsFor(unknown.e164)).toEqual([]);
    }
    // Verify spent none of the address's lookups.
    expect((await login(nextPhone().local, address)).statusCode).toBe(404);
    expect(
      await t.db.select().from(otpChallenges).where(eq(otpChallenges.requestIp, address)),
    ).toEqual([]);
    expect((await readOutbox(t.dataDir)).some((line) => line.to === phone.e164)).toBe(false);
  });
});

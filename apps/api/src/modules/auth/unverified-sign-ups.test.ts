import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminDashboard, TAdminUsersResponse } from '@makazi/contracts/admin';
import type { TSignupResponse } from '@makazi/contracts/auth';
import type { TErrorResponse } from '@makazi/contracts/common';
import { users } from '../../db/schema';
import { signInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import { lastCodeFor } from '../../test/outbox';
import { nextAddress, nextPhone, post } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * No account exists until its phone is proven by a code. A sign-up makes a row nobody has proven;
 * signing up again with its number starts it over (new names, same limits); the first answered
 * code proves it. The admin pages neither list nor count a row nobody proved.
 */

const clock = createFakeClock(new Date('2026-11-25T09:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

function signup(phone: string, names: { firstName: string; lastName: string }, locale = 'en') {
  return post(
    t,
    '/api/auth/signup',
    { ...names, phoneNumber: phone },
    { headers: { 'accept-language': locale } },
  );
}

async function rowOf(e164: string) {
  const [row] = await t.db.select().from(users).where(eq(users.phoneNumber, e164));
  return row;
}

/** Any six digits other than the code. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('a sign-up nobody proved yet', () => {
  it('is a row without phoneVerifiedAt until its first code is answered, which sets it once', async () => {
    const phone = nextPhone();
    const res = await signup(phone.local, { firstName: 'Amani', lastName: 'Mollel' });
    expect(res.statusCode, res.body).toBe(201);
    expect((await rowOf(phone.e164))?.phoneVerifiedAt).toBeNull();

    const address = nextAddress();
    const sent = await post(t, '/api/auth/login', { phoneNumber: phone.local }, { address });
    expect(sent.statusCode, sent.body).toBe(200);
    const provedAt = clock();
    const verified = await post(
      t,
      '/api/auth/verify-otp',
      { phoneNumber: phone.local, otp: await lastCodeFor(t.dataDir, phone.e164) },
      { address },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await rowOf(phone.e164))?.phoneVerifiedAt).toEqual(provedAt);

    // A later sign-in keeps the first proof.
    clock.advanceSeconds(120);
    await post(t, '/api/auth/login', { phoneNumber: phone.local }, { address });
    const again = await post(
      t,
      '/api/auth/verify-otp',
      { phoneNumber: phone.local, otp: await lastCodeFor(t.dataDir, phone.e164) },
      { address },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await rowOf(phone.e164))?.phoneVerifiedAt).toEqual(provedAt);

    // Proven, the number is someone's: signing up with it is refused.
    const taken = await signup(phone.local, { firstName: 'Mtu', lastName: 'Mwingine' });
    expect(taken.statusCode).toBe(409);
  });

  it('starts over when the number signs up again: new names and language, same row, limits kept', async () => {
    const phone = nextPhone();
    const first = await signup(phone.local, { firstName: 'Mvamizi', lastName: 'Fulani' });
    expect(first.statusCode).toBe(201);
    const { sub } = first.json<TSignupResponse>();

    // Someone asks for a code and gets two wrong.
    const address = nextAddress();
    expect(
      (await post(t, '/api/auth/login', { phoneNumber: phone.local }, { address })).statusCode,
    ).toBe(200);
    const code = await lastCodeFor(t.dataDir, phone.e164);
    for (let i = 0; i < 2; i += 1) {
      const miss = await post(
        t,
        '/api/auth/verify-otp',
        { phoneNumber: phone.local, otp: wrong(code) },
        { address },
      );
      expect(miss.statusCode).toBe(400);
    }

    const again = await signup(phone.local, { firstName: 'Rehema', lastName: 'Swai' }, 'sw');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<TSignupResponse>()).toEqual({
      message: 'User registered successfully.',
      sub,
    });
    const rows = await t.db.select().from(users).where(eq(users.phoneNumber, phone.e164));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: sub,
      firstName: 'Rehema',
      lastName: 'Swai',
      locale: 'sw',
      phoneVerifiedAt: null,
      wrongCodes: 2,
    });

    // Starting over bought no code and no guesses.
    const resend = await post(t, '/api/auth/login', { phoneNumber: phone.local });
    expect(resend.statusCode).toBe(429);
    expect(errorOf(resend).message).toMatch(/^A code was just sent\./);
    const third = await post(t, '/api/auth/verify-otp', {
      phoneNumber: phone.local,
      otp: wrong(code),
    });
    expect(errorOf(third).message).toBe('The code is wrong. 2 tries left.');

    // The person with the phone proves it, under the names they gave.
    const right = await post(t, '/api/auth/verify-otp', { phoneNumber: phone.local, otp: code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<{ username: string; sub: string }>()).toMatchObject({
      username: 'Rehema Swai',
      sub,
    });
  });
});

describe('the admin pages', () => {
  it('neither list nor count a sign-up nobody proved, and show it once proven', async () => {
    const admin = await signInAdmin(t.app);
    const asAdmin = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
    const listed = async (lastName: string) => {
      const res = await asAdmin(`/api/admin/users?q=${lastName}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TAdminUsersResponse>();
    };
    const totalUsers = async () => {
      const res = await asAdmin('/api/admin/dashboard');
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TAdminDashboard>().totalUsers;
    };

    const before = await totalUsers();
    const phone = nextPhone();
    expect(
      (await signup(phone.local, { firstName: 'Siri', lastName: 'Haijathibitishwa' })).statusCode,
    ).toBe(201);
    expect(await listed('Haijathibitishwa')).toMatchObject({ total: 0, items: [] });
    expect((await asAdmin('/api/admin/users?pageSize=100')).json<TAdminUsersResponse>().total).toBe(
      before,
    );
    expect(await totalUsers()).toBe(before);

    const address = nextAddress();
    await post(t, '/api/auth/login', { phoneNumber: phone.local }, { address });
    const verified = await post(
      t,
      '/api/auth/verify-otp',
      { phoneNumber: phone.local, otp: await lastCodeFor(t.dataDir, phone.e164) },
      { address },
    );
    expect(verified.statusCode).toBe(200);
    const shown = await listed('Haijathibitishwa');
    expect(shown.total).toBe(1);
    expect(shown.items[0]?.phoneNumber).toBe(phone.e164);
    expect(await totalUsers()).toBe(before + 1);
  });
});

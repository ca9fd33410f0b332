import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TUser } from '@makazi/contracts/users';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let asha: SignedIn;
let juma: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  asha = await signUpAndIn(t, { firstName: 'Asha', lastName: 'Mrema' });
  juma = await signUpAndIn(t, { firstName: 'Juma', lastName: 'Ally' });
});
afterAll(async () => {
  await t.close();
});

const request = (
  method: 'GET' | 'PATCH',
  id: string,
  who: SignedIn | undefined,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/users/${id}`,
    headers: who ? who.auth : {},
    ...(payload ? { payload } : {}),
  });

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

describe('GET /api/users/:id', () => {
  it('shows a signed-in user their own profile, uncached', async () => {
    const res = await request('GET', asha.userId, asha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TUser>()).toEqual({
      id: asha.userId,
      firstName: 'Asha',
      lastName: 'Mrema',
      phoneNumber: asha.phone,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it("refuses another user's profile with 403", async () => {
    const res = await request('GET', juma.userId, asha);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'You can only see and change your own profile.',
    });
  });

  it('answers 403, not 404, for an id nobody has: existence is not revealed', async () => {
    const res = await request('GET', '00000000-0000-4000-8000-000000000000', asha);
    expect(res.statusCode).toBe(403);
  });

  it('asks an anonymous caller to sign in', async () => {
    const res = await request('GET', asha.userId, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(errorOf(res).code).toBe('UNAUTHORIZED');
  });

  it('refuses an id that is not a uuid, naming id', async () => {
    const res = await request('GET', 'me', asha);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details?.map((d) => d.field)).toEqual(['id']);
  });
});

describe('PATCH /api/users/:id', () => {
  it('changes the signed-in user’s own names, trimmed', async () => {
    const res = await request('PATCH', juma.userId, juma, {
      firstName: '  Juma ',
      lastName: "O'Neil-Mwakyusa",
    });
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      id: juma.userId,
      firstName: 'Juma',
      lastName: "O'Neil-Mwakyusa",
      phoneNumber: juma.phone,
    };
    expect(res.json<TUser>()).toEqual(expected);
    expect((await request('GET', juma.userId, juma)).json<TUser>()).toEqual(expected);
  });

  it("refuses to change another user's names", async () => {
    const res = await request('PATCH', asha.userId, juma, { firstName: 'X', lastName: 'Y' });
    expect(res.statusCode).toBe(403);
    expect((await request('GET', asha.userId, asha)).json<TUser>().firstName).toBe('Asha');
  });

  it('asks an anonymous caller to sign in before looking at the body', async () => {
    const res = await request('PATCH', asha.userId, undefined, { firstName: '' });
    expect(res.statusCode).toBe(401);
  });

  it('refuses bad names, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: '', lastName: 'Mrema' }, 'firstName'],
      [{ firstName: 'Asha', lastName: 'Mrema1' }, 'lastName'],
      [{ firstName: 'Asha' }, 'lastName'],
      [{ firstName: 'A'.repeat(51), lastName: 'Mrema' }, 'firstName'],
    ];
    for (const [payload, field] of cases) {
      const res = await request('PATCH', asha.userId, asha, payload);
      expect(res.statusCode, field).toBe(400);
      expect([...new Set(errorOf(res).details?.map((d) => d.field))], field).toEqual([field]);
    }
  });

  it('does not let a body change the phone number', async () => {
    const res = await request('PATCH', asha.userId, asha, {
      firstName: 'Asha',
      lastName: 'Mrema',
      phoneNumber: '+255799999999',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<TUser>().phoneNumber).toBe(asha.phone);
  });
});

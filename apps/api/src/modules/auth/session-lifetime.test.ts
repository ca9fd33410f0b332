import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRefreshTokenResponse } from '@makazi/contracts/auth';
import type { TErrorResponse } from '@makazi/contracts/common';
import { authSessions, refreshTokens } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import { post, signInAs, signUpAndIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashRefreshToken } from './tokens';

/*
 * A sign-in ends SESSION_MAX_AGE_DAYS (30 by default) after its code was answered, however often
 * its refresh token was rotated: a stolen session cannot be kept alive for ever by refreshing.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_AGE_MS = 30 * DAY_MS;
const clock = createFakeClock(new Date('2026-11-25T09:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();
const refresh = (refreshToken: string) => post(t, '/api/auth/refresh-token', { refreshToken });
const profile = (userId: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/users/${userId}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function tokenRow(refreshToken: string) {
  const [row] = await t.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
  return row!;
}

describe('a session’s absolute lifetime', () => {
  it('ends 30 days after sign-in however often it was refreshed, access tokens included', async () => {
    const signedIn = await signUpAndIn(t);
    const started = clock();
    const end = new Date(started.getTime() + MAX_AGE_MS);
    expect((await tokenRow(signedIn.refreshToken)).expiresAt).toEqual(end);

    // Refreshed every ten days, as a phone left signed in would be.
    let current = { token: signedIn.accessToken, refreshToken: signedIn.refreshToken };
    for (const day of [10, 20]) {
      clock.set(new Date(started.getTime() + day * DAY_MS));
      const res = await refresh(current.refreshToken);
      expect(res.statusCode, res.body).toBe(200);
      current = res.json<TRefreshTokenResponse>();
    }

    // Five minutes before the end: a refresh token issued now lives to the session's end only.
    clock.set(new Date(end.getTime() - 5 * 60 * 1000));
    const last = await refresh(current.refreshToken);
    expect(last.statusCode, last.body).toBe(200);
    current = last.json<TRefreshTokenResponse>();
    expect((await tokenRow(current.refreshToken)).expiresAt).toEqual(end);

    clock.set(new Date(end.getTime() - 1000));
    expect((await profile(signedIn.userId, current.token)).statusCode).toBe(200);

    // The end: the access token, minutes old, stops working; the refresh token too.
    clock.set(end);
    const refused = await profile(signedIn.userId, current.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const ended = await refresh(current.refreshToken);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended)).toEqual({
      statusCode: 401,
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Sign in again.',
    });
    // Ended by age, not revoked: nothing was stolen.
    const [session] = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, signedIn.userId));
    expect(session?.revokedAt).toBeNull();

    // Signing in again starts a new 30 days.
    const again = await signInAs(t, signedIn.phone);
    expect((await profile(signedIn.userId, again.accessToken)).statusCode).toBe(200);
  });

  it('is refused by refresh even when the token’s own expiry is later (issued before the cap)', async () => {
    const signedIn = await signUpAndIn(t);
    const end = new Date(clock().getTime() + MAX_AGE_MS);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(end.getTime() + MAX_AGE_MS) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(signedIn.refreshToken)));

    clock.set(new Date(end.getTime() - 1000));
    const before = await refresh(signedIn.refreshToken);
    expect(before.statusCode, before.body).toBe(200);
    const next = before.json<TRefreshTokenResponse>();
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(end.getTime() + MAX_AGE_MS) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(next.refreshToken)));

    clock.set(end);
    const ended = await refresh(next.refreshToken);
    expect(ended.statusCode).toBe(401);
    expect(errorOf(ended).message).toBe('Your session has ended. Sign in again.');
  });
});

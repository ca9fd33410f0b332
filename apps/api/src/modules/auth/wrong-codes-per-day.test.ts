import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import { authSessions, users } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import { lastCodeFor, messagesTo } from '../../test/outbox';
import { post, signUp } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { insertUser } from '../../test/factories';
import { createAuthRepository } from './auth.repository';
import { createAuthService } from './auth.service';

/*
 * Wrong codes are capped per number across every code sent: WRONG_CODES_PER_DAY (7 here) in a
 * 24-hour window that starts at the first of them. Reaching it locks sign-in until the window
 * ends and texts the owner once. The per-code lock (5 wrong, 30 minutes) still applies within it.
 */

const LIMIT = 7;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
// 12:00 EAT.
const clock = createFakeClock(new Date('2026-11-25T09:00:00.000Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { WRONG_CODES_PER_DAY: String(LIMIT) } });
});
afterAll(async () => {
  await t.close();
});

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const login = (phone: string) => post(t, '/api/auth/login', { phoneNumber: phone });
const verify = (phone: string, otp: string) =>
  post(t, '/api/auth/verify-otp', { phoneNumber: phone, otp });

async function sendCode(phone: string): Promise<string> {
  const res = await login(phone);
  expect(res.statusCode, res.body).toBe(200);
  return lastCodeFor(t.dataDir, phone);
}

async function userRow(userId: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

/** Five wrong answers to one code (the fifth locks that code for 30 minutes), then the wait. */
async function burnOneCode(phone: string): Promise<void> {
  const code = await sendCode(phone);
  for (let i = 0; i < 4; i += 1) expect((await verify(phone, wrong(code))).statusCode).toBe(400);
  const fifth = await verify(phone, wrong(code));
  expect(errorOf(fifth).message).toBe('Too many wrong codes. Try again in 30 minutes.');
  clock.advanceSeconds(30 * MINUTE);
}

const LOCK_TEXT =
  'Makazi: signing in to your account is blocked until 12:00 EAT on 26/11/2026 because of too many wrong codes. If this was you, ignore this message.';

describe(`${LIMIT} wrong codes in a day`, () => {
  it('lock sign-in until the day ends, even for the right code, and text the owner once', async () => {
    clock.set(new Date('2026-11-25T09:00:00.000Z'));
    const { phone, userId } = await signUp(t);
    const started = clock();
    await burnOneCode(phone.e164);

    const code = await sendCode(phone.e164);
    const sixth = await verify(phone.e164, wrong(code));
    expect(errorOf(sixth).message).toBe('The code is wrong. 4 tries left.');
    const seventh = await verify(phone.e164, wrong(code));
    expect(seventh.statusCode).toBe(429);
    expect(errorOf(seventh)).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: 'Too many wrong codes today. Try again in 24 hours.',
    });
    // The window began at the first wrong code: 23½ hours are left of it.
    expect(seventh.headers['retry-after']).toBe(String(23 * HOUR + 30 * MINUTE));
    const lockedUntil = new Date(started.getTime() + 24 * HOUR * 1000);
    expect((await userRow(userId)).signInLockedUntil).toEqual(lockedUntil);

    // The owner hears of it once, in their language (English here).
    const texts = async () => (await messagesTo(t.dataDir, phone.e164)).map((m) => m.text);
    expect((await texts()).at(-1)).toBe(LOCK_TEXT);
    expect(await texts()).toHaveLength(3);

    // Nothing gets through: not the right code, not a new code, not another guess.
    const right = await verify(phone.e164, code);
    expect(right.statusCode).toBe(429);
    expect(errorOf(right).message).toBe('Too many wrong codes today. Try again in 24 hours.');
    const again = await login(phone.e164);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe(String(23 * HOUR + 30 * MINUTE));
    expect(errorOf(again).message).toBe('Too many wrong codes today. Try again in 24 hours.');
    expect((await verify(phone.e164, wrong(code))).statusCode).toBe(429);
    expect(await texts()).toHaveLength(3);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, userId))).toEqual(
      [],
    );

    clock.set(new Date(lockedUntil.getTime() - 1000));
    const late = await login(phone.e164);
    expect(errorOf(late).message).toBe('Too many wrong codes today. Try again in 1 second.');

    // The day is over: sign-in works, and the count starts again from nothing.
    clock.set(lockedUntil);
    const fresh = await sendCode(phone.e164);
    expect((await verify(phone.e164, fresh)).statusCode).toBe(200);
    expect(await userRow(userId)).toMatchObject({
      wrongCodes: 0,
      wrongCodesSince: null,
      signInLockedUntil: null,
    });
  });

  it('count only within 24 hours of the first: an older window starts afresh', async () => {
    const { phone, userId } = await signUp(t);
    await burnOneCode(phone.e164);
    let code = await sendCode(phone.e164);
    expect((await verify(phone.e164, wrong(code))).statusCode).toBe(400);
    expect((await userRow(userId)).wrongCodes).toBe(LIMIT - 1);

    // The window began 24 hours ago (the 30 minutes of the first code's lock are part of it).
    clock.advanceSeconds(24 * HOUR - 30 * MINUTE);
    code = await sendCode(phone.e164);
    const miss = await verify(phone.e164, wrong(code));
    expect(errorOf(miss).message).toBe('The code is wrong. 4 tries left.');
    expect(await userRow(userId)).toMatchObject({ wrongCodes: 1, wrongCodesSince: clock() });
    expect((await verify(phone.e164, code)).statusCode).toBe(200);
  });

  it('are forgotten by a successful sign-in', async () => {
    const { phone, userId } = await signUp(t);
    await burnOneCode(phone.e164);
    let code = await sendCode(phone.e164);
    expect((await verify(phone.e164, wrong(code))).statusCode).toBe(400);
    expect((await verify(phone.e164, code)).statusCode).toBe(200);
    expect(await userRow(userId)).toMatchObject({ wrongCodes: 0, wrongCodesSince: null });

    clock.advanceSeconds(MINUTE);
    code = await sendCode(phone.e164);
    const miss = await verify(phone.e164, wrong(code));
    expect(errorOf(miss).message).toBe('The code is wrong. 4 tries left.');
    expect((await userRow(userId)).wrongCodes).toBe(1);
  });

  it('lock exactly once when several wrong codes reach the limit together', async () => {
    const { phone, userId } = await signUp(t);
    const since = clock();
    await t.db
      .update(users)
      .set({ wrongCodes: LIMIT - 2, wrongCodesSince: since })
      .where(eq(users.id, userId));
    const code = await sendCode(phone.e164);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => verify(phone.e164, wrong(code))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([400, 429, 429, 429]);
    const texts = (await messagesTo(t.dataDir, phone.e164)).map((m) => m.text);
    expect(texts.filter((text) => text.startsWith('Makazi: signing in'))).toHaveLength(1);
    const row = await userRow(userId);
    // Answers that arrived once the lock was set were refused before counting.
    expect(row.wrongCodes).toBeGreaterThanOrEqual(LIMIT);
    expect(row.signInLockedUntil).toEqual(new Date(since.getTime() + 24 * HOUR * 1000));
  });

  it('text the owner only for the wrong code that reached the limit, not for one counted after it', async () => {
    const { phone, userId } = await signUp(t);
    await t.db
      .update(users)
      .set({ wrongCodes: LIMIT - 1, wrongCodesSince: clock() })
      .where(eq(users.id, userId));
    const code = await sendCode(phone.e164);
    // Requests that read the user before the lock was set, as concurrent ones on a server do.
    const repository = createAuthRepository(t.db);
    const beforeTheLock = await repository.findUserByPhone(phone.e164);
    const service = createAuthService({
      repository: { ...repository, findUserByPhone: () => Promise.resolve(beforeTheLock) },
      sms: t.sms,
      jwtSecret: t.jwtSecret,
      clock,
      publicUrl: undefined,
      limits: t.config.limits,
      sessionMaxAgeMs: t.config.sessionMaxAgeMs,
    });
    for (let i = 0; i < 3; i += 1) {
      await expect(
        service.verifyOtp({ phoneNumber: phone.e164, otp: wrong(code) }, { userAgent: undefined }),
      ).rejects.toMatchObject({
        statusCode: 429,
        message: expect.stringMatching(/^Too many wrong codes today\./) as string,
      });
    }
    expect((await userRow(userId)).wrongCodes).toBe(LIMIT + 2);
    const texts = (await messagesTo(t.dataDir, phone.e164)).map((m) => m.text);
    expect(texts.filter((text) => text.startsWith('Makazi: signing in'))).toHaveLength(1);
  });

  it('are counted in one statement: of concurrent wrong codes, exactly one reaches the limit', async () => {
    const repository = createAuthRepository(t.db);
    const user = await insertUser(t.db, { wrongCodes: LIMIT - 3, wrongCodesSince: clock() });
    const counted = await Promise.all(
      Array.from({ length: 6 }, () =>
        repository.recordWrongCode(user.id, clock(), 24 * HOUR * 1000, LIMIT),
      ),
    );
    expect(counted.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 6 }, (_, i) => LIMIT - 2 + i),
    );
    const lockedUntil = new Date(clock().getTime() + 24 * HOUR * 1000);
    for (const { count, lockedUntil: until } of counted) {
      expect(until).toEqual(count >= LIMIT ? lockedUntil : null);
    }
  });
});

import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TLoginResponse,
  TRefreshTokenResponse,
  TVerifyOtpResponse,
} from '@makazi/contracts/auth';
import type { TErrorResponse } from '@makazi/contracts/common';
import { authSessions, otpChallenges, users } from '../../db/schema';
import { SmsDeliveryError, type SmsGateway } from '../../gateways/sms/sms-gateway';
import { insertUser } from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { lastCodeFor, messagesTo, readOutbox } from '../../test/outbox';
import { nextAddress, nextPhone, post, signInAs, signUp, signUpAndIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAuthRepository } from './auth.repository';
import { JWT_ISSUER } from '../../lib/session-tokens';
import { JWT_AUDIENCE, JWT_TYPE } from './tokens';

const clock = createFakeClock();
/** Small per-address limits, as an operator may set them, to reach them in a test. */
const LIMITED_ENV = { SIGNUPS_PER_ADDRESS_PER_HOUR: '10', CODES_PER_ADDRESS_PER_HOUR: '20' };
let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  limited = await createTestApp({ database: t.database, clock, env: LIMITED_ENV });
});
afterAll(async () => {
  await limited.close();
  await t.close();
});

const MINUTE = 60;

function errorOf(res: { json: <T>() => T }): TErrorResponse {
  return res.json<TErrorResponse>();
}

/** Sends a code to a phone (from its own address unless told) and returns what the outbox got. */
async function sendCode(phone: string, address = nextAddress(), headers?: Record<string, string>) {
  const res = await post(t, '/api/auth/login', { phoneNumber: phone }, { address, headers });
  expect(res.statusCode, res.body).toBe(200);
  return lastCodeFor(t.dataDir, phone);
}

function verify(phone: string, otp: string, address = nextAddress()) {
  return post(t, '/api/auth/verify-otp', { phoneNumber: phone, otp }, { address });
}

/** Any six digits other than the code. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function getProfile(userId: string, authorization?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/users/${userId}`,
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe('POST /api/auth/signup', () => {
  it('registers the phone as E.164 with the language of Accept-Language', async () => {
    const phone = nextPhone();
    const res = await post(
      t,
      '/api/auth/signup',
      { firstName: ' Asha ', lastName: 'Mrema', phoneNumber: phone.local },
      { headers: { 'accept-language': 'sw-TZ,sw;q=0.9' } },
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ message: string; sub: string }>();
    expect(body.message).toBe('User registered successfully.');
    const [row] = await t.db.select().from(users).where(eq(users.id, body.sub));
    expect(row).toMatchObject({
      phoneNumber: phone.e164,
      firstName: 'Asha',
      lastName: 'Mrema',
      locale: 'sw',
    });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('treats 0712…, +255712… and 255 712 … as one number: a proven one signed up again is 409', async () => {
    const { phone } = await signUp(t, { firstName: 'Juma', lastName: 'Ally' });
    const national = phone.e164.slice(4);
    const spaced = `255 ${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
    for (const typed of [
      phone.e164,
      spaced,
      `${phone.local.slice(0, 4)}-${phone.local.slice(4)}`,
    ]) {
      const again = await post(t, '/api/auth/signup', {
        firstName: 'Other',
        lastName: 'Person',
        phoneNumber: typed,
      });
      expect(again.statusCode, typed).toBe(409);
      expect(errorOf(again)).toMatchObject({
        code: 'CONFLICT',
        message: 'This phone number is already registered. Sign in instead.',
      });
    }
  });

  it('makes one row of two simultaneous signups of one new number, both answered with its id', async () => {
    const phone = nextPhone();
    const body = { firstName: 'Neema', lastName: 'Said', phoneNumber: phone.local };
    const results = await Promise.all([
      post(t, '/api/auth/signup', body),
      post(t, '/api/auth/signup', { ...body, phoneNumber: phone.e164 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await t.db.select().from(users).where(eq(users.phoneNumber, phone.e164));
    expect(rows).toHaveLength(1);
    expect(results.map((r) => r.json<{ sub: string }>().sub)).toEqual([rows[0]!.id, rows[0]!.id]);
  });

  it('refuses a number that is not a Tanzanian mobile, naming phoneNumber', async () => {
    for (const phoneNumber of [
      '0222123456',
      '+254712345678',
      '07123',
      'abc0712345678',
      '0800123456',
    ]) {
      const res = await post(t, '/api/auth/signup', {
        firstName: 'Asha',
        lastName: 'Mrema',
        phoneNumber,
      });
      expect(res.statusCode, phoneNumber).toBe(400);
      expect(errorOf(res), phoneNumber).toEqual({
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: 'phoneNumber: must be a Tanzanian mobile number such as 0712345678',
        details: [
          { field: 'phoneNumber', message: 'must be a Tanzanian mobile number such as 0712345678' },
        ],
      });
    }
  });

  it('refuses bad names, naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ firstName: '', lastName: 'Mrema' }, 'firstName'],
      [{ firstName: 'Asha', lastName: 'R2D2' }, 'lastName'],
      [{ firstName: '<script>', lastName: 'Mrema' }, 'firstName'],
      [{ firstName: 'A'.repeat(51), lastName: 'Mrema' }, 'firstName'],
    ];
    for (const [names, field] of cases) {
      const res = await post(t, '/api/auth/signup', { ...names, phoneNumber: nextPhone().local });
      expect(res.statusCode, field).toBe(400);
      expect([...new Set(errorOf(res).details?.map((d) => d.field))]).toEqual([field]);
    }
  });

  it('stops one address after SIGNUPS_PER_ADDRESS_PER_HOUR signups an hour (10 here), with Retry-After', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i += 1) {
      const res = await post(
        limited,
        '/api/auth/signup',
        { firstName: 'Asha', lastName: 'Mrema', phoneNumber: nextPhone().local },
        { address },
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await post(
      limited,
      '/api/auth/signup',
      { firstName: 'Asha', lastName: 'Mrema', phoneNumber: nextPhone().local },
      { address },
    );
    expect(res.statusCode).toBe(429);
    expect(errorOf(res)).toMatchObject({ code: 'RATE_LIMITED' });
    expect(errorOf(res).message).toMatch(
      /^Too many requests\. Try again in (\d+ minutes|1 hour)\.$/,
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

describe('POST /api/auth/login', () => {
  it('sends a six-digit code by SMS in English and never returns it', async () => {
    const { phone } = await signUp(t);
    const res = await post(t, '/api/auth/login', { phoneNumber: phone.local });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TLoginResponse>();
    const masked = `+255 7\u2022\u2022 \u2022\u2022\u2022 ${phone.e164.slice(-3)}`;
    expect(body).toEqual({
      message: `A code was sent to ${masked}.`,
      sentTo: masked,
      expiresInSeconds: 300,
      resendInSeconds: 60,
    });
    const sent = await messagesTo(t.dataDir, phone.e164);
    expect(sent).toHaveLength(1);
    const code = /\d{6}/.exec(sent[0]!.text)?.[0];
    expect(code).toMatch(/^\d{6}$/);
    expect(sent[0]!.text).toBe(
      `Makazi: your code is ${code}. It expires in 5 minutes. Do not share it.`,
    );
    expect(res.body).not.toContain(code);
    expect(JSON.stringify(res.headers)).not.toContain(code);
    // Stored only as a keyed hash.
    const rows = await t.db.select().from(otpChallenges);
    expect(rows.some((r) => r.codeHash.includes(code!))).toBe(false);
  });

  it('writes the SMS in Swahili when Accept-Language asks for it, and remembers that', async () => {
    const { phone, userId } = await signUp(t);
    const address = nextAddress();
    const code = await sendCode(phone.e164, address, { 'accept-language': 'sw' });
    const [text] = (await messagesTo(t.dataDir, phone.e164)).map((m) => m.text);
    expect(text).toBe(
      `Makazi: msimbo wako ni ${code}. Unaisha baada ya dakika 5. Usimpe mtu yeyote.`,
    );
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row?.locale).toBe('sw');
    // A later request without the header writes in the remembered language.
    clock.advanceSeconds(MINUTE);
    await sendCode(phone.e164, address);
    expect((await messagesTo(t.dataDir, phone.e164))[1]?.text).toMatch(/^Makazi: msimbo wako ni/);
  });

  it('ends the SMS with a WebOTP line when PUBLIC_URL is set', async () => {
    const withUrl = await createTestApp({
      database: t.database,
      clock,
      env: { PUBLIC_URL: 'https://makazi.example.co.tz' },
    });
    try {
      const { phone } = await signUp(t);
      const res = await withUrl.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber: phone.local },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const code = await lastCodeFor(withUrl.dataDir, phone.e164);
      const [message] = await messagesTo(withUrl.dataDir, phone.e164);
      expect(message?.text.split('\n').at(-1)).toBe(`@makazi.example.co.tz #${code}`);
    } finally {
      await withUrl.close();
    }
  });

  it('answers 404 for a number nobody registered, and 400 for one that is not a number', async () => {
    const unknown = await post(t, '/api/auth/login', { phoneNumber: nextPhone().local });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No account uses this phone number. Register first.',
    });
    const invalid = await post(t, '/api/auth/login', { phoneNumber: '12' });
    expect(invalid.statusCode).toBe(400);
    expect(errorOf(invalid).details).toEqual([
      { field: 'phoneNumber', message: 'must be a Tanzanian mobile number such as 0712345678' },
    ]);
  });

  it('refuses a resend within 60 seconds with Retry-After, then allows it', async () => {
    const { phone } = await signUp(t);
    await sendCode(phone.e164);
    clock.advanceSeconds(45);
    const early = await post(t, '/api/auth/login', { phoneNumber: phone.local });
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('15');
    expect(errorOf(early)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'A code was just sent. You can ask for another in 15 seconds.',
    });
    clock.advanceSeconds(15);
    const onTime = await post(t, '/api/auth/login', { phoneNumber: phone.local });
    expect(onTime.statusCode, onTime.body).toBe(200);
    expect(await messagesTo(t.dataDir, phone.e164)).toHaveLength(2);
  });

  it('sends at most 5 codes to one phone in a rolling hour', async () => {
    const { phone } = await signUp(t);
    for (let i = 0; i < 5; i += 1) {
      await sendCode(phone.e164);
      clock.advanceSeconds(2 * MINUTE);
    }
    // The first of the five went out 10 minutes ago: the hour ends in 50 minutes.
    const sixth = await post(t, '/api/auth/login', { phoneNumber: phone.local });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe(String(50 * MINUTE));
    expect(errorOf(sixth).message).toBe(
      'Too many codes were sent to this phone. Try again in 50 minutes.',
    );
    expect(await messagesTo(t.dataDir, phone.e164)).toHaveLength(5);
    clock.advanceSeconds(50 * MINUTE);
    await sendCode(phone.e164);
  });

  it('sends at most CODES_PER_ADDRESS_PER_HOUR codes (20 here) for one address, whatever the phones; counted in the database', async () => {
    const address = nextAddress();
    const phones = await Promise.all(
      Array.from({ length: 21 }, async () => {
        const phone = nextPhone().e164;
        await insertUser(t.db, { phoneNumber: phone });
        return phone;
      }),
    );
    for (const phone of phones.slice(0, 20)) {
      const res = await post(limited, '/api/auth/login', { phoneNumber: phone }, { address });
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await post(limited, '/api/auth/login', { phoneNumber: phones[20] }, { address });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBe(60 * MINUTE);
    expect(errorOf(over).message).toBe(
      'Too many codes were asked for from this network. Try again in 1 hour.',
    );
    // The count lives in otp_challenges, not in this process: a new app on the same database agrees.
    const restarted = await createTestApp({ database: t.database, clock, env: LIMITED_ENV });
    try {
      const again = await restarted.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber: phones[20] },
        remoteAddress: address,
      });
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBe(String(60 * MINUTE));
    } finally {
      await restarted.close();
    }
    // Another address is not affected.
    await sendCode(phones[20]!);
  });

  it('counts a forwarded client address when TRUST_PROXY says a proxy is in front', async () => {
    const proxied = await createTestApp({
      database: t.database,
      clock,
      env: { TRUST_PROXY: '1' },
    });
    try {
      const proxy = nextAddress();
      const client = nextAddress();
      const phone = nextPhone().e164;
      await insertUser(t.db, { phoneNumber: phone });
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber: phone },
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.db
        .select({ requestIp: otpChallenges.requestIp })
        .from(otpChallenges)
        .innerJoin(users, eq(users.id, otpChallenges.userId))
        .where(eq(users.phoneNumber, phone));
      expect(row?.requestIp).toBe(client);
    } finally {
      await proxied.close();
    }
  });

  it('stops one address after twice CODES_PER_ADDRESS_PER_HOUR sign-in requests (40 here), before any database work', async () => {
    const address = nextAddress();
    for (let i = 0; i < 40; i += 1) {
      const res = await post(
        limited,
        '/api/auth/login',
        { phoneNumber: nextPhone().local },
        { address },
      );
      expect(res.statusCode).toBe(404);
    }
    const res = await post(
      limited,
      '/api/auth/login',
      { phoneNumber: nextPhone().local },
      { address },
    );
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });
});

describe('POST /api/auth/login when the SMS cannot be sent', () => {
  it('answers 503, leaves no usable code, and does not count the attempt', async () => {
    let failures = 1;
    const sent: string[] = [];
    const flaky: SmsGateway = {
      provider: 'beem',
      send(message) {
        if (failures > 0) {
          failures -= 1;
          return Promise.reject(new SmsDeliveryError('beem', 'provider answered 502'));
        }
        sent.push(message.text);
        return Promise.resolve();
      },
    };
    const lines: string[] = [];
    const failing = await createTestApp({
      database: t.database,
      clock,
      sms: flaky,
      logger: {
        level: 'info',
        stream: { write: (line: string) => void lines.push(line) },
      },
    });
    try {
      const { phone, userId } = await signUp(t);
      const inject = (url: string, payload: Record<string, string>) =>
        failing.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() });

      const res = await inject('/api/auth/login', { phoneNumber: phone.local });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res)).toEqual({
        statusCode: 503,
        code: 'SERVICE_UNAVAILABLE',
        message: 'The SMS could not be sent. Try again in a moment.',
      });
      const challenges = await t.db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.userId, userId));
      expect(challenges).toEqual([]);
      expect(lines.some((l) => l.includes('provider answered 502'))).toBe(true);

      const verifyRes = await inject('/api/auth/verify-otp', {
        phoneNumber: phone.local,
        otp: '123456',
      });
      expect(errorOf(verifyRes).code).toBe('OTP_EXPIRED');

      // Not counted: asking again at once is not "too soon".
      const retry = await inject('/api/auth/login', { phoneNumber: phone.local });
      expect(retry.statusCode, retry.body).toBe(200);
      const code = /\d{6}/.exec(sent[0]!)![0];
      expect(lines.some((l) => l.includes(code))).toBe(false);
      const ok = await inject('/api/auth/verify-otp', { phoneNumber: phone.local, otp: code });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      await failing.close();
    }
  });
});

describe('POST /api/auth/verify-otp', () => {
  it('exchanges the right code for tokens that open the profile', async () => {
    const { phone, userId } = await signUp(t, { firstName: 'Asha', lastName: 'Mrema' });
    const address = nextAddress();
    const code = await sendCode(phone.e164, address);
    const userAgent = `Mozilla/5.0 ${'x'.repeat(300)}`;
    const res = await post(
      t,
      '/api/auth/verify-otp',
      { phoneNumber: phone.local, otp: code },
      { address, headers: { 'user-agent': userAgent } },
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TVerifyOtpResponse>();
    expect(body).toEqual({
      access_token: expect.any(String) as string,
      refresh_token: expect.any(String) as string,
      username: 'Asha Mrema',
      sub: userId,
      expires_in: 900,
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const profile = await getProfile(userId, `Bearer ${body.access_token}`);
    expect(profile.statusCode, profile.body).toBe(200);
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.userId, userId));
    expect(session?.userAgent).toBe(userAgent.slice(0, 200));
  });

  it('counts wrong codes and locks after the fifth: then even the right code fails', async () => {
    const { phone } = await signUp(t);
    const code = await sendCode(phone.e164);
    for (let left = 4; left >= 1; left -= 1) {
      const res = await verify(phone.e164, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'OTP_INVALID',
        message: `The code is wrong. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      });
    }
    const fifth = await verify(phone.e164, wrong(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.headers['retry-after']).toBe(String(30 * MINUTE));
    expect(errorOf(fifth).message).toBe('Too many wrong codes. Try again in 30 minutes.');

    clock.advanceSeconds(MINUTE);
    const right = await verify(phone.e164, code);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe(String(29 * MINUTE));
    // No new code while locked either.
    const resend = await post(t, '/api/auth/login', { phoneNumber: phone.local });
    expect(resend.statusCode).toBe(429);
    expect(resend.headers['retry-after']).toBe(String(29 * MINUTE));
    expect(await messagesTo(t.dataDir, phone.e164)).toHaveLength(1);

    // When the lockout ends a new code comes with a fresh count.
    clock.advanceSeconds(29 * MINUTE);
    const fresh = await sendCode(phone.e164);
    const miss = await verify(phone.e164, wrong(fresh));
    expect(errorOf(miss).message).toBe('The code is wrong. 4 tries left.');
    expect((await verify(phone.e164, fresh)).statusCode).toBe(200);
  });

  it('keeps the failure count across a resend: 4 wrong, resend, 1 wrong → locked', async () => {
    const { phone } = await signUp(t);
    const first = await sendCode(phone.e164);
    for (let i = 0; i < 4; i += 1) {
      expect((await verify(phone.e164, wrong(first))).statusCode).toBe(400);
    }
    clock.advanceSeconds(MINUTE);
    const second = await sendCode(phone.e164);
    const miss = await verify(phone.e164, wrong(second));
    expect(miss.statusCode).toBe(429);
    expect(errorOf(miss).code).toBe('RATE_LIMITED');
    expect((await verify(phone.e164, second)).statusCode).toBe(429);
  });

  it('answers only the newest code: a resend replaces the earlier one', async () => {
    const { phone } = await signUp(t);
    const first = await sendCode(phone.e164);
    clock.advanceSeconds(MINUTE);
    let second = await sendCode(phone.e164);
    if (second === first) {
      // One in a million: ask once more so the codes differ.
      clock.advanceSeconds(MINUTE);
      second = await sendCode(phone.e164);
    }
    const old = await verify(phone.e164, first);
    expect(old.statusCode).toBe(400);
    expect(errorOf(old).code).toBe('OTP_INVALID');
    expect((await verify(phone.e164, second)).statusCode).toBe(200);
  });

  it('expires a code after 5 minutes', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const codeA = await sendCode(a.phone.e164);
    const codeB = await sendCode(b.phone.e164);
    clock.advanceSeconds(5 * MINUTE - 1);
    expect((await verify(a.phone.e164, codeA)).statusCode).toBe(200);
    clock.advanceSeconds(1);
    const late = await verify(b.phone.e164, codeB);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toMatchObject({
      code: 'OTP_EXPIRED',
      message: 'This code has expired. Ask for a new one.',
    });
  });

  it('accepts a code once', async () => {
    const { phone } = await signUp(t);
    const code = await sendCode(phone.e164);
    expect((await verify(phone.e164, code)).statusCode).toBe(200);
    const again = await verify(phone.e164, code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('OTP_EXPIRED');
  });

  it('issues exactly one session when the same code is answered concurrently', async () => {
    const { phone, userId } = await signUp(t);
    const code = await sendCode(phone.e164);
    const results = await Promise.all(Array.from({ length: 6 }, () => verify(phone.e164, code)));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(5);
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.userId, userId));
    expect(sessions).toHaveLength(1);
  });

  it('says expired when no code was ever sent, and the very same for a number without an account', async () => {
    const { phone } = await signUp(t);
    const none = await verify(phone.e164, '123456');
    expect(none.statusCode).toBe(400);
    const unknown = await verify(nextPhone().e164, '123456');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toBe(none.body);
    expect(errorOf(unknown)).toEqual({
      statusCode: 400,
      code: 'OTP_EXPIRED',
      message: 'This code has expired. Ask for a new one.',
    });
  });

  it('refuses a code that is not six digits, naming otp', async () => {
    const res = await verify(nextPhone().e164, '12345');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([
      { field: 'otp', message: 'must be the 6 digits of the code' },
    ]);
  });

  it('stops one address after twice CODES_PER_ADDRESS_PER_HOUR answers an hour (40 here), with Retry-After', async () => {
    const address = nextAddress();
    const answer = (phone: string) =>
      post(limited, '/api/auth/verify-otp', { phoneNumber: phone, otp: '123456' }, { address });
    for (let i = 0; i < 40; i += 1) {
      const res = await answer(nextPhone().e164);
      expect(res.statusCode).toBe(400);
    }
    const res = await answer(nextPhone().e164);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('spends a challenge in SQL only when it is newest, unspent, unexpired and not locked', async () => {
    // The guards of the single UPDATE that decides between concurrent answers, one by one.
    const repository = createAuthRepository(t.db);
    const now = clock();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    const fresh = async (options: { createdAt?: Date; failedAttempts?: number } = {}) => {
      const user = await insertUser(t.db, { phoneNumber: nextPhone().e164 });
      const createdAt = options.createdAt ?? now;
      const { id } = await repository.insertChallenge({
        userId: user.id,
        codeHash: 'x',
        failedAttempts: options.failedAttempts ?? 0,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + 300_000),
        requestIp: '192.0.2.1',
      });
      return { id, userId: user.id };
    };

    const once = await fresh();
    expect(await repository.consumeChallenge(once, now, 5)).toBe(true);
    expect(await repository.consumeChallenge(once, now, 5)).toBe(false);

    const racing = await fresh();
    const winners = await Promise.all(
      Array.from({ length: 5 }, () => repository.consumeChallenge(racing, now, 5)),
    );
    expect(winners.filter(Boolean)).toHaveLength(1);

    const locked = await fresh({ failedAttempts: 5 });
    expect(await repository.consumeChallenge(locked, now, 5)).toBe(false);

    const expired = await fresh();
    expect(await repository.consumeChallenge(expired, at(300), 5)).toBe(false);
    expect(await repository.consumeChallenge(expired, at(299), 5)).toBe(true);

    const older = await fresh();
    const { id: newerId } = await repository.insertChallenge({
      userId: older.userId,
      codeHash: 'y',
      failedAttempts: 0,
      createdAt: at(1),
      expiresAt: at(301),
      requestIp: '192.0.2.1',
    });
    expect(await repository.consumeChallenge(older, at(2), 5)).toBe(false);
    expect(await repository.consumeChallenge({ id: newerId, userId: older.userId }, at(2), 5)).toBe(
      true,
    );
  });

  it('counts a wrong answer in SQL only below the limit and while unspent', async () => {
    const repository = createAuthRepository(t.db);
    const user = await insertUser(t.db, { phoneNumber: nextPhone().e164 });
    const now = clock();
    const { id } = await repository.insertChallenge({
      userId: user.id,
      codeHash: 'x',
      failedAttempts: 3,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 300_000),
      requestIp: '192.0.2.1',
    });
    const counts = await Promise.all(
      Array.from({ length: 4 }, () => repository.recordFailedAttempt(id, 5)),
    );
    expect(counts.filter((c) => c !== undefined).sort()).toEqual([4, 5]);
    expect(await repository.recordFailedAttempt(id, 5)).toBeUndefined();
  });
});

describe('POST /api/auth/refresh-token', () => {
  const refresh = (refreshToken: string) => post(t, '/api/auth/refresh-token', { refreshToken });

  it('rotates: new tokens work, the spent refresh token does not', async () => {
    const signedIn = await signUpAndIn(t);
    const res = await refresh(signedIn.refreshToken);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TRefreshTokenResponse>();
    expect(body.expires_in).toBe(900);
    expect(body.refreshToken).not.toBe(signedIn.refreshToken);
    expect((await getProfile(signedIn.userId, `Bearer ${body.token}`)).statusCode).toBe(200);
    const next = await refresh(body.refreshToken);
    expect(next.statusCode).toBe(200);
    const spent = await refresh(signedIn.refreshToken);
    expect(spent.statusCode).toBe(401);
    expect(errorOf(spent)).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Your session has ended. Sign in again.',
    });
  });

  it('ends the whole session when a spent refresh token comes back', async () => {
    const signedIn = await signUpAndIn(t);
    const rotated = (await refresh(signedIn.refreshToken)).json<TRefreshTokenResponse>();
    // The stolen copy of the first token is presented.
    expect((await refresh(signedIn.refreshToken)).statusCode).toBe(401);
    // Neither the newest refresh token nor the access tokens of the session work any more.
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    expect((await getProfile(signedIn.userId, `Bearer ${rotated.token}`)).statusCode).toBe(401);
    expect((await getProfile(signedIn.userId, signedIn.auth.authorization)).statusCode).toBe(401);
    const [session] = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, signedIn.userId));
    expect(session?.revokedReason).toBe('refresh_token_reuse');
    // Other sessions of the same user are untouched.
    clock.advanceSeconds(MINUTE);
    const other = await signInAs(t, signedIn.phone);
    expect((await getProfile(signedIn.userId, other.auth.authorization)).statusCode).toBe(200);
  });

  it('refuses unknown and expired refresh tokens', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
    const signedIn = await signUpAndIn(t);
    clock.advanceSeconds(30 * 24 * 60 * MINUTE);
    const expired = await refresh(signedIn.refreshToken);
    expect(expired.statusCode).toBe(401);
    // An expired token was never rotated: presenting it is not reuse, the session is not revoked.
    const [session] = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, signedIn.userId));
    expect(session?.revokedAt).toBeNull();
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session: its refresh token and its access token stop working at once', async () => {
    const signedIn = await signUpAndIn(t);
    const res = await post(t, '/api/auth/logout', { refreshToken: signedIn.refreshToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User logged out successfully.' });
    const refreshed = await post(t, '/api/auth/refresh-token', {
      refreshToken: signedIn.refreshToken,
    });
    expect(refreshed.statusCode).toBe(401);
    const profile = await getProfile(signedIn.userId, signedIn.auth.authorization);
    expect(profile.statusCode).toBe(401);
    expect(profile.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    const [session] = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, signedIn.userId));
    expect(session?.revokedReason).toBe('logout');
  });

  it('answers the same for an unknown or already used token', async () => {
    const signedIn = await signUpAndIn(t);
    for (const refreshToken of ['unknown', signedIn.refreshToken, signedIn.refreshToken]) {
      const res = await post(t, '/api/auth/logout', { refreshToken });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'User logged out successfully.' });
    }
  });
});

describe('access tokens', () => {
  const key = (secret: string) => new TextEncoder().encode(secret);
  const forge = async (
    claims: { sub: string; sid: string },
    options: {
      secret?: string;
      alg?: string;
      iss?: string;
      aud?: string;
      typ?: string;
      exp?: number;
      iat?: number;
    } = {},
  ) => {
    const now = Math.floor(clock().getTime() / 1000);
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: options.typ ?? JWT_TYPE })
      .setSubject(claims.sub)
      .setIssuer(options.iss ?? JWT_ISSUER)
      .setAudience(options.aud ?? JWT_AUDIENCE)
      .setIssuedAt(options.iat ?? now)
      .setExpirationTime(options.exp ?? now + 900)
      .sign(key(options.secret ?? t.jwtSecret));
  };
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts a well-formed token and refuses every forgery with invalid_token', async () => {
    const signedIn = await signUpAndIn(t);
    const [session] = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, signedIn.userId));
    const claims = { sub: signedIn.userId, sid: session!.id };
    expect((await getProfile(signedIn.userId, `Bearer ${await forge(claims)}`)).statusCode).toBe(
      200,
    );

    const now = Math.floor(clock().getTime() / 1000);
    const [header, payload] = signedIn.accessToken.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const forgeries: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: JWT_TYPE })}.${payload}.`,
      'another secret': await forge(claims, { secret: 'another-secret-another-secret-12345' }),
      HS512: await forge(claims, { alg: 'HS512' }),
      'another issuer': await forge(claims, { iss: 'someone-else' }),
      'another audience': await forge(claims, { aud: 'another-api' }),
      'another type': await forge(claims, { typ: 'JWT' }),
      expired: await forge(claims, { iat: now - 1000, exp: now - 1 }),
      'tampered payload': `${header}.${b64({ ...decoded, sub: '00000000-0000-4000-8000-000000000000' })}.${signedIn.accessToken.split('.')[2]}`,
      'sid not a uuid': await forge({ sub: claims.sub, sid: 'session-1' }),
      'unknown session': await forge({
        sub: claims.sub,
        sid: '00000000-0000-4000-8000-000000000000',
      }),
      garbage: 'abc.def.ghi',
    };
    for (const [name, token] of Object.entries(forgeries)) {
      const res = await getProfile(signedIn.userId, `Bearer ${token}`);
      expect(res.statusCode, name).toBe(401);
      expect(res.headers['www-authenticate'], name).toBe('Bearer error="invalid_token"');
      expect(errorOf(res).code, name).toBe('UNAUTHORIZED');
    }
  });

  it('expires a real token after 15 minutes', async () => {
    const signedIn = await signUpAndIn(t);
    clock.advanceSeconds(15 * MINUTE - 1);
    expect((await getProfile(signedIn.userId, signedIn.auth.authorization)).statusCode).toBe(200);
    clock.advanceSeconds(1);
    expect((await getProfile(signedIn.userId, signedIn.auth.authorization)).statusCode).toBe(401);
  });

  it('asks for a bearer token when none is given', async () => {
    const signedIn = await signUpAndIn(t);
    for (const authorization of [undefined, 'Basic dXNlcjpwYXNz', '']) {
      const res = await getProfile(signedIn.userId, authorization);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(errorOf(res)).toMatchObject({ code: 'UNAUTHORIZED', message: 'Sign in to continue.' });
    }
  });

  it('stops working when the user is deleted', async () => {
    const signedIn = await signUpAndIn(t);
    await t.db.execute(sql`delete from users where id = ${signedIn.userId}`);
    expect((await getProfile(signedIn.userId, signedIn.auth.authorization)).statusCode).toBe(401);
  });
});

describe('the outbox', () => {
  it('holds one JSON line per message with to, text and at', async () => {
    const { phone } = await signUp(t);
    await sendCode(phone.e164);
    const line = (await readOutbox(t.dataDir)).find((l) => l.to === phone.e164);
    expect(line).toEqual({
      to: phone.e164,
      text: expect.any(String) as string,
      at: expect.any(String) as string,
    });
    expect(Number.isNaN(Date.parse(line!.at))).toBe(false);
  });
});

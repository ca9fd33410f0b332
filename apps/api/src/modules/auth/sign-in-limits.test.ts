import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import { smsBudget } from '../../db/schema';
import { SmsDeliveryError, type SmsGateway, type SmsMessage } from '../../gateways/sms/sms-gateway';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import { nextAddress, nextPhone, post } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { OTP_SENDS_PER_PHONE_PER_HOUR } from './auth.service';

/*
 * Issue 14: limits that fit Tanzanian mobile networks. A carrier puts thousands of subscribers
 * behind one public address (carrier-grade NAT): per-address limits are a coarse flood guard,
 * per-phone limits the real one, and a global SMS budget protects the bill.
 */

/** Keeps every SMS in memory, by phone: codes read without a file per sign-in. */
function capturingSms(): SmsGateway & { lastCodeFor(phone: string): string } {
  const byPhone = new Map<string, SmsMessage[]>();
  return {
    provider: 'outbox',
    send(message) {
      byPhone.set(message.to, [...(byPhone.get(message.to) ?? []), message]);
      return Promise.resolve();
    },
    lastCodeFor(phone) {
      const code = /\b(\d{6})\b/.exec(byPhone.get(phone)?.at(-1)?.text ?? '')?.[1];
      if (!code) throw new Error(`no code sent to ${phone}`);
      return code;
    },
  };
}

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

describe('one carrier address, default limits', () => {
  const sms = capturingSms();
  const clock = createFakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock, sms });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs up and signs in 200 different phones within a minute, every one', async () => {
    const carrier = nextAddress();
    const statuses = new Map<string, number>();
    const count = (step: string, status: number) => {
      const key = `${step} ${status}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    };
    for (let i = 0; i < 200; i += 1) {
      const phone = nextPhone();
      const asCarrier = { address: carrier };
      const signup = await post(
        t,
        '/api/auth/signup',
        { firstName: 'Neema', lastName: 'Mushi', phoneNumber: phone.local },
        asCarrier,
      );
      count('signup', signup.statusCode);
      const login = await post(t, '/api/auth/login', { phoneNumber: phone.local }, asCarrier);
      count('login', login.statusCode);
      const verify = await post(
        t,
        '/api/auth/verify-otp',
        { phoneNumber: phone.local, otp: sms.lastCodeFor(phone.e164) },
        asCarrier,
      );
      count('verify', verify.statusCode);
      // Spread over the minute, as the app's clock sees it.
      clock.advance(250);
    }
    expect(Object.fromEntries(statuses)).toEqual({
      'signup 201': 200,
      'login 200': 200,
      'verify 200': 200,
    });
  });

  it(`refuses the ${OTP_SENDS_PER_PHONE_PER_HOUR + 1}th code to one phone within the hour, however quiet the address`, async () => {
    const phone = nextPhone();
    await post(t, '/api/auth/signup', {
      firstName: 'Juma',
      lastName: 'Ally',
      phoneNumber: phone.local,
    });
    // A new address each time: the phone's own limit speaks, not the address's.
    for (let i = 0; i < OTP_SENDS_PER_PHONE_PER_HOUR; i += 1) {
      const res = await post(t, '/api/auth/login', { phoneNumber: phone.local });
      expect(res.statusCode, res.body).toBe(200);
      clock.advanceSeconds(61);
    }
    const sixth = await post(t, '/api/auth/login', { phoneNumber: phone.local });
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).message).toMatch(/^Too many codes were sent to this phone\./);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the SMS budget', () => {
  const sms = capturingSms();
  // 10:30 EAT: the hour ends at 08:00 UTC, the East Africa day at 21:00 UTC.
  let clock: FakeClock;
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    clock = createFakeClock(new Date('2026-11-25T07:30:00.000Z'));
    // A database of its own: the budget counts every code sent on it.
    t = await createTestApp({
      clock,
      sms,
      env: { SMS_BUDGET_PER_HOUR: '10', SMS_BUDGET_PER_DAY: '12' },
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  async function register(): Promise<string> {
    const phone = nextPhone();
    const res = await post(t, '/api/auth/signup', {
      firstName: 'Asha',
      lastName: 'Mrema',
      phoneNumber: phone.local,
    });
    expect(res.statusCode, res.body).toBe(201);
    return phone.e164;
  }
  const askForCode = (phone: string) => post(t, '/api/auth/login', { phoneNumber: phone });
  const budgetWarnings = () => lines.filter((line) => line.includes('SMS budget'));

  it('keeps the last tenth for people who signed in before, then trips exactly at its limit', async () => {
    // Two people who have signed in before (2 codes of the hour's 10).
    const returning: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const phone = await register();
      expect((await askForCode(phone)).statusCode).toBe(200);
      const verify = await post(t, '/api/auth/verify-otp', {
        phoneNumber: phone,
        otp: sms.lastCodeFor(phone),
      });
      expect(verify.statusCode, verify.body).toBe(200);
      returning.push(phone);
    }
    // Newcomers get 9 of the 10: 7 more.
    for (let i = 0; i < 7; i += 1) {
      const res = await askForCode(await register());
      expect(res.statusCode, res.body).toBe(200);
    }
    const newcomer = await askForCode(await register());
    expect(newcomer.statusCode).toBe(503);
    expect(errorOf(newcomer)).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Sign-in codes cannot be sent right now. Try again in 30 minutes.',
    });
    expect(newcomer.headers['retry-after']).toBe(String(30 * 60));

    // The tenth goes to someone who signed in before; the eleventh to nobody.
    clock.advanceSeconds(61);
    expect((await askForCode(returning[0]!)).statusCode).toBe(200);
    const eleventh = await askForCode(returning[1]!);
    expect(eleventh.statusCode).toBe(503);
    expect(Number(eleventh.headers['retry-after'])).toBe(30 * 60 - 61);

    // One warning for the hour, however many codes it refused.
    expect(budgetWarnings()).toHaveLength(1);
    expect(budgetWarnings()[0]).toContain('SMS_BUDGET_PER_HOUR');
  });

  it('counts the East Africa day across hours', async () => {
    // The next hour: 10 of the day's 12 are spent, newcomers may use 10 of them: none left.
    clock.set(new Date('2026-11-25T08:00:00.000Z'));
    const newcomer = await askForCode(await register());
    expect(newcomer.statusCode).toBe(503);
    expect(newcomer.headers['retry-after']).toBe(String(13 * 60 * 60));
    expect(budgetWarnings().at(-1)).toContain('SMS_BUDGET_PER_DAY');

    // 21:00 UTC is midnight in Dar es Salaam: a new day, a new budget.
    clock.set(new Date('2026-11-25T21:00:00.000Z'));
    expect((await askForCode(await register())).statusCode).toBe(200);
  });

  it('gives back what a code that could not be sent counted', async () => {
    clock.set(new Date('2026-11-26T06:00:00.000Z'));
    const hourSent = async () => {
      const [row] = await t.db
        .select({ sent: smsBudget.sent })
        .from(smsBudget)
        .where(and(eq(smsBudget.span, 'hour'), eq(smsBudget.windowStart, clock())));
      return row?.sent;
    };
    const failing = await createTestApp({
      database: t.database,
      clock,
      env: { SMS_BUDGET_PER_HOUR: '10', SMS_BUDGET_PER_DAY: '12' },
      sms: {
        provider: 'beem',
        send: () => Promise.reject(new SmsDeliveryError('beem', 'provider answered 502')),
      },
    });
    try {
      const refused = await failing.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { phoneNumber: await register() },
        remoteAddress: nextAddress(),
      });
      expect(refused.statusCode).toBe(503);
      expect(errorOf(refused).message).toBe('The SMS could not be sent. Try again in a moment.');
    } finally {
      await failing.close();
    }
    expect(await hourSent()).toBe(0);
    expect((await askForCode(await register())).statusCode).toBe(200);
    expect(await hourSent()).toBe(1);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TProperty } from '@makazi/contracts/properties';
import type { TOwnerPhoneCodeResponse, TOwnerPhonesResponse } from '@makazi/contracts/trust';
import { smsBudgetWindows } from '../../db/sms-budget';
import { ownerPhoneChallenges, properties, smsBudget } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import { insertProperty } from '../../test/factories';
import { lastCodeFor, messagesTo } from '../../test/outbox';
import { nextPhone, signInAs, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Verified owner phones (issue 20): a listing shows "Verified phone" when its contact number is
 * its publisher's sign-in number or one they answered a code sent to; codes go only to numbers on
 * the publisher's own listings, with the sign-in code's rules.
 */

const START = new Date('2026-03-02T08:00:00.000Z');
const clock = createFakeClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(START);
});

const send = (who: SignedIn, phoneNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/owner-phones/codes',
    headers: who.auth,
    payload: { phoneNumber },
  });
const verify = (who: SignedIn, phoneNumber: string, code: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/owner-phones/verify',
    headers: who.auth,
    payload: { phoneNumber, code },
  });
const publicCard = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/properties/${id}` })).json<TProperty>();

describe('verified owner phones', () => {
  it('counts the sign-in number as verified at once, with no text', async () => {
    const owner = await signUpAndIn(t);
    const listing = await insertProperty(t.db, {
      publishedBy: owner.userId,
      ownerPhoneNumber: owner.phone,
    });
    expect((await publicCard(listing.id)).contactVerified).toBe(true);
    const res = await send(owner, owner.phone);
    expect(res.json<TOwnerPhoneCodeResponse>()).toMatchObject({ verified: true });
    // Only the sign-in code so far.
    expect(await messagesTo(t.dataDir, owner.phone)).toHaveLength(1);
  });

  it('verifies another number on the publisher’s listing with a code sent to it', async () => {
    const owner = await signUpAndIn(t);
    const phone = nextPhone();
    const listing = await insertProperty(t.db, {
      publishedBy: owner.userId,
      ownerPhoneNumber: phone.e164,
    });
    expect((await publicCard(listing.id)).contactVerified).toBe(false);

    const sent = await send(owner, phone.local);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<TOwnerPhoneCodeResponse>()).toMatchObject({
      phoneNumber: phone.e164,
      verified: false,
      expiresInSeconds: 300,
    });
    const code = await lastCodeFor(t.dataDir, phone.e164);
    const wrong = await verify(owner, phone.local, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<{ code: string }>().code).toBe('OTP_INVALID');
    expect((await publicCard(listing.id)).contactVerified).toBe(false);

    const right = await verify(owner, phone.local, code);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<TOwnerPhonesResponse>().map((row) => row.phoneNumber)).toEqual([
      owner.phone,
      phone.e164,
    ]);
    expect((await publicCard(listing.id)).contactVerified).toBe(true);
  });

  it('sends codes only to numbers on the publisher’s own listings', async () => {
    const owner = await signUpAndIn(t);
    const stranger = nextPhone();
    const res = await send(owner, stranger.local);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('not the contact number of any of your listings');
    expect(await messagesTo(t.dataDir, stranger.e164)).toHaveLength(0);
  });

  it('sends codes only for a listing submitted for review or live, never for a draft', async () => {
    const owner = await signUpAndIn(t);
    const phone = nextPhone();
    const listing = await insertProperty(t.db, {
      publishedBy: owner.userId,
      ownerPhoneNumber: phone.e164,
      status: 'draft',
    });
    const early = await send(owner, phone.e164);
    expect(early.statusCode).toBe(400);
    const refusal = early.json<{ code: string; details: { field: string; message: string }[] }>();
    expect(refusal.code).toBe('VALIDATION_FAILED');
    expect(refusal.details[0]?.field).toBe('phoneNumber');
    expect(refusal.details[0]?.message).toContain('submit the listing');
    await insertProperty(t.db, {
      publishedBy: owner.userId,
      ownerPhoneNumber: phone.e164,
      status: 'rejected',
    });
    expect((await send(owner, phone.e164)).statusCode).toBe(400);
    expect(await messagesTo(t.dataDir, phone.e164)).toHaveLength(0);
    // Submitted for review: now it may be verified.
    await t.db.update(properties).set({ status: 'pending' }).where(eq(properties.id, listing.id));
    expect((await send(owner, phone.e164)).statusCode).toBe(200);
    expect(await messagesTo(t.dataDir, phone.e164)).toHaveLength(1);
  });

  it('sends at most 10 codes an East Africa day for one person, whatever the numbers', async () => {
    let owner = await signUpAndIn(t);
    const phones = Array.from({ length: 11 }, () => nextPhone());
    for (const phone of phones) {
      await insertProperty(t.db, { publishedBy: owner.userId, ownerPhoneNumber: phone.e164 });
    }
    // From 11:00 EAT: five an hour, two hours apart (signing in again), all within the day.
    for (const [i, phone] of phones.slice(0, 10).entries()) {
      if (i === 5) {
        clock.advance(2 * 3_600_000);
        owner = await signInAs(t, owner.phone);
      }
      expect((await send(owner, phone.e164)).statusCode, `code ${i + 1}`).toBe(200);
    }
    clock.advance(2 * 3_600_000);
    owner = await signInAs(t, owner.phone);
    const eleventh = await send(owner, phones[10]!.e164);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json<{ message: string }>().message).toContain('10 codes today');
    // 15:00 EAT: the day ends at midnight, nine hours on.
    expect(Number(eleventh.headers['retry-after'])).toBe(9 * 3600);
    expect(await messagesTo(t.dataDir, phones[10]!.e164)).toHaveLength(0);
  });

  it('counts each code in the global SMS budget, and sends none once its share is spent', async () => {
    const owner = await signUpAndIn(t);
    const [first, second] = [nextPhone(), nextPhone()];
    for (const phone of [first, second]) {
      await insertProperty(t.db, { publishedBy: owner.userId, ownerPhoneNumber: phone.e164 });
    }
    const [hour] = smsBudgetWindows(clock(), t.config.limits, 1);
    const sentThisHour = async () => {
      const [row] = await t.db
        .select({ sent: smsBudget.sent })
        .from(smsBudget)
        .where(and(eq(smsBudget.span, 'hour'), eq(smsBudget.windowStart, hour!.start)));
      return row?.sent ?? 0;
    };
    const before = await sentThisHour();
    expect((await send(owner, first.e164)).statusCode).toBe(200);
    expect(await sentThisHour()).toBe(before + 1);

    // The hour at 90 %: the last tenth is kept for people signing in.
    const limit = Math.floor(t.config.limits.smsPerHour * 0.9);
    const setSentThisHour = (sent: number) =>
      t.db
        .update(smsBudget)
        .set({ sent })
        .where(and(eq(smsBudget.span, 'hour'), eq(smsBudget.windowStart, hour!.start)));
    await setSentThisHour(limit);
    try {
      const refused = await send(owner, second.e164);
      expect(refused.statusCode).toBe(503);
      // 11:00 EAT on the hour: the window ends in an hour.
      expect(Number(refused.headers['retry-after'])).toBe(3600);
      expect(await messagesTo(t.dataDir, second.e164)).toHaveLength(0);
      expect(await sentThisHour()).toBe(limit);
    } finally {
      // The other tests of this file sign in within the same hour.
      await setSentThisHour(before + 1);
    }
    // The code that was never sent is gone: it cannot be answered and holds no resend delay.
    const open = await t.db
      .select()
      .from(ownerPhoneChallenges)
      .where(eq(ownerPhoneChallenges.phoneNumber, second.e164));
    expect(open).toEqual([]);
  });

  it('sends one code a minute and at most 3 an hour to one number', async () => {
    const owner = await signUpAndIn(t);
    const phone = nextPhone();
    await insertProperty(t.db, { publishedBy: owner.userId, ownerPhoneNumber: phone.e164 });
    expect((await send(owner, phone.e164)).statusCode).toBe(200);
    const soon = await send(owner, phone.e164);
    expect(soon.statusCode).toBe(429);
    expect(soon.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 2; i += 1) {
      clock.advance(61_000);
      expect((await send(owner, phone.e164)).statusCode).toBe(200);
    }
    clock.advance(61_000);
    expect((await send(owner, phone.e164)).statusCode).toBe(429);
    expect(await messagesTo(t.dataDir, phone.e164)).toHaveLength(3);
  });

  it('sends at most 5 codes an hour for one person, whatever the numbers', async () => {
    const owner = await signUpAndIn(t);
    const phones = Array.from({ length: 6 }, () => nextPhone());
    for (const phone of phones) {
      await insertProperty(t.db, { publishedBy: owner.userId, ownerPhoneNumber: phone.e164 });
    }
    for (const phone of phones.slice(0, 5)) {
      expect((await send(owner, phone.e164)).statusCode).toBe(200);
    }
    const sixth = await send(owner, phones[5]!.e164);
    expect(sixth.statusCode).toBe(429);
    expect(await messagesTo(t.dataDir, phones[5]!.e164)).toHaveLength(0);
  });

  it('locks a code after five wrong answers, and refuses an expired one', async () => {
    const owner = await signUpAndIn(t);
    const phone = nextPhone();
    await insertProperty(t.db, { publishedBy: owner.userId, ownerPhoneNumber: phone.e164 });
    await send(owner, phone.e164);
    const code = await lastCodeFor(t.dataDir, phone.e164);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1)
      expect((await verify(owner, phone.e164, wrong)).statusCode).toBe(400);
    expect((await verify(owner, phone.e164, code)).statusCode).toBe(429);

    clock.advance(61_000);
    await send(owner, phone.e164);
    const fresh = await lastCodeFor(t.dataDir, phone.e164);
    clock.advance(301_000);
    const late = await verify(owner, phone.e164, fresh);
    expect(late.json<{ code: string }>().code).toBe('OTP_EXPIRED');
  });
});

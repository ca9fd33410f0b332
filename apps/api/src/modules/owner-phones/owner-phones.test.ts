import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TProperty } from '@makazi/contracts/properties';
import type { TOwnerPhoneCodeResponse, TOwnerPhonesResponse } from '@makazi/contracts/trust';
import { createFakeClock } from '../../test/fake-clock';
import { insertProperty } from '../../test/factories';
import { lastCodeFor, messagesTo } from '../../test/outbox';
import { nextPhone, signUpAndIn, type SignedIn } from '../../test/sign-in';
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

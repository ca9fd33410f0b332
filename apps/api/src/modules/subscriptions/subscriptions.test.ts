import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TContactResponse, TSubscriptionStatusResponse } from '@makazi/contracts/payments';
import { payments, subscriptions } from '../../db/schema';
import { signInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import { insertPlan, insertProperty } from '../../test/factories';
import { signInAs, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { accessEndsAt } from './subscriptions.service';

const DAY = 24 * 60 * 60 * 1000;
const clock = createFakeClock(new Date('2026-03-01T08:00:00.000Z'));

let t: TestApp;
let planId: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  planId = (
    await insertPlan(t.db, {
      kind: 'subscription',
      durationDays: 7,
      priceTzs: 5_000,
      features: { en: ['See owners’ phone numbers'], sw: ['Ona namba za wamiliki'] },
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

/** A subscription as the payments module grants it: a succeeded payment and its window. */
async function insertSubscription(userId: string, startsAt: Date, endsAt: Date): Promise<void> {
  const now = clock();
  const [payment] = await t.db
    .insert(payments)
    .values({
      userId,
      purpose: 'subscription',
      planId,
      amountTzs: 5_000,
      provider: 'simulator',
      network: 'mpesa',
      payerPhone: '+255700000001',
      status: 'succeeded',
      idempotencyKey: randomUUID(),
      createdAt: now,
      updatedAt: now,
      completedAt: now,
    })
    .returning({ id: payments.id });
  await t.db
    .insert(subscriptions)
    .values({ userId, paymentId: payment!.id, startsAt, endsAt, createdAt: now });
}

const at = (msFromNow: number) => new Date(clock().getTime() + msFromNow);

/** Moves time on; access tokens live 15 minutes, so the user signs in again. */
async function advance(ms: number, who: SignedIn): Promise<SignedIn> {
  clock.advance(ms);
  return signInAs(t, who.phone);
}

const status = (userId: string, who: SignedIn | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `/api/subscription/status/${userId}`,
    headers: who ? who.auth : {},
  });

const contact = (propertyId: string, who: SignedIn | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `/api/properties/${propertyId}/contact`,
    headers: who ? who.auth : {},
  });

const statusOf = (res: { json: <T>() => T }) => res.json<TSubscriptionStatusResponse>().data;
const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

describe('GET /api/subscription/status/:userId', () => {
  it('is inactive, with no end, for a user who never subscribed; never cached', async () => {
    const asha = await signUpAndIn(t);
    const res = await status(asha.userId, asha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { isActive: false, endsAt: null } });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('is active within a subscription and inactive from the moment it ends', async () => {
    let asha = await signUpAndIn(t);
    const endsAt = at(7 * DAY);
    await insertSubscription(asha.userId, at(-1000), endsAt);

    expect(statusOf(await status(asha.userId, asha))).toEqual({
      isActive: true,
      endsAt: endsAt.toISOString(),
    });

    asha = await advance(7 * DAY - 60_000, asha);
    expect(statusOf(await status(asha.userId, asha)).isActive).toBe(true);

    asha = await advance(60_000, asha); // exactly ends_at: over
    expect(statusOf(await status(asha.userId, asha))).toEqual({ isActive: false, endsAt: null });

    asha = await advance(DAY, asha);
    expect(statusOf(await status(asha.userId, asha))).toEqual({ isActive: false, endsAt: null });
  });

  it('is inactive before a subscription starts', async () => {
    const asha = await signUpAndIn(t);
    await insertSubscription(asha.userId, at(DAY), at(8 * DAY));
    expect(statusOf(await status(asha.userId, asha))).toEqual({ isActive: false, endsAt: null });
  });

  it('ends when the subscription queued after the running one ends, and stays active through it', async () => {
    let asha = await signUpAndIn(t);
    const firstEnds = at(7 * DAY);
    const secondEnds = at(14 * DAY);
    await insertSubscription(asha.userId, at(-DAY), firstEnds);
    await insertSubscription(asha.userId, firstEnds, secondEnds);

    expect(statusOf(await status(asha.userId, asha))).toEqual({
      isActive: true,
      endsAt: secondEnds.toISOString(),
    });

    asha = await advance(8 * DAY, asha); // into the second one
    expect(statusOf(await status(asha.userId, asha))).toEqual({
      isActive: true,
      endsAt: secondEnds.toISOString(),
    });

    asha = await advance(6 * DAY, asha);
    expect(statusOf(await status(asha.userId, asha))).toEqual({ isActive: false, endsAt: null });
  });

  it("refuses another user's status with 403", async () => {
    const asha = await signUpAndIn(t);
    const juma = await signUpAndIn(t);
    await insertSubscription(juma.userId, at(-1000), at(DAY));
    const res = await status(juma.userId, asha);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('FORBIDDEN');
    expect(res.body).not.toContain('isActive');
  });

  it('asks an anonymous caller to sign in', async () => {
    const asha = await signUpAndIn(t);
    const res = await status(asha.userId, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(errorOf(res).code).toBe('UNAUTHORIZED');
  });

  it('refuses a user id that is not a uuid, naming userId', async () => {
    const asha = await signUpAndIn(t);
    const res = await status('me', asha);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details?.map((d) => d.field)).toEqual(['userId']);
  });
});

describe('accessEndsAt', () => {
  const now = new Date('2026-01-10T00:00:00.000Z');
  const d = (day: number) => new Date(Date.UTC(2026, 0, day));

  it('follows overlapping and back-to-back windows, and stops at a gap', () => {
    expect(
      accessEndsAt(
        [
          { startsAt: d(1), endsAt: d(12) },
          { startsAt: d(5), endsAt: d(15) },
          { startsAt: d(15), endsAt: d(20) },
          { startsAt: d(21), endsAt: d(30) },
        ],
        now,
      ),
    ).toEqual(d(20));
  });

  it('is undefined when only future windows remain', () => {
    expect(accessEndsAt([{ startsAt: d(11), endsAt: d(20) }], now)).toBeUndefined();
    expect(accessEndsAt([], now)).toBeUndefined();
  });
});

describe('GET /api/properties/:id/contact', () => {
  const phone = '+255754123456';

  it('asks an anonymous caller to sign in', async () => {
    const listing = await insertProperty(t.db, { ownerPhoneNumber: phone });
    const res = await contact(listing.id, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).not.toContain(phone);
  });

  it('answers 402 to a signed-in user without a subscription', async () => {
    const asha = await signUpAndIn(t);
    const listing = await insertProperty(t.db, { ownerPhoneNumber: phone });
    const res = await contact(listing.id, asha);
    expect(res.statusCode).toBe(402);
    expect(errorOf(res)).toEqual({
      statusCode: 402,
      code: 'PAYMENT_REQUIRED',
      message: 'Subscribe to see the owner’s phone number.',
    });
    expect(res.body).not.toContain(phone);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('shows a subscriber the owner’s name and E.164 phone, uncached; 402 once it has expired', async () => {
    let asha = await signUpAndIn(t);
    await insertSubscription(asha.userId, at(-1000), at(DAY));
    const listing = await insertProperty(t.db, {
      ownerName: 'Mama Neema',
      ownerPhoneNumber: phone,
    });

    const res = await contact(listing.id, asha);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TContactResponse>()).toEqual({ ownerName: 'Mama Neema', phoneNumber: phone });
    expect(res.headers['cache-control']).toBe('private, no-store');

    asha = await advance(DAY, asha);
    const expired = await contact(listing.id, asha);
    expect(expired.statusCode).toBe(402);
    expect(expired.body).not.toContain(phone);
  });

  it('shows the owner their own contact, also on a listing still pending review', async () => {
    const owner = await signUpAndIn(t);
    for (const status of ['approved', 'pending', 'draft', 'rejected'] as const) {
      const listing = await insertProperty(t.db, {
        status,
        publishedBy: owner.userId,
        ownerName: 'Baba Juma',
        ownerPhoneNumber: phone,
      });
      const res = await contact(listing.id, owner);
      expect(res.statusCode, status).toBe(200);
      expect(res.json<TContactResponse>(), status).toEqual({
        ownerName: 'Baba Juma',
        phoneNumber: phone,
      });
    }
  });

  it('answers 404 for a listing that is not approved, even to a subscriber, and to its owner once deleted', async () => {
    const owner = await signUpAndIn(t);
    const subscriber = await signUpAndIn(t);
    await insertSubscription(subscriber.userId, at(-1000), at(DAY));
    for (const status of ['pending', 'draft', 'rejected', 'archived'] as const) {
      const listing = await insertProperty(t.db, {
        status,
        publishedBy: owner.userId,
        ownerPhoneNumber: phone,
      });
      const res = await contact(listing.id, subscriber);
      expect(res.statusCode, status).toBe(404);
      expect(errorOf(res).code, status).toBe('NOT_FOUND');
      expect(res.body).not.toContain(phone);
    }
    const deleted = await insertProperty(t.db, { status: 'archived', publishedBy: owner.userId });
    expect((await contact(deleted.id, owner)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 400 for one that is not a uuid', async () => {
    const asha = await signUpAndIn(t);
    await insertSubscription(asha.userId, at(-1000), at(DAY));
    expect((await contact(randomUUID(), asha)).statusCode).toBe(404);
    const bad = await contact('not-an-id', asha);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).details?.map((d) => d.field)).toEqual(['id']);
  });

  it('leaves the public detail and list without the phone number, even for a subscriber', async () => {
    const asha = await signUpAndIn(t);
    await insertSubscription(asha.userId, at(-1000), at(DAY));
    const listing = await insertProperty(t.db, { ownerPhoneNumber: '+255754999111' });
    expect((await contact(listing.id, asha)).statusCode).toBe(200);

    for (const headers of [{}, asha.auth]) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/properties/${listing.id}`,
        headers,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.body).not.toContain('ownerPhoneNumber');
      expect(detail.body).not.toContain('754999111');

      const list = await t.app.inject({ method: 'GET', url: '/api/properties', headers });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.body).toContain(listing.id);
      expect(list.body).not.toContain('ownerPhoneNumber');
      expect(list.body).not.toContain('754999111');
    }
  });
});

describe('GET /api/properties/:id/contact with an admin token', () => {
  const phone = '+255754777888';
  const asAdmin = (propertyId: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/properties/${propertyId}/contact`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('shows the contact of any listing not deleted, whatever its status, without a subscription', async () => {
    const admin = await signInAdmin(t.app);
    for (const status of ['approved', 'pending', 'draft', 'rejected'] as const) {
      const listing = await insertProperty(t.db, {
        status,
        ownerName: 'Bi Rehema',
        ownerPhoneNumber: phone,
      });
      const res = await asAdmin(listing.id, admin.token);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      expect(res.json<TContactResponse>()).toEqual({ ownerName: 'Bi Rehema', phoneNumber: phone });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('answers 404 for a deleted listing or an unknown id', async () => {
    const admin = await signInAdmin(t.app);
    const deleted = await insertProperty(t.db, { status: 'archived', ownerPhoneNumber: phone });
    for (const id of [deleted.id, randomUUID()]) {
      const res = await asAdmin(id, admin.token);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(phone);
    }
  });

  it('stops answering once the admin has logged out', async () => {
    const admin = await signInAdmin(t.app);
    const listing = await insertProperty(t.db, { ownerPhoneNumber: phone });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(logout.statusCode).toBe(204);
    const res = await asAdmin(listing.id, admin.token);
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(phone);
  });
});

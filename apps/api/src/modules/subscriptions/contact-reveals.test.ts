import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TContactResponse } from '@makazi/contracts/payments';
import type { TContactReveal } from '@makazi/contracts/trust';
import { contactReveals, properties } from '../../db/schema';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import { signInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import {
  insertPaidSubscription,
  insertPlan,
  insertProperty,
  type PropertyRow,
} from '../../test/factories';
import { signInAs, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Every owner's phone number shown to a subscriber is recorded, and a subscriber sees the
 * contacts of at most CONTACT_REVEALS_PER_DAY distinct listings per East Africa day (3 here, so
 * the cap is reached in a few requests). The clock stands at 11:00 EAT (08:00 UTC): the day ends
 * at 21:00 UTC, 13 hours later.
 */

const CAP = 3;
const START = new Date('2026-03-02T08:00:00.000Z');
const clock = createFakeClock(START);

let t: TestApp;
let planId: string;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { CONTACT_REVEALS_PER_DAY: String(CAP) } });
  planId = (
    await insertPlan(t.db, {
      kind: 'subscription',
      durationDays: 30,
      priceTzs: 10_000,
      features: { en: [], sw: [] },
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(START);
});

/** A subscriber: signed in, with a subscription running for 30 days from now. */
async function subscriber(): Promise<SignedIn> {
  const who = await signUpAndIn(t);
  await insertPaidSubscription(t.db, { userId: who.userId, planId, now: clock() });
  return who;
}

const contact = (propertyId: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/properties/${propertyId}/contact`, headers });

const listings = (n: number): Promise<PropertyRow[]> =>
  Promise.all(Array.from({ length: n }, () => insertProperty(t.db)));

/** The reveals recorded for `userId`, oldest first. */
async function revealsOf(userId: string) {
  return t.db
    .select({ propertyId: contactReveals.propertyId, revealedAt: contactReveals.revealedAt })
    .from(contactReveals)
    .where(eq(contactReveals.userId, userId))
    .orderBy(asc(contactReveals.revealedAt));
}

async function revealsOfListing(propertyId: string) {
  return t.db.select().from(contactReveals).where(eq(contactReveals.propertyId, propertyId));
}

/** Moves time on; access tokens live 15 minutes, so the user signs in again. */
async function moveTo(at: Date, who: SignedIn): Promise<SignedIn> {
  clock.set(at);
  return signInAs(t, who.phone);
}

describe('the record of contact reveals', () => {
  it('records who was shown which listing’s contact and when, every time, the same listing again included', async () => {
    let asha = await subscriber();
    const [first, second] = await listings(2);

    expect((await contact(first!.id, asha.auth)).statusCode).toBe(200);
    const firstAt = clock();
    asha = await moveTo(new Date(firstAt.getTime() + 10 * 60_000), asha);
    const again = await contact(first!.id, asha.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json<TContactResponse>().phoneNumber).toBe(first!.ownerPhoneNumber);
    expect((await contact(second!.id, asha.auth)).statusCode).toBe(200);

    expect(await revealsOf(asha.userId)).toEqual([
      { propertyId: first!.id, revealedAt: firstAt },
      { propertyId: first!.id, revealedAt: clock() },
      { propertyId: second!.id, revealedAt: clock() },
    ]);
  });

  it('records nothing for the owner reading their own contact, nor for an admin', async () => {
    const owner = await subscriber();
    const listing = await insertProperty(t.db, { publishedBy: owner.userId });
    const admin = await signInAdmin(t.app);
    for (let i = 0; i < CAP + 2; i += 1) {
      expect((await contact(listing.id, owner.auth)).statusCode).toBe(200);
      const byAdmin = await contact(listing.id, { authorization: `Bearer ${admin.token}` });
      expect(byAdmin.statusCode).toBe(200);
    }
    expect(await revealsOfListing(listing.id)).toEqual([]);
  });

  it('records nothing for a signed-in user without a subscription (402 as before)', async () => {
    const juma = await signUpAndIn(t);
    const [listing] = await listings(1);
    const res = await contact(listing!.id, juma.auth);
    expect(res.statusCode).toBe(402);
    expect(res.json<TErrorResponse>().code).toBe('PAYMENT_REQUIRED');
    expect(await revealsOf(juma.userId)).toEqual([]);
  });

  it('records nothing when the listing is not public', async () => {
    const asha = await subscriber();
    const pending = await insertProperty(t.db, { status: 'pending' });
    expect((await contact(pending.id, asha.auth)).statusCode).toBe(404);
    expect(await revealsOf(asha.userId)).toEqual([]);
  });
});

describe('the daily cap of distinct listings', () => {
  it('refuses a new listing past the cap with 429, until 00:00 EAT, saying so', async () => {
    const asha = await subscriber();
    const capped = await listings(CAP + 1);
    for (const listing of capped.slice(0, CAP)) {
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(200);
    }

    const refused = await contact(capped[CAP]!.id, asha.auth);
    expect(refused.statusCode).toBe(429);
    // 08:00 UTC is 11:00 EAT: the East Africa day ends at 21:00 UTC, 13 hours on.
    expect(refused.headers['retry-after']).toBe(String(13 * 60 * 60));
    expect(refused.json<TErrorResponse>()).toEqual({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `You have viewed the contacts of ${CAP} listings today, the most allowed in a day. You can view more in 13 hours.`,
    });
    expect(refused.body).not.toContain(capped[CAP]!.ownerPhoneNumber);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    // A refusal reveals nothing, so it records nothing.
    expect(await revealsOfListing(capped[CAP]!.id)).toEqual([]);
    expect(await revealsOf(asha.userId)).toHaveLength(CAP);
  });

  it('still answers, and records, a listing already revealed today once the cap is reached', async () => {
    const asha = await subscriber();
    const capped = await listings(CAP + 1);
    for (const listing of capped.slice(0, CAP)) {
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(200);
    }
    expect((await contact(capped[CAP]!.id, asha.auth)).statusCode).toBe(429);

    const again = await contact(capped[0]!.id, asha.auth);
    expect(again.statusCode).toBe(200);
    expect(again.json<TContactResponse>().phoneNumber).toBe(capped[0]!.ownerPhoneNumber);
    expect(await revealsOfListing(capped[0]!.id)).toHaveLength(2);
  });

  it('counts distinct listings: seeing one listing many times uses one place', async () => {
    const asha = await subscriber();
    const [one, ...others] = await listings(CAP);
    for (let i = 0; i < CAP + 2; i += 1) {
      expect((await contact(one!.id, asha.auth)).statusCode).toBe(200);
    }
    for (const listing of others) {
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(200);
    }
    expect(await revealsOf(asha.userId)).toHaveLength(CAP + 2 + others.length);
  });

  it('starts over at 00:00 East Africa Time (21:00 UTC), not at UTC midnight', async () => {
    let asha = await subscriber();
    const capped = await listings(CAP + 2);
    for (const listing of capped.slice(0, CAP)) {
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(200);
    }

    // 23:59:59 EAT: still the same day, one second left.
    asha = await moveTo(new Date('2026-03-02T20:59:59.000Z'), asha);
    const lastSecond = await contact(capped[CAP]!.id, asha.auth);
    expect(lastSecond.statusCode).toBe(429);
    expect(lastSecond.headers['retry-after']).toBe('1');
    expect(lastSecond.json<TErrorResponse>().message).toMatch(/You can view more in 1 second\.$/);

    // 00:00 EAT: a new day, the cap is whole again (the token of a second ago still serves).
    clock.set(new Date('2026-03-02T21:00:00.000Z'));
    expect((await contact(capped[CAP]!.id, asha.auth)).statusCode).toBe(200);
    expect((await contact(capped[CAP + 1]!.id, asha.auth)).statusCode).toBe(200);
  });

  it('lets only one of many parallel requests for new listings take the last place', async () => {
    const asha = await subscriber();
    const taken = await listings(CAP - 1);
    for (const listing of taken) {
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(200);
    }
    const racing = await listings(12);

    // On the PostgreSQL server run, these use several pooled connections at once: without the
    // user's lock, several see two listings counted and all of them pass. (PGlite runs one
    // transaction at a time, so there the lock is not what this proves.)
    const answers = await Promise.all(racing.map((listing) => contact(listing.id, asha.auth)));

    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, ...Array.from({ length: racing.length - 1 }, () => 429)]);
    const distinct = new Set((await revealsOf(asha.userId)).map((row) => row.propertyId));
    expect(distinct.size).toBe(CAP);
  });

  it('counts each subscriber alone', async () => {
    const asha = await subscriber();
    const juma = await subscriber();
    const shared = await listings(CAP + 1);
    for (const listing of shared.slice(0, CAP)) {
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(200);
    }
    expect((await contact(shared[CAP]!.id, asha.auth)).statusCode).toBe(429);
    expect((await contact(shared[CAP]!.id, juma.auth)).statusCode).toBe(200);
  });
});

describe('the owners on Contacts you viewed (GET /api/me/contact-reveals)', () => {
  const viewed = async (who: SignedIn) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me/contact-reveals',
      headers: who.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { body: res.body, reveals: res.json<TContactReveal[]>() };
  };
  const byListing = (reveals: TContactReveal[]) =>
    Object.fromEntries(
      reveals.map((reveal) => [reveal.property.id, [reveal.contact, reveal.contactWithheld]]),
    );
  const setListing = (id: string, values: Partial<typeof properties.$inferInsert>) =>
    transactionRefreshingCards(t.db, (tx) =>
      tx.update(properties).set(values).where(eq(properties.id, id)),
    );
  const owner = (listing: PropertyRow) => ({
    ownerName: listing.ownerName,
    phoneNumber: listing.ownerPhoneNumber,
  });

  it('shows the owner of each listing revealed, while the subscription runs, without recording a reveal or taking a place in the cap', async () => {
    const asha = await subscriber();
    const [first, second, third, fourth] = await listings(CAP + 1);
    for (const listing of [first!, second!]) {
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(200);
    }

    for (let i = 0; i < CAP + 1; i += 1) {
      const { reveals } = await viewed(asha);
      expect(byListing(reveals)).toEqual({
        [first!.id]: [owner(first!), null],
        [second!.id]: [owner(second!), null],
      });
    }
    expect(await revealsOf(asha.userId)).toHaveLength(2);

    // The cap's last place is still free for a listing never revealed; past it, 429 as before.
    expect((await contact(third!.id, asha.auth)).statusCode).toBe(200);
    expect((await contact(fourth!.id, asha.auth)).statusCode).toBe(429);
    // The cap limits new reveals only: the list still shows every owner paid for.
    const { reveals } = await viewed(asha);
    expect(reveals.map((reveal) => reveal.contact?.phoneNumber).sort()).toEqual(
      [first!, second!, third!].map((listing) => listing.ownerPhoneNumber).sort(),
    );
    expect(await revealsOf(asha.userId)).toHaveLength(CAP);
  });

  it('gives no phone once the subscription has ended, and says so', async () => {
    let asha = await subscriber();
    const [listing] = await listings(1);
    expect((await contact(listing!.id, asha.auth)).statusCode).toBe(200);

    // The subscription runs 30 days from START.
    asha = await moveTo(new Date(START.getTime() + 30 * 86_400_000 + 1000), asha);
    const { body, reveals } = await viewed(asha);
    expect(byListing(reveals)).toEqual({ [listing!.id]: [null, 'subscription_ended'] });
    expect(body).not.toContain(listing!.ownerPhoneNumber);
    expect(body).not.toContain(listing!.ownerName);
    // As the listing's own contact route says.
    expect((await contact(listing!.id, asha.auth)).statusCode).toBe(402);
  });

  it('gives no phone for a listing no longer public, whatever made it so, and keeps the others', async () => {
    const asha = await subscriber();
    const [shown, ...gone] = await listings(6);
    expect((await contact(shown!.id, asha.auth)).statusCode).toBe(200);
    // Revealed on earlier days: more listings than one day's cap allows.
    await t.db.insert(contactReveals).values(
      gone.map((listing, i) => ({
        userId: asha.userId,
        propertyId: listing.id,
        revealedAt: new Date(START.getTime() - (i + 1) * 86_400_000),
      })),
    );
    const at = new Date(START.getTime() - 60_000);
    const states: Parameters<typeof setListing>[1][] = [
      { takenAt: at },
      { staleAt: at },
      { heldForReportsAt: at },
      { publisherSuspendedAt: at },
      { status: 'archived' },
    ];
    for (const [i, state] of states.entries()) {
      await setListing(gone[i]!.id, state);
    }

    const { body, reveals } = await viewed(asha);
    expect(byListing(reveals)).toEqual({
      [shown!.id]: [owner(shown!), null],
      ...Object.fromEntries(gone.map((listing) => [listing.id, [null, 'listing_unavailable']])),
    });
    for (const listing of gone) {
      expect(body).not.toContain(listing.ownerPhoneNumber);
      expect((await contact(listing.id, asha.auth)).statusCode).toBe(404);
    }
  });

  it('says the listing is gone rather than the subscription when both are so: subscribing would not bring it back', async () => {
    let asha = await subscriber();
    const [listing] = await listings(1);
    expect((await contact(listing!.id, asha.auth)).statusCode).toBe(200);
    await setListing(listing!.id, { takenAt: START });
    asha = await moveTo(new Date(START.getTime() + 31 * 86_400_000), asha);
    const { reveals } = await viewed(asha);
    expect(byListing(reveals)).toEqual({ [listing!.id]: [null, 'listing_unavailable'] });
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TViewerProperty } from '@makazi/contracts/listings';
import type { TSubscriptionStatusResponse } from '@makazi/contracts/payments';
import { ZGoneListingResponse } from '@makazi/contracts/properties';
import type { TAdminReportedListing, TContactReveal, TReport } from '@makazi/contracts/trust';
import { auditLog, contactReveals, listingReports, payments, users } from '../../db/schema';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import {
  insertLocationChain,
  insertPaidSubscription,
  insertPlan,
  insertProperty,
  type PropertyRow,
} from '../../test/factories';
import { messagesTo } from '../../test/outbox';
import { signInAs, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createReporterKey } from './reporter-key';
import { createTrustRepository } from './trust.repository';
import { createTrustService } from './trust.service';

/*
 * Trust for users (issue 20, decision 040): reports and the hold, owners confirming and marking
 * taken, the freshness job on an injected clock, and the dead-end guarantee. The clock stands at
 * 11:00 EAT on 2 March 2026.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = new Date('2026-03-02T08:00:00.000Z');
const clock = createFakeClock(START);

let t: TestApp;
let planId: string;
let admin: SignedInAdmin;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { REPORTS_PER_USER_PER_DAY: '5', PUBLIC_URL: 'https://makazi.example' },
  });
  admin = await signInAdmin(t.app);
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

/** A signed-in user whose account is `ageMs` old (old enough to count towards a hold by default). */
async function person(ageMs = 2 * DAY): Promise<SignedIn> {
  const who = await signUpAndIn(t);
  await t.db
    .update(users)
    .set({ createdAt: new Date(clock().getTime() - ageMs) })
    .where(eq(users.id, who.userId));
  return who;
}

/** A person with a paid subscription running for 30 days from now. */
async function subscriber(): Promise<SignedIn> {
  const who = await person();
  await insertPaidSubscription(t.db, { userId: who.userId, planId, now: clock() });
  return who;
}

/** A listed listing of `owner`'s, published a week before the clock's now. */
const listingOf = (owner: SignedIn, extra: Parameters<typeof insertProperty>[1] = {}) =>
  insertProperty(t.db, {
    publishedBy: owner.userId,
    createdAt: new Date(clock().getTime() - 7 * DAY),
    ...extra,
  });

const inject = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  who?: SignedIn,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    ...(who ? { headers: who.auth } : {}),
    ...(payload ? { payload } : {}),
  });

const report = (who: SignedIn, id: string, payload: Record<string, unknown>) =>
  inject('POST', `/api/properties/${id}/reports`, who, payload);

const isPublic = async (id: string) => (await inject('GET', `/api/properties/${id}`)).statusCode;

const ownerView = async (owner: SignedIn, id: string) => {
  const res = await inject('GET', `/api/properties/${id}`, owner);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TViewerProperty>();
};

async function accessEndsAt(who: SignedIn): Promise<string | null> {
  const res = await inject('GET', `/api/subscription/status/${who.userId}`, who);
  return res.json<TSubscriptionStatusResponse>().data.endsAt;
}

describe('reporting a listing', () => {
  it('files one report per person, replaced (200) when they report again', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const reporter = await person();

    const first = await report(reporter, listing.id, { reason: 'wrong_price' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<TReport>()).toMatchObject({
      propertyId: listing.id,
      reason: 'wrong_price',
      note: null,
      status: 'open',
      claim: null,
    });

    const again = await report(reporter, listing.id, { reason: 'other', note: '  Si kweli  ' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TReport>()).toMatchObject({
      id: first.json<TReport>().id,
      reason: 'other',
      note: 'Si kweli',
    });
  });

  it('names what is wrong with a bad report, and refuses reporting your own listing', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const reporter = await person();

    const noNote = await report(reporter, listing.id, { reason: 'other' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json<{ message: string }>().message).toContain('note');
    const badReason = await report(reporter, listing.id, { reason: 'ugly' });
    expect(badReason.statusCode).toBe(400);
    const longNote = await report(reporter, listing.id, { reason: 'fake', note: 'x'.repeat(501) });
    expect(longNote.statusCode).toBe(400);

    const own = await report(owner, listing.id, { reason: 'fake' });
    expect(own.statusCode).toBe(403);
    const unknown = await report(reporter, randomUUID(), { reason: 'fake' });
    expect(unknown.statusCode).toBe(404);
  });

  it('holds a listing out of the catalogue once three people reported it, not before', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const [a, b, c] = [await person(), await person(), await person()];

    await report(a, listing.id, { reason: 'fake' });
    // The same person again is still one reporter.
    await report(a, listing.id, { reason: 'asks_money_first' });
    await report(b, listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(200);

    await report(c, listing.id, { reason: 'wrong_photos' });
    expect(await isPublic(listing.id)).toBe(404);
    const list = await inject('GET', '/api/properties?limit=100');
    expect(list.body).not.toContain(listing.id);
    // The owner sees why.
    expect((await ownerView(owner, listing.id)).visibility).toBe('held_for_reports');
  });

  it('does not let accounts a few hours old take a listing down on their own', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    for (let i = 0; i < 3; i += 1) {
      const fresh = await person(HOUR);
      expect((await report(fresh, listing.id, { reason: 'fake' })).statusCode).toBe(201);
    }
    expect(await isPublic(listing.id)).toBe(200);
  });

  it('caps new reports per person per day, replacing one being free', async () => {
    const owner = await person();
    const reporter = await person();
    const targets: PropertyRow[] = [];
    for (let i = 0; i < 6; i += 1) targets.push(await listingOf(owner));
    for (const target of targets.slice(0, 5)) {
      expect((await report(reporter, target.id, { reason: 'duplicate' })).statusCode).toBe(201);
    }
    const over = await report(reporter, targets[5]!.id, { reason: 'duplicate' });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await report(reporter, targets[0]!.id, { reason: 'fake' })).statusCode).toBe(200);
    // The next East Africa day (00:00 EAT is 21:00 UTC) is a new day.
    clock.set(new Date('2026-03-02T21:00:00.000Z'));
    const reporterAgain = await report(await signInAs(t, reporter.phone), targets[5]!.id, {
      reason: 'duplicate',
    });
    expect(reporterAgain.statusCode).toBe(201);
  });
});

describe('reports an admin has looked at, and who may report', () => {
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${admin.token}` },
      ...(payload ? { payload } : {}),
    });

  it('never holds a listing again on reports an admin dismissed, however often they are filed', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const reporters = [await person(), await person(), await person()];
    for (const who of reporters) await report(who, listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(404);

    clock.advance(MINUTE);
    expect((await asAdmin('POST', `/api/admin/reports/${listing.id}/dismiss`)).statusCode).toBe(
      200,
    );
    expect(await isPublic(listing.id)).toBe(200);

    // The same three at once, and again: heard by the admin, but the listing stays listed.
    clock.advance(MINUTE);
    for (const who of reporters) {
      expect((await report(who, listing.id, { reason: 'asks_money_first' })).statusCode).toBe(200);
      expect((await report(who, listing.id, { reason: 'fake' })).statusCode).toBe(200);
    }
    expect(await isPublic(listing.id)).toBe(200);
    const queue = await asAdmin('GET', '/api/admin/reports?pageSize=100');
    const entry = queue
      .json<{ items: TAdminReportedListing[] }>()
      .items.find((item) => item.property.id === listing.id);
    expect(entry?.openReports).toBe(3);

    // Three other people still can.
    for (let i = 0; i < 3; i += 1) await report(await person(), listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(404);
  });

  it('counts a report filed again after it was closed in the daily cap', async () => {
    const owner = await person();
    const reporter = await person();
    const first = await listingOf(owner);
    await report(reporter, first.id, { reason: 'duplicate' });
    await asAdmin('POST', `/api/admin/reports/${first.id}/dismiss`);

    // The next East Africa day: four new reports, and the dismissed one filed again, make five.
    clock.set(new Date('2026-03-02T21:00:00.000Z'));
    const again = await signInAs(t, reporter.phone);
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await report(again, (await listingOf(owner)).id, { reason: 'fake' })).statusCode,
      ).toBe(201);
    }
    expect((await report(again, first.id, { reason: 'fake' })).statusCode).toBe(200);
    const over = await report(again, (await listingOf(owner)).id, { reason: 'fake' });
    expect(over.statusCode).toBe(429);
  });

  it('refuses reports from a suspended account', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const suspended = await person();
    await t.db.update(users).set({ suspendedAt: clock() }).where(eq(users.id, suspended.userId));
    const res = await report(suspended, listing.id, { reason: 'fake' });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toContain('suspended');
  });

  it('keeps a muted reporter’s reports closed: they reach no queue and hold nothing', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const muted = await person();
    const mute = await asAdmin('PATCH', `/api/admin/users/${muted.userId}/permissions`, {
      reportsHeard: false,
    });
    expect(mute.statusCode, mute.body).toBe(200);

    // The same answer as anyone's: nothing tells them they are muted.
    const filed = await report(muted, listing.id, { reason: 'fake' });
    expect(filed.statusCode).toBe(201);
    await report(await person(), listing.id, { reason: 'fake' });
    await report(await person(), listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(200);
    const queue = await asAdmin('GET', '/api/admin/reports?pageSize=100');
    const entry = queue
      .json<{ items: TAdminReportedListing[] }>()
      .items.find((item) => item.property.id === listing.id);
    expect(entry?.openReports).toBe(2);
    expect(entry?.reports.find((r) => r.reporter.id === muted.userId)?.status).toBe('dismissed');
  });
});

describe('one number, one reporter', () => {
  const deleteAccount = async (who: SignedIn) => {
    const res = await inject('DELETE', `/api/users/${who.userId}`, who);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The same SIM signs up again after deleting its account: a new account, old enough to count. */
  async function again(who: SignedIn): Promise<SignedIn> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { firstName: 'Tena', lastName: 'Upya', phoneNumber: who.phone },
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.db
      .update(users)
      .set({ phoneVerifiedAt: clock(), createdAt: new Date(clock().getTime() - 2 * DAY) })
      .where(eq(users.id, res.json<{ sub: string }>().sub));
    return signInAs(t, who.phone);
  }

  it('stops counting the reports of a deleted account towards a hold', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const [a, b, c] = [await person(), await person(), await person()];
    await report(a, listing.id, { reason: 'fake' });
    await report(b, listing.id, { reason: 'fake' });
    await deleteAccount(b);
    await report(c, listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(200);
  });

  it('counts a number that signs up again as the reporter it was', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const a = await person();
    await report(a, listing.id, { reason: 'fake' });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${listing.id}/dismiss`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    // Dismissed; the account goes, the SIM comes back with a new one and reports again.
    clock.advance(MINUTE);
    await deleteAccount(a);
    const a2 = await again(a);
    expect((await report(a2, listing.id, { reason: 'fake' })).statusCode).toBe(201);
    await report(await person(), listing.id, { reason: 'fake' });
    await report(await person(), listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(200);
    // A third new person makes three numbers: held.
    await report(await person(), listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(404);

    // The daily cap is the number's too: five today across both accounts.
    const day: PropertyRow[] = [];
    for (let i = 0; i < 6; i += 1) day.push(await listingOf(owner));
    const b = await person();
    for (const target of day.slice(0, 4)) await report(b, target.id, { reason: 'duplicate' });
    await deleteAccount(b);
    const b2 = await again(b);
    expect((await report(b2, day[4]!.id, { reason: 'duplicate' })).statusCode).toBe(201);
    expect((await report(b2, day[5]!.id, { reason: 'duplicate' })).statusCode).toBe(429);
  });
});

describe('an owner confirming or marking taken', () => {
  it('takes a listing marked taken out of the catalogue at once and keeps it on /posts', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const res = await inject('POST', `/api/properties/${listing.id}/taken`, owner, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TViewerProperty>()).toMatchObject({
      visibility: 'taken',
      takenAt: START.toISOString(),
    });
    expect(await isPublic(listing.id)).toBe(410);

    const again = await inject('POST', `/api/properties/${listing.id}/taken`, owner, {});
    expect(again.statusCode).toBe(409);
    const confirm = await inject('POST', `/api/properties/${listing.id}/confirm`, owner);
    expect(confirm.statusCode).toBe(409);
  });

  it('tells anyone who opens a taken listing that it was rented or sold (410), with its type, title and place, and nothing of its owner', async () => {
    const owner = await person();
    const chain = await insertLocationChain(t.db, {
      region: 'Dar es Salaam',
      district: 'Kinondoni',
    });
    const rented = await listingOf(owner, { type: 'Rent', address: chain });
    const sold = await listingOf(owner, { type: 'Land' });
    for (const listing of [rented, sold]) {
      const marked = await inject('POST', `/api/properties/${listing.id}/taken`, owner, {});
      expect(marked.statusCode, marked.body).toBe(200);
    }
    const gone = await inject('GET', `/api/properties/${rented.id}`);
    expect(gone.statusCode, gone.body).toBe(410);
    const body = ZGoneListingResponse.parse(gone.json());
    expect(body).toMatchObject({
      statusCode: 410,
      code: 'GONE',
      message: 'This listing has been rented and is no longer available',
      listing: { id: rented.id, type: 'Rent', title: rented.title, takenAt: START.toISOString() },
    });
    expect(body.listing.place).toEqual({ region: chain.region, district: chain.district });
    // Only those fields: no phone, no owner, no address finer than the district.
    expect(Object.keys(gone.json<{ listing: object }>().listing).sort()).toEqual([
      'id',
      'place',
      'takenAt',
      'title',
      'type',
    ]);
    expect(gone.body).not.toContain(rented.ownerPhoneNumber);
    const soldAnswer = await inject('GET', `/api/properties/${sold.id}`);
    expect(soldAnswer.statusCode).toBe(410);
    expect(soldAnswer.json<{ message: string }>().message).toContain('sold');
    // The owner still gets their own listing, as before.
    expect((await ownerView(owner, rented.id)).visibility).toBe('taken');

    // Taken but held for reports, or its publisher suspended: nothing to tell (404).
    const at = new Date(clock().getTime() - HOUR);
    for (const extra of [
      { details: { takenAt: at, heldForReportsAt: at } },
      { details: { takenAt: at, publisherSuspendedAt: at } },
      { details: { takenAt: at }, status: 'rejected' as const },
    ]) {
      const hidden = await listingOf(owner, extra);
      expect(await isPublic(hidden.id), JSON.stringify(extra)).toBe(404);
    }
  });

  it('refuses a taken date in the future or before the listing was published', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const future = await inject('POST', `/api/properties/${listing.id}/taken`, owner, {
      takenAt: new Date(START.getTime() + HOUR).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    expect(future.body).toContain('takenAt');
    const early = await inject('POST', `/api/properties/${listing.id}/taken`, owner, {
      takenAt: new Date(START.getTime() - 8 * DAY).toISOString(),
    });
    expect(early.statusCode).toBe(400);
    const garbage = await inject('POST', `/api/properties/${listing.id}/taken`, owner, {
      takenAt: 'yesterday',
    });
    expect(garbage.statusCode).toBe(400);
    expect(await isPublic(listing.id)).toBe(200);
  });
});

describe('what an owner may confirm or mark taken, and what may be reported', () => {
  it('confirms or marks taken only a live listing', async () => {
    const owner = await person();
    const pending = await listingOf(owner, { status: 'pending' });
    const confirm = await inject('POST', `/api/properties/${pending.id}/confirm`, owner);
    expect(confirm.statusCode).toBe(409);
    const taken = await inject('POST', `/api/properties/${pending.id}/taken`, owner, {});
    expect(taken.statusCode).toBe(409);
    const other = await person();
    const live = await listingOf(owner);
    expect((await inject('POST', `/api/properties/${live.id}/confirm`, other)).statusCode).toBe(
      403,
    );
  });

  it('hears no report of a listing the public cannot see from someone it did not let down', async () => {
    const owner = await person();
    const pending = await listingOf(owner, { status: 'pending' });
    const res = await report(await person(), pending.id, { reason: 'fake' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the freshness job', () => {
  /** The job's work in a process of its own: the app's is another one on the same database. */
  const processes = () => {
    const one = () =>
      createTrustService({
        repository: createTrustRepository(t.db),
        views: {
          getOwnerView: () => Promise.reject(new Error('the job reads no owner view')),
        },
        sms: t.sms,
        clock,
        trust: t.config.trust,
        siteOrigin: 'https://makazi.example',
        reporterKey: createReporterKey('a secret of the jobs'),
        log: { warn: () => undefined },
      });
    return [one(), one()] as const;
  };
  const runJob = () => processes()[0].refreshListings();

  it('reminds once 5 days before, hides at 30 days, and a confirmation brings it back', async () => {
    const owner = await person();
    const listing = await listingOf(owner, { confirmedAt: START });

    // 24 days unconfirmed: nothing yet (the sign-in code is the one text so far).
    clock.set(new Date(START.getTime() + 24 * DAY));
    await runJob();
    expect(await messagesTo(t.dataDir, owner.phone)).toHaveLength(1);

    clock.set(new Date(START.getTime() + 25 * DAY + HOUR));
    // Two processes at once, then again: the reminder is claimed in its own commit, once.
    const [a, b] = processes();
    await Promise.all([a.refreshListings(), b.refreshListings()]);
    await runJob();
    const texts = await messagesTo(t.dataDir, owner.phone);
    // The sign-in code, then one reminder however often the job runs.
    expect(texts.filter((m) => m.text.includes('still available'))).toHaveLength(1);
    expect(texts.at(-1)?.text).toContain(`https://makazi.example/posts?confirm=${listing.id}`);
    expect(await isPublic(listing.id)).toBe(200);

    clock.set(new Date(START.getTime() + 30 * DAY + HOUR));
    await runJob();
    expect(await isPublic(listing.id)).toBe(404);
    const later = await signInAs(t, owner.phone);
    expect((await ownerView(later, listing.id)).visibility).toBe('stale');

    const confirmed = await inject('POST', `/api/properties/${listing.id}/confirm`, later);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<TViewerProperty>()).toMatchObject({
      visibility: 'listed',
      confirmedAt: clock().toISOString(),
    });
    expect(await isPublic(listing.id)).toBe(200);
  });

  it('reminds a Swahili-speaking owner in Swahili', async () => {
    const owner = await person();
    await t.db.update(users).set({ locale: 'sw' }).where(eq(users.id, owner.userId));
    const listing = await listingOf(owner, { title: 'Nyumba Sinza', confirmedAt: START });
    clock.set(new Date(START.getTime() + 25 * DAY + HOUR));
    await runJob();
    expect((await messagesTo(t.dataDir, owner.phone)).at(-1)?.text).toBe(
      `Makazi: je, "Nyumba Sinza" bado linapatikana? Thibitisha ndani ya siku 5 au litafichwa: https://makazi.example/posts?confirm=${listing.id}`,
    );
  });
});

describe('the dead-end guarantee', () => {
  const reveal = async (who: SignedIn, id: string) => {
    const res = await inject('GET', `/api/properties/${id}/contact`, who);
    expect(res.statusCode, res.body).toBe(200);
  };
  const credits = (userId: string) =>
    t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.purpose, 'guarantee_credit')));

  it('shows a subscriber no phone of a listing the public cannot see: taken, stale, held or suspended', async () => {
    const owner = await person();
    const buyer = await subscriber();
    const at = new Date(clock().getTime() - HOUR);
    const states = {
      taken: { takenAt: at },
      stale: { staleAt: at },
      'held for reports': { heldForReportsAt: at },
      'of a suspended publisher': { publisherSuspendedAt: at },
    };
    const answers: Record<string, [number, number]> = {};
    for (const [state, details] of Object.entries(states)) {
      const listing = await listingOf(owner, { details });
      const toBuyer = await inject('GET', `/api/properties/${listing.id}/contact`, buyer);
      const toOwner = await inject('GET', `/api/properties/${listing.id}/contact`, owner);
      answers[state] = [toBuyer.statusCode, toOwner.statusCode];
      // The catalogue agrees: the same listing is not public either (a taken one says so).
      expect(await isPublic(listing.id), state).toBe(state === 'taken' ? 410 : 404);
    }
    // 404 to the subscriber (nothing recorded, so nothing to claim), 200 to the owner.
    expect(answers).toEqual({
      taken: [404, 200],
      stale: [404, 200],
      'held for reports': [404, 200],
      'of a suspended publisher': [404, 200],
    });
    const history = await inject('GET', '/api/me/contact-reveals', buyer);
    expect(history.json<TContactReveal[]>()).toEqual([]);
    // And a listed one of the same owner is revealed.
    await reveal(buyer, (await listingOf(owner)).id);
  });

  const uphold = async (claimId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/claims/${claimId}/uphold`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TAdminReportedListing>();
  };

  it('leaves a claim to an admin when the owner marks the listing taken after the reveal, however far back the day named', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const buyer = await subscriber();
    const later = await subscriber();
    const endsBefore = await accessEndsAt(buyer);
    clock.advance(MINUTE);
    await reveal(buyer, listing.id);
    await reveal(later, listing.id);

    clock.advance(MINUTE);
    const claim = await report(buyer, listing.id, { reason: 'already_taken' });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json<TReport>().claim).toMatchObject({
      status: 'pending',
      revealedAt: new Date(START.getTime() + MINUTE).toISOString(),
      credited: false,
    });

    // "Let the day before the reveal", said after it (an owner's second account could say so).
    clock.advance(MINUTE);
    const taken = await inject('POST', `/api/properties/${listing.id}/taken`, owner, {
      takenAt: new Date(START.getTime() - DAY).toISOString(),
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const [row] = await t.db
      .select({ status: listingReports.claimStatus })
      .from(listingReports)
      .where(eq(listingReports.id, claim.json<TReport>().id));
    expect(row?.status).toBe('pending');
    expect(await credits(buyer.userId)).toHaveLength(0);
    expect(await accessEndsAt(buyer)).toBe(endsBefore);
    // Nor does a claim filed after the mark: it was written after that reveal too.
    const afterMark = await report(later, listing.id, { reason: 'already_taken' });
    expect(afterMark.json<TReport>().claim).toMatchObject({ status: 'pending', credited: false });
    expect(await credits(later.userId)).toHaveLength(0);

    // The admin sees both dates, and upholds it: a day back, once.
    const judged = await uphold(claim.json<TReport>().id);
    expect(judged.property).toMatchObject({
      takenAt: new Date(START.getTime() - DAY).toISOString(),
      takenMarkedAt: new Date(START.getTime() + 3 * MINUTE).toISOString(),
    });
    expect(await accessEndsAt(buyer)).toBe(new Date(Date.parse(endsBefore!) + DAY).toISOString());
    const [credit, ...more] = await credits(buyer.userId);
    expect(more).toHaveLength(0);
    expect(credit).toMatchObject({ amountTzs: 0, status: 'succeeded', provider: null, planId });
    expect((await messagesTo(t.dataDir, buyer.phone)).at(-1)?.text).toContain(
      'We added 1 day to your subscription',
    );

    // Reporting again changes nothing about the credit: once per listing.
    const again = await report(buyer, listing.id, { reason: 'fake' });
    expect(again.statusCode).toBe(200);
    expect(again.json<TReport>().claim).toMatchObject({ status: 'upheld', credited: true });
    expect(await credits(buyer.userId)).toHaveLength(1);

    const history = await inject('GET', '/api/me/contact-reveals', buyer);
    expect(history.statusCode).toBe(200);
    expect(history.json<TContactReveal[]>()[0]).toMatchObject({
      property: { id: listing.id, availability: 'taken' },
      report: { claim: { status: 'upheld' } },
    });
  });

  it('upholds a claim at once when the taken mark was written before the reveal', async () => {
    // Only a reveal recorded before the contact route kept to listed listings can follow a mark.
    const owner = await person();
    const listing = await listingOf(owner, {
      details: { takenAt: new Date(START.getTime() - DAY), takenMarkedAt: START },
    });
    const buyer = await subscriber();
    await t.db.insert(contactReveals).values({
      userId: buyer.userId,
      propertyId: listing.id,
      revealedAt: new Date(START.getTime() + MINUTE),
    });
    clock.advance(2 * MINUTE);
    const claim = await report(buyer, listing.id, { reason: 'already_taken' });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json<TReport>().claim).toMatchObject({
      status: 'upheld',
      decision: 'taken_before_reveal',
      credited: true,
    });
    expect(await credits(buyer.userId)).toHaveLength(1);
  });

  it('tells a Swahili-speaking subscriber of the credit in Swahili', async () => {
    const owner = await person();
    const listing = await listingOf(owner, { title: 'Nyumba Sinza' });
    const buyer = await subscriber();
    await t.db.update(users).set({ locale: 'sw' }).where(eq(users.id, buyer.userId));
    await reveal(buyer, listing.id);
    const claim = await report(buyer, listing.id, { reason: 'already_taken' });
    await uphold(claim.json<TReport>().id);
    expect((await messagesTo(t.dataDir, buyer.phone)).at(-1)?.text).toBe(
      'Makazi: samahani, "Nyumba Sinza" halikupatikana. Tumeongeza siku 1 kwenye kifurushi chako.',
    );
  });

  it('leaves a claim pending when the listing was let after the reveal', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const buyer = await subscriber();
    await reveal(buyer, listing.id);
    await report(buyer, listing.id, { reason: 'already_taken' });
    clock.advance(MINUTE);
    await inject('POST', `/api/properties/${listing.id}/taken`, owner, {});
    const [row] = await inject('GET', '/api/me/contact-reveals', buyer).then((res) =>
      res.json<TContactReveal[]>(),
    );
    expect(row?.report?.claim?.status).toBe('pending');
    expect(await credits(buyer.userId)).toHaveLength(0);
  });

  it('hears a claim only within 72 hours of the reveal: later it is a plain report', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const buyer = await subscriber();
    await reveal(buyer, listing.id);
    clock.advance(72 * HOUR + 1000);
    const late = await report(await signInAs(t, buyer.phone), listing.id, { reason: 'fake' });
    expect(late.statusCode).toBe(201);
    expect(late.json<TReport>().claim).toBeNull();
  });

  it('keeps a claim a claim: it cannot become another kind of report', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const buyer = await subscriber();
    await reveal(buyer, listing.id);
    expect((await report(buyer, listing.id, { reason: 'fake' })).statusCode).toBe(201);
    const other = await report(buyer, listing.id, { reason: 'wrong_price' });
    expect(other.statusCode).toBe(409);
    expect(other.json<{ message: string }>().message).toContain('dead end');
  });

  it('refuses a claim on a listing the claimant reported as something else', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const buyer = await subscriber();
    await report(buyer, listing.id, { reason: 'wrong_price' });
    await reveal(buyer, listing.id);
    const claim = await report(buyer, listing.id, { reason: 'already_taken' });
    expect(claim.statusCode).toBe(409);
    expect(claim.json<{ message: string }>().message).toContain('a wrong price');
  });

  it('credits at most 3 claims per subscription period', async () => {
    const owner = await person();
    const buyer = await subscriber();
    const decisions: (string | null | undefined)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const listing = await listingOf(owner);
      await reveal(buyer, listing.id);
      const claim = await report(buyer, listing.id, { reason: 'already_taken' });
      const judged = await uphold(claim.json<TReport>().id);
      decisions.push(
        judged.reports.find((entry) => entry.reporter.id === buyer.userId)?.claim?.decision,
      );
    }
    expect(decisions).toEqual(['admin_upheld', 'admin_upheld', 'admin_upheld', 'credit_limit']);
    expect(await credits(buyer.userId)).toHaveLength(3);
  });

  it('tells an owner how many people viewed the contact in the last 7 and 30 days', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    const [a, b] = [await subscriber(), await subscriber()];
    await reveal(a, listing.id);
    await reveal(a, listing.id);
    clock.advance(10 * DAY);
    await reveal(await signInAs(t, b.phone), listing.id);
    const view = await ownerView(await signInAs(t, owner.phone), listing.id);
    expect(view.contactViews).toEqual({ last7Days: 1, last30Days: 2 });
  });

  it('writes no audit entry for a user’s own report', async () => {
    const owner = await person();
    const listing = await listingOf(owner);
    await report(await person(), listing.id, { reason: 'duplicate' });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, listing.id));
    expect(entries).toHaveLength(0);
  });
});

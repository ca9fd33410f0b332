import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminReportedListing,
  TAdminReportsResponse,
  TReport,
} from '@makazi/contracts/trust';
import { auditLog, listingReports, properties, users } from '../../db/schema';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { insertPaidSubscription, insertPlan, insertProperty } from '../../test/factories';
import { messagesTo } from '../../test/outbox';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The admin's reports queue (issue 20, decision 040): what it lists, and what each action does
 * to the listing, the reports, the claims, the audit log and the texts.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let admin: SignedInAdmin;
let planId: string;
beforeAll(async () => {
  t = await createTestApp();
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

async function person(): Promise<SignedIn> {
  const who = await signUpAndIn(t);
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 2 * DAY) })
    .where(eq(users.id, who.userId));
  return who;
}

async function subscriber(): Promise<SignedIn> {
  const who = await person();
  await insertPaidSubscription(t.db, { userId: who.userId, planId, now: new Date() });
  return who;
}

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${admin.token}` },
    ...(payload ? { payload } : {}),
  });

const report = (who: SignedIn, id: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/properties/${id}/reports`,
    headers: who.auth,
    payload,
  });

const isPublic = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/properties/${id}` })).statusCode;

/** A listing held after three reports, with its owner. */
async function heldListing() {
  const owner = await person();
  const listing = await insertProperty(t.db, { publishedBy: owner.userId });
  for (const reason of ['fake', 'asks_money_first', 'other']) {
    const res = await report(await person(), listing.id, { reason, note: 'Aliomba pesa' });
    expect(res.statusCode).toBe(201);
  }
  expect(await isPublic(listing.id)).toBe(404);
  return { owner, listing };
}

const queue = async () => {
  const res = await asAdmin('GET', '/api/admin/reports?pageSize=100');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminReportsResponse>();
};

const audited = (propertyId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, propertyId), eq(auditLog.action, action)));

describe('the admin reports queue', () => {
  it('lists a reported listing with its reports grouped and counted per reason', async () => {
    const { listing, owner } = await heldListing();
    const entry = (await queue()).items.find((item) => item.property.id === listing.id);
    expect(entry).toMatchObject({
      property: {
        visibility: 'held_for_reports',
        publisher: { id: owner.userId, phoneNumber: owner.phone, suspended: false },
      },
      openReports: 3,
      pendingClaims: 0,
      counts: { fake: 1, asks_money_first: 1, other: 1, wrong_price: 0 },
    });
    expect(entry?.reports).toHaveLength(3);
    expect(entry?.reports[0]?.note).toBe('Aliomba pesa');
  });

  it('orders listings by their latest report and each listing’s reports newest first', async () => {
    // Hours before now for each report, per listing; filed in this order, so neither the order
    // of filing nor its reverse is the answer.
    const filed = [[9, 5], [7], [6, 8, 4]];
    const since = Date.now();
    const listings: string[] = [];
    const reporterAt = new Map<string, number>();
    for (const hours of filed) {
      const listing = await insertProperty(t.db);
      listings.push(listing.id);
      for (const h of hours) {
        const reporter = await person();
        const res = await report(reporter, listing.id, { reason: 'duplicate' });
        const at = new Date(since - h * HOUR);
        await t.db
          .update(listingReports)
          .set({ createdAt: at, updatedAt: at })
          .where(eq(listingReports.id, res.json<TReport>().id));
        reporterAt.set(reporter.userId, h);
      }
    }
    const ours = (await queue()).items.filter((item) => listings.includes(item.property.id));
    expect(ours.map((item) => listings.indexOf(item.property.id))).toEqual([2, 0, 1]);
    expect(ours.map((item) => item.reports.map((r) => reporterAt.get(r.reporter.id)))).toEqual([
      [4, 6, 8],
      [5, 9],
      [7],
    ]);
  });

  it('marks a listing whose contact number its publisher proved, and only that one', async () => {
    const owner = await person();
    // The publisher's sign-in number as the contact is proven by their signing in.
    const own = await insertProperty(t.db, {
      publishedBy: owner.userId,
      ownerPhoneNumber: owner.phone,
    });
    const other = await insertProperty(t.db, { publishedBy: owner.userId });
    for (const listing of [own, other]) {
      await report(await person(), listing.id, { reason: 'duplicate' });
    }
    const items = (await queue()).items;
    const verified = (id: string) =>
      items.find((item) => item.property.id === id)?.property.contactVerified;
    expect(verified(own.id)).toBe(true);
    expect(verified(other.id)).toBe(false);
  });

  it('names a reporter who deleted their account as the other admin pages do', async () => {
    const listing = await insertProperty(t.db);
    const reporter = await person();
    await report(reporter, listing.id, { reason: 'duplicate' });
    // What account deletion leaves of the row (decision 023).
    await t.db
      .update(users)
      .set({ firstName: '', lastName: '', phoneNumber: null, deletedAt: new Date() })
      .where(eq(users.id, reporter.userId));
    const entry = (await queue()).items.find((item) => item.property.id === listing.id);
    expect(entry?.reports[0]?.reporter).toMatchObject({ name: 'Deleted user', phoneNumber: '' });
  });

  it('dismisses: the listing is public again, and only later reports can hold it again', async () => {
    const { listing } = await heldListing();
    const res = await asAdmin('POST', `/api/admin/reports/${listing.id}/dismiss`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdminReportedListing>()).toMatchObject({
      openReports: 0,
      property: { visibility: 'listed' },
    });
    expect(await isPublic(listing.id)).toBe(200);
    expect((await queue()).items.some((item) => item.property.id === listing.id)).toBe(false);
    expect(await audited(listing.id, 'reports.dismiss')).toHaveLength(1);

    // One new report after the look is one, not four.
    await report(await person(), listing.id, { reason: 'fake' });
    expect(await isPublic(listing.id)).toBe(200);
  });

  it('takes a listing down as fake: rejected, the owner texted, every claim on it upheld', async () => {
    const owner = await person();
    const listing = await insertProperty(t.db, { publishedBy: owner.userId });
    const buyer = await subscriber();
    const contact = await t.app.inject({
      method: 'GET',
      url: `/api/properties/${listing.id}/contact`,
      headers: buyer.auth,
    });
    expect(contact.statusCode).toBe(200);
    const claim = await report(buyer, listing.id, { reason: 'fake' });
    expect(claim.json<TReport>().claim?.status).toBe('pending');

    const res = await asAdmin('POST', `/api/admin/reports/${listing.id}/take-down`, {
      reason: 'fake',
      message: 'Picha ni za tangazo jingine.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<TAdminReportedListing>();
    expect(after.property.status).toBe('rejected');
    expect(after.reports[0]?.claim).toMatchObject({
      status: 'upheld',
      decision: 'taken_down',
      credited: true,
    });
    expect((await messagesTo(t.dataDir, owner.phone)).at(-1)?.text).toContain(
      'was taken down: Picha ni za tangazo jingine. Contact us',
    );
    expect((await messagesTo(t.dataDir, buyer.phone)).at(-1)?.text).toContain('We added 1 day');
    const [row] = await t.db.select().from(properties).where(eq(properties.id, listing.id));
    expect(row?.rejectionReason).toBe('Picha ni za tangazo jingine.');
    expect(row?.takenDownAs).toBe('fake');
    expect(await audited(listing.id, 'reports.take-down')).toHaveLength(1);
  });

  it('suspends a publisher: no posting, every listing of theirs hidden', async () => {
    const { listing, owner } = await heldListing();
    const other = await insertProperty(t.db, { publishedBy: owner.userId });
    const res = await asAdmin('POST', `/api/admin/reports/${listing.id}/suspend-publisher`, {
      message: 'Matangazo ya uongo',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdminReportedListing>().property.publisher.suspended).toBe(true);
    expect(await isPublic(other.id)).toBe(404);
    const [user] = await t.db.select().from(users).where(eq(users.id, owner.userId));
    expect(user?.canPost).toBe(false);
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/properties/lease',
      headers: owner.auth,
      payload: {},
    });
    expect(create.statusCode).toBe(403);
    expect(await audited(owner.userId, 'user.suspend')).toHaveLength(1);
    expect(await audited(listing.id, 'reports.suspend-publisher')).toHaveLength(1);
    expect((await messagesTo(t.dataDir, owner.phone)).at(-1)?.text).toBe(
      'Makazi: your account may no longer publish and your listings are hidden: Matangazo ya uongo. Contact us.',
    );
    const twice = await asAdmin('POST', `/api/admin/reports/${other.id}/suspend-publisher`, {
      message: 'Tena',
    });
    expect(twice.statusCode).toBe(409);

    // Posting allowed again lifts the suspension: the listing not reported is back.
    const lifted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${owner.userId}/permissions`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { canPost: true },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await isPublic(other.id)).toBe(200);
  });

  it('upholds or refuses a claim once; a decided claim is a 409', async () => {
    const owner = await person();
    const listing = await insertProperty(t.db, { publishedBy: owner.userId });
    const [a, b] = [await subscriber(), await subscriber()];
    const ids: string[] = [];
    for (const buyer of [a, b]) {
      await t.app.inject({
        method: 'GET',
        url: `/api/properties/${listing.id}/contact`,
        headers: buyer.auth,
      });
      ids.push((await report(buyer, listing.id, { reason: 'already_taken' })).json<TReport>().id);
    }
    const upheld = await asAdmin('POST', `/api/admin/claims/${ids[0]}/uphold`);
    expect(upheld.statusCode, upheld.body).toBe(200);
    const refused = await asAdmin('POST', `/api/admin/claims/${ids[1]}/refuse`, {
      reason: 'Mmiliki alipokea simu',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const claims = refused.json<TAdminReportedListing>().reports.map((r) => r.claim?.status);
    expect(claims.sort()).toEqual(['refused', 'upheld']);
    expect((await messagesTo(t.dataDir, b.phone)).at(-1)?.text).toContain(
      'was not upheld: Mmiliki alipokea simu.',
    );
    expect(
      (await asAdmin('POST', `/api/admin/claims/${ids[0]}/refuse`, { reason: 'Tena' })).statusCode,
    ).toBe(409);
    expect((await asAdmin('POST', `/api/admin/claims/${randomUUID()}/uphold`)).statusCode).toBe(
      404,
    );
    // One entry each: the refused second decision wrote none.
    expect(await audited(listing.id, 'claim.uphold')).toHaveLength(1);
    expect(await audited(listing.id, 'claim.refuse')).toHaveLength(1);
  });

  it('texts a Swahili-speaking publisher the take-down and the suspension in Swahili', async () => {
    const owner = await person();
    await t.db.update(users).set({ locale: 'sw' }).where(eq(users.id, owner.userId));
    const first = await insertProperty(t.db, { publishedBy: owner.userId, title: 'Nyumba Sinza' });
    const second = await insertProperty(t.db, { publishedBy: owner.userId });
    const down = await asAdmin('POST', `/api/admin/reports/${first.id}/take-down`, {
      reason: 'fake',
      message: 'Picha ni za tangazo jingine.',
    });
    expect(down.statusCode, down.body).toBe(200);
    expect((await messagesTo(t.dataDir, owner.phone)).at(-1)?.text).toBe(
      'Makazi: tangazo lako "Nyumba Sinza" limeondolewa: Picha ni za tangazo jingine. Wasiliana nasi kama ni kosa.',
    );
    const suspended = await asAdmin('POST', `/api/admin/reports/${second.id}/suspend-publisher`, {
      message: 'Matangazo ya uongo',
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await messagesTo(t.dataDir, owner.phone)).at(-1)?.text).toBe(
      'Makazi: akaunti yako haiwezi tena kuchapisha na matangazo yako yamefichwa: Matangazo ya uongo. Wasiliana nasi.',
    );
  });

  it('names what is wrong with a bad action', async () => {
    const { listing } = await heldListing();
    const noMessage = await asAdmin('POST', `/api/admin/reports/${listing.id}/take-down`, {
      reason: 'fake',
    });
    expect(noMessage.statusCode).toBe(400);
    expect(noMessage.body).toContain('message');
    const unknown = await asAdmin('POST', `/api/admin/reports/${randomUUID()}/dismiss`);
    expect(unknown.statusCode).toBe(404);
    const draft = await insertProperty(t.db, { status: 'draft' });
    const downDraft = await asAdmin('POST', `/api/admin/reports/${draft.id}/take-down`, {
      reason: 'fake',
      message: 'Picha za uongo',
    });
    expect(downDraft.statusCode).toBe(409);
    // An action on a listing nobody reported answers its entry without a last report.
    const quiet = await insertProperty(t.db);
    const dismissed = await asAdmin('POST', `/api/admin/reports/${quiet.id}/dismiss`);
    expect(dismissed.json<TAdminReportedListing>().lastReportAt).toBeNull();
  });
});

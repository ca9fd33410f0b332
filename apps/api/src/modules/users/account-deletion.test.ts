import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminPaymentsResponse,
  TAdminUserDetail,
  TAdminUsersResponse,
} from '@makazi/contracts/admin';
import { OTP_RESEND_AFTER_SECONDS } from '@makazi/contracts/auth-values';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TDeleteUserResponse, TUser } from '@makazi/contracts/users';
import { parseCsv } from '../../db/seed/csv';
import {
  authSessions,
  contactReveals,
  favourites,
  listingReports,
  mediaUploads,
  ownerPhoneChallenges,
  payments,
  propertyPhotos,
  refreshTokens,
  savedSearches,
  savedSearchMatches,
  subscriptions,
  supportMessages,
  users,
  verifiedOwnerPhones,
} from '../../db/schema';
import { createSavedSearchesRepository } from '../saved-searches/saved-searches.repository';
import { createUsersRepository, type UsersRepository } from './users.repository';
import { createUsersService } from './users.service';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import {
  findPropertyRow,
  insertPhoto,
  insertPlan,
  insertProperty,
  insertSupportMessage,
} from '../../test/factories';
import { lastCodeFor } from '../../test/outbox';
import { createMediaRepository } from '../media/media.repository';
import { createMediaService } from '../media/media.service';
import { nextAddress, nextPhone, post, signInAs, signUpAndIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Issue 16, decision 023: a person deletes their own account. Their sign-ins end at once, their
 * listings leave every list (the cached catalogue pages too), their name and number leave every
 * answer and export, the payments stay in the finance records without them, and the number is
 * free for a new account.
 */

const clock = createFakeClock(new Date());
let t: TestApp;
let admin: SignedInAdmin;
let planId: string;

beforeAll(async () => {
  // The catalogue page cache on, as in production: the archived listings must leave it at once.
  t = await createTestApp({ env: { CATALOGUE_CACHE_MS: '10000' }, clock });
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

const adminAuth = () => ({ authorization: `Bearer ${admin.token}` });

const inject = (method: 'GET' | 'PATCH' | 'DELETE', url: string, headers = {}) =>
  t.app.inject({ method, url, headers, remoteAddress: nextAddress() });

const deleteAccount = (userId: string, headers: Record<string, string> = {}) =>
  inject('DELETE', `/api/users/${userId}`, headers);

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

/** The ids on one catalogue page, answered from the page cache when it holds it. */
async function catalogueIds(): Promise<string[]> {
  const res = await inject('GET', '/api/properties?type=Land&limit=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }[]>().map((listing) => listing.id);
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

/** A succeeded subscription payment of `user` on `day` (an EAT day no other test uses). */
async function insertPaidSubscription(
  userId: string,
  day: string,
  window: { startsAt: Date; endsAt: Date },
  payerPhone: string,
): Promise<string> {
  const createdAt = new Date(`${day}T09:00:00.000Z`);
  const [payment] = await t.db
    .insert(payments)
    .values({
      userId,
      purpose: 'subscription',
      planId,
      propertyId: null,
      amountTzs: 10_000,
      provider: 'simulator',
      network: 'mpesa',
      payerPhone,
      status: 'succeeded',
      providerReference: `REF-${randomUUID()}`,
      idempotencyKey: randomUUID(),
      createdAt,
      updatedAt: createdAt,
      completedAt: createdAt,
    })
    .returning({ id: payments.id });
  await t.db.insert(subscriptions).values({
    userId,
    paymentId: payment!.id,
    ...window,
    createdAt,
  });
  return payment!.id;
}

describe('DELETE /api/users/:id', () => {
  it('deletes the signed-in user’s own account and ends every sign-in of theirs at once', async () => {
    const amina = await signUpAndIn(t, { firstName: 'Amina', lastName: 'Juma' });
    // A second sign-in (another phone), once a new code may be sent: it ends too.
    clock.advanceSeconds(OTP_RESEND_AFTER_SECONDS);
    const otherDevice = await signInAs(t, amina.phone);

    const res = await deleteAccount(amina.userId, amina.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TDeleteUserResponse>()).toEqual({ id: amina.userId, deleted: true });
    expect(res.headers['cache-control']).toBe('private, no-store');

    // The access tokens stop working before they expire, on every device.
    for (const session of [amina, otherDevice]) {
      const profile = await inject('GET', `/api/users/${amina.userId}`, session.auth);
      expect(profile.statusCode).toBe(401);
      const refresh = await post(t, '/api/auth/refresh-token', {
        refreshToken: session.refreshToken,
      });
      expect(refresh.statusCode).toBe(401);
    }
    const rename = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${amina.userId}`,
      headers: otherDevice.auth,
      payload: { firstName: 'Amina', lastName: 'Juma' },
    });
    expect(rename.statusCode).toBe(401);

    // Deleting again: the session that asked has ended.
    expect((await deleteAccount(amina.userId, amina.auth)).statusCode).toBe(401);
    // The number no longer signs anyone in.
    const login = await post(t, '/api/auth/login', { phoneNumber: amina.phone });
    expect(login.statusCode).toBe(404);

    const row = await userRow(amina.userId);
    expect(row).toMatchObject({ firstName: '', lastName: '', phoneNumber: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const sessions = await t.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.userId, amina.userId));
    expect(sessions).toHaveLength(2);
    for (const session of sessions) {
      expect(session.revokedAt).toBeInstanceOf(Date);
      expect(session.revokedReason).toBe('account_deleted');
      expect(session.userAgent).toBeNull();
    }
    const tokens = await t.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(authSessions.userId, amina.userId));
    expect(tokens).toEqual([]);
  });

  it('archives their listings: gone from the catalogue (cached pages too), the detail and the contact', async () => {
    const juma = await signUpAndIn(t, { firstName: 'Juma', lastName: 'Ally' });
    const approved = await insertProperty(t.db, {
      type: 'Land',
      publishedBy: juma.userId,
      ownerName: 'Juma Ally',
      ownerPhoneNumber: '+255754111222',
    });
    const inReview = await insertProperty(t.db, {
      type: 'Land',
      status: 'pending',
      publishedBy: juma.userId,
    });
    const someoneElses = await insertProperty(t.db, { type: 'Land' });
    // Now on a cached page.
    expect(await catalogueIds()).toEqual(expect.arrayContaining([approved.id, someoneElses.id]));

    expect((await deleteAccount(juma.userId, juma.auth)).statusCode).toBe(200);

    const listed = await catalogueIds();
    expect(listed).not.toContain(approved.id);
    expect(listed).toContain(someoneElses.id);
    expect((await inject('GET', `/api/properties/${approved.id}`)).statusCode).toBe(404);
    const publisherPage = await inject('GET', `/api/properties/publishers/${juma.userId}`);
    expect(publisherPage.statusCode).toBe(200);
    expect(publisherPage.body).not.toContain(approved.id);
    // Not even a moderator reaches the owner any more.
    const contact = await inject('GET', `/api/properties/${approved.id}/contact`, adminAuth());
    expect(contact.statusCode).toBe(404);
    const review = await inject('GET', `/api/admin/properties/${inReview.id}`, adminAuth());
    expect(review.statusCode).toBe(404);
    const queue = await inject('GET', '/api/admin/properties?status=pending', adminAuth());
    expect(queue.body).not.toContain(inReview.id);

    for (const id of [approved.id, inReview.id]) {
      const row = await findPropertyRow(t.db, id);
      expect(row).toMatchObject({ status: 'archived', ownerName: '', ownerPhoneNumber: null });
      expect(row?.deletedAt).toBeInstanceOf(Date);
    }
    expect(await findPropertyRow(t.db, someoneElses.id)).toMatchObject({ status: 'approved' });
  });

  it('keeps their payments in the finance records without their name or number, and ends their subscriptions', async () => {
    const rehema = await signUpAndIn(t, { firstName: 'Rehema', lastName: 'Kimaro' });
    const hour = 60 * 60 * 1000;
    const now = clock().getTime();
    const running = { startsAt: new Date(now - 24 * hour), endsAt: new Date(now + 24 * hour) };
    const queued = { startsAt: running.endsAt, endsAt: new Date(now + 48 * hour) };
    const payerPhone = '+255754987654';
    const first = await insertPaidSubscription(rehema.userId, '2025-03-10', running, payerPhone);
    const second = await insertPaidSubscription(rehema.userId, '2025-03-10', queued, payerPhone);
    const range = 'from=2025-03-10&to=2025-03-10';
    const before = await inject('GET', `/api/admin/payments?${range}`, adminAuth());
    expect(before.json<TAdminPaymentsResponse>().items[0]?.user.name).toBe('Rehema Kimaro');

    expect((await deleteAccount(rehema.userId, rehema.auth)).statusCode).toBe(200);

    // The payments stay, amounts and references intact, with no name or number.
    const after = await inject('GET', `/api/admin/payments?${range}`, adminAuth());
    expect(after.statusCode, after.body).toBe(200);
    const page = after.json<TAdminPaymentsResponse>();
    expect(page.items.map((payment) => payment.id).sort()).toEqual([first, second].sort());
    expect(page.totals).toMatchObject({ count: 2, succeededAmount: 20_000 });
    for (const payment of page.items) {
      expect(payment.user).toEqual({ id: rehema.userId, name: 'Deleted user', phoneNumber: '' });
      expect(payment.payerPhone).toBe('');
      expect(payment.providerReference).toMatch(/^REF-/);
    }
    expect(after.body).not.toContain('Rehema');
    expect(after.body).not.toContain('754987654');
    expect(after.body).not.toContain(rehema.phone.slice(4));

    const csv = await inject('GET', `/api/admin/payments/export.csv?${range}`, adminAuth());
    expect(csv.statusCode).toBe(200);
    const [header, ...records] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(records).toHaveLength(2);
    const userColumn = header!.indexOf('User');
    const phoneColumn = header!.indexOf('Phone');
    for (const record of records) {
      expect(record[userColumn]).toBe('Deleted user');
      expect(record[phoneColumn]).toBe('');
    }
    expect(csv.body).not.toContain('Rehema');
    expect(csv.body).not.toContain('754987654');

    const stored = await t.db
      .select({ amountTzs: payments.amountTzs, payerPhone: payments.payerPhone })
      .from(payments)
      .where(eq(payments.userId, rehema.userId));
    expect(stored).toEqual([
      { amountTzs: 10_000, payerPhone: null },
      { amountTzs: 10_000, payerPhone: null },
    ]);

    // Running and queued subscriptions are over.
    const windows = await t.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, rehema.userId));
    expect(windows).toHaveLength(2);
    for (const window of windows) {
      expect(window.endsAt.getTime()).toBeLessThanOrEqual(clock().getTime());
      expect(window.startsAt.getTime()).toBeLessThanOrEqual(window.endsAt.getTime());
    }
  });

  it('leaves no name or number in the admin’s users pages', async () => {
    const neema = await signUpAndIn(t, { firstName: 'Neemaxyz', lastName: 'Kweka' });
    await insertProperty(t.db, { publishedBy: neema.userId });
    expect((await deleteAccount(neema.userId, neema.auth)).statusCode).toBe(200);

    const detail = await inject('GET', `/api/admin/users/${neema.userId}`, adminAuth());
    expect(detail.statusCode, detail.body).toBe(200);
    const { user, subscription, properties } = detail.json<TAdminUserDetail>();
    expect(user).toMatchObject({
      id: neema.userId,
      firstName: '',
      lastName: '',
      name: 'Deleted user',
      phoneNumber: '',
      numberOfProperties: 0,
    });
    expect(subscription).toEqual({ isActive: false, endsAt: null });
    expect(properties).toEqual([]);

    const byName = await inject('GET', '/api/admin/users?q=Neemaxyz', adminAuth());
    expect(byName.json<TAdminUsersResponse>().total).toBe(0);
    const byPhone = await inject(
      'GET',
      `/api/admin/users?q=${encodeURIComponent(neema.phone)}`,
      adminAuth(),
    );
    expect(byPhone.json<TAdminUsersResponse>().total).toBe(0);
    const everyone = await inject('GET', '/api/admin/users?pageSize=100', adminAuth());
    expect(everyone.body).not.toContain(neema.phone);
  });

  it('deletes the messages they sent support, signed in or from their number, and no one else’s', async () => {
    const baraka = await signUpAndIn(t, { firstName: 'Baraka' });
    const signedIn = await insertSupportMessage(t.db, { userId: baraka.userId });
    const fromTheirPhone = await insertSupportMessage(t.db, { phone: baraka.phone });
    const someoneElse = await insertSupportMessage(t.db);
    expect((await deleteAccount(baraka.userId, baraka.auth)).statusCode).toBe(200);
    const left = (await t.db.select({ id: supportMessages.id }).from(supportMessages)).map(
      (row) => row.id,
    );
    expect(left).toContain(someoneElse.id);
    expect(left).not.toContain(signedIn.id);
    expect(left).not.toContain(fromTheirPhone.id);
  });

  it('erases the record of the owners’ contacts they were shown, and no one else’s', async () => {
    const subira = await signUpAndIn(t, { firstName: 'Subira' });
    const other = await signUpAndIn(t);
    const listing = await insertProperty(t.db);
    for (const userId of [subira.userId, subira.userId, other.userId]) {
      await t.db.insert(contactReveals).values({
        userId,
        propertyId: listing.id,
        revealedAt: clock(),
      });
    }
    expect((await deleteAccount(subira.userId, subira.auth)).statusCode).toBe(200);
    const left = await t.db
      .select({ userId: contactReveals.userId })
      .from(contactReveals)
      .where(eq(contactReveals.propertyId, listing.id));
    expect(left).toEqual([{ userId: other.userId }]);
  });

  it('erases the listings they saved, and no one else’s', async () => {
    const neema = await signUpAndIn(t, { firstName: 'Neema' });
    const other = await signUpAndIn(t);
    const listing = await insertProperty(t.db);
    for (const who of [neema, other]) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: `/api/me/favourites/${listing.id}`,
        headers: who.auth,
      });
      expect(saved.statusCode, saved.body).toBe(204);
    }
    expect((await deleteAccount(neema.userId, neema.auth)).statusCode).toBe(200);
    const left = await t.db
      .select({ userId: favourites.userId })
      .from(favourites)
      .where(eq(favourites.propertyId, listing.id));
    expect(left).toEqual([{ userId: other.userId }]);
  });

  it('erases their saved searches and the alerts waiting on them, and no one else’s', async () => {
    const amani = await signUpAndIn(t, { firstName: 'Amani' });
    const other = await signUpAndIn(t);
    for (const who of [amani, other]) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/me/saved-searches',
        headers: who.auth,
        payload: { search: 'Erase Tabata', alerts: 'instant' },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    const listing = await insertProperty(t.db, { title: 'Erase Tabata' });
    await createSavedSearchesRepository(t.db).matchListings([listing.id], clock());
    expect((await deleteAccount(amani.userId, amani.auth)).statusCode).toBe(200);
    const searches = await t.db.select({ userId: savedSearches.userId }).from(savedSearches);
    expect(searches.filter((s) => s.userId === amani.userId)).toEqual([]);
    const matches = await t.db
      .select({ userId: savedSearchMatches.userId })
      .from(savedSearchMatches)
      .where(eq(savedSearchMatches.propertyId, listing.id));
    expect(matches).toEqual([{ userId: other.userId }]);
  });

  it('erases the numbers they proved, the codes sent to them, the words of their reports and their listings’ photos', async () => {
    const who = await signUpAndIn(t, { firstName: 'Rehema', lastName: 'Kweka' });
    const contact = nextPhone();
    const listing = await insertProperty(t.db, {
      publishedBy: who.userId,
      ownerPhoneNumber: contact.e164,
    });
    // A number proven with a code, and a second code asked for another one.
    const ask = (phoneNumber: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/me/owner-phones/codes',
        headers: who.auth,
        payload: { phoneNumber },
      });
    expect((await ask(contact.e164)).statusCode).toBe(200);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/me/owner-phones/verify',
      headers: who.auth,
      payload: { phoneNumber: contact.e164, code: await lastCodeFor(t.dataDir, contact.e164) },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const second = nextPhone();
    await insertProperty(t.db, { publishedBy: who.userId, ownerPhoneNumber: second.e164 });
    expect((await ask(second.e164)).statusCode).toBe(200);
    // A report with words of their own on someone else's listing.
    const reported = await insertProperty(t.db);
    const filed = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${reported.id}/reports`,
      headers: who.auth,
      payload: { reason: 'other', note: 'Mwenye nyumba ni jirani yangu Juma' },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    // Their listing's photo, stored.
    const photo = await insertPhoto(t.db, listing.id);
    for (const variant of photo.variants) {
      await t.storage.put(variant.key, Buffer.from('webp'), 'image/webp');
    }
    const served = () => t.app.inject({ method: 'GET', url: `/media/${photo.variants[0]!.key}` });
    expect((await served()).statusCode).toBe(200);

    expect((await deleteAccount(who.userId, who.auth)).statusCode).toBe(200);

    const byUser = async <T extends { userId: unknown }>(table: T) =>
      t.db
        .select()
        .from(table as never)
        .where(eq(table.userId as never, who.userId));
    expect(await byUser(verifiedOwnerPhones)).toEqual([]);
    expect(await byUser(ownerPhoneChallenges)).toEqual([]);
    const [report] = await t.db
      .select()
      .from(listingReports)
      .where(eq(listingReports.reporterId, who.userId));
    expect(report?.note).toBeNull();
    expect(
      await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, listing.id)),
    ).toEqual([]);
    // The files go with the media sweeper's next run, which finds their keys in the journal.
    const journaled = await t.db
      .select({ key: mediaUploads.key })
      .from(mediaUploads)
      .where(eq(mediaUploads.propertyId, listing.id));
    expect(journaled.map((row) => row.key).sort()).toEqual(
      photo.variants.map((variant) => variant.key).sort(),
    );
    const sweeper = createMediaService({
      repository: createMediaRepository(t.db),
      storage: t.storage,
      clock,
      log: { warn: () => undefined, error: () => undefined },
      ownerView: () => Promise.reject(new Error('not read by the sweep')),
    });
    await sweeper.sweepOrphanUploads(new Date(clock().getTime() + 1000));
    expect((await served()).statusCode).toBe(404);
  });

  it('leaves rows that name them only in the tables that must keep them, each said why', async () => {
    // Every table with a foreign key to users: a new one must say here what deletion does to it.
    const KEPT = {
      properties: 'archived, contact and photos erased (the tests above)',
      payments: 'finance records, without the number that paid',
      subscriptions: 'ended, part of the finance records',
      listing_reports: 'what they did to holds and the daily cap, without their words',
      auth_sessions: 'revoked, for the audit of sign-ins',
      photo_uploads: 'attached uploads only, naming a photo that went with its listing',
    };
    const ERASED = [
      'alert_sms',
      'contact_reveals',
      'favourites',
      'otp_challenges',
      'owner_phone_challenges',
      'saved_searches',
      'support_messages',
      'verified_owner_phones',
    ];
    const referencing = await t.db.execute<{ table_name: string }>(sql`
      select distinct tc.table_name
        from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'users'
         and tc.table_schema = current_schema() and tc.table_name <> 'users'`);
    expect(referencing.rows.map((row) => row.table_name).sort()).toEqual(
      [...Object.keys(KEPT), ...ERASED].sort(),
    );
  });

  it('deletes all or nothing: a failure at the last step leaves the account as it was', async () => {
    const who = await signUpAndIn(t, { firstName: 'Imani', lastName: 'Swai' });
    const listing = await insertProperty(t.db, { publishedBy: who.userId, type: 'Land' });
    await t.db
      .insert(favourites)
      .values({ userId: who.userId, propertyId: listing.id, createdAt: clock() });
    const real = createUsersRepository(t.db);
    const failing: UsersRepository = {
      ...real,
      transaction: (work) =>
        real.transaction((tx) =>
          work({ ...tx, anonymise: () => Promise.reject(new Error('the disk is full')) }),
        ),
    };
    const removed: string[] = [];
    const service = createUsersService(failing, clock, {
      remove: (id) => {
        removed.push(id);
        return Promise.resolve();
      },
    });
    await expect(
      service.remove({ userId: who.userId, sessionId: randomUUID() }, who.userId),
    ).rejects.toThrow('the disk is full');

    // Every earlier step rolled back with it: signed in, listed, their favourites kept.
    expect((await inject('GET', `/api/users/${who.userId}`, who.auth)).statusCode).toBe(200);
    expect(await catalogueIds()).toContain(listing.id);
    expect(
      await t.db.select().from(favourites).where(eq(favourites.userId, who.userId)),
    ).toHaveLength(1);
    expect(await userRow(who.userId)).toMatchObject({ deletedAt: null, phoneNumber: who.phone });
    expect(removed).toEqual([]);
  });

  it('frees the phone number: the same person can register again, as a new account', async () => {
    const first = await signUpAndIn(t, { firstName: 'Baraka', lastName: 'Mushi' });
    expect((await deleteAccount(first.userId, first.auth)).statusCode).toBe(200);

    const local = `0${first.phone.slice(4)}`;
    const signup = await post(t, '/api/auth/signup', {
      firstName: 'Baraka',
      lastName: 'Mushi',
      phoneNumber: local,
    });
    expect(signup.statusCode, signup.body).toBe(201);
    const again = await signInAs(t, first.phone);
    expect(again.userId).not.toBe(first.userId);
    const profile = await inject('GET', `/api/users/${again.userId}`, again.auth);
    expect(profile.json<TUser>()).toEqual({
      id: again.userId,
      firstName: 'Baraka',
      lastName: 'Mushi',
      phoneNumber: first.phone,
    });
    // The old account stays deleted and separate.
    expect(await userRow(first.userId)).toMatchObject({ phoneNumber: null });
  });

  it('refuses another user’s account (403), an anonymous caller (401) and an admin’s token (401)', async () => {
    const owner = await signUpAndIn(t, { firstName: 'Zawadi', lastName: 'Lyimo' });
    const other = await signUpAndIn(t);

    const byOther = await deleteAccount(owner.userId, other.auth);
    expect(byOther.statusCode).toBe(403);
    expect(errorOf(byOther)).toEqual({
      statusCode: 403,
      code: 'FORBIDDEN',
      message: 'You can only delete your own account.',
    });
    const anonymous = await deleteAccount(owner.userId);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe('Bearer');
    // Admins have their own tools; their token is no user session.
    expect((await deleteAccount(owner.userId, adminAuth())).statusCode).toBe(401);
    // An id nobody has is someone else's too: existence is not revealed.
    expect((await deleteAccount(randomUUID(), other.auth)).statusCode).toBe(403);
    expect((await deleteAccount('me', owner.auth)).statusCode).toBe(400);

    const profile = await inject('GET', `/api/users/${owner.userId}`, owner.auth);
    expect(profile.statusCode).toBe(200);
    expect(profile.json<TUser>().firstName).toBe('Zawadi');
    expect((await inject('GET', `/api/users/${other.userId}`, other.auth)).statusCode).toBe(200);
  });
});

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  TAdminAwaitingReview,
  TAdminPropertiesResponse,
  TAdminPropertyDetail,
  TModerationResult,
} from '@makazi/contracts/admin';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TViewerProperty } from '@makazi/contracts/listings';
import type { TProperty } from '@makazi/contracts/properties';
import type { TPropertyStatus, TPropertyType } from '@makazi/contracts/property-values';
import { auditLog, pendingChanges, properties, users } from '../../db/schema';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import { SmsDeliveryError, type SmsGateway } from '../../gateways/sms/sms-gateway';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import {
  findPropertyRow,
  insertLocationChain,
  insertPhoto,
  insertProperty,
  insertUser,
  type LocationChain,
  type PropertyRow,
  type UserRow,
} from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { messagesTo } from '../../test/outbox';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { testPropertiesService } from '../../test/properties-service';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createAdminPropertiesRepository,
  type AdminPropertiesRepository,
} from './admin-properties.repository';
import { createAdminPropertiesService, INCOMPLETE_MESSAGE } from './admin-properties.service';
import { createDuplicatePhotosRepository } from '../media/duplicate-photos.repository';

/*
 * Moderation through the API: the review list, the detail, approve and disapprove with their
 * effect on what the public sees, the audit entry and the owner's SMS.
 */

const HOUR_MS = 60 * 60 * 1000;
const clock = createFakeClock(new Date('2026-03-10T08:00:00.000Z'));
let t: TestApp;
let admin: SignedInAdmin;
let chain: LocationChain;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await signInAdmin(t.app);
  chain = await insertLocationChain(t.db, { region: 'Arusha' });
});
afterAll(async () => {
  await t.close();
});

// Listings of earlier tests would otherwise count in the totals and orders of later ones.
beforeEach(async () => {
  await t.db.delete(auditLog);
  await t.db.delete(properties);
});

/** null: nobody signed in (undefined would pick the default, the admin). */
type Who = SignedInAdmin | SignedIn | null;

function headersOf(who: Who): Record<string, string> {
  if (who === null) return {};
  return 'token' in who ? { authorization: `Bearer ${who.token}` } : who.auth;
}

function get(url: string, who: Who = admin) {
  return t.app.inject({ method: 'GET', url, headers: headersOf(who) });
}

function post(url: string, payload?: unknown, who: Who = admin) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: headersOf(who),
    remoteAddress: '198.51.100.7',
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function list(query: string): Promise<TAdminPropertiesResponse> {
  const res = await get(`/api/admin/properties${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TAdminPropertiesResponse>();
}

/** The ids of the public catalogue's first page, as anyone reads it. */
async function publicIds(): Promise<string[]> {
  const res = await get('/api/properties?limit=100', null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TProperty[]>().map((item) => item.id);
}

const titlesOf = (page: TAdminPropertiesResponse) => page.items.map((item) => item.title);

/** A listing created `hoursAgo` before the clock's now. */
function listing(
  title: string,
  status: TPropertyStatus,
  hoursAgo: number,
  extra: {
    type?: TPropertyType;
    publishedBy?: string;
    updatedHoursAgo?: number;
    ownerPhoneNumber?: string;
  } = {},
): Promise<PropertyRow> {
  return insertProperty(t.db, {
    title,
    status,
    type: extra.type ?? 'Rent',
    createdAt: new Date(clock().getTime() - hoursAgo * HOUR_MS),
    ...(extra.publishedBy ? { publishedBy: extra.publishedBy } : {}),
    ...(extra.ownerPhoneNumber ? { ownerPhoneNumber: extra.ownerPhoneNumber } : {}),
    ...(extra.updatedHoursAgo === undefined
      ? {}
      : { details: { updatedAt: new Date(clock().getTime() - extra.updatedHoursAgo * HOUR_MS) } }),
    address: { ...chain, houseNumber: '12' },
  });
}

async function auditOf(id: string) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'property'), eq(auditLog.targetId, id)))
    .orderBy(auditLog.createdAt);
}

describe('GET /api/admin/properties', () => {
  it('answers the queue by default: pending listings only, oldest first', async () => {
    await listing('Newer pending', 'pending', 1);
    await listing('Oldest pending', 'pending', 30);
    await listing('Middle pending', 'pending', 5);
    await listing('A draft', 'draft', 40);
    await listing('An archived one', 'archived', 50);
    await listing('An approved one', 'approved', 60);
    await listing('A rejected one', 'rejected', 70);

    const page = await list('');
    expect(titlesOf(page)).toEqual(['Oldest pending', 'Middle pending', 'Newer pending']);
    expect(page.total).toBe(3);
    expect(page.items.every((item) => item.status === 'pending')).toBe(true);
  });

  it('orders approved and rejected listings by their last change, newest first', async () => {
    await listing('Changed long ago', 'approved', 10, { updatedHoursAgo: 9 });
    await listing('Changed lately', 'approved', 100, { updatedHoursAgo: 1 });
    await listing('Changed in between', 'approved', 5, { updatedHoursAgo: 4 });
    await listing('Rejected earlier', 'rejected', 3, { updatedHoursAgo: 3 });
    await listing('Rejected lately', 'rejected', 30, { updatedHoursAgo: 2 });

    expect(titlesOf(await list('?status=approved'))).toEqual([
      'Changed lately',
      'Changed in between',
      'Changed long ago',
    ]);
    expect(titlesOf(await list('?status=rejected'))).toEqual([
      'Rejected lately',
      'Rejected earlier',
    ]);
  });

  it('filters by type', async () => {
    await listing('Plot in the queue', 'pending', 3, { type: 'Land' });
    await listing('Flat in the queue', 'pending', 2, { type: 'Apartment' });
    await listing('Approved plot', 'approved', 1, { type: 'Land' });

    const plots = await list('?type=Land');
    expect(titlesOf(plots)).toEqual(['Plot in the queue']);
    expect(plots.total).toBe(1);
    expect(titlesOf(await list('?type=Land&status=approved'))).toEqual(['Approved plot']);
  });

  it('pages with the total of every matching row', async () => {
    for (let i = 0; i < 7; i += 1) await listing(`Queue ${i}`, 'pending', 100 - i);
    await listing('Not in the queue', 'approved', 1);

    const first = await list('?pageSize=3');
    const third = await list('?pageSize=3&page=3');
    const beyond = await list('?pageSize=3&page=4');
    expect(titlesOf(first)).toEqual(['Queue 0', 'Queue 1', 'Queue 2']);
    expect(first).toMatchObject({ page: 1, pageSize: 3, total: 7 });
    expect(titlesOf(third)).toEqual(['Queue 6']);
    expect(third.total).toBe(7);
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(7);
  });

  it('finds by title, publisher name or phone, case-insensitively, wildcards taken literally', async () => {
    const zawadi = await insertUser(t.db, {
      firstName: 'Zawadi',
      lastName: 'Kimaro',
      phoneNumber: '+255754987654',
    });
    await listing('Nyumba ya Mbezi Beach', 'pending', 5);
    await listing('Chumba Kariakoo', 'pending', 4, { publishedBy: zawadi.id });
    await listing('Punguzo 50% Sinza', 'pending', 3);
    await listing('Punguzo 500 Sinza', 'pending', 2);

    expect(titlesOf(await list('?q=mbezi%20BEACH'))).toEqual(['Nyumba ya Mbezi Beach']);
    expect(titlesOf(await list('?q=zawadi%20kim'))).toEqual(['Chumba Kariakoo']);
    expect(titlesOf(await list('?q=%2B255754987'))).toEqual(['Chumba Kariakoo']);
    // As an owner says the number: 0754…, not +255754….
    expect(titlesOf(await list('?q=0754987654'))).toEqual(['Chumba Kariakoo']);
    const percent = await list('?q=50%25');
    expect(titlesOf(percent)).toEqual(['Punguzo 50% Sinza']);
    expect(percent.total).toBe(1);
    expect((await list('?q=Pungu_o')).total).toBe(0);
  });

  it('shows the row as the admin table needs it: region, price, publisher, smallest cover', async () => {
    const owner = await insertUser(t.db, {
      firstName: 'Baraka',
      lastName: 'Lyimo',
      phoneNumber: '+255765111222',
    });
    // The publisher's own number as the contact: verified by their signing in.
    const withPhotos = await listing('With photos', 'pending', 3, {
      publishedBy: owner.id,
      ownerPhoneNumber: '+255765111222',
    });
    await insertPhoto(t.db, withPhotos.id, { position: 1, widths: [320, 768] });
    await insertPhoto(t.db, withPhotos.id, { position: 0, widths: [1280, 480, 768] });
    const bare = await insertProperty(t.db, {
      title: 'Without photos or address',
      status: 'pending',
      createdAt: new Date(clock().getTime() - HOUR_MS),
    });

    const [first, second] = (await list('')).items;
    expect(first).toEqual({
      id: withPhotos.id,
      type: 'Rent',
      title: 'With photos',
      status: 'pending',
      regionName: 'Arusha',
      price: withPhotos.priceTzs,
      publisher: { id: owner.id, name: 'Baraka Lyimo', phoneNumber: '+255765111222' },
      coverUrl: `/media/photos/${withPhotos.id}/0-480.webp`,
      rejectionReason: null,
      contactVerified: true,
      pendingChange: null,
      duplicatePhotos: [],
      createdAt: withPhotos.createdAt.toISOString(),
      updatedAt: withPhotos.updatedAt.toISOString(),
    });
    expect(second).toMatchObject({
      id: bare.id,
      regionName: null,
      coverUrl: null,
      contactVerified: false,
    });
  });

  it('rejects a status outside the review (drafts are the owner’s business)', async () => {
    const res = await get('/api/admin/properties?status=draft');
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/admin/properties/awaiting-review', () => {
  /** An edit of `row` (a live listing) in the given state. */
  const edit = (row: PropertyRow, status: 'draft' | 'pending' | 'rejected') =>
    transactionRefreshingCards(t.db, (tx) =>
      tx.insert(pendingChanges).values({ propertyId: row.id, status, changes: { title: 'New' } }),
    );

  it('counts new listings and edits of live ones awaiting review, by type, each its queue total', async () => {
    await listing('Plot one', 'pending', 3, { type: 'Land' });
    await listing('Plot two', 'pending', 2, { type: 'Land' });
    await listing('Flat', 'pending', 1, { type: 'Apartment' });
    // A live rental whose edit waits; another whose edit is not sent yet, or was refused.
    await edit(await listing('Edited rental', 'approved', 9, { type: 'Rent' }), 'pending');
    await edit(await listing('Draft edit', 'approved', 8, { type: 'Rent' }), 'draft');
    await edit(await listing('Refused edit', 'approved', 7, { type: 'Rent' }), 'rejected');
    // Nothing to review: decided, unfinished or deleted listings.
    await listing('Sold house', 'approved', 6, { type: 'HouseForSale' });
    await listing('Refused plot', 'rejected', 5, { type: 'Land' });
    await listing('Unfinished plot', 'draft', 4, { type: 'Land' });
    await listing('Deleted flat', 'archived', 4, { type: 'Apartment' });

    const res = await get('/api/admin/properties/awaiting-review');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { byType } = res.json<TAdminAwaitingReview>();
    // Every type, none waiting included.
    expect(byType).toEqual({ Land: 2, Rent: 1, Apartment: 1, HouseForSale: 0 });
    for (const type of ['Land', 'Rent', 'Apartment', 'HouseForSale'] as const) {
      expect((await list(`?type=${type}`)).total, type).toBe(byType[type]);
    }
  });

  it('is for admins only', async () => {
    expect((await get('/api/admin/properties/awaiting-review', null)).statusCode).toBe(401);
    const user = await signUpAndIn(t);
    expect((await get('/api/admin/properties/awaiting-review', user)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/properties/:id', () => {
  it('answers the owner view and the publisher, whatever the status but archived', async () => {
    const owner = await insertUser(t.db, {
      firstName: 'Rehema',
      lastName: 'Mollel',
      phoneNumber: '+255713222333',
    });
    for (const status of ['draft', 'pending', 'approved', 'rejected'] as const) {
      const row = await listing(`A ${status} one`, status, 2, { publishedBy: owner.id });
      if (status === 'rejected') {
        await t.db
          .update(properties)
          .set({ rejectionReason: 'Blurred photos' })
          .where(eq(properties.id, row.id));
      }
      const res = await get(`/api/admin/properties/${row.id}`);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
      const detail = res.json<TAdminPropertyDetail>();
      expect(detail.publisher).toEqual({
        id: owner.id,
        name: 'Rehema Mollel',
        phoneNumber: '+255713222333',
      });
      expect(detail.property).toMatchObject({
        id: row.id,
        status,
        ownerPhoneNumber: row.ownerPhoneNumber,
        rejectionReason: status === 'rejected' ? 'Blurred photos' : null,
        propertyAddress: { region: { name: 'Arusha' }, houseNumber: '12' },
      });
    }
  });

  it('is 404 for an archived or unknown listing', async () => {
    const archived = await listing('Deleted by its owner', 'archived', 2);
    expect((await get(`/api/admin/properties/${archived.id}`)).statusCode).toBe(404);
    const unknown = '7d1c0a52-3c1e-4d6b-9f7e-1b2a3c4d5e6f';
    expect((await get(`/api/admin/properties/${unknown}`)).statusCode).toBe(404);
  });
});

describe('possible duplicate photos', () => {
  /** A photo hash as stored (signed) and `bits` bits away from it. */
  const HASH = 0x2b2b_d4d4_6c6c_9393n;
  const moved = (bits: number[]) =>
    BigInt.asIntN(
      64,
      bits.reduce((hash, bit) => hash ^ (1n << BigInt(bit)), HASH),
    );

  it('flags pending listings and edits of live ones in the queue, and the detail, with the other listing', async () => {
    const [asha, baraka, chausiku, daudi] = [
      await insertUser(t.db, {
        firstName: 'Asha',
        lastName: 'Mrema',
        phoneNumber: '+255754100001',
      }),
      await insertUser(t.db, {
        firstName: 'Baraka',
        lastName: 'Lyimo',
        phoneNumber: '+255754100002',
      }),
      await insertUser(t.db, {
        firstName: 'Chausiku',
        lastName: 'Ally',
        phoneNumber: '+255754100003',
      }),
      await insertUser(t.db, {
        firstName: 'Daudi',
        lastName: 'Kweka',
        phoneNumber: '+255754100004',
      }),
    ];
    // Baraka's live listing has the picture; Asha's new one has it two bits away.
    const original = await listing('Nyumba Mbezi', 'approved', 48, { publishedBy: baraka.id });
    await insertPhoto(t.db, original.id, { perceptualHash: moved([]) });
    const copy = await listing('Nyumba nzuri Mbezi', 'pending', 5, { publishedBy: asha.id });
    await insertPhoto(t.db, copy.id, { perceptualHash: moved([3, 40]) });
    // Chausiku's archived listing has it too, and so has Asha's other listing: neither counts
    // for her new one (one is archived, the other her own).
    const gone = await listing('Old one', 'archived', 60, { publishedBy: chausiku.id });
    await insertPhoto(t.db, gone.id, { perceptualHash: moved([]) });
    const own = await listing('Asha again', 'rejected', 30, { publishedBy: asha.id });
    await insertPhoto(t.db, own.id, { perceptualHash: moved([50]) });
    // Daudi's live listing is innocent, but his edit adds the picture.
    const edited = await listing('Daudi house', 'approved', 72, { publishedBy: daudi.id });
    await insertPhoto(t.db, edited.id, { perceptualHash: 0x0101_0101_0101_0101n });
    await transactionRefreshingCards(t.db, (tx) =>
      tx.insert(pendingChanges).values({
        propertyId: edited.id,
        status: 'pending',
        addedPhotos: [
          {
            id: '00000000-0000-4000-8000-0000000da0d1',
            label: 'picha_mbele',
            width: 1280,
            height: 960,
            variants: [{ width: 320, height: 240, key: 'photos/da/added-320.webp' }],
            perceptualHash: String(moved([7])),
          },
        ],
      }),
    );

    const queue = await list('');
    expect(titlesOf(queue)).toEqual(['Daudi house', 'Nyumba nzuri Mbezi']);
    const [editRow, copyRow] = queue.items;
    expect(copyRow!.duplicatePhotos).toEqual([
      {
        propertyId: original.id,
        type: 'Rent',
        title: 'Nyumba Mbezi',
        status: 'approved',
        publisher: { id: baraka.id, name: 'Baraka Lyimo', phoneNumber: '+255754100002' },
        distance: 2,
        photoUrl: `/media/photos/${copy.id}/0-320.webp`,
        otherPhotoUrl: `/media/photos/${original.id}/0-320.webp`,
      },
    ]);
    // The edit's photo is not a row yet, so the copy's search does not meet it; its own search
    // finds every listing of someone else with the picture, closest first.
    expect(editRow!.duplicatePhotos.map((c) => [c.title, c.distance])).toEqual([
      ['Nyumba Mbezi', 1],
      ['Asha again', 2],
      ['Nyumba nzuri Mbezi', 3],
    ]);
    expect(editRow!.duplicatePhotos[0]!.photoUrl).toBe('/media/photos/da/added-320.webp');

    // The original's page names the copies too: a live listing's photos taken by someone else.
    const detail = (await get(`/api/admin/properties/${original.id}`)).json<TAdminPropertyDetail>();
    expect(detail.duplicatePhotos.map((c) => [c.propertyId, c.publisher.name, c.distance])).toEqual(
      [
        [own.id, 'Asha Mrema', 1],
        [copy.id, 'Asha Mrema', 2],
      ],
    );
    const approved = await list('?status=approved');
    expect(approved.items.find((row) => row.id === original.id)?.duplicatePhotos).toHaveLength(2);
  });

  it('searches once for the whole page, whatever its size', async () => {
    const searches: string[][] = [];
    const real = createDuplicatePhotosRepository(t.db);
    const service = createAdminPropertiesService({
      repository: createAdminPropertiesRepository(t.db),
      views: testPropertiesService(t.database),
      sms: t.sms,
      clock,
      log: { warn: () => undefined },
      duplicates: {
        candidates: (ids, options) => {
          searches.push([...ids]);
          return real.candidates(ids, options);
        },
      },
      maxPhotoDistance: 6,
    });
    const rows = [];
    for (let i = 0; i < 5; i++) rows.push(await listing(`Listing ${i}`, 'pending', 10 - i));
    const page = await service.list({ status: 'pending', page: 1, pageSize: 20 });
    expect(page.items).toHaveLength(5);
    expect(searches).toEqual([rows.map((row) => row.id)]);
  });
});

describe('approve', () => {
  it('publishes a pending listing: the public sees it, the audit log and the owner are told', async () => {
    const owner = await signUpAndIn(t, { firstName: 'Fatuma', lastName: 'Said' });
    const row = await listing('Nyumba ya kupanga Mwenge', 'pending', 3, {
      publishedBy: owner.userId,
    });
    expect((await get(`/api/properties/${row.id}`, null)).statusCode).toBe(404);
    const textsBefore = (await messagesTo(t.dataDir, owner.phone)).length;

    clock.advance(60_000);
    const res = await post(`/api/admin/properties/${row.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TModerationResult>()).toEqual({
      id: row.id,
      status: 'approved',
      rejectionReason: null,
      pendingChange: null,
    });

    const stored = await findPropertyRow(t.db, row.id);
    expect(stored?.approvedAt?.toISOString()).toBe(clock().toISOString());
    expect((await get(`/api/properties/${row.id}`, null)).statusCode).toBe(200);
    expect(await publicIds()).toContain(row.id);

    const [entry, ...more] = await auditOf(row.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      adminId: admin.adminId,
      actor: admin.username,
      action: 'property.approve',
      targetType: 'property',
      before: { status: 'pending', rejectionReason: null, pendingChange: null },
      after: { status: 'approved', rejectionReason: null, pendingChange: null },
      ip: '198.51.100.7',
    });
    expect(entry?.createdAt.toISOString()).toBe(clock().toISOString());

    const texts = (await messagesTo(t.dataDir, owner.phone)).slice(textsBefore);
    expect(texts.map((m) => m.text)).toEqual([
      'Makazi: your listing "Nyumba ya kupanga Mwenge" is now live.',
    ]);
  });

  it('approves a rejected listing and clears its reason', async () => {
    const row = await listing('Rejected before', 'rejected', 3);
    await t.db
      .update(properties)
      .set({ rejectionReason: 'No kitchen photo' })
      .where(eq(properties.id, row.id));

    const res = await post(`/api/admin/properties/${row.id}/approve`);
    expect(res.json<TModerationResult>()).toMatchObject({
      status: 'approved',
      rejectionReason: null,
    });
    expect(await findPropertyRow(t.db, row.id)).toMatchObject({
      status: 'approved',
      rejectionReason: null,
    });
    expect((await auditOf(row.id))[0]).toMatchObject({
      before: { status: 'rejected', rejectionReason: 'No kitchen photo', pendingChange: null },
      after: { status: 'approved', rejectionReason: null, pendingChange: null },
    });
  });

  it('is idempotent: approving an approved listing changes, records and texts nothing', async () => {
    const owner = await signUpAndIn(t);
    const row = await listing('Approved twice', 'pending', 3, { publishedBy: owner.userId });
    expect((await post(`/api/admin/properties/${row.id}/approve`)).statusCode).toBe(200);
    const approvedAt = (await findPropertyRow(t.db, row.id))?.approvedAt;
    const texts = (await messagesTo(t.dataDir, owner.phone)).length;

    clock.advance(HOUR_MS);
    const again = await post(`/api/admin/properties/${row.id}/approve`);
    expect(again.statusCode).toBe(200);
    expect(again.json<TModerationResult>()).toEqual({
      id: row.id,
      status: 'approved',
      rejectionReason: null,
      pendingChange: null,
    });
    expect((await findPropertyRow(t.db, row.id))?.approvedAt).toEqual(approvedAt);
    expect(await auditOf(row.id)).toHaveLength(1);
    expect(await messagesTo(t.dataDir, owner.phone)).toHaveLength(texts);
  });

  it('counts as the owner confirming: a listing long in review or gone stale is listed afresh', async () => {
    const owner = await signUpAndIn(t);
    const DAY = 24 * HOUR_MS;
    // A month and more in the queue: by its confirmation date alone it would be stale at once.
    const waited = await listing('Waited long', 'pending', 40 * 24, { publishedBy: owner.userId });
    // Reminded, then hidden as stale, then rejected: approval brings it back unmarked.
    const stale = await listing('Went stale', 'rejected', 60 * 24, { publishedBy: owner.userId });
    await t.db
      .update(properties)
      .set({
        staleReminderAt: new Date(clock().getTime() - 35 * DAY),
        staleAt: new Date(clock().getTime() - 30 * DAY),
      })
      .where(eq(properties.id, stale.id));

    clock.advance(60_000);
    for (const row of [waited, stale]) {
      expect((await post(`/api/admin/properties/${row.id}/approve`)).statusCode).toBe(200);
      const view = await get(`/api/properties/${row.id}`, owner);
      expect(view.json<TViewerProperty>()).toMatchObject({
        visibility: 'listed',
        confirmedAt: clock().toISOString(),
      });
      // The next reminder is due a full cycle from now, not never.
      expect((await findPropertyRow(t.db, row.id))?.staleReminderAt).toBeNull();
    }
    expect(await publicIds()).toEqual(expect.arrayContaining([waited.id, stale.id]));
  });

  it('refuses a draft with 409 and does not know archived or unknown listings', async () => {
    const draft = await listing('Still a draft', 'draft', 1);
    const archived = await listing('Deleted', 'archived', 1);

    const res = await post(`/api/admin/properties/${draft.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect(res.json<TErrorResponse>()).toMatchObject({
      code: 'CONFLICT',
      message: INCOMPLETE_MESSAGE,
    });
    expect((await post(`/api/admin/properties/${archived.id}/approve`)).statusCode).toBe(404);
    const unknown = 'a0c2f7e4-1111-4a2b-8c3d-0e1f2a3b4c5d';
    expect((await post(`/api/admin/properties/${unknown}/approve`)).statusCode).toBe(404);
    expect((await findPropertyRow(t.db, draft.id))?.status).toBe('draft');
    expect((await findPropertyRow(t.db, archived.id))?.status).toBe('archived');
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('disapprove', () => {
  it('takes an approved listing off the public at once; its owner sees why, in Swahili by SMS', async () => {
    const owner = await signUpAndIn(t, { firstName: 'Juma', lastName: 'Hassan' });
    await t.db.update(users).set({ locale: 'sw' }).where(eq(users.id, owner.userId));
    const row = await listing('Kiwanja Bagamoyo', 'approved', 3, { publishedBy: owner.userId });
    expect((await get(`/api/properties/${row.id}`, null)).statusCode).toBe(200);

    const res = await post(`/api/admin/properties/${row.id}/disapprove`, {
      reason: '  The price is missing a zero.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TModerationResult>()).toEqual({
      id: row.id,
      status: 'rejected',
      rejectionReason: 'The price is missing a zero.',
      pendingChange: null,
    });

    expect((await get(`/api/properties/${row.id}`, null)).statusCode).toBe(404);
    expect(await publicIds()).not.toContain(row.id);
    const mine = await get(`/api/properties/publishers/${owner.userId}`, owner);
    expect(mine.json<TViewerProperty[]>().find((item) => item.id === row.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The price is missing a zero.',
    });

    expect((await auditOf(row.id))[0]).toMatchObject({
      action: 'property.disapprove',
      before: { status: 'approved', rejectionReason: null, pendingChange: null },
      after: {
        status: 'rejected',
        rejectionReason: 'The price is missing a zero.',
        pendingChange: null,
      },
    });
    const last = (await messagesTo(t.dataDir, owner.phone)).at(-1);
    expect(last?.text).toBe(
      'Makazi: tangazo lako "Kiwanja Bagamoyo" halikukubaliwa: The price is missing a zero. Lirekebishe katika Matangazo Yako.',
    );
  });

  it('rejects a pending listing with the English text for an English-speaking owner', async () => {
    const owner = await signUpAndIn(t);
    const row = await listing('Apartment Masaki', 'pending', 3, { publishedBy: owner.userId });
    await post(`/api/admin/properties/${row.id}/disapprove`, { reason: 'Photos are blurred' });
    const last = (await messagesTo(t.dataDir, owner.phone)).at(-1);
    expect(last?.text).toBe(
      'Makazi: your listing "Apartment Masaki" was not approved: Photos are blurred. Edit it in My posts.',
    );
    expect(await findPropertyRow(t.db, row.id)).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Photos are blurred',
    });
  });

  it('gives a rejected listing its new reason; the same reason again is a repeat', async () => {
    const row = await listing('Rejected once', 'pending', 3);
    await post(`/api/admin/properties/${row.id}/disapprove`, { reason: 'First reason' });
    const res = await post(`/api/admin/properties/${row.id}/disapprove`, {
      reason: 'Second reason',
    });
    expect(res.json<TModerationResult>().rejectionReason).toBe('Second reason');
    await post(`/api/admin/properties/${row.id}/disapprove`, { reason: 'Second reason' });

    expect((await findPropertyRow(t.db, row.id))?.rejectionReason).toBe('Second reason');
    const entries = await auditOf(row.id);
    expect(entries.map((entry) => [entry.before, entry.after])).toEqual([
      [
        { status: 'pending', rejectionReason: null, pendingChange: null },
        { status: 'rejected', rejectionReason: 'First reason', pendingChange: null },
      ],
      [
        { status: 'rejected', rejectionReason: 'First reason', pendingChange: null },
        { status: 'rejected', rejectionReason: 'Second reason', pendingChange: null },
      ],
    ]);
  });

  it('refuses a draft (409), archived or unknown listings (404) and a missing reason (400)', async () => {
    const draft = await listing('A draft', 'draft', 1);
    const archived = await listing('Archived', 'archived', 1);
    const pending = await listing('Pending', 'pending', 1);
    const body = { reason: 'Not a real listing' };

    expect((await post(`/api/admin/properties/${draft.id}/disapprove`, body)).statusCode).toBe(409);
    expect((await post(`/api/admin/properties/${archived.id}/disapprove`, body)).statusCode).toBe(
      404,
    );
    const noReason = await post(`/api/admin/properties/${pending.id}/disapprove`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await findPropertyRow(t.db, pending.id))?.status).toBe('pending');
    expect((await findPropertyRow(t.db, draft.id))?.status).toBe('draft');
    expect(await t.db.select().from(auditLog)).toEqual([]);
  });
});

describe('decisions and their side effects', () => {
  it('writes the change and its audit entry together: a failing audit write leaves neither', async () => {
    const real = createAdminPropertiesRepository(t.db);
    const failing: AdminPropertiesRepository = {
      ...real,
      transaction: (work) =>
        real.transaction((tx) =>
          work({ ...tx, recordAudit: () => Promise.reject(new Error('audit write failed')) }),
        ),
    };
    const service = createAdminPropertiesService({
      repository: failing,
      views: testPropertiesService(t.database),
      sms: t.sms,
      clock,
      log: { warn: () => undefined },
      duplicates: createDuplicatePhotosRepository(t.db),
      maxPhotoDistance: 6,
    });
    const actor = { adminId: admin.adminId, username: admin.username, sessionId: 'session' };
    const owner = await signUpAndIn(t);
    const texts = (await messagesTo(t.dataDir, owner.phone)).length;
    const row = await listing('Pending forever', 'pending', 1, { publishedBy: owner.userId });

    await expect(service.approve(actor, row.id, { ip: '127.0.0.1' })).rejects.toThrow(
      'audit write failed',
    );
    await expect(
      service.disapprove(actor, row.id, 'Some reason', { ip: '127.0.0.1' }),
    ).rejects.toThrow('audit write failed');

    expect(await findPropertyRow(t.db, row.id)).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      approvedAt: null,
    });
    expect(await t.db.select().from(auditLog)).toEqual([]);
    // Nobody is told of a decision that did not happen.
    expect(await messagesTo(t.dataDir, owner.phone)).toHaveLength(texts);
  });

  it('waits for an owner’s edit in progress (row lock) and judges what the edit left', async () => {
    const row = await listing('Being edited', 'pending', 1);
    let approval: ReturnType<typeof post> | undefined;
    await t.db.transaction(async (tx) => {
      // The owner's edit: it locks the row and, removing a photo, sends the listing back to draft.
      await tx
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.id, row.id))
        .for('update');
      await tx.update(properties).set({ status: 'draft' }).where(eq(properties.id, row.id));
      approval = post(`/api/admin/properties/${row.id}/approve`);
      // On a server the approval runs on another connection: commit only once it waits for a
      // lock, so an approval that read the row without locking it would approve the draft.
      // PGlite runs one transaction at a time, so there it simply starts after the commit.
      if (t.database.kind === 'postgres') {
        for (let tries = 0; ; tries += 1) {
          const result = await tx.execute<{ waiting: number }>(
            sql`select count(*)::int as "waiting" from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((result.rows[0]?.waiting ?? 0) > 0) break;
          if (tries > 5_000) throw new Error('the approval never waited for the row lock');
        }
      }
    });
    const res = await approval!;
    expect(res.statusCode, res.body).toBe(409);
    expect((await findPropertyRow(t.db, row.id))?.status).toBe('draft');
    expect(await auditOf(row.id)).toEqual([]);
  });

  it('keeps the decision and answers 200 when the SMS cannot be sent (the failure is logged)', async () => {
    const lines: string[] = [];
    const broken: SmsGateway = {
      provider: 'beem',
      send: () => Promise.reject(new SmsDeliveryError('beem', 'provider down')),
    };
    // The same database, with an SMS provider that fails every send.
    const offline = await createTestApp({
      database: t.database,
      sms: broken,
      clock,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const otherAdmin = await signInAdmin(offline.app);
      const owner: UserRow = await insertUser(t.db);
      const approved = await listing('Approved in silence', 'pending', 1, {
        publishedBy: owner.id,
      });
      const rejected = await listing('Rejected in silence', 'pending', 1, {
        publishedBy: owner.id,
      });
      const headers = { authorization: `Bearer ${otherAdmin.token}` };

      const approve = await offline.app.inject({
        method: 'POST',
        url: `/api/admin/properties/${approved.id}/approve`,
        headers,
      });
      const disapprove = await offline.app.inject({
        method: 'POST',
        url: `/api/admin/properties/${rejected.id}/disapprove`,
        headers,
        payload: { reason: 'Wrong region' },
      });
      expect(approve.statusCode, approve.body).toBe(200);
      expect(disapprove.statusCode, disapprove.body).toBe(200);
      expect((await findPropertyRow(t.db, approved.id))?.status).toBe('approved');
      expect((await findPropertyRow(t.db, rejected.id))?.status).toBe('rejected');
      expect(await auditOf(approved.id)).toHaveLength(1);
      expect(await auditOf(rejected.id)).toHaveLength(1);
      expect(lines.filter((line) => line.includes('could not text the owner'))).toHaveLength(2);
    } finally {
      await offline.close();
    }
  });
});

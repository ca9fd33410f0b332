import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminDashboard,
  TAdminPropertiesResponse,
  TAdminPropertyDetail,
} from '@makazi/contracts/admin';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TViewerProperty } from '@makazi/contracts/listings';
import type { TProperty } from '@makazi/contracts/properties';
import { mediaUploads, pendingChanges, propertyPhotos } from '../../db/schema';
import { photoFileKeys } from '../media/photo-files';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import {
  insertLocationChain,
  insertProperty,
  insertRequiredPhotos,
  setPublisherPermissions,
  type LocationChain,
} from '../../test/factories';
import { messagesTo } from '../../test/outbox';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * An edit of an approved listing keeps the approved version public (catalogue, detail, search,
 * promotion) until an admin approves the change; a rejected change leaves it up and tells the
 * owner why. Photos follow the same rule.
 */

let t: TestApp;
let admin: SignedInAdmin;
let chain: LocationChain;
let otherChain: LocationChain;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t.app);
  chain = await insertLocationChain(t.db, { region: 'Dar es Salaam', street: 'Melamari' });
  otherChain = await insertLocationChain(t.db, { region: 'Arusha', street: 'Sakina' });
});
afterAll(async () => {
  await t.close();
});

type Who = SignedIn | SignedInAdmin | null;

function call(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who: Who,
  payload?: unknown,
) {
  const headers =
    who === null ? {} : 'token' in who ? { authorization: `Bearer ${who.token}` } : who.auth;
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** An approved Rent listing of a new owner, with every required photo, promoted for a week. */
async function liveListing(title = 'Nyumba ya vyumba viwili Mikocheni') {
  const owner = await signUpAndIn(t);
  const row = await insertProperty(t.db, {
    type: 'Rent',
    title,
    price: 450_000,
    publishedBy: owner.userId,
    address: { ...chain, houseNumber: '88' },
    promotionEndsAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
  });
  const photos = await insertRequiredPhotos(t.db, row.id, 'Rent');
  return { owner, row, photos };
}

const publicView = async (id: string) => {
  const res = await call('GET', `/api/properties/${id}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TProperty>();
};
const ownerView = async (id: string, owner: SignedIn) =>
  (await call('GET', `/api/properties/${id}`, owner)).json<TViewerProperty>();
const search = async (term: string) =>
  (await call('GET', `/api/properties?search=${encodeURIComponent(term)}&limit=50`, null))
    .json<TProperty[]>()
    .map((item) => item.id);
const edit = (id: string, owner: SignedIn, body: unknown) =>
  call('PATCH', `/api/properties/${id}`, owner, body);

describe('editing an approved listing', () => {
  it('keeps the approved version public, promoted and searchable until the change is approved', async () => {
    const { owner, row } = await liveListing('Nyumba ya bluu karibu na soko');
    const before = await publicView(row.id);

    const res = await edit(row.id, owner, {
      leasePrice: 400_000,
      title: 'Nyumba ya kijani karibu na soko',
    });
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<TViewerProperty>();
    expect(view).toMatchObject({ status: 'approved', price: 450_000, title: before.title });
    expect(view.pendingChange).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      changedFields: ['title', 'price'],
      proposed: { price: 400_000, leasePrice: 400_000, title: 'Nyumba ya kijani karibu na soko' },
      addedPhotoIds: [],
      removedPhotoIds: [],
    });

    // The public sees exactly what it saw before: detail, promotion, search.
    expect(await publicView(row.id)).toEqual(before);
    expect(await search('bluu karibu')).toContain(row.id);
    expect(await search('kijani karibu')).not.toContain(row.id);
    expect('pendingChange' in (await publicView(row.id))).toBe(false);
  });

  it('merges edits into one difference from the live version, and drops it when nothing differs', async () => {
    const { owner, row } = await liveListing();
    await edit(row.id, owner, { leasePrice: 500_000 });
    let change = (
      await edit(row.id, owner, { description: 'Imepakwa rangi upya.' })
    ).json<TViewerProperty>().pendingChange;
    expect(change?.changedFields).toEqual(['description', 'price']);
    // The price back at its live value is no longer part of the change.
    change = (await edit(row.id, owner, { leasePrice: 450_000 })).json<TViewerProperty>()
      .pendingChange;
    expect(change?.changedFields).toEqual(['description']);
    const back = await edit(row.id, owner, { description: row.description });
    expect(back.json<TViewerProperty>().pendingChange).toBeNull();
    expect(
      await t.db.select().from(pendingChanges).where(eq(pendingChanges.propertyId, row.id)),
    ).toEqual([]);
  });

  it('proposes a new address with its place names, the live address staying public', async () => {
    const { owner, row } = await liveListing();
    const res = await edit(row.id, owner, {
      address: {
        regionId: otherChain.region.id,
        districtId: otherChain.district.id,
        wardId: otherChain.ward.id,
        streetId: otherChain.street.id,
        houseNumber: '12',
      },
    });
    const view = res.json<TViewerProperty>();
    expect(view.pendingChange?.changedFields).toEqual(['propertyAddress']);
    expect(view.pendingChange?.proposed.propertyAddress).toMatchObject({
      region: { id: otherChain.region.id, name: 'Arusha' },
      street: { id: otherChain.street.id, name: 'Sakina' },
      houseNumber: '12',
    });
    expect((await publicView(row.id)).propertyAddress).toMatchObject({
      region: { name: 'Dar es Salaam' },
      houseNumber: '88',
    });
  });

  it('holds photo removals back; a change missing a required photo is a draft that awaits nothing', async () => {
    const { owner, row, photos } = await liveListing();
    const [outside] = photos;
    const res = await edit(row.id, owner, { removePhotoIds: [outside!.id] });
    const view = res.json<TViewerProperty>();
    expect(view.photos.map((photo) => photo.id)).toContain(outside!.id);
    expect(view.pendingChange).toMatchObject({
      status: 'draft',
      changedFields: ['photos'],
      removedPhotoIds: [outside!.id],
      missingPictureLabels: ['picha_nje'],
    });
    expect((await publicView(row.id)).photos.map((photo) => photo.id)).toContain(outside!.id);
    // Not in the review queue, and approving the listing does not apply it.
    const queue = await call('GET', '/api/admin/properties?status=pending&pageSize=100', admin);
    expect(queue.json<TAdminPropertiesResponse>().items.map((item) => item.id)).not.toContain(
      row.id,
    );
    const approve = await call('POST', `/api/admin/properties/${row.id}/approve`, admin);
    expect(approve.json()).toMatchObject({ pendingChange: { status: 'draft' } });
    expect(
      await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.id, outside!.id)),
    ).toHaveLength(1);
  });

  it('refuses to remove a photo of another listing, naming it', async () => {
    const { owner, row } = await liveListing();
    const { photos: foreign } = await liveListing();
    const res = await edit(row.id, owner, { removePhotoIds: [foreign[0]!.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json<TErrorResponse>().details?.[0]?.field).toBe('removePhotoIds');
  });

  it('reorders the photos of a live listing at once when nothing else is waiting', async () => {
    const { owner, row, photos } = await liveListing();
    const order = [...photos].reverse().map((photo) => photo.id);
    const view = (await edit(row.id, owner, { photoOrder: order })).json<TViewerProperty>();
    expect(view.pendingChange).toBeNull();
    expect((await publicView(row.id)).photos.map((photo) => photo.id)).toEqual(order);
  });
});

describe('reviewing the change', () => {
  it('lists it in the queue and shows the admin what differs', async () => {
    const awaiting = async () =>
      (await call('GET', '/api/admin/dashboard', admin)).json<TAdminDashboard>().awaitingReview;
    const queued = await awaiting();
    const { owner, row, photos } = await liveListing();
    await edit(row.id, owner, { leasePrice: 420_000, removePhotoIds: [photos[4]!.id] });
    await insertPendingPhoto(row.id, 'picha_choo');

    const queue = await call('GET', '/api/admin/properties?status=pending&pageSize=100', admin);
    expect(
      queue.json<TAdminPropertiesResponse>().items.find((item) => item.id === row.id),
    ).toMatchObject({ status: 'approved', pendingChange: 'pending', price: 450_000 });
    const detail = (
      await call('GET', `/api/admin/properties/${row.id}`, admin)
    ).json<TAdminPropertyDetail>();
    expect(detail.property.price).toBe(450_000);
    expect(detail.property.pendingChange).toMatchObject({
      status: 'pending',
      changedFields: ['price', 'photos'],
      removedPhotoIds: [photos[4]!.id],
      proposed: { price: 420_000 },
    });
    expect(detail.property.pendingChange?.addedPhotoIds).toHaveLength(1);
    expect(await awaiting()).toBe(queued + 1);
  });

  it('approving makes the change the live version: fields, photos and their order, search', async () => {
    const { owner, row, photos } = await liveListing('Nyumba ya bluu Mbezi');
    await edit(row.id, owner, { title: 'Nyumba ya kijani Mbezi', removePhotoIds: [photos[4]!.id] });
    const added = await insertPendingPhoto(row.id, 'picha_choo');
    const promotionBefore = (await publicView(row.id)).promotionEndDate;

    const res = await call('POST', `/api/admin/properties/${row.id}/approve`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', pendingChange: null });

    const live = await publicView(row.id);
    expect(live.title).toBe('Nyumba ya kijani Mbezi');
    expect(live.promotionEndDate).toBe(promotionBefore);
    expect(live.photos.map((photo) => photo.id)).toEqual([
      ...photos.slice(0, 4).map((photo) => photo.id),
      added,
    ]);
    expect(await search('kijani Mbezi')).toContain(row.id);
    expect((await ownerView(row.id, owner)).pendingChange).toBeNull();
    // The dropped photo's files (variants and preview image) are journaled for the media sweeper.
    const journal = await t.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.propertyId, row.id));
    expect(journal.map((entry) => entry.key).sort()).toEqual(photoFileKeys(photos[4]!).sort());
    expect((await messagesTo(t.dataDir, owner.phone)).at(-1)?.text).toContain(
      'your changes to "Nyumba ya kijani Mbezi" are now live',
    );
  });

  it('rejecting leaves the live version up and tells the owner why; a new edit sends it back', async () => {
    const { owner, row } = await liveListing();
    await edit(row.id, owner, { leasePrice: 45_000 });
    const res = await call('POST', `/api/admin/properties/${row.id}/disapprove`, admin, {
      reason: 'The price is missing a zero',
    });
    expect(res.json()).toMatchObject({
      status: 'approved',
      pendingChange: { status: 'rejected', rejectionReason: 'The price is missing a zero' },
    });
    expect((await publicView(row.id)).price).toBe(450_000);
    expect((await ownerView(row.id, owner)).pendingChange).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The price is missing a zero',
    });
    expect((await messagesTo(t.dataDir, owner.phone)).at(-1)?.text).toContain(
      'The listing stays live as before',
    );
    const again = (await edit(row.id, owner, { leasePrice: 400_000 })).json<TViewerProperty>();
    expect(again.pendingChange).toMatchObject({ status: 'pending', rejectionReason: null });
  });
});

describe('DELETE /api/properties/:id/pending-change', () => {
  it('discards the change and the photos it added; the live version stays', async () => {
    const { owner, row } = await liveListing();
    await edit(row.id, owner, { leasePrice: 400_000 });
    await insertPendingPhoto(row.id, 'picha_mbele');
    const res = await call('DELETE', `/api/properties/${row.id}/pending-change`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TViewerProperty>()).toMatchObject({ pendingChange: null, price: 450_000 });
    expect(
      (await call('DELETE', `/api/properties/${row.id}/pending-change`, owner)).statusCode,
    ).toBe(404);
  });

  it('is the owner’s only', async () => {
    const { owner, row } = await liveListing();
    await edit(row.id, owner, { leasePrice: 400_000 });
    const stranger = await signUpAndIn(t);
    expect(
      (await call('DELETE', `/api/properties/${row.id}/pending-change`, stranger)).statusCode,
    ).toBe(403);
    expect(
      (await call('DELETE', `/api/properties/${row.id}/pending-change`, null)).statusCode,
    ).toBe(401);
    expect((await ownerView(row.id, owner)).pendingChange).not.toBeNull();
  });
});

describe('an owner whose editing is switched off', () => {
  it('can neither change a live listing nor discard its waiting change', async () => {
    const { owner, row } = await liveListing();
    await edit(row.id, owner, { leasePrice: 400_000 });
    await setPublisherPermissions(t.db, owner.userId, { canEdit: false });
    expect((await edit(row.id, owner, { leasePrice: 300_000 })).statusCode).toBe(403);
    const discard = await call('DELETE', `/api/properties/${row.id}/pending-change`, owner);
    expect(discard.statusCode).toBe(403);
    expect((await ownerView(row.id, owner)).pendingChange?.proposed.price).toBe(400_000);
  });
});

describe('a change goes with its listing', () => {
  it('deleting the listing discards its change', async () => {
    const { owner, row } = await liveListing();
    await edit(row.id, owner, { leasePrice: 400_000 });
    expect((await call('DELETE', `/api/properties/${row.id}`, owner)).statusCode).toBe(200);
    expect(
      await t.db.select().from(pendingChanges).where(eq(pendingChanges.propertyId, row.id)),
    ).toEqual([]);
  });

  it('deleting the account removes the contact number a change held', async () => {
    const { owner, row } = await liveListing();
    await edit(row.id, owner, { ownerPhoneNumber: '0713000111' });
    expect((await ownerView(row.id, owner)).pendingChange?.ownerPhoneNumber).toBe('+255713000111');
    expect((await call('DELETE', `/api/users/${owner.userId}`, owner)).statusCode).toBe(200);
    expect(
      await t.db.select().from(pendingChanges).where(eq(pendingChanges.propertyId, row.id)),
    ).toEqual([]);
  });
});

/** A photo the listing's pending change adds, as an upload would record it; answers its id. */
async function insertPendingPhoto(propertyId: string, label: 'picha_choo' | 'picha_mbele') {
  const [change] = await t.db
    .select()
    .from(pendingChanges)
    .where(eq(pendingChanges.propertyId, propertyId));
  const id = crypto.randomUUID();
  const photo = {
    id,
    label,
    width: 1280,
    height: 960,
    variants: [{ width: 1280, height: 960, key: `photos/${id.slice(0, 2)}/${id}-1280.webp` }],
  };
  await t.db
    .update(pendingChanges)
    .set({ addedPhotos: [...(change?.addedPhotos ?? []), photo], status: 'pending' })
    .where(eq(pendingChanges.propertyId, propertyId));
  return id;
}

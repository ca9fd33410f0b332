import { randomUUID } from 'node:crypto';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import { PHOTO_MAX_BYTES } from '@makazi/contracts/listing-values';
import { PICTURE_LABELS } from '@makazi/contracts/property-values';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { photoUploads, pendingChanges, propertyPhotos } from '../../db/schema';
import { ServiceUnavailableError } from '../../lib/errors';
import { createFakeClock, type FakeClock } from '../../test/fake-clock';
import {
  insertLocationChain,
  insertProperty,
  setPublisherPermissions,
  type LocationChain,
} from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAccessRepository } from '../access/access.repository';
import { createMediaRepository } from '../media/media.repository';
import { createUploadFiles } from './upload-files';
import { ORPHAN_UPLOAD_FILE_AFTER_MS, registerUploadSweep } from './upload-sweep-job';
import { createUploadLeases, createUploadsRepository } from './uploads.repository';
import { createUploadsService, type UploadsLog, type UploadsService } from './uploads.service';

/*
 * Resumable photo uploads (issue 22, decision 043) through the whole application, driven by plain
 * tus requests as a client sends them: creation, PATCHes, HEAD to resume, the attach step and its
 * idempotency, the limits, and the sweep of abandoned uploads.
 */

let t: TestApp;
let clock: FakeClock;
let owner: SignedIn;
let other: SignedIn;
let chain: LocationChain;

const HOUR = 60 * 60 * 1000;
const OPEN_PER_USER = 12;
const CREATIONS_PER_HOUR = 40;

beforeAll(async () => {
  clock = createFakeClock(new Date());
  t = await createTestApp({
    clock,
    env: {
      UPLOADS_OPEN_PER_USER: String(OPEN_PER_USER),
      UPLOAD_CREATIONS_PER_USER_PER_HOUR: String(CREATIONS_PER_HOUR),
    },
  });
  owner = await signUpAndIn(t, { firstName: 'Asha', lastName: 'Mrema' });
  other = await signUpAndIn(t, { firstName: 'Juma', lastName: 'Ally' });
  chain = await insertLocationChain(t.db);
});
afterAll(async () => {
  await t.close();
});

// ── tus requests ─────────────────────────────────────────────────────────────────────────────

const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');
}

function create(
  who: SignedIn | null,
  length: number | string,
  fields: Record<string, string>,
  extra: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': metadata(fields),
      ...(who ? who.auth : {}),
      ...extra,
    },
  });
}

function patch(who: SignedIn | null, location: string, offset: number, body: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(who ? who.auth : {}),
    },
    payload: body,
  });
}

function head(who: SignedIn | null, location: string) {
  return t.app.inject({
    method: 'HEAD',
    url: location,
    headers: { ...TUS, ...(who ? who.auth : {}) },
  });
}

function attach(who: SignedIn | null, propertyId: string, uploadId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/properties/${propertyId}/photos/uploads/${uploadId}`,
    headers: who ? who.auth : {},
  });
}

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();
const idOf = (location: string) => location.split('/').at(-1)!;

/** Creates an upload of `data` for the slot and sends all of it; answers its id. */
async function uploadWhole(
  propertyId: string,
  label: string,
  data: Buffer,
  who: SignedIn = owner,
): Promise<string> {
  const created = await create(who, data.length, { propertyId, label, filetype: 'image/jpeg' });
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  const sent = await patch(who, location, 0, data);
  expect(sent.statusCode, sent.body).toBe(204);
  expect(sent.headers['upload-offset']).toBe(String(data.length));
  return idOf(location);
}

let colour = 0;
async function picture(): Promise<Buffer> {
  colour = (colour + 41) % 256;
  return sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: colour, g: 90, b: 200 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const draftListing = () =>
  insertProperty(t.db, { publishedBy: owner.userId, status: 'draft', address: chain });

async function uploadRow(id: string) {
  const [row] = await t.db.select().from(photoUploads).where(eq(photoUploads.id, id));
  return row;
}

async function uploadFiles(): Promise<string[]> {
  try {
    return (await readdir(t.config.uploads.dir)).sort();
  } catch {
    return [];
  }
}

async function photosOf(propertyId: string) {
  return t.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, propertyId));
}

// ── The tus protocol ─────────────────────────────────────────────────────────────────────────

describe('tus uploads at /api/uploads', () => {
  it('creates, resumes after a partial PATCH, and attaches the photo to its slot', async () => {
    const listing = await draftListing();
    const data = await picture();
    const created = await create(owner, data.length, {
      propertyId: listing.id,
      label: 'picha_nje',
      filename: 'nje.jpg',
      filetype: 'image/jpeg',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['tus-resumable']).toBe('1.0.0');
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
    // Our hooks' headers reach the answer tus wrote.
    expect(created.headers['x-request-id']).toBeTruthy();
    expect(created.headers['x-content-type-options']).toBe('nosniff');
    expect(created.headers['content-security-policy']).toBeTruthy();
    expect(created.headers['cache-control']).toBe('no-store');
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const uploadId = idOf(location);
    expect(await uploadRow(uploadId)).toMatchObject({
      userId: owner.userId,
      propertyId: listing.id,
      label: 'picha_nje',
      size: data.length,
      photoId: null,
    });

    // The first part arrives, then the connection drops: HEAD tells where to go on.
    const cut = 1000;
    const first = await patch(owner, location, 0, data.subarray(0, cut));
    expect(first.statusCode, first.body).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(cut));
    const where = await head(owner, location);
    expect(where.statusCode).toBe(200);
    expect(where.headers['upload-offset']).toBe(String(cut));
    expect(where.headers['upload-length']).toBe(String(data.length));
    expect(where.headers['x-request-id']).toBeTruthy();

    // Not yet complete: the attach says so.
    const early = await attach(owner, listing.id, uploadId);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toMatchObject({ code: 'CONFLICT', details: [{ field: 'upload' }] });

    // A PATCH at the wrong offset is refused by tus; at the right one it completes the upload.
    expect((await patch(owner, location, 0, data.subarray(cut))).statusCode).toBe(409);
    const rest = await patch(owner, location, cut, data.subarray(cut));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(data.length));

    const attached = await attach(owner, listing.id, uploadId);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.headers['cache-control']).toBe('private, no-store');
    const view = attached.json<TViewerProperty>();
    expect(view.id).toBe(listing.id);
    const photos = await photosOf(listing.id);
    expect(photos).toHaveLength(1);
    expect(photos[0]!.label).toBe('picha_nje');
    expect(await uploadRow(uploadId)).toMatchObject({ photoId: photos[0]!.id });
    expect((await uploadRow(uploadId))?.completedAt).toBeInstanceOf(Date);
    // The tus file is gone; the photo lives in the media store.
    expect((await uploadFiles()).filter((f) => f.startsWith(uploadId))).toEqual([]);

    // A retry after a lost answer: 200, the same view, nothing more.
    const again = await attach(owner, listing.id, uploadId);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<TViewerProperty>().id).toBe(listing.id);
    expect(await photosOf(listing.id)).toHaveLength(1);
    // The upload itself is finished: tus requests on it are 404.
    expect((await head(owner, location)).statusCode).toBe(404);
  });

  it('answers OPTIONS with the server’s capabilities, anonymously', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/uploads' });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(res.headers['tus-max-size']).toBe(String(PHOTO_MAX_BYTES));
    expect(res.headers['tus-extension']).toContain('termination');
  });

  it('is 401 anonymously and 404 for someone else’s upload, never saying it exists', async () => {
    const listing = await draftListing();
    const data = await picture();
    expect(
      (await create(null, data.length, { propertyId: listing.id, label: 'picha_nje' })).statusCode,
    ).toBe(401);

    const created = await create(owner, data.length, {
      propertyId: listing.id,
      label: 'picha_nje',
    });
    const location = created.headers.location as string;
    for (const res of [await head(null, location), await patch(null, location, 0, data)]) {
      expect(res.statusCode).toBe(401);
    }
    for (const res of [
      await head(other, location),
      await patch(other, location, 0, data),
      await t.app.inject({ method: 'DELETE', url: location, headers: { ...TUS, ...other.auth } }),
      await head(other, '/api/uploads/00000000-0000-4000-8000-000000000000'),
      await head(other, '/api/uploads/not-an-id'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
    expect((await patch(owner, location, 0, data)).statusCode).toBe(204);
    const byOther = await attach(other, listing.id, idOf(location));
    expect(byOther.statusCode).toBe(404);
    // Someone else's listing: 403 at creation, as for the multipart route.
    const refused = await create(other, data.length, {
      propertyId: listing.id,
      label: 'picha_nje',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('acts only on the upload it checked, whatever else the URL names', async () => {
    const victimListing = await draftListing();
    const victim = await create(owner, 5000, { propertyId: victimListing.id, label: 'picha_nje' });
    const victimId = idOf(victim.headers.location as string);
    const ownListing = await insertProperty(t.db, {
      publishedBy: other.userId,
      status: 'draft',
      address: chain,
    });
    const mine = await create(other, 3000, { propertyId: ownListing.id, label: 'picha_nje' });
    const mineId = idOf(mine.headers.location as string);
    const tus = { ...TUS, ...other.auth };

    // A query string ending in the victim's id: tus would take the URL's last segment.
    const sneaky = `/api/uploads/${mineId}?/${victimId}`;
    const peek = await t.app.inject({ method: 'HEAD', url: sneaky, headers: tus });
    expect(peek.statusCode).toBe(200);
    expect(peek.headers['upload-length']).toBe('3000');
    expect(String(peek.headers['upload-metadata'])).not.toContain(
      Buffer.from(victimListing.id).toString('base64'),
    );
    const written = await patch(other, sneaky, 0, Buffer.alloc(100, 1));
    expect(written.statusCode, written.body).toBe(204);
    expect((await head(other, `/api/uploads/${mineId}`)).headers['upload-offset']).toBe('100');
    const ended = await t.app.inject({ method: 'DELETE', url: sneaky, headers: tus });
    expect(ended.statusCode).toBe(204);
    expect(await uploadRow(mineId)).toBeUndefined();

    // An encoded slash and a trailing path name no upload of the caller's.
    for (const url of [
      `/api/uploads/${mineId}%2F${victimId}`,
      `/api/uploads/${mineId}/${victimId}`,
      `/api/uploads/x%2F${victimId}`,
    ]) {
      for (const method of ['HEAD', 'DELETE'] as const) {
        const res = await t.app.inject({ method, url, headers: tus });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      expect((await patch(other, url, 0, Buffer.alloc(10))).statusCode, url).toBe(404);
    }

    // The victim's upload is untouched: still there, nothing written.
    const own = await head(owner, `/api/uploads/${victimId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['upload-offset']).toBe('0');
    expect(await uploadRow(victimId)).toBeDefined();
  });

  it('checks Upload-Length and Upload-Metadata at creation, naming the field', async () => {
    const listing = await draftListing();
    const slot = { propertyId: listing.id, label: 'picha_nje' };
    const tooLarge = await create(owner, PHOTO_MAX_BYTES + 1, slot);
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'Upload-Length' }],
    });
    const cases: [Record<string, string>, Record<string, string>, string][] = [
      [{ propertyId: listing.id }, {}, 'Upload-Metadata.label'],
      [{ label: 'picha_nje' }, {}, 'Upload-Metadata.propertyId'],
      [{ ...slot, label: 'picha_paa' }, {}, 'Upload-Metadata.label'],
      [{ ...slot, propertyId: 'x' }, {}, 'Upload-Metadata.propertyId'],
      [{ ...slot, owner: 'me' }, {}, 'Upload-Metadata.owner'],
      [slot, { 'upload-defer-length': '1' }, 'Upload-Defer-Length'],
      [slot, { 'upload-metadata': 'propertyId !!' }, 'Upload-Metadata'],
    ];
    for (const [fields, extra, field] of cases) {
      const res = await create(owner, 1000, fields, extra);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field }] });
    }
    const noLength = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, 'upload-metadata': metadata(slot), ...owner.auth },
    });
    expect(noLength.statusCode).toBe(400);
    expect(errorOf(noLength).details?.[0]?.field).toBe('Upload-Length');
    // A publisher an admin stopped from editing may not upload either.
    await setPublisherPermissions(t.db, owner.userId, { canEdit: false });
    try {
      expect((await create(owner, 1000, slot)).statusCode).toBe(403);
    } finally {
      await setPublisherPermissions(t.db, owner.userId, { canEdit: true });
    }
  });

  it('cancels an upload with DELETE: its file and row go', async () => {
    const listing = await draftListing();
    const created = await create(owner, 5000, { propertyId: listing.id, label: 'picha_jiko' });
    const location = created.headers.location as string;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: { ...TUS, ...owner.auth },
    });
    expect(gone.statusCode).toBe(204);
    expect(await uploadRow(idOf(location))).toBeUndefined();
    expect((await uploadFiles()).filter((f) => f.startsWith(idOf(location)))).toEqual([]);
  });
});

// ── The attach step ──────────────────────────────────────────────────────────────────────────

describe('attaching an upload', () => {
  it('makes one photo when two attaches of the same upload run at once', async () => {
    const listing = await draftListing();
    const uploadId = await uploadWhole(listing.id, 'picha_chumba', await picture());
    const [a, b] = await Promise.all([
      attach(owner, listing.id, uploadId),
      attach(owner, listing.id, uploadId),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 201]);
    const photos = await photosOf(listing.id);
    expect(photos).toHaveLength(1);
    expect((await uploadRow(uploadId))?.photoId).toBe(photos[0]!.id);
  });

  it('replaces the photo of the slot, and puts a live listing’s photo in its pending change', async () => {
    const draft = await draftListing();
    await attach(owner, draft.id, await uploadWhole(draft.id, 'picha_jiko', await picture()));
    const before = await photosOf(draft.id);
    const second = await attach(
      owner,
      draft.id,
      await uploadWhole(draft.id, 'picha_jiko', await picture()),
    );
    expect(second.statusCode).toBe(201);
    const after = await photosOf(draft.id);
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before[0]!.id);
    expect(after[0]!.position).toBe(before[0]!.position);

    const live = await insertProperty(t.db, { publishedBy: owner.userId, address: chain });
    const res = await attach(
      owner,
      live.id,
      await uploadWhole(live.id, 'picha_nje', await picture()),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await photosOf(live.id)).toHaveLength(0);
    const [change] = await t.db
      .select()
      .from(pendingChanges)
      .where(eq(pendingChanges.propertyId, live.id));
    expect(change?.addedPhotos).toHaveLength(1);
  });

  it('answers 415 for what is no image, and discards the upload', async () => {
    const listing = await draftListing();
    const uploadId = await uploadWhole(
      listing.id,
      'picha_choo',
      Buffer.from('%PDF-1.4 not a photo'),
    );
    const res = await attach(owner, listing.id, uploadId);
    expect(res.statusCode).toBe(415);
    expect(errorOf(res)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [{ field: 'upload' }],
    });
    expect(await uploadRow(uploadId)).toBeUndefined();
    expect((await uploadFiles()).filter((f) => f.startsWith(uploadId))).toEqual([]);
    expect(await photosOf(listing.id)).toHaveLength(0);
  });

  it('is 404 for an upload of another listing, and for an unknown id', async () => {
    const listing = await draftListing();
    const elsewhere = await draftListing();
    const uploadId = await uploadWhole(listing.id, 'picha_nje', await picture());
    expect((await attach(owner, elsewhere.id, uploadId)).statusCode).toBe(404);
    expect(
      (await attach(owner, listing.id, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await attach(owner, listing.id, 'nope')).statusCode).toBe(400);
  });
});

// ── Limits ───────────────────────────────────────────────────────────────────────────────────

describe('upload limits', () => {
  it('keeps one open upload per slot: a new one supersedes the older, file and all', async () => {
    const listing = await draftListing();
    const slot = { propertyId: listing.id, label: 'picha_sebule' };
    const first = (await create(owner, 3000, slot)).headers.location as string;
    await patch(owner, first, 0, Buffer.alloc(1000, 1));
    const second = await create(owner, 3000, slot);
    expect(second.statusCode).toBe(201);
    expect(await uploadRow(idOf(first))).toBeUndefined();
    expect((await uploadFiles()).filter((f) => f.startsWith(idOf(first)))).toEqual([]);
    expect((await head(owner, first)).statusCode).toBe(404);
    expect((await head(owner, second.headers.location as string)).statusCode).toBe(200);
  });

  it(`refuses more than ${OPEN_PER_USER} open uploads per account with a 409`, async () => {
    const uploader = await signUpAndIn(t, { firstName: 'Rehema', lastName: 'Saidi' });
    const listings = await Promise.all(
      [0, 1].map(() =>
        insertProperty(t.db, { publishedBy: uploader.userId, status: 'draft', address: chain }),
      ),
    );
    const slots = listings.flatMap((l) =>
      PICTURE_LABELS.map((label) => ({ propertyId: l.id, label })),
    );
    for (const slot of slots.slice(0, OPEN_PER_USER)) {
      expect((await create(uploader, 1000, slot)).statusCode).toBe(201);
    }
    const over = await create(uploader, 1000, slots[OPEN_PER_USER]!);
    expect(over.statusCode).toBe(409);
    expect(errorOf(over).message).toMatch(/12 photo uploads under way/);
    // Superseding one of them stays within the limit: the slot's older upload goes.
    expect((await create(uploader, 1000, slots[0]!)).statusCode).toBe(201);
  });

  it('begins no upload, whoever asks, while the disk is short of the free-space floor', async () => {
    const listing = await draftListing();
    const begin = (service: UploadsService) =>
      service.begin(
        { userId: owner.userId, sessionId: randomUUID() },
        {
          uploadLength: '1000',
          uploadDeferLength: undefined,
          uploadConcat: undefined,
          uploadMetadata: metadata({ propertyId: listing.id, label: 'picha_nje' }),
        },
      );
    const logged: string[] = [];
    const short = serviceWith(
      { openPerUser: 100, minFreeBytes: Number.MAX_SAFE_INTEGER },
      { warn: () => undefined, error: (_details, message) => logged.push(message) },
    );
    const refused = await begin(short).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ServiceUnavailableError);
    expect((refused as ServiceUnavailableError).retryAfterSeconds).toBe(600);
    expect(logged[0]).toContain('UPLOADS_MIN_FREE_MB');
    // Nothing recorded for it.
    expect(
      await t.db.select().from(photoUploads).where(eq(photoUploads.propertyId, listing.id)),
    ).toEqual([]);
    // With room on the disk, the same request begins.
    const { uploadId } = await begin(serviceWith({ openPerUser: 100 }));
    expect(await uploadRow(uploadId)).toBeDefined();
  });

  it(`lets one account begin ${CREATIONS_PER_HOUR} uploads an hour`, async () => {
    const uploader = await signUpAndIn(t, { firstName: 'Baraka', lastName: 'Mollel' });
    const listing = await insertProperty(t.db, {
      publishedBy: uploader.userId,
      status: 'draft',
      address: chain,
    });
    const slot = { propertyId: listing.id, label: 'picha_nje' };
    for (let i = 0; i < CREATIONS_PER_HOUR; i++) {
      expect((await create(uploader, 1000, slot)).statusCode).toBe(201);
    }
    const limited = await create(uploader, 1000, slot);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    // Someone else is not held back by it.
    expect(
      (await create(owner, 1000, { propertyId: (await draftListing()).id, label: 'picha_nje' }))
        .statusCode,
    ).toBe(201);
  });

  it('refuses more open uploads on one listing than it may hold photos', async () => {
    const listing = await draftListing();
    const service = serviceWith({ openPerUser: 100, openPerListing: 2 });
    const actor = { userId: owner.userId, sessionId: 'test' };
    const begin = (label: string) =>
      service.begin(actor, {
        uploadLength: '1000',
        uploadDeferLength: undefined,
        uploadConcat: undefined,
        uploadMetadata: metadata({ propertyId: listing.id, label }),
      });
    await begin('picha_nje');
    await begin('picha_jiko');
    const refused = await begin('picha_choo').catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    expect((refused as Error).message).toMatch(/This listing has 2 photo uploads under way/);
  });
});

/** The uploads service over the test app's database and uploads directory, with its own limits. */
function serviceWith(
  limits: { openPerUser: number; openPerListing?: number; minFreeBytes?: number },
  log: UploadsLog = { warn: () => undefined, error: () => undefined },
): UploadsService {
  const files = createUploadFiles(t.config.uploads.dir);
  return createUploadsService({
    repository: createUploadsRepository(t.db),
    onTransaction: (transaction) => createUploadsRepository(transaction),
    listings: createMediaRepository(t.db),
    access: createAccessRepository(t.db),
    media: { addUploadedPhoto: () => Promise.reject(new Error('not used')) },
    ownerView: () => Promise.reject(new Error('not used')),
    files,
    expireLocks: (olderThanMs) => createUploadLeases(t.db).deleteExpired(olderThanMs),
    clock,
    log,
    limits: { minFreeBytes: 0, ...limits },
  });
}

// ── The sweep ────────────────────────────────────────────────────────────────────────────────

describe('the sweep of abandoned uploads', () => {
  it('deletes uploads not attached a day after creation, file, details and row', async () => {
    const listing = await draftListing();
    const abandoned = idOf(
      (await create(owner, 5000, { propertyId: listing.id, label: 'picha_kulia' })).headers
        .location as string,
    );
    const attachedId = await uploadWhole(listing.id, 'picha_mbele', await picture());
    expect((await attach(owner, listing.id, attachedId)).statusCode).toBe(201);
    const service = serviceWith({ openPerUser: 100 });
    const sweepNow = () => {
      const now = clock().getTime();
      return service.sweep(
        new Date(now - t.config.uploads.abandonedAfterMs),
        new Date(now - ORPHAN_UPLOAD_FILE_AFTER_MS),
      );
    };

    clock.advance(23 * HOUR);
    await sweepNow();
    expect(await uploadRow(abandoned)).toBeDefined();
    expect((await uploadFiles()).filter((f) => f.startsWith(abandoned))).toHaveLength(2);

    clock.advance(2 * HOUR);
    const result = await sweepNow();
    expect(result.uploads).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(abandoned)).toBeUndefined();
    expect(await uploadRow(attachedId)).toBeUndefined();
    expect((await uploadFiles()).filter((f) => f.startsWith(abandoned))).toEqual([]);
    // The photo it became stays.
    expect(await photosOf(listing.id)).toHaveLength(1);
  });

  it('deletes files without a row once untouched for an hour', async () => {
    const stray = path.join(t.config.uploads.dir, '11111111-2222-4333-8444-555555555555');
    await writeFile(stray, 'left behind');
    await writeFile(`${stray}.json`, '{}');
    const service = serviceWith({ openPerUser: 100 });
    // Just written: a creation may be under way.
    await service.sweep(new Date(0), new Date(Date.now() - ORPHAN_UPLOAD_FILE_AFTER_MS));
    expect(await uploadFiles()).toContain(path.basename(stray));
    const old = new Date(Date.now() - 2 * HOUR);
    await utimes(stray, old, old);
    await utimes(`${stray}.json`, old, old);
    const result = await service.sweep(
      new Date(0),
      new Date(Date.now() - ORPHAN_UPLOAD_FILE_AFTER_MS),
    );
    expect(result.files).toBe(1);
    expect(await uploadFiles()).not.toContain(path.basename(stray));
  });

  it('runs at start-up with the cutoff UPLOAD_ABANDONED_AFTER_HOURS back', async () => {
    const cutoffs: Date[] = [];
    const app = Fastify();
    const at = new Date('2025-03-01T12:00:00.000Z');
    registerUploadSweep(
      app,
      {
        sweep: (olderThan) => {
          cutoffs.push(olderThan);
          return Promise.resolve({ uploads: 0, files: 0 });
        },
      },
      { clock: () => at, abandonedAfterMs: 24 * HOUR },
    );
    await app.ready();
    await expect.poll(() => cutoffs.length).toBe(1);
    await app.close();
    expect(cutoffs[0]).toEqual(new Date('2025-02-28T12:00:00.000Z'));
  });

  it('forgets a deleted account’s open uploads at once, files and all', async () => {
    const leaving = await signUpAndIn(t, { firstName: 'Zawadi', lastName: 'Kimaro' });
    const listing = await insertProperty(t.db, {
      publishedBy: leaving.userId,
      status: 'draft',
      address: chain,
    });
    const created = await create(leaving, 4000, { propertyId: listing.id, label: 'picha_nje' });
    expect(created.statusCode).toBe(201);
    const id = idOf(created.headers.location as string);
    expect(
      (await patch(leaving, created.headers.location as string, 0, Buffer.alloc(1000))).statusCode,
    ).toBe(204);
    expect((await uploadFiles()).filter((f) => f.startsWith(id))).not.toEqual([]);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaving.userId}`,
      headers: leaving.auth,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await uploadRow(id)).toBeUndefined();
    // Not left for the sweep: the half-sent photo leaves the disk with the account.
    expect((await uploadFiles()).filter((f) => f.startsWith(id))).toEqual([]);
  });
});

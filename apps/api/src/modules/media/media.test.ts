import { randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import { PHOTO_MAX_BYTES, PHOTOS_PER_LISTING_MAX } from '@makazi/contracts/listing-values';
import type { TViewerProperty } from '@makazi/contracts/listings';
import type { TProperty } from '@makazi/contracts/properties';
import {
  REQUIRED_PICTURE_LABELS,
  type TPictureLabel,
  type TPropertyStatus,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { mediaUploads, pendingChanges, properties, propertyPhotos, users } from '../../db/schema';
import { createDiskStorage } from '../../gateways/storage/disk-storage';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import {
  insertLocationChain,
  insertPhoto,
  insertProperty,
  insertRequiredPhotos,
  setPropertyStatus,
  type LocationChain,
} from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createMediaRepository } from './media.repository';
import { createMediaService, type FormPart, type MediaService } from './media.service';
import { processPhoto } from './photo-processing';
import { hammingDistance, perceptualHash, toSignedHash } from './perceptual-hash';
import { sceneSvg, SCENE_KINDS } from '../../db/seed/scenes';
import { signInAdmin } from '../../test/admin';

/*
 * POST /api/properties/{id}/media through the whole application (multipart, sharp, the disk
 * store, the database), and the service's all-or-nothing and sweeping rules with a store that
 * fails on purpose.
 */

let t: TestApp;
let owner: SignedIn;
let other: SignedIn;
let chain: LocationChain;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndIn(t, { firstName: 'Asha', lastName: 'Mrema' });
  other = await signUpAndIn(t, { firstName: 'Juma', lastName: 'Ally' });
  chain = await insertLocationChain(t.db);
});
afterAll(async () => {
  await t.close();
});

// ── Building requests ────────────────────────────────────────────────────────────────────────

type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----makazi${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const file = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'files',
  filename,
  contentType,
  data,
});
const category = (label: string): Part => ({ name: 'category', value: label });

/** Each file followed by its category: the order clients written for the original API send. */
function interleaved(photos: { label: string; data: Buffer }[]): Part[] {
  return photos.flatMap((p) => [file(p.data), category(p.label)]);
}

function upload(propertyId: string, parts: Part[], who: SignedIn | null = owner) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/properties/${propertyId}/media`,
    payload,
    headers: { ...headers, ...(who ? who.auth : {}) },
  });
}

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

// ── Images ───────────────────────────────────────────────────────────────────────────────────

let colour = 0;
/** A small JPEG of its own colour, or a PNG. */
async function picture(
  format: 'jpeg' | 'png' = 'jpeg',
  width = 480,
  height = 360,
): Promise<Buffer> {
  colour = (colour + 37) % 256;
  const image = sharp({
    create: { width, height, channels: 3, background: { r: colour, g: 255 - colour, b: 90 } },
  });
  return format === 'jpeg' ? image.jpeg({ quality: 80 }).toBuffer() : image.png().toBuffer();
}

/** A picture with content (a seed scene), so that its perceptual hash means something. */
async function scene(n: number): Promise<Buffer> {
  const kind = SCENE_KINDS[n % SCENE_KINDS.length]!;
  return sharp(Buffer.from(sceneSvg(kind, n + 1)))
    .resize(640)
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function picturesFor(labels: readonly TPictureLabel[]) {
  return Promise.all(
    labels.map(async (label, i) => ({
      label,
      data: await picture(i % 2 === 0 ? 'jpeg' : 'png'),
    })),
  );
}

// ── Reading back what is stored ──────────────────────────────────────────────────────────────

async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'media');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

async function photoRows(propertyId: string) {
  return t.db
    .select()
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId))
    .orderBy(propertyPhotos.position);
}

/** The photo rows' hashes as stored (text: a signed 64-bit value), in position order. */
async function hashRows(propertyId: string) {
  const { rows } = await t.db.execute<{
    id: string;
    hash: string | null;
    variants: { width: number; key: string }[];
  }>(
    sql`select id, perceptual_hash::text as hash, variants from property_photos where property_id = ${propertyId} order by position`,
  );
  return rows;
}

/** The hash of what storage holds for a photo: its largest variant, as the backfill reads it. */
async function hashOfStored(variants: { width: number; key: string }[]): Promise<bigint> {
  const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
  const stored = await t.storage.get(largest.key);
  const chunks: Buffer[] = [];
  for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
  return toSignedHash(await perceptualHash(Buffer.concat(chunks)));
}

async function journalKeys(): Promise<string[]> {
  const rows = await t.db.select({ key: mediaUploads.key }).from(mediaUploads);
  return rows.map((r) => r.key).sort();
}

async function statusOf(propertyId: string): Promise<TPropertyStatus | undefined> {
  const [row] = await t.db
    .select({ status: properties.status })
    .from(properties)
    .where(eq(properties.id, propertyId));
  return row?.status;
}

async function listing(
  options: {
    type?: TPropertyType;
    status?: TPropertyStatus;
    withAddress?: boolean;
    publishedBy?: string;
  } = {},
) {
  return insertProperty(t.db, {
    type: options.type ?? 'Rent',
    status: options.status ?? 'draft',
    publishedBy: options.publishedBy ?? owner.userId,
    ...(options.withAddress === false ? {} : { address: { ...chain, houseNumber: '12' } }),
  });
}

/** Nothing of a refused request may remain: no file, no row, no journal entry. */
async function expectNothingStored(propertyId: string, filesBefore: string[]) {
  expect(await storedFiles()).toEqual(filesBefore);
  expect(await photoRows(propertyId)).toEqual([]);
  expect(await journalKeys()).toEqual([]);
}

// ── Tests ────────────────────────────────────────────────────────────────────────────────────

describe('POST /api/properties/:id/media', () => {
  it.each(['Rent', 'Apartment', 'Land', 'HouseForSale'] as const)(
    'stores every required photo of a %s listing, which then awaits review',
    async (type) => {
      const property = await listing({ type });
      const labels = REQUIRED_PICTURE_LABELS[type];
      const res = await upload(property.id, interleaved(await picturesFor(labels)));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toBe('private, no-store');

      const view = res.json<TViewerProperty>();
      expect(view.id).toBe(property.id);
      expect(view.type).toBe(type);
      expect(view.status).toBe('pending');
      expect(view.missingPictureLabels).toEqual([]);
      expect(view.ownerPhoneNumber).toBe(property.ownerPhoneNumber);
      expect(view.photos.map((p) => p.label)).toEqual(labels);
      // 480 wide sources: the 320 card and the source's own width.
      expect(view.photos[0]!.variants.map((v) => v.width)).toEqual([320, 480]);
      expect(view.media).toHaveLength(1);
      expect(view.media[0]!.pictures).toHaveLength(labels.length);
      expect(await statusOf(property.id)).toBe('pending');

      const rows = await photoRows(property.id);
      expect(rows.map((r) => [r.label, r.position])).toEqual(labels.map((l, i) => [l, i]));
      expect(await journalKeys()).toEqual([]);

      // Served from the store under its random key, cacheable for a year.
      const variant = view.photos[0]!.variants[0]!;
      expect(variant.url).toMatch(/^\/media\/photos\/[0-9a-f]{2}\/[0-9a-f-]{36}-320\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    },
  );

  it('pairs categories by order of appearance, before or after their files', async () => {
    const property = await listing({ type: 'Land' });
    const photos = await picturesFor(REQUIRED_PICTURE_LABELS.Land);
    // All categories first, then all files.
    const res = await upload(property.id, [
      ...photos.map((p) => category(p.label)),
      ...photos.map((p) => file(p.data)),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const rows = await photoRows(property.id);
    expect(rows.map((r) => r.label)).toEqual(REQUIRED_PICTURE_LABELS.Land);
    // Each stored photo is its own file's: the colours differ, so compare the pixels' means.
    for (const [i, row] of rows.entries()) {
      const stored = await t.storage.get(row.variants[0]!.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      const got = await sharp(Buffer.concat(chunks)).stats();
      const want = await sharp(photos[i]!.data).stats();
      expect(Math.abs(got.channels[0]!.mean - want.channels[0]!.mean)).toBeLessThan(4);
    }
  });

  it('keeps a listing without its address or all its photos a draft, naming the empty slots', async () => {
    const noAddress = await listing({ type: 'Rent', withAddress: false });
    const all = await upload(
      noAddress.id,
      interleaved(await picturesFor(REQUIRED_PICTURE_LABELS.Rent)),
    );
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json<TViewerProperty>().status).toBe('draft');

    const partly = await listing({ type: 'Rent' });
    const first = await upload(
      partly.id,
      interleaved(await picturesFor(['picha_nje', 'picha_chumba'])),
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<TViewerProperty>()).toMatchObject({
      status: 'draft',
      missingPictureLabels: ['picha_sebule', 'picha_jiko', 'picha_choo'],
    });
    const rest = await upload(
      partly.id,
      interleaved(await picturesFor(['picha_sebule', 'picha_jiko', 'picha_choo'])),
    );
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<TViewerProperty>()).toMatchObject({
      status: 'pending',
      missingPictureLabels: [],
    });
    // Appended after the photos already there.
    expect((await photoRows(partly.id)).map((r) => r.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the wizard’s order whichever photo arrives first, so the outside is the cover, not the bedroom', async () => {
    const property = await listing({ type: 'Rent' });
    // Two at a time, the small bedroom photo finishes before the outside: one request each.
    for (const label of ['picha_chumba', 'picha_choo', 'picha_nje', 'picha_jiko', 'picha_sebule']) {
      const res = await upload(
        property.id,
        interleaved(await picturesFor([label as TPictureLabel])),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
    const rows = await photoRows(property.id);
    expect(rows.map((r) => r.label)).toEqual(REQUIRED_PICTURE_LABELS.Rent);
    await setPropertyStatus(t.db, property.id, 'approved');
    const card = await t.app.inject({ method: 'GET', url: '/api/properties?type=Rent&limit=100' });
    const shown = card.json<TProperty[]>().find((item) => item.id === property.id);
    expect(shown?.photos.map((photo) => photo.label)).toEqual(['picha_nje']);
    const detail = await t.app.inject({ method: 'GET', url: `/api/properties/${property.id}` });
    expect(detail.json<TProperty>().photos.map((photo) => photo.label)).toEqual(
      REQUIRED_PICTURE_LABELS.Rent,
    );
  });

  it('shows the outside on the card of a listing whose bedroom was stored first', async () => {
    // Listings stored before photos kept the wizard's order: the cover is chosen by its slot.
    const property = await listing({ type: 'Apartment', status: 'approved' });
    await insertPhoto(t.db, property.id, { label: 'picha_chumba', position: 0 });
    await insertPhoto(t.db, property.id, { label: 'picha_nje', position: 1 });
    const card = await t.app.inject({
      method: 'GET',
      url: '/api/properties?type=Apartment&limit=100',
    });
    const shown = card.json<TProperty[]>().find((item) => item.id === property.id);
    expect(shown?.photos.map((photo) => photo.label)).toEqual(['picha_nje']);
  });

  it('keeps an approved listing live while its new photos wait for review in its pending change', async () => {
    const property = await listing({ type: 'Rent', status: 'approved' });
    const [live] = await insertRequiredPhotos(t.db, property.id, 'Rent');
    const res = await upload(
      property.id,
      interleaved(await picturesFor(['picha_nje', 'picha_mbele'])),
    );
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json<TViewerProperty>();
    expect(view.status).toBe('approved');
    // The public still sees the reviewed photos only: the new ones are in the change.
    expect(view.photos.map((photo) => photo.id)).toEqual(
      (await photoRows(property.id)).map((row) => row.id),
    );
    const change = view.pendingChange!;
    expect(change.status).toBe('pending');
    expect(change.changedFields).toEqual(['photos']);
    expect(change.addedPhotoIds).toHaveLength(2);
    // picha_nje replaces the live one in its slot; picha_mbele is new.
    expect(change.removedPhotoIds).toEqual([live!.id]);
    expect(change.proposed.photos.map((photo) => photo.label)).toEqual([
      'picha_nje',
      ...REQUIRED_PICTURE_LABELS.Rent.slice(1),
      'picha_mbele',
    ]);
    const [row] = await t.db
      .select({ status: properties.status })
      .from(properties)
      .where(eq(properties.id, property.id));
    expect(row).toEqual({ status: 'approved' });
    // The change's files are named by its row, not left in the journal for the sweeper.
    expect(await journalKeys()).toEqual([]);

    // A second upload to the same slot replaces the waiting photo, deleting its files.
    const addedKeys = (await storedFiles()).filter((key) => key.includes(change.addedPhotoIds[0]!));
    expect(addedKeys.length).toBeGreaterThan(0);
    const again = await upload(property.id, interleaved(await picturesFor(['picha_nje'])));
    expect(again.statusCode, again.body).toBe(201);
    const next = again.json<TViewerProperty>().pendingChange!;
    expect(next.addedPhotoIds).toHaveLength(2);
    expect(next.addedPhotoIds).not.toContain(change.addedPhotoIds[0]);
    for (const key of addedKeys) expect(await storedFiles()).not.toContain(key);
  });

  it("stores each photo's perceptual hash at upload, on its row or in a pending change until approved", async () => {
    const property = await listing({ type: 'Land' });
    const labels = REQUIRED_PICTURE_LABELS.Land;
    const photos = await Promise.all(
      labels.map(async (label, i) => ({ label, data: await scene(i) })),
    );
    const res = await upload(property.id, interleaved(photos));
    expect(res.statusCode, res.body).toBe(201);
    const rows = await hashRows(property.id);
    expect(rows).toHaveLength(labels.length);
    for (const row of rows) {
      expect(row.hash).not.toBeNull();
      expect(row.hash).not.toBe('0');
      // The hash of the picture the row's files show, not of some other.
      expect(
        hammingDistance(BigInt(row.hash!), await hashOfStored(row.variants)),
      ).toBeLessThanOrEqual(2);
    }
    expect(new Set(rows.map((row) => row.hash)).size).toBe(rows.length);

    // A live listing's new photo waits in its pending change, hash and all, then becomes a row.
    const live = await listing({ type: 'Rent', status: 'approved' });
    await insertRequiredPhotos(t.db, live.id, 'Rent');
    const added = await upload(
      live.id,
      interleaved([{ label: 'picha_mbele', data: await scene(5) }]),
    );
    expect(added.statusCode, added.body).toBe(201);
    const [change] = await t.db
      .select({ addedPhotos: pendingChanges.addedPhotos })
      .from(pendingChanges)
      .where(eq(pendingChanges.propertyId, live.id));
    const waiting = change!.addedPhotos[0]!;
    expect(waiting.perceptualHash).toMatch(/^-?\d+$/);
    expect(
      hammingDistance(BigInt(waiting.perceptualHash!), await hashOfStored(waiting.variants)),
    ).toBeLessThanOrEqual(2);

    const admin = await signInAdmin(t.app);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${live.id}/approve`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const row = (await hashRows(live.id)).find((r) => r.id === waiting.id);
    expect(row?.hash).toBe(waiting.perceptualHash);
  });

  it('replaces the photo of a slot that already has one, deleting its files', async () => {
    const property = await listing({ type: 'Rent' });
    const first = await upload(
      property.id,
      interleaved(await picturesFor(['picha_nje', 'picha_chumba'])),
    );
    expect(first.statusCode, first.body).toBe(201);
    const [outside, room] = await photoRows(property.id);
    const oldKeys = outside!.variants.map((v) => v.key);
    for (const key of oldKeys) expect(await storedFiles()).toContain(key);

    const second = await upload(property.id, interleaved(await picturesFor(['picha_nje'])));
    expect(second.statusCode, second.body).toBe(201);
    const rows = await photoRows(property.id);
    expect(rows.map((r) => [r.label, r.position])).toEqual([
      ['picha_nje', 0],
      ['picha_chumba', 1],
    ]);
    expect(rows[0]!.id).not.toBe(outside!.id);
    expect(rows[1]!.id).toBe(room!.id);
    const files = await storedFiles();
    for (const key of oldKeys) expect(files).not.toContain(key);
    for (const v of rows[0]!.variants) expect(files).toContain(v.key);
    expect(await journalKeys()).toEqual([]);
    expect(second.json<TViewerProperty>().photos.map((p) => p.id)).toEqual([rows[0]!.id, room!.id]);
  });

  it('strips EXIF and GPS from what it stores', async () => {
    const property = await listing({ type: 'Rent' });
    const withGps = await sharp({
      create: { width: 900, height: 600, channels: 3, background: '#7a9' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'Tecno', Model: 'Camon 20' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '6/1 48/1 0/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '39/1 17/1 0/1',
        },
      })
      .toBuffer();
    const inMeta = await sharp(withGps).metadata();
    expect(inMeta.exif?.includes(Buffer.from('Tecno'))).toBe(true);

    const res = await upload(property.id, [file(withGps), category('picha_nje')]);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await photoRows(property.id);
    expect(row!.variants.map((v) => v.width)).toEqual([320, 768, 900]);
    for (const v of row!.variants) {
      const stored = await t.storage.get(v.key);
      const chunks: Buffer[] = [];
      for await (const chunk of stored!.body) chunks.push(chunk as Buffer);
      const data = Buffer.concat(chunks);
      const meta = await sharp(data).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(data.includes(Buffer.from('Tecno'))).toBe(false);
    }
  });

  it("records each variant's size as stored; the answers give the one a data-saver tap loads", async () => {
    const property = await listing({ type: 'Rent' });
    // A picture with detail, wider than the largest variant: three files of clearly different sizes.
    const photo = await sharp(await scene(1))
      .resize(1400)
      .jpeg({ quality: 90 })
      .toBuffer();
    const res = await upload(property.id, [file(photo), category('picha_nje')]);
    expect(res.statusCode, res.body).toBe(201);

    const [row] = await photoRows(property.id);
    const onDisk = await Promise.all(
      row!.variants.map(async (v) => (await stat(path.join(t.dataDir, 'media', v.key))).size),
    );
    expect(row!.variants.map((v) => v.bytes)).toEqual(onDisk);
    expect(new Set(onDisk).size).toBe(3);

    // The narrowest only: the larger files' sizes would weigh on every list page, unread.
    const shown = res.json<TViewerProperty>().photos[0]!.variants;
    expect(shown.map((v) => v.width)).toEqual([320, 768, 1280]);
    expect(shown.map((v) => v.bytes)).toEqual([onDisk[0], undefined, undefined]);
    // What a phone downloads is that many bytes.
    const served = await t.app.inject({ method: 'GET', url: shown[0]!.url });
    expect(served.rawPayload.length).toBe(shown[0]!.bytes);

    await setPropertyStatus(t.db, property.id, 'approved');
    const page = await t.app.inject({ method: 'GET', url: `/api/properties/${property.id}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<TProperty>().photos[0]!.variants.map((v) => v.bytes)).toEqual([
      onDisk[0],
      undefined,
      undefined,
    ]);
  });

  it('leaves the size out for a photo stored before sizes were recorded', async () => {
    const property = await listing({ type: 'Rent', status: 'approved' });
    await insertPhoto(t.db, property.id, { label: 'picha_nje', position: 0 });
    const page = await t.app.inject({ method: 'GET', url: `/api/properties/${property.id}` });
    expect(page.statusCode, page.body).toBe(200);
    const [variant] = page.json<TProperty>().photos[0]!.variants;
    expect(variant).toEqual({ width: 320, height: 240, url: expect.any(String) as string });
  });

  it('refuses a text file named .jpg with 415, keeping nothing of the request', async () => {
    const property = await listing();
    const before = await storedFiles();
    const res = await upload(property.id, [
      file(await picture()),
      category('picha_nje'),
      file(Buffer.from('this is not a photo, just text called house.jpg\n'), 'house.jpg'),
      category('picha_chumba'),
    ]);
    expect(res.statusCode, res.body).toBe(415);
    expect(errorOf(res)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      details: [{ field: 'files.1' }],
    });
    await expectNothingStored(property.id, before);
    expect(await statusOf(property.id)).toBe('draft');
  });

  it('refuses an image over 40 megapixels with 413', async () => {
    const property = await listing();
    const before = await storedFiles();
    const huge = await sharp({
      create: { width: 10_000, height: 5_000, channels: 3, background: '#808080' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(PHOTO_MAX_BYTES);
    const res = await upload(property.id, [
      file(huge, 'huge.png', 'image/png'),
      category('picha_nje'),
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(errorOf(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'files.0' }],
    });
    expect(errorOf(res).message).toMatch(/megapixels/);
    await expectNothingStored(property.id, before);
  });

  it('refuses a file over 10 MB with 413 naming it, keeping the files before it neither', async () => {
    const property = await listing();
    const before = await storedFiles();
    const res = await upload(property.id, [
      file(await picture()),
      category('picha_nje'),
      file(randomBytes(PHOTO_MAX_BYTES + 1), 'big.jpg'),
      category('picha_chumba'),
    ]);
    expect(res.statusCode, res.body).toBe(413);
    expect(errorOf(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      details: [{ field: 'files.1' }],
    });
    await expectNothingStored(property.id, before);
  });

  it('answers an oversized upload over a real connection while the client is still sending', async () => {
    const property = await listing();
    const before = await storedFiles();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const boundary = '----makaziRealSocket';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\npicha_nje\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    );
    // 24 MB announced: the answer must come after a little over 10 MB, not at the end.
    const total = 24 * 1024 * 1024;
    const answer = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>(
      (resolve, reject) => {
        let sent = 0;
        let answered = false;
        const request = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `/api/properties/${property.id}/media`,
          headers: {
            ...owner.auth,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + total),
          },
        });
        request.on('response', (response) => {
          const sentWhenAnswered = sent;
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            answered = true;
            // As a browser does once it has the answer: stop sending.
            request.destroy();
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString(),
              sentWhenAnswered,
            });
          });
        });
        // An error before the answer is a failure; one after it (the rest refused) is not.
        request.on('error', (err) => {
          if (!answered) reject(err);
        });
        const chunk = randomBytes(256 * 1024);
        const pump = () => {
          while (sent < total) {
            sent += chunk.length;
            if (!request.write(chunk)) {
              request.once('drain', pump);
              return;
            }
          }
          request.end();
        };
        request.write(head);
        pump();
      },
    );
    expect(answer.status, answer.body).toBe(413);
    expect(answer.sentWhenAnswered).toBeLessThan(total);
    expect(JSON.parse(answer.body)).toMatchObject({ details: [{ field: 'files.0' }] });
    await expectNothingStored(property.id, before);
  });

  it('accepts a file of exactly 10 MB as far as size goes', async () => {
    const property = await listing();
    // Exactly the limit, and not an image: the size passes, the content does not.
    const res = await upload(property.id, [
      file(randomBytes(PHOTO_MAX_BYTES)),
      category('picha_nje'),
    ]);
    expect(res.statusCode, res.body).toBe(415);
  });

  it.each([
    [
      'more files than categories',
      (a: Buffer, b: Buffer) => [file(a), category('picha_nje'), file(b)],
    ],
    [
      'more categories than files',
      (a: Buffer) => [file(a), category('picha_nje'), category('picha_chumba')],
    ],
  ])('refuses %s with 400 naming category', async (_name, build) => {
    const property = await listing();
    const before = await storedFiles();
    const res = await upload(property.id, build(await picture(), await picture()));
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'category' }],
    });
    await expectNothingStored(property.id, before);
  });

  it.each([
    ['an unknown label', ['picha_garage']],
    ['a label given twice', ['picha_nje', 'picha_nje']],
  ])('refuses %s with 400 naming category', async (_name, labels) => {
    const property = await listing();
    const before = await storedFiles();
    const parts: Part[] = [];
    for (const label of labels) parts.push(file(await picture()), category(label));
    const res = await upload(property.id, parts);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details?.map((d) => d.field)).toEqual(['category']);
    await expectNothingStored(property.id, before);
  });

  it('refuses a form without files, with other fields, or not multipart at all', async () => {
    const property = await listing();
    const none = await upload(property.id, []);
    expect(none.statusCode, none.body).toBe(400);
    expect(errorOf(none).details?.[0]?.field).toBe('files');

    const stray = await upload(property.id, [{ name: 'title', value: 'x' }]);
    expect(stray.statusCode, stray.body).toBe(400);
    expect(errorOf(stray).details?.[0]?.field).toBe('title');

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/media`,
      headers: owner.auth,
      payload: { files: [], category: [] },
    });
    expect(json.statusCode, json.body).toBe(415);
  });

  // Found by the API fuzzer: the multipart parser threw a plain Error, a 500.
  it('refuses a multipart body whose content type has no boundary with 400', async () => {
    const property = await listing();
    const { payload } = multipart([category('picha_mbele')]);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/media`,
      headers: { ...owner.auth, 'content-type': 'multipart/form-data' },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details?.[0]?.field).toBe('content-type');
  });

  // Found by the API fuzzer: a boundary the body never uses made the parser throw, a 500.
  it('refuses a multipart body the parser cannot read with 400, and stores nothing', async () => {
    const property = await listing();
    const before = await storedFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/media`,
      headers: { ...owner.auth, 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--xyz\r\nContent-Disposition: form-data; name="category"\r\n\r\npicha_mbele\r\n--xyz--\r\n',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details?.[0]?.field).toBe('body');
    await expectNothingStored(property.id, before);
  });

  // Issue 14: a body that ends inside a file part, without its closing boundary, was never answered.
  it('refuses a multipart body cut off before its closing boundary with 400 at once', async () => {
    const property = await listing();
    const before = await storedFiles();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/media`,
      headers: { ...owner.auth, 'content-type': 'multipart/form-data; boundary=b' },
      payload:
        '--b\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nx\r\n',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details?.[0]?.field).toBe('body');
    await expectNothingStored(property.id, before);
  });

  it(`refuses more than ${PHOTOS_PER_LISTING_MAX} photos on a listing`, async () => {
    const property = await listing();
    const before = await storedFiles();
    const tiny = await picture('png', 8, 8);
    const parts: Part[] = [];
    for (let i = 0; i <= PHOTOS_PER_LISTING_MAX; i++) parts.push(file(tiny, 'a.png', 'image/png'));
    const res = await upload(property.id, parts);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).details?.[0]?.field).toBe('files');
    await expectNothingStored(property.id, before);

    // Counting the photos a listing already has (slots hold one, but older rows may hold more).
    const full = await listing();
    for (let i = 0; i < PHOTOS_PER_LISTING_MAX; i++) {
      await insertPhoto(t.db, full.id, { label: 'picha_chumba', position: i });
    }
    const more = await upload(full.id, [file(tiny, 'a.png', 'image/png'), category('picha_nje')]);
    expect(more.statusCode, more.body).toBe(400);
    expect(errorOf(more).details?.[0]?.field).toBe('files');
    expect(await photoRows(full.id)).toHaveLength(PHOTOS_PER_LISTING_MAX);
    expect(await journalKeys()).toEqual([]);
  });

  it('is documented in the OpenAPI description as a multipart upload', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<{
      paths: Record<string, { post?: { requestBody?: { content?: Record<string, unknown> } } }>;
    }>();
    const route = doc.paths['/api/properties/{id}/media']?.post;
    expect(route).toBeDefined();
    expect(Object.keys(route?.requestBody?.content ?? {})).toContain('multipart/form-data');
  });

  describe('who may upload', () => {
    it('asks an anonymous caller to sign in', async () => {
      const property = await listing();
      const res = await upload(property.id, [file(await picture()), category('picha_nje')], null);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
    });

    it("refuses someone else's listing with 403", async () => {
      const property = await listing();
      const before = await storedFiles();
      const res = await upload(property.id, [file(await picture()), category('picha_nje')], other);
      expect(res.statusCode, res.body).toBe(403);
      await expectNothingStored(property.id, before);
    });

    it('answers 404 for a deleted listing and for an id nobody has', async () => {
      const archived = await listing({ status: 'archived' });
      const gone = await upload(archived.id, [file(await picture()), category('picha_nje')]);
      expect(gone.statusCode, gone.body).toBe(404);
      const missing = await upload('00000000-0000-4000-8000-000000000000', [
        file(await picture()),
        category('picha_nje'),
      ]);
      expect(missing.statusCode, missing.body).toBe(404);
    });

    it('refuses a user whose canEdit is off with 403', async () => {
      const blocked = await signUpAndIn(t, { firstName: 'Neema', lastName: 'Kweka' });
      await t.db.update(users).set({ canEdit: false }).where(eq(users.id, blocked.userId));
      const property = await listing({ publishedBy: blocked.userId });
      const res = await upload(
        property.id,
        [file(await picture()), category('picha_nje')],
        blocked,
      );
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).message).toMatch(/may not edit/);
      expect(await photoRows(property.id)).toEqual([]);
    });

    it('refuses an id that is not a uuid with 400', async () => {
      const res = await upload('not-a-uuid', [category('picha_nje')]);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).details?.[0]?.field).toBe('id');
    });

    it('limits uploads per user to 60 an hour', async () => {
      const busy = await signUpAndIn(t, { firstName: 'Baraka', lastName: 'Mushi' });
      const property = await listing({ publishedBy: busy.userId });
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        statuses.push((await upload(property.id, [category('picha_x')], busy)).statusCode);
      }
      expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
      expect(statuses[60]).toBe(429);
      // Counted per user: another user is not held back.
      const own = await listing();
      expect((await upload(own.id, [category('picha_x')])).statusCode).toBe(400);
    });
  });
});

// ── The service with stand-in parts ──────────────────────────────────────────────────────────

const silent = { warn: () => undefined, error: () => undefined };

async function* formOf(
  parts: ({ label: string; data: Buffer } | { field: string; value: string })[],
) {
  for (const part of parts) {
    // Parts arrive from the network one after another.
    await Promise.resolve();
    if ('field' in part) {
      yield { kind: 'field', name: part.field, value: part.value } satisfies FormPart;
    } else {
      yield {
        kind: 'file',
        name: 'files',
        read: (max: number) => Promise.resolve(part.data.length > max ? undefined : part.data),
      } satisfies FormPart;
      yield { kind: 'field', name: 'category', value: part.label } satisfies FormPart;
    }
  }
}

function serviceWith(storage: StorageGateway, clock = () => new Date()): MediaService {
  return createMediaService({
    repository: createMediaRepository(t.db),
    storage,
    clock,
    log: silent,
    ownerView: (id) => Promise.resolve({ id } as TViewerProperty),
  });
}

describe('media service', () => {
  it.each([2, 5])(
    'records nothing when the store fails on write %i of a request',
    async (failOn) => {
      const disk = createDiskStorage(path.join(t.dataDir, 'media'));
      let puts = 0;
      const written: string[] = [];
      const flaky: StorageGateway = {
        async put(key, data, type) {
          puts += 1;
          if (puts === failOn) throw new Error('disk full');
          await disk.put(key, data, type);
          written.push(key);
        },
        get: (key) => disk.get(key),
        delete: (key) => disk.delete(key),
      };
      const property = await listing({ type: 'Rent' });
      const before = await storedFiles();
      const photos = await picturesFor(REQUIRED_PICTURE_LABELS.Rent);
      await expect(
        serviceWith(flaky).uploadPhotos(
          { userId: owner.userId, sessionId: 'x' },
          property.id,
          formOf(photos),
        ),
      ).rejects.toThrow('disk full');
      expect(written.length).toBeGreaterThan(0);
      await expectNothingStored(property.id, before);
      expect(await statusOf(property.id)).toBe('draft');
    },
  );

  it('sweeps journal entries older than the cutoff with their files, and only those', async () => {
    const storage = createDiskStorage(path.join(t.dataDir, 'media'));
    const data = await sharp(await picture())
      .webp()
      .toBuffer();
    const key = (n: string) => `photos/zz/sweep-${n}-320.webp`;
    const now = new Date();
    const hour = 60 * 60 * 1000;
    const entries = [
      { key: key('old-1'), createdAt: new Date(now.getTime() - 3 * hour) },
      { key: key('old-2'), createdAt: new Date(now.getTime() - 2 * hour) },
      { key: key('new'), createdAt: new Date(now.getTime() - 10 * 60 * 1000) },
    ];
    for (const e of entries) await storage.put(e.key, data, 'image/webp');
    // The old-3 entry lost its file already (a crash between journal and write).
    await t.db
      .insert(mediaUploads)
      .values([
        ...entries.map((e) => ({ key: e.key, propertyId: null, createdAt: e.createdAt })),
        { key: key('old-3'), propertyId: null, createdAt: new Date(now.getTime() - 5 * hour) },
      ]);

    const result = await serviceWith(storage).sweepOrphanUploads(new Date(now.getTime() - hour));
    expect(result).toEqual({ deleted: 3, failed: 0 });
    expect(await journalKeys()).toEqual([key('new')]);
    const files = await storedFiles();
    expect(files).not.toContain(key('old-1'));
    expect(files).not.toContain(key('old-2'));
    expect(files).toContain(key('new'));

    await t.db.execute(sql`delete from media_uploads`);
    await storage.delete(key('new'));
  });

  it('sweeps the temp file a process killed during a put left beside a journaled key', async () => {
    // An upload journals its keys, then writes each as `.<name>.<uuid>.tmp` renamed to `<name>`;
    // SIGKILL between the two leaves the temp file, which no key names.
    const storage = createDiskStorage(path.join(t.dataDir, 'media'));
    const key = 'photos/zz/crashed-320.webp';
    const temp = path.join(
      'photos',
      'zz',
      '.crashed-320.webp.3f9a1c2e-7b4d-4e8f-a6c5-1d2e3f4a5b6c.tmp',
    );
    await mkdir(path.join(t.dataDir, 'media', 'photos', 'zz'), { recursive: true });
    await writeFile(path.join(t.dataDir, 'media', temp), 'half a photo');
    await t.db
      .insert(mediaUploads)
      .values({ key, propertyId: null, createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000) });

    const result = await serviceWith(storage).sweepOrphanUploads(new Date(Date.now() - 60_000));
    expect(result).toEqual({ deleted: 1, failed: 0 });
    expect(await journalKeys()).toEqual([]);
    expect(await storedFiles()).not.toContain(temp);
  });

  it('keeps a journal entry whose file could not be deleted, for the next sweep', async () => {
    const disk = createDiskStorage(path.join(t.dataDir, 'media'));
    const stuck: StorageGateway = {
      put: (k, d, c) => disk.put(k, d, c),
      get: (k) => disk.get(k),
      delete: () => Promise.reject(new Error('store unreachable')),
    };
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await t.db
      .insert(mediaUploads)
      .values({ key: 'photos/zz/stuck-320.webp', propertyId: null, createdAt: old });
    const result = await serviceWith(stuck).sweepOrphanUploads(new Date(Date.now() - 60_000));
    expect(result).toEqual({ deleted: 0, failed: 1 });
    expect(await journalKeys()).toEqual(['photos/zz/stuck-320.webp']);
    await t.db.execute(sql`delete from media_uploads`);
  });

  it('processes at most two photos at a time', async () => {
    let running = 0;
    let peak = 0;
    const property = await listing({ type: 'HouseForSale' });
    const service = createMediaService({
      repository: createMediaRepository(t.db),
      storage: t.storage,
      clock: () => new Date(),
      log: silent,
      ownerView: (id) => Promise.resolve({ id } as TViewerProperty),
      processPhoto: async (input) => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 20));
        running -= 1;
        return processPhoto(input);
      },
    });
    const photos = await picturesFor(REQUIRED_PICTURE_LABELS.HouseForSale);
    await service.uploadPhotos(
      { userId: owner.userId, sessionId: 'x' },
      property.id,
      formOf(photos),
    );
    expect(peak).toBe(2);
    expect(await photoRows(property.id)).toHaveLength(8);
  });
});

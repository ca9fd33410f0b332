import { randomBytes, randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TPictureLabel } from '@makazi/contracts/property-values';
import {
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_TYPE,
  SOCIAL_IMAGE_WIDTH,
  socialImagePath,
} from '@makazi/contracts/social-image-values';
import { mediaUploads, propertyPhotos } from '../../db/schema';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import {
  insertLocationChain,
  insertPhoto,
  insertProperty,
  insertRequiredPhotos,
  setPropertyStatus,
  type LocationChain,
  type PropertyRow,
} from '../../test/factories';
import { nextAddress, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import { createMediaRepository } from './media.repository';
import { createMediaService } from './media.service';
import { socialImageKey } from './photo-files';
import { processPhoto, SOCIAL_IMAGE_MAX_BYTES } from './photo-processing';
import { createSocialImageService } from './social-images.service';

/*
 * GET /social-images/<photo id>.jpg through the whole application (the database's idea of a
 * public listing, sharp, the disk store), the service's render-once rules with a renderer that
 * counts, and the deletion of a preview with its photo on every path that deletes photo rows.
 */

let t: TestApp;
let owner: SignedIn;
let admin: SignedInAdmin;
let chain: LocationChain;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpAndIn(t, { firstName: 'Rehema', lastName: 'Massawe' });
  admin = await signInAdmin(t.app);
  chain = await insertLocationChain(t.db);
});
afterAll(async () => {
  await t.close();
});

const silent = { warn: () => undefined, error: () => undefined };

/** A photo-like JPEG: a colour gradient with a bright patch off-centre. */
async function picture(width = 1600, height = 1200, colour = { r: 30, g: 120, b: 200 }) {
  const patch = await sharp({
    create: { width: width >> 2, height: height >> 2, channels: 3, background: '#f5d742' },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .composite([{ input: patch, left: width >> 3, top: height >> 3 }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A photo row whose variants are in the store, made from `source` as an upload would be. */
async function storedPhoto(
  propertyId: string,
  options: { label?: TPictureLabel; position?: number; source?: Buffer } = {},
) {
  const processed = await processPhoto(options.source ?? (await picture()));
  const row = await insertPhoto(t.db, propertyId, {
    ...(options.label ? { label: options.label } : {}),
    position: options.position ?? 0,
    widths: processed.variants.map((variant) => variant.width),
  });
  for (const [i, variant] of row.variants.entries()) {
    await t.storage.put(variant.key, processed.variants[i]!.data, 'image/webp');
  }
  return row;
}

function listing(status: PropertyRow['status'] = 'approved') {
  return insertProperty(t.db, {
    type: 'Rent',
    status,
    publishedBy: owner.userId,
    address: { ...chain, houseNumber: '7' },
  });
}

function preview(photoId: string) {
  return t.app.inject({
    method: 'GET',
    url: socialImagePath(photoId),
    remoteAddress: nextAddress(),
  });
}

async function storedPreview(photoId: string): Promise<Buffer | undefined> {
  const stored = await t.storage.get(socialImageKey(photoId));
  return stored ? buffer(stored.body) : undefined;
}

const errorOf = (res: { json: <T>() => T }) => res.json<TErrorResponse>();

describe('GET /social-images/<photo id>.jpg', () => {
  it("answers a 1200×630 progressive JPEG of an approved listing's photo, cached for a year", async () => {
    const property = await listing();
    const photo = await storedPhoto(property.id);

    const res = await preview(photo.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(SOCIAL_IMAGE_TYPE);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(SOCIAL_IMAGE_MAX_BYTES);

    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      'jpeg',
      SOCIAL_IMAGE_WIDTH,
      SOCIAL_IMAGE_HEIGHT,
    ]);
    expect(meta.isProgressive).toBe(true);
    // No metadata of any kind rides along.
    expect([meta.exif, meta.icc, meta.xmp, meta.iptc]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('enlarges a small photo to fill the whole frame rather than framing it with bars', async () => {
    const property = await listing();
    const red = { r: 220, g: 30, b: 30 };
    const source = await sharp({
      create: { width: 400, height: 300, channels: 3, background: red },
    })
      .jpeg()
      .toBuffer();
    const photo = await storedPhoto(property.id, { source });
    expect(photo.variants.map((variant) => variant.width)).toEqual([320, 400]);

    const res = await preview(photo.id);
    expect(res.statusCode).toBe(200);
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([SOCIAL_IMAGE_WIDTH, SOCIAL_IMAGE_HEIGHT]);
    // Every corner and edge middle is the photo's red: no black or white bars anywhere.
    const w = info.width;
    const h = info.height;
    for (const [x, y] of [
      [0, 0],
      [w - 1, 0],
      [0, h - 1],
      [w - 1, h - 1],
      [w >> 1, 0],
      [0, h >> 1],
    ] as const) {
      const at = (y * w + x) * info.channels;
      const pixel = [data[at]!, data[at + 1]!, data[at + 2]!];
      expect(
        pixel.every((value, i) => Math.abs(value - [red.r, red.g, red.b][i]!) < 12),
        `pixel at ${x},${y} is ${pixel.join(',')}`,
      ).toBe(true);
    }
  });

  it.each(['pending', 'draft', 'rejected', 'archived'] as const)(
    'is a 404 for a photo of a %s listing, and renders nothing',
    async (status) => {
      const property = await listing(status);
      const photo = await storedPhoto(property.id);
      const res = await preview(photo.id);
      expect(res.statusCode, res.body).toBe(404);
      expect(errorOf(res)).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(await storedPreview(photo.id)).toBeUndefined();
    },
  );

  it('stops answering once its listing leaves the catalogue', async () => {
    const property = await listing();
    const photo = await storedPhoto(property.id);
    expect((await preview(photo.id)).statusCode).toBe(200);
    await setPropertyStatus(t.db, property.id, 'rejected', 'Picha si halisi');
    const res = await preview(photo.id);
    expect(res.statusCode, res.body).toBe(404);
  });

  it('is a 404 for an id that is no photo, and a 400 for a file name that is no photo id', async () => {
    const unknown = await preview(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');

    for (const file of [
      'not-a-uuid.jpg',
      `${randomUUID()}.png`,
      `${randomUUID()}.jpg.jpg`,
      randomUUID(),
      '..%2f..%2fetc%2fpasswd.jpg',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/social-images/${file}`,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, file).toBe(400);
      expect(errorOf(res).code, file).toBe('VALIDATION_FAILED');
    }
  });

  it('renders once: the next request is answered from the store', async () => {
    const property = await listing();
    const photo = await storedPhoto(property.id);
    const first = await preview(photo.id);
    expect(first.statusCode).toBe(200);
    expect(await storedPreview(photo.id)).toEqual(first.rawPayload);

    // Whatever the store holds is what is sent: a second render would answer a 1200×630 image.
    const marker = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#000' },
    })
      .jpeg()
      .toBuffer();
    await t.storage.put(socialImageKey(photo.id), marker, SOCIAL_IMAGE_TYPE);
    const second = await preview(photo.id);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload).toEqual(marker);
    expect(second.headers['content-length']).toBe(String(marker.length));

    const head = await t.app.inject({
      method: 'HEAD',
      url: socialImagePath(photo.id),
      remoteAddress: nextAddress(),
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(marker.length));
    expect(head.rawPayload.length).toBe(0);
  });

  it('limits requests per client address', async () => {
    const address = nextAddress();
    const id = randomUUID();
    const statuses: number[] = [];
    for (let i = 0; i < 601; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: socialImagePath(id),
        remoteAddress: address,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 600).every((status) => status === 404)).toBe(true);
    expect(statuses[600]).toBe(429);
    // Another address behind it is not held back.
    expect((await preview(id)).statusCode).toBe(404);
  });
});

describe('the preview service', () => {
  /** A renderer that waits for release() before answering, and counts its calls. */
  function gatedRenderer() {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const state = { calls: 0 };
    return {
      state,
      release: () => open(),
      async render(source: Buffer) {
        state.calls += 1;
        await gate;
        return sharp(source).resize(120, 63).jpeg().toBuffer();
      },
    };
  }

  function serviceWith(render: (source: Buffer) => Promise<Buffer>) {
    return createSocialImageService({
      repository: createMediaRepository(t.db),
      storage: t.storage,
      log: silent,
      processing: createConcurrencyLimit(2),
      render,
    });
  }

  it('renders a photo asked for twice at once a single time', async () => {
    const property = await listing();
    const photo = await storedPhoto(property.id);
    const renderer = gatedRenderer();
    const service = serviceWith((source) => renderer.render(source));

    const both = Promise.all([service.get(photo.id), service.get(photo.id)]);
    // Let both requests reach the renderer (or the render under way) before it answers.
    await new Promise((resolve) => setTimeout(resolve, 50));
    renderer.release();
    const [a, b] = await both;
    expect(renderer.state.calls).toBe(1);
    expect(a.body).toEqual(b.body);

    await service.get(photo.id);
    expect(renderer.state.calls).toBe(1);
  });

  it('deletes what it stored when the photo was deleted during the render', async () => {
    const property = await listing();
    const photo = await storedPhoto(property.id);
    const service = serviceWith(async (source) => {
      await transactionRefreshingCards(t.db, (tx) =>
        tx.delete(propertyPhotos).where(eq(propertyPhotos.id, photo.id)),
      );
      return sharp(source).resize(120, 63).jpeg().toBuffer();
    });
    await expect(service.get(photo.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await storedPreview(photo.id)).toBeUndefined();
  });
});

// ── Deleted with its photo ───────────────────────────────────────────────────────────────────

function multipart(label: TPictureLabel, data: Buffer) {
  const boundary = `----makazi${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    data,
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${label}\r\n--${boundary}--\r\n`,
    ),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A photo of an approved listing whose preview has been rendered. */
async function previewedPhoto(property: PropertyRow, options: { label?: TPictureLabel } = {}) {
  const photo = await storedPhoto(property.id, { label: options.label ?? 'picha_nje' });
  expect((await preview(photo.id)).statusCode).toBe(200);
  expect(await storedPreview(photo.id)).toBeDefined();
  return photo;
}

async function expectFilesGone(photo: { id: string; variants: { key: string }[] }) {
  expect(await storedPreview(photo.id), 'preview').toBeUndefined();
  for (const variant of photo.variants) {
    expect(await t.storage.get(variant.key), variant.key).toBeNull();
  }
}

describe('a preview goes with its photo', () => {
  it('when an upload replaces the photo in its slot', async () => {
    const property = await listing();
    const photo = await previewedPhoto(property);
    // Taken back for changes: uploads now go straight to the listing, replacing by slot.
    await setPropertyStatus(t.db, property.id, 'rejected', 'Picha ya nje haionekani');
    const { payload, headers } = multipart('picha_nje', await picture(800, 600));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/properties/${property.id}/media`,
      payload,
      headers: { ...headers, ...owner.auth },
    });
    expect(res.statusCode, res.body).toBe(201);
    await expectFilesGone(photo);
    const journal = await t.db
      .select()
      .from(mediaUploads)
      .where(eq(mediaUploads.propertyId, property.id));
    expect(journal).toEqual([]);
  });

  it('when the owner removes the photo', async () => {
    const property = await listing();
    const photo = await previewedPhoto(property);
    await setPropertyStatus(t.db, property.id, 'rejected', 'Picha ya nje haionekani');
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${property.id}`,
      headers: owner.auth,
      payload: { removePhotoIds: [photo.id] },
    });
    expect(res.statusCode).toBe(200);
    await expectFilesGone(photo);
  });

  it('when an admin approves a change that drops the photo (journaled for the sweeper)', async () => {
    const property = await listing();
    await insertRequiredPhotos(t.db, property.id, 'Rent');
    const photo = await storedPhoto(property.id, { label: 'picha_mbele', position: 5 });
    expect((await preview(photo.id)).statusCode).toBe(200);

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/properties/${property.id}`,
      headers: owner.auth,
      payload: { removePhotoIds: [photo.id] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // The live version keeps the photo until the change is approved.
    expect((await preview(photo.id)).statusCode).toBe(200);

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${property.id}/approve`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await preview(photo.id)).statusCode).toBe(404);
    const journal = await t.db
      .select({ key: mediaUploads.key })
      .from(mediaUploads)
      .where(eq(mediaUploads.propertyId, property.id));
    expect(journal.map((entry) => entry.key)).toContain(socialImageKey(photo.id));

    const media = createMediaService({
      repository: createMediaRepository(t.db),
      storage: t.storage,
      clock: () => new Date(),
      log: silent,
      ownerView: () => Promise.reject(new Error('not used')),
    });
    await media.sweepOrphanUploads(new Date(Date.now() + 60_000));
    await expectFilesGone(photo);
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { createPeriodicJobLock } from '../../db/periodic-job-lock';
import { periodicJobRuns } from '../../db/schema';
import { createDiskStorage } from '../../gateways/storage/disk-storage';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import { sceneSvg } from '../../db/seed/scenes';
import { createFakeClock } from '../../test/fake-clock';
import { insertPhoto, insertProperty, insertUser } from '../../test/factories';
import { createTestApp, createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createMediaRepository } from './media.repository';
import { createMediaService, type MediaService } from './media.service';
import { hammingDistance, perceptualHash, toSignedHash } from './perceptual-hash';
import { registerPhotoHashBackfill } from './photo-hash-backfill';

/*
 * The backfill (decision 041): photos stored before hashing get their hash from their largest
 * stored variant, a batch per run, once across processes.
 */

let database: TestDatabase;
let mediaDir: string;
let storage: StorageGateway;
let propertyId: string;
/** A live listing: it has a catalogue card, which hashing its photos must not disturb. */
let liveId: string;
let position = 0;

const silent = { warn: () => undefined, error: () => undefined };

function serviceOn(store: StorageGateway): MediaService {
  return createMediaService({
    repository: createMediaRepository(database.db),
    storage: store,
    clock: () => new Date(),
    log: silent,
    ownerView: (id) => Promise.resolve({ id } as TViewerProperty),
  });
}

/** A photo row as stored before hashing: variants 320 and 1280, no hash. */
async function unhashedPhoto(
  file?: Buffer,
  hash: bigint | null = null,
  listing: string = propertyId,
): Promise<{ id: string; largest: Buffer | undefined }> {
  const row = await insertPhoto(database.db, listing, {
    position: position++,
    widths: [320, 1280],
    perceptualHash: hash,
  });
  const largest = row.variants.find((variant) => variant.width === 1280)!;
  if (file) await storage.put(largest.key, file, 'image/webp');
  return { id: row.id, largest: file };
}

async function hashOf(photoId: string): Promise<string | null> {
  const { rows } = await database.db.execute<{ hash: string | null }>(
    sql`select perceptual_hash::text as hash from property_photos where id = ${photoId}`,
  );
  return rows[0]!.hash;
}

async function clearUnhashed(): Promise<void> {
  await database.db.execute(
    sql`update property_photos set perceptual_hash = 1 where perceptual_hash is null`,
  );
}

const picture = (seed: number) =>
  sharp(Buffer.from(sceneSvg('house', seed)))
    .webp({ quality: 80 })
    .toBuffer();

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(tmpdir(), 'makazi-backfill-'));
  storage = createDiskStorage(mediaDir);
  const owner = await insertUser(database.db);
  propertyId = (await insertProperty(database.db, { status: 'pending', publishedBy: owner.id })).id;
  liveId = (await insertProperty(database.db, { status: 'approved', publishedBy: owner.id })).id;
});
afterAll(async () => {
  await database.dispose();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('hashUnhashedPhotos', () => {
  it('hashes stored photos from their largest variant, marks unreadable ones blank, and leaves hashed ones alone', async () => {
    await clearUnhashed();
    const good = await unhashedPhoto(await picture(1));
    const other = await unhashedPhoto(await picture(2), null, liveId);
    const missing = await unhashedPhoto();
    const corrupt = await unhashedPhoto(Buffer.from('RIFF this is no image'));
    const hashed = await unhashedPhoto(await picture(3), 12345n);

    expect(await serviceOn(storage).hashUnhashedPhotos(10)).toEqual({
      hashed: 2,
      blank: 2,
      failed: 0,
    });
    for (const photo of [good, other]) {
      const stored = await hashOf(photo.id);
      expect(stored).not.toBeNull();
      expect(stored).toBe(String(toSignedHash(await perceptualHash(photo.largest!))));
    }
    expect(
      hammingDistance(BigInt((await hashOf(good.id))!), BigInt((await hashOf(other.id))!)),
    ).toBeGreaterThan(6);
    expect(await hashOf(missing.id)).toBe('0');
    expect(await hashOf(corrupt.id)).toBe('0');
    expect(await hashOf(hashed.id)).toBe('12345');
    // Nothing left: the next run finds nothing.
    expect(await serviceOn(storage).hashUnhashedPhotos(10)).toEqual({
      hashed: 0,
      blank: 0,
      failed: 0,
    });
  });

  it('hashes at most a batch per run', async () => {
    await clearUnhashed();
    const photos = [];
    for (let i = 0; i < 3; i++) photos.push(await unhashedPhoto(await picture(10 + i)));
    expect(await serviceOn(storage).hashUnhashedPhotos(2)).toMatchObject({ hashed: 2 });
    const left = [];
    for (const photo of photos) if ((await hashOf(photo.id)) === null) left.push(photo.id);
    expect(left).toHaveLength(1);
    expect(await serviceOn(storage).hashUnhashedPhotos(2)).toMatchObject({ hashed: 1 });
  });

  it('keeps a photo the store could not hand over for the next run', async () => {
    await clearUnhashed();
    const photo = await unhashedPhoto(await picture(20));
    const down: StorageGateway = {
      ...storage,
      get: () => Promise.reject(new Error('connection reset')),
    };
    expect(await serviceOn(down).hashUnhashedPhotos(10)).toEqual({
      hashed: 0,
      blank: 0,
      failed: 1,
    });
    expect(await hashOf(photo.id)).toBeNull();
    expect(await serviceOn(storage).hashUnhashedPhotos(10)).toMatchObject({ hashed: 1 });
  });
});

describe('registerPhotoHashBackfill', () => {
  it('runs the batch at start-up, in one process at a time across processes', async () => {
    const clock = createFakeClock();
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batches: number[] = [];
    const service = {
      ...serviceOn(storage),
      async hashUnhashedPhotos(limit: number) {
        batches.push(limit);
        runs += 1;
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await released;
        running -= 1;
        return { hashed: 0, blank: 0, failed: 0 };
      },
    };
    // Two processes on one database, each with its own lock, as the app registers the job. The
    // embedded database serves one process alone, where every tick runs.
    const server = database.handle.kind === 'postgres';
    const processes = (server ? [0, 1] : [0]).map(() => {
      const app = Fastify({ logger: false });
      registerPhotoHashBackfill(app, service, {
        batch: 7,
        lock: createPeriodicJobLock(database.handle, clock),
      });
      return app;
    });
    const [first, second] = processes;
    await first!.ready();
    await expect.poll(() => running).toBe(1);
    if (second) {
      // The second process finds the job taken (its row locked) and does not wait for it:
      // closing waits for its start-up tick, which ends without running.
      await second.ready();
      await second.close();
      expect(runs).toBe(1);
    }
    release();
    await first!.close();
    expect(mostAtOnce).toBe(1);
    expect(batches).toEqual([7]);
    const recorded = await database.db
      .select()
      .from(periodicJobRuns)
      .where(eq(periodicJobRuns.job, 'photo-hash-backfill'));
    expect(recorded).toHaveLength(1);
  });

  it('is registered by the app when PHOTO_HASH_BACKFILL_BATCH is set, with that batch', async () => {
    await clearUnhashed();
    // Files the app's store does not hold: the start-up run marks them blank, two of three.
    const photos = [await unhashedPhoto(), await unhashedPhoto(), await unhashedPhoto()];
    const t = await createTestApp({
      database: database.handle,
      env: { PHOTO_HASH_BACKFILL_BATCH: '2' },
    });
    try {
      await expect
        .poll(async () => {
          const hashes = await Promise.all(photos.map((photo) => hashOf(photo.id)));
          return hashes.filter((hash) => hash === '0').length;
        })
        .toBe(2);
    } finally {
      await t.close();
    }
    expect(
      (await Promise.all(photos.map((photo) => hashOf(photo.id)))).filter((h) => h === null),
    ).toHaveLength(1);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingChanges } from '../../db/schema';
import {
  insertPhoto,
  insertProperty,
  insertUser,
  type PropertyRow,
  type UserRow,
} from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import {
  bandExpression,
  createDuplicatePhotosRepository,
  type DuplicatePhotosRepository,
} from './duplicate-photos.repository';
import { BANDS, toSignedHash } from './perceptual-hash';

/*
 * The candidate search (decision 041) on the database the suite runs on: which photos count as
 * another listing's copies, and that every band the search probes is the one its index holds.
 */

let database: TestDatabase;
let repository: DuplicatePhotosRepository;
let publishers: UserRow[];

/** A hash with `bits` flipped from `hash` (bit numbers 0–63). */
function flip(hash: bigint, bits: number[]): bigint {
  return bits.reduce((h, bit) => h ^ (1n << BigInt(bit)), hash);
}

const ORIGINAL = 0x5a5a_3c3c_0ff0_f00fn;
const options = { maxDistance: 6, perListing: 10 };

async function listingWith(
  publisher: UserRow,
  hashes: (bigint | null)[],
  status: PropertyRow['status'] = 'pending',
): Promise<PropertyRow> {
  const property = await insertProperty(database.db, {
    type: 'Rent',
    status,
    publishedBy: publisher.id,
  });
  for (const [position, hash] of hashes.entries()) {
    await insertPhoto(database.db, property.id, {
      position,
      perceptualHash: hash === null ? null : toSignedHash(hash),
    });
  }
  return property;
}

beforeAll(async () => {
  database = await createTestDatabase();
  repository = createDuplicatePhotosRepository(database.db);
  publishers = [];
  for (let i = 0; i < 5; i++) publishers.push(await insertUser(database.db));
});
afterAll(async () => {
  await database.dispose();
});

describe('duplicate photo candidates', () => {
  it("finds another publisher's photo within the distance, closest first, and nothing further", async () => {
    const asked = await listingWith(publishers[0]!, [0x1111_2222_3333_4444n, ORIGINAL]);
    // 6 bits apart, two in each of three bands: no band within one bit but the fourth, exact.
    const near = await listingWith(publishers[1]!, [flip(ORIGINAL, [0, 1, 16, 17, 32, 33])]);
    // 2 bits apart, in one band.
    const nearer = await listingWith(publishers[2]!, [flip(ORIGINAL, [40, 41])], 'approved');
    // 8 bits apart, two in every band: over the distance.
    await listingWith(publishers[3]!, [flip(ORIGINAL, [2, 3, 18, 19, 34, 35, 50, 51])]);

    const found = await repository.candidates([asked.id], options);
    expect(found.map((c) => [c.listingId, c.propertyId, c.distance])).toEqual([
      [asked.id, nearer.id, 2],
      [asked.id, near.id, 6],
    ]);
    expect(found[0]).toMatchObject({
      type: 'Rent',
      title: nearer.title,
      status: 'approved',
      publisherId: publishers[2]!.id,
      publisherFirstName: publishers[2]!.firstName,
      publisherPhoneNumber: publishers[2]!.phoneNumber,
    });
    // The pair of photos: the asked listing's second, the other's only one.
    expect(found[0]!.photoVariants[0]!.key).toBe(`photos/${asked.id}/1-320.webp`);
    expect(found[0]!.otherPhotoVariants[0]!.key).toBe(`photos/${nearer.id}/0-320.webp`);
  });

  it('reaches a copy whose closest band is one bit off, at an odd distance too', async () => {
    // 7 bits: 2 + 2 + 2 + 1. Only the last band is within one bit (⌊7 / 4⌋).
    const asked = await listingWith(publishers[0]!, [0x0123_4567_89ab_cdefn]);
    const copy = await listingWith(publishers[1]!, [
      flip(0x0123_4567_89ab_cdefn, [1, 2, 20, 21, 36, 37, 60]),
    ]);
    const found = await repository.candidates([asked.id], { maxDistance: 7, perListing: 10 });
    expect(found.map((c) => [c.propertyId, c.distance])).toEqual([[copy.id, 7]]);
    expect(await repository.candidates([asked.id], options)).toEqual([]);
  });

  it("leaves out the publisher's own listings, archived ones, blank pictures and photos not hashed", async () => {
    const hash = 0x7e7e_8181_6a6a_9595n;
    const asked = await listingWith(publishers[0]!, [hash, 0n, null]);
    await listingWith(publishers[0]!, [hash]);
    await listingWith(publishers[1]!, [hash], 'archived');
    await listingWith(publishers[2]!, [0n]);
    expect(await repository.candidates([asked.id], options)).toEqual([]);
  });

  it('asks with the photos a pending change adds, and finds the listing that holds the original', async () => {
    const hash = 0x3c3c_c3c3_5a5a_a5a5n;
    const original = await listingWith(publishers[1]!, [hash], 'approved');
    const live = await listingWith(publishers[2]!, [0x1234_0000_ffff_4321n], 'approved');
    await transactionRefreshingCards(database.db, (tx) =>
      tx.insert(pendingChanges).values({
        propertyId: live.id,
        status: 'pending',
        addedPhotos: [
          {
            id: '00000000-0000-4000-8000-00000000c0de',
            label: 'picha_mbele',
            width: 1280,
            height: 960,
            variants: [{ width: 320, height: 240, key: 'photos/00/added-320.webp' }],
            perceptualHash: String(toSignedHash(flip(hash, [5, 9]))),
          },
          // A change saved before hashing: nothing to ask with.
          {
            id: '00000000-0000-4000-8000-00000000c0df',
            label: 'picha_nyuma',
            width: 1280,
            height: 960,
            variants: [{ width: 320, height: 240, key: 'photos/00/older-320.webp' }],
          },
        ],
      }),
    );
    const found = await repository.candidates([live.id], options);
    expect(found.map((c) => [c.propertyId, c.distance])).toEqual([[original.id, 2]]);
    expect(found[0]!.photoVariants[0]!.key).toBe('photos/00/added-320.webp');
  });

  it('answers a page of listings in one call, at most perListing each', async () => {
    const hashes = [0x0f0f_0f0f_0f0f_0f0fn, 0x7777_1111_2222_8888n];
    const a = await listingWith(publishers[3]!, [hashes[0]!]);
    const b = await listingWith(publishers[4]!, [hashes[1]!]);
    const copies: PropertyRow[] = [];
    for (let i = 0; i < 3; i++) {
      copies.push(await listingWith(publishers[i]!, [flip(hashes[0]!, [i * 2, i * 2 + 1])]));
    }
    const bCopy = await listingWith(publishers[0]!, [hashes[1]!]);
    const found = await repository.candidates([a.id, b.id], { maxDistance: 6, perListing: 2 });
    expect(found.filter((c) => c.listingId === a.id)).toHaveLength(2);
    expect(found.filter((c) => c.listingId === b.id).map((c) => c.propertyId)).toEqual([bCopy.id]);
    expect(await repository.candidates([], options)).toEqual([]);
  });

  it('probes each band with the expression its index is built on', async () => {
    for (let band = 0; band < BANDS; band++) {
      // With table scans priced out, the planner takes the band's index if, and only if, the
      // probe's expression is the one it indexes.
      const plan = await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
          sql`explain select ph.property_id from property_photos ph where ${bandExpression('ph', band)} = 5`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain(`property_photos_hash_band${band}_idx`);
    }
  });
});

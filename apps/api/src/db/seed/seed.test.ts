import { readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  PROPERTY_TYPES,
  REQUIRED_PICTURE_LABELS,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../gateways/storage/disk-storage';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import type { TestDatabase } from '../../test/test-app';
import { createTestDatabase } from '../../test/test-app';
import type { Database } from '../client';
import { properties } from '../schema';
import { insertBulkListings } from './bulk-listings';
import { countLocations, seedLocations } from './locations';
import { createPhotoPool } from './photo-pool';
import { PLAN_SEEDS, seedPlans } from './plans';
import { seedOnStart } from './seed-on-start';

/*
 * One database for the whole file, in the order a real installation sees: reference data, the
 * demo catalogue on first start, then bulk listings from the CLI on top.
 */

let test: TestDatabase;
let db: Database;
let mediaDir: string;
let storage: StorageGateway;

beforeAll(async () => {
  test = await createTestDatabase();
  db = test.db;
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-seed-media-'));
  storage = createDiskStorage(mediaDir);
});

afterAll(async () => {
  await test.dispose();
  await rm(mediaDir, { recursive: true, force: true });
});

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(query);
  return rows[0]!.n;
}

async function filesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** Listings whose street → ward → district → region ids do not form one real chain. */
const brokenChains = sql`
  SELECT count(*)::int AS n FROM properties p
  LEFT JOIN streets s ON s.id = p.street_id
  LEFT JOIN wards w ON w.id = p.ward_id
  LEFT JOIN districts d ON d.id = p.district_id
  WHERE s.ward_id IS DISTINCT FROM p.ward_id
     OR w.district_id IS DISTINCT FROM p.district_id
     OR d.region_id IS DISTINCT FROM p.region_id`;

/** Listings whose photo labels are not exactly the required labels of their type. */
async function listingsWithWrongPhotos(): Promise<string[]> {
  const { rows } = await db.execute<{
    id: string;
    type: TPropertyType;
    labels: string[] | null;
  }>(sql`
    SELECT p.id, p.type, array_agg(ph.label::text ORDER BY ph.position) FILTER (WHERE ph.id IS NOT NULL) AS labels
    FROM properties p LEFT JOIN property_photos ph ON ph.property_id = p.id
    GROUP BY p.id, p.type`);
  return rows
    .filter(
      (r) => JSON.stringify(r.labels ?? []) !== JSON.stringify(REQUIRED_PICTURE_LABELS[r.type]),
    )
    .map((r) => r.id);
}

/** Number words a listing's text may use for a count, in English and Swahili (class agreements too). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  twelve: 12,
  moja: 1,
  kimoja: 1,
  mmoja: 1,
  mbili: 2,
  viwili: 2,
  miwili: 2,
  tatu: 3,
  vitatu: 3,
  mitatu: 3,
  nne: 4,
  vinne: 4,
  minne: 4,
  tano: 5,
  vitano: 5,
  mitano: 5,
  sita: 6,
  'kumi na mbili': 12,
};
const COUNT = `(\\d+|${Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')})`;
const MONTHS = [
  new RegExp(`\\b${COUNT}[\\s-]*months?\\b`, 'gi'),
  new RegExp(`\\bmiezi\\s+${COUNT}\\b`, 'gi'),
];
const BEDROOMS = [
  new RegExp(`\\b${COUNT}[\\s-]*bedrooms?\\b`, 'gi'),
  new RegExp(`\\b(?:vyumba|chumba)\\s+${COUNT}\\b`, 'gi'),
];

function counts(text: string, patterns: RegExp[]): number[] {
  return patterns.flatMap((pattern) =>
    [...text.matchAll(pattern)].map(([, count]) => {
      const word = count!.toLowerCase();
      return NUMBER_WORDS[word] ?? Number(word);
    }),
  );
}

/** The lease months and bedrooms a listing's title or description states. */
function statedCounts(text: string): { months: number[]; bedrooms: number[] } {
  return { months: counts(text, MONTHS), bedrooms: counts(text, BEDROOMS) };
}

type ListingText = {
  id: string;
  type: TPropertyType;
  title: string;
  description: string;
  lease_term_months: number | null;
  apartment_price_term: string | null;
  number_of_bedrooms: number | null;
};

/**
 * Where a listing's words contradict its fields: a count of months that is not its lease term
 * (a rental's) or its price term (an apartment's, when a number), or any count of months on a
 * listing without either; a count of bedrooms that is not its number of bedrooms.
 */
function contradictions(listing: ListingText): string[] {
  const term =
    listing.type === 'Rent'
      ? listing.lease_term_months
      : listing.type === 'Apartment'
        ? Number(/\d+/.exec(listing.apartment_price_term ?? '')?.[0] ?? Number.NaN)
        : null;
  const found: string[] = [];
  for (const [field, text] of [
    ['title', listing.title],
    ['description', listing.description],
  ] as const) {
    const stated = statedCounts(text);
    for (const months of stated.months) {
      if (months !== term) found.push(`${listing.id} ${field} says ${months} months: ${text}`);
    }
    for (const bedrooms of stated.bedrooms) {
      if (bedrooms !== listing.number_of_bedrooms) {
        found.push(`${listing.id} ${field} says ${bedrooms} bedrooms: ${text}`);
      }
    }
  }
  return found;
}

/** Every listing's contradictions between its words and its fields (contradictions()). */
async function contradictingListings(): Promise<string[]> {
  const { rows } = await db.execute<ListingText>(sql`
    SELECT id, type, title, description, lease_term_months, apartment_price_term,
           number_of_bedrooms
    FROM properties`);
  expect(rows.length).toBeGreaterThan(0);
  return rows.flatMap(contradictions);
}

/** Stored variants without their file's size in bytes. */
function photosWithoutSizes(): Promise<number> {
  return count(sql`
    SELECT count(*)::int AS n FROM property_photos ph, jsonb_array_elements(ph.variants) v
    WHERE NOT (v ? 'bytes') OR (v->>'bytes')::int <= 0`);
}

async function missingPhotoFiles(): Promise<string[]> {
  const { rows } = await db.execute<{ key: string }>(sql`
    SELECT DISTINCT v->>'key' AS key
    FROM property_photos ph, jsonb_array_elements(ph.variants) v`);
  const missing: string[] = [];
  for (const { key } of rows) {
    const got = await storage.get(key);
    if (!got || got.size === 0) missing.push(key);
    got?.body.destroy();
  }
  expect(rows.length).toBeGreaterThan(0);
  return missing;
}

describe("a listing's words", () => {
  it('are read for the lease months and bedrooms they state, in both languages', () => {
    expect(statedCounts('Nyumba ina vyumba 3 vya kulala. Kodi inalipwa kwa miezi sita.')).toEqual({
      months: [6],
      bedrooms: [3],
    });
    expect(
      statedCounts('A clean 2-bedroom house, rent for 12 months, 4 bedrooms upstairs'),
    ).toEqual({ months: [12], bedrooms: [2, 4] });
    expect(statedCounts('Chumba kimoja, dakika tano kutoka barabara kuu')).toEqual({
      months: [],
      bedrooms: [1],
    });
    // The demo's old words: six months of rent paid on a 3-month lease.
    expect(
      contradictions({
        id: 'x',
        type: 'Rent',
        title: 'Nyumba ya vyumba 2 inapangishwa Sinza',
        description: 'Nyumba ina vyumba 2 vya kulala. Kodi inalipwa kwa miezi sita.',
        lease_term_months: 3,
        apartment_price_term: null,
        number_of_bedrooms: 2,
      }),
    ).toEqual([
      'x description says 6 months: Nyumba ina vyumba 2 vya kulala. Kodi inalipwa kwa miezi sita.',
    ]);
  });
});

describe('reference data', () => {
  it('loads every region, district, ward and street, idempotently', async () => {
    const first = await seedLocations(db);
    expect(first.inserted).toBe(true);
    expect(first.counts).toEqual({ regions: 31, districts: 150, wards: 4346, streets: 19942 });

    // RFC 4180 quoting survives the trip: "Cheku ""A""" is stored as Cheku "A".
    const { rows } = await db.execute<{ name: string }>(
      sql`SELECT name FROM streets WHERE id = 99`,
    );
    expect(rows[0]?.name).toBe('Cheku "A"');
    // Every level hangs off a real parent.
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM streets s LEFT JOIN wards w ON w.id = s.ward_id WHERE w.id IS NULL`,
      ),
    ).toBe(0);

    const again = await seedLocations(db);
    expect(again.inserted).toBe(false);
    expect(await countLocations(db)).toEqual(first.counts);
  });

  it('promises on every promotion plan what every running promotion gets', () => {
    // Newest puts every running promotion first, whatever its length, and the home carousels read
    // Newest; the card shows the badge for any running promotion.
    const placements = [
      ['Shown first in the home page carousels', 'Huonekana kwanza kwenye ukurasa wa mwanzo'],
      ['A “Promoted” badge on the card', 'Alama ya “Imepandishwa” kwenye kadi'],
    ];
    const promotions = PLAN_SEEDS.filter((plan) => plan.kind === 'promotion');
    expect(promotions.length).toBeGreaterThan(0);
    for (const plan of promotions) {
      for (const [en, sw] of placements) {
        expect(plan.features.en).toContain(en);
        expect(plan.features.sw).toContain(sw);
      }
    }
  });

  it('adds the subscription and promotion plans once', async () => {
    expect(await seedPlans(db)).toBe(PLAN_SEEDS.length);
    expect(await seedPlans(db)).toBe(0);
    const { rows } = await db.execute<{
      kind: string;
      duration_days: number;
      price_tzs: number;
      features: { en: string[]; sw: string[] };
    }>(
      sql`SELECT kind, duration_days, price_tzs, features FROM plans ORDER BY kind, duration_days`,
    );
    expect(rows.map((r) => `${r.kind}:${r.duration_days}`)).toEqual([
      'subscription:1',
      'subscription:7',
      'subscription:30',
      'promotion:1',
      'promotion:7',
      'promotion:30',
      // plan_kind is an enum: ORDER BY kind follows its declaration order.
    ]);
    for (const r of rows) {
      expect(r.price_tzs).toBeGreaterThan(0);
      expect(r.features.en.length).toBeGreaterThan(0);
      expect(r.features.sw).toHaveLength(r.features.en.length);
    }
    // A longer plan never costs less than a shorter one of the same kind.
    for (const kind of ['subscription', 'promotion']) {
      const prices = rows.filter((r) => r.kind === kind).map((r) => r.price_tzs);
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    }
  });
});

describe('seedOnStart', () => {
  it('seeds no demo listings when seedDemo is off', async () => {
    await seedOnStart(test.handle, storage, { seedDemo: false });
    expect(await count(sql`SELECT count(*)::int AS n FROM properties`)).toBe(0);
    expect(await filesUnder(mediaDir)).toBe(0);
  });

  it(
    'seeds a complete demo catalogue on first start, and only then',
    { timeout: 180_000 },
    async () => {
      await seedOnStart(test.handle, storage, { seedDemo: true });

      const { rows } = await db.execute<{
        type: TPropertyType;
        n: number;
        min: number;
        max: number;
      }>(sql`
        SELECT type, count(*)::int AS n, min(price_tzs) AS min, max(price_tzs) AS max
        FROM properties WHERE status = 'approved' GROUP BY type`);
      const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
      expect(rows.reduce((sum, r) => sum + r.n, 0)).toBeGreaterThanOrEqual(60);
      for (const type of PROPERTY_TYPES) expect(byType[type]?.n).toBeGreaterThanOrEqual(15);
      expect(
        await count(sql`SELECT count(*)::int AS n FROM properties WHERE status <> 'approved'`),
      ).toBe(0);

      // Realistic TZS ranges per type.
      expect(byType.Rent!.min).toBeGreaterThanOrEqual(150_000);
      expect(byType.Rent!.max).toBeLessThanOrEqual(2_500_000);
      expect(byType.Apartment!.min).toBeGreaterThanOrEqual(300_000);
      expect(byType.Apartment!.max).toBeLessThanOrEqual(3_000_000);
      expect(byType.Land!.min).toBeGreaterThanOrEqual(5_000_000);
      expect(byType.Land!.max).toBeLessThanOrEqual(300_000_000);
      expect(byType.HouseForSale!.min).toBeGreaterThanOrEqual(60_000_000);
      expect(byType.HouseForSale!.max).toBeLessThanOrEqual(1_500_000_000);

      expect(await count(brokenChains)).toBe(0);
      expect(
        await count(sql`SELECT count(*)::int AS n FROM properties WHERE street_id IS NULL`),
      ).toBe(0);
      expect(
        await count(
          sql`SELECT count(*)::int AS n FROM properties WHERE owner_phone_number !~ '^\\+2557[0-9]{8}$'`,
        ),
      ).toBe(0);
      expect(
        await count(sql`SELECT count(*)::int AS n FROM properties WHERE promotion_ends_at > now()`),
      ).toBeGreaterThan(0);
      expect(
        await count(sql`SELECT count(DISTINCT published_by)::int AS n FROM properties`),
      ).toBeGreaterThan(1);
      expect(await listingsWithWrongPhotos()).toEqual([]);
      expect(await missingPhotoFiles()).toEqual([]);
      // What a listing's words say of its lease and bedrooms is what its fields say.
      expect(await contradictingListings()).toEqual([]);
      // Every new photo's files carry their sizes (data saver tells them before a tap).
      expect(await photosWithoutSizes()).toBe(0);

      const listings = await count(sql`SELECT count(*)::int AS n FROM properties`);
      const files = await filesUnder(mediaDir);
      await seedOnStart(test.handle, storage, { seedDemo: true });
      expect(await count(sql`SELECT count(*)::int AS n FROM properties`)).toBe(listings);
      expect(await filesUnder(mediaDir)).toBe(files);
    },
  );
});

describe('insertBulkListings', () => {
  it(
    'adds N approved listings with photos, real location chains and the trigger’s search text',
    { timeout: 180_000 },
    async () => {
      const before = await count(sql`SELECT count(*)::int AS n FROM properties`);
      const indexesBefore = await db.execute(
        sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('properties', 'property_photos') ORDER BY indexname`,
      );
      const pool = await createPhotoPool(storage, {
        house: 1,
        'apartment-block': 1,
        plot: 1,
        bedroom: 1,
        'living-room': 1,
        kitchen: 1,
        bathroom: 1,
      });
      const progress: number[] = [];
      const result = await insertBulkListings(test.handle, {
        count: 2_000,
        batchSize: 700,
        pool,
        onProgress: (p) => progress.push(p.done),
      });
      expect(result.inserted).toBe(2_000);
      expect(progress.slice(0, 3)).toEqual([700, 1_400, 2_000]);

      expect(await count(sql`SELECT count(*)::int AS n FROM properties`)).toBe(before + 2_000);
      const perType = await db.execute<{ type: string; n: number }>(sql`
        SELECT type, count(*)::int AS n FROM properties
        WHERE owner_name IS NOT NULL AND published_by IN (
          SELECT id FROM users WHERE phone_number LIKE '+255799%')
        GROUP BY type ORDER BY type`);
      expect(perType.rows.map((r) => r.n)).toEqual([500, 500, 500, 500]);
      expect(
        await count(sql`SELECT count(*)::int AS n FROM properties WHERE status <> 'approved'`),
      ).toBe(0);
      expect(await count(brokenChains)).toBe(0);
      // The fast path skips the triggers that note listings for their cards: each has one all
      // the same, as the catalogue answers from them.
      expect(
        await count(sql`SELECT count(*)::int AS n FROM properties p WHERE NOT EXISTS (
          SELECT 1 FROM catalogue_cards c WHERE c.property_id = p.id)`),
      ).toBe(0);
      expect(await listingsWithWrongPhotos()).toEqual([]);
      expect(await missingPhotoFiles()).toEqual([]);
      expect(await contradictingListings()).toEqual([]);
      expect(await photosWithoutSizes()).toBe(0);
      // Type-specific details are all there (the table's checks would refuse them otherwise, but
      // the fast path must not rely on that alone).
      expect(
        await count(sql`SELECT count(*)::int AS n FROM properties WHERE
          (type = 'Land' AND (lot_width IS NULL OR lot_status IS NULL OR plot_number IS NULL)) OR
          (type = 'Rent' AND (lease_term_months IS NULL OR house_number IS NULL)) OR
          (type = 'Apartment' AND (apartment_price_term IS NULL OR apartment_number IS NULL)) OR
          (type = 'HouseForSale' AND (number_of_bedrooms IS NULL OR distance_from_main_road IS NULL))`),
      ).toBe(0);

      // The generator writes search_text itself (the fast path skips triggers): recomputing it
      // through the trigger must change nothing.
      const snapshot = await db.execute<{ id: string; search_text: string }>(
        sql`SELECT id, search_text FROM properties ORDER BY id`,
      );
      await db.update(properties).set({ title: sql`title` });
      const recomputed = await db.execute<{ id: string; search_text: string }>(
        sql`SELECT id, search_text FROM properties ORDER BY id`,
      );
      expect(recomputed.rows).toEqual(snapshot.rows);

      // The session is back to normal: triggers and foreign keys apply again, indexes all exist.
      const role = await db.execute<{ session_replication_role: string }>(
        sql`SHOW session_replication_role`,
      );
      expect(role.rows[0]?.session_replication_role).toBe('origin');
      await expect(
        db.execute(
          sql`UPDATE properties SET street_id = 999999 WHERE id = (SELECT id FROM properties LIMIT 1)`,
        ),
      ).rejects.toThrow();
      const indexesAfter = await db.execute(
        sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('properties', 'property_photos') ORDER BY indexname`,
      );
      expect(indexesAfter.rows).toEqual(indexesBefore.rows);
    },
  );
});

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { parseCsvRecords } from './csv';

/*
 * The location CSVs (and their licence notice) live in src/db/seed/data. This module is
 * src/db/seed/locations.ts in development and tests and is inlined into dist/server.js in the
 * bundle, where build.mjs copies the folder to dist/data: './data' resolves right in both.
 */
export const SEED_DATA_DIR = fileURLToPath(new URL('./data', import.meta.url));

export interface LocationCounts {
  regions: number;
  districts: number;
  wards: number;
  streets: number;
}

interface LocationRow {
  id: number;
  parent: number | null;
  name: string;
}

async function readLevel(
  dataDir: string,
  file: string,
  parentColumn: 'region_id' | 'district_id' | 'ward_id' | null,
): Promise<LocationRow[]> {
  const text = await readFile(path.join(dataDir, file), 'utf8');
  const header = parentColumn ? (['id', parentColumn, 'name'] as const) : (['id', 'name'] as const);
  return parseCsvRecords<string>(text, header).map((r) => {
    const id = Number(r.id);
    const parent = parentColumn ? Number(r[parentColumn]) : null;
    const name = r.name ?? '';
    if (!Number.isInteger(id) || (parent !== null && !Number.isInteger(parent)) || !name) {
      throw new Error(`${file}: bad record ${JSON.stringify(r)}`);
    }
    return { id, parent, name };
  });
}

export async function readLocationFiles(dataDir: string = SEED_DATA_DIR) {
  if (!existsSync(path.join(dataDir, 'regions.csv'))) {
    throw new Error(`Location data not found in ${dataDir} (the build must copy src/db/seed/data)`);
  }
  const [regions, districts, wards, streets] = await Promise.all([
    readLevel(dataDir, 'regions.csv', null),
    readLevel(dataDir, 'districts.csv', 'region_id'),
    readLevel(dataDir, 'wards.csv', 'district_id'),
    readLevel(dataDir, 'streets.csv', 'ward_id'),
  ]);
  return { regions, districts, wards, streets };
}

export async function countLocations(db: Database): Promise<LocationCounts> {
  const { rows } = await db.execute<{
    regions: number;
    districts: number;
    wards: number;
    streets: number;
  }>(sql`
    SELECT (SELECT count(*) FROM regions)::int AS regions,
           (SELECT count(*) FROM districts)::int AS districts,
           (SELECT count(*) FROM wards)::int AS wards,
           (SELECT count(*) FROM streets)::int AS streets`);
  const row = rows[0];
  if (!row) throw new Error('count query returned no row');
  return row;
}

// One statement per level: the rows travel as one JSON document and Postgres unpacks them,
// which beats thousands of parameter placeholders on both drivers.
const insertLevel = {
  regions: (json: string) => sql`
    INSERT INTO regions (id, name)
    SELECT id, name FROM json_to_recordset(${json}::json) AS x(id int, parent int, name text)
    ON CONFLICT (id) DO NOTHING`,
  districts: (json: string) => sql`
    INSERT INTO districts (id, region_id, name)
    SELECT id, parent, name FROM json_to_recordset(${json}::json) AS x(id int, parent int, name text)
    ON CONFLICT (id) DO NOTHING`,
  wards: (json: string) => sql`
    INSERT INTO wards (id, district_id, name)
    SELECT id, parent, name FROM json_to_recordset(${json}::json) AS x(id int, parent int, name text)
    ON CONFLICT (id) DO NOTHING`,
  streets: (json: string) => sql`
    INSERT INTO streets (id, ward_id, name)
    SELECT id, parent, name FROM json_to_recordset(${json}::json) AS x(id int, parent int, name text)
    ON CONFLICT (id) DO NOTHING`,
};

/**
 * Loads all regions, districts, wards and streets. Idempotent: rows already present are kept,
 * and when every level is complete it only counts.
 */
export async function seedLocations(
  db: Database,
  dataDir: string = SEED_DATA_DIR,
): Promise<{ inserted: boolean; counts: LocationCounts }> {
  const files = await readLocationFiles(dataDir);
  const before = await countLocations(db);
  const levels = ['regions', 'districts', 'wards', 'streets'] as const;
  if (levels.every((level) => before[level] >= files[level].length)) {
    return { inserted: false, counts: before };
  }
  await db.transaction(async (tx) => {
    // Parents first: each level's foreign keys point at the one above.
    for (const level of levels) {
      await tx.execute(insertLevel[level](JSON.stringify(files[level])));
    }
  });
  return { inserted: true, counts: await countLocations(db) };
}

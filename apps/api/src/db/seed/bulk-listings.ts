import { randomBytes } from 'node:crypto';
import { PROPERTY_TYPES } from '@makazi/contracts/property-values';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Database, DatabaseHandle } from '../client';
import * as schema from '../schema';
import type { PhotoPool } from './photo-pool';
import { photosForListing } from './photo-pool';
import {
  APARTMENT_PRICE_TERMS,
  DESCRIPTION_TEMPLATES,
  LOT_STATUSES,
  OWNER_FIRST_NAMES,
  OWNER_LAST_NAMES,
  ROAD_DISTANCES,
  TITLE_TEMPLATES,
} from './words';
import {
  refreshCatalogueCards,
  renderMissingCards,
  transactionRefreshingCards,
} from '../../modules/properties/catalogue-cards';

/*
 * Generates listings inside the database: each batch is one INSERT … SELECT over generate_series
 * that also writes the photo rows, so nothing per listing crosses the wire. Used by the seed CLI
 * (and the benchmark through it) for 100k-1M listings.
 */

/** Generated publishers have numbers +255799000001…: a block no demo or real user shares. */
const BULK_USER_PREFIX = '+255799';
const BULK_USERS = 200;
/** Distinct photo sets per type, drawn from the pool. */
const PHOTO_SETS = 4;
/**
 * Streets of the big markets (Dodoma 1, Arusha 2, Dar es Salaam 7, Mwanza 19, Mjini Magharibi 29)
 * are this many times likelier than elsewhere, as listings are in real life.
 */
const CITY_REGION_IDS = [1, 2, 7, 19, 29];
const CITY_WEIGHT = 5;

export interface BulkProgress {
  done: number;
  total: number;
  elapsedMs: number;
  /** 'indexes': all rows are in and the indexes are being built. */
  phase?: 'indexes';
}

export interface BulkOptions {
  count: number;
  /** Listings per statement; about 6 photo rows come with each. */
  batchSize?: number;
  pool: PhotoPool;
  /**
   * Drop the listing tables' secondary indexes, load everything in one transaction and build
   * them at the end. 'auto' (default): on PGlite when the load at least doubles the catalogue.
   */
  rebuildIndexes?: boolean | 'auto';
  onProgress?: (progress: BulkProgress) => void;
}

/**
 * Runs `fn` on one connection: the bulk generator's temp tables live in a session, and a pool
 * would hand each statement to any connection. Lifts the pool's statement timeout for the run.
 */
async function withSession<T>(
  handle: DatabaseHandle,
  fn: (db: Database, fastPath: boolean) => Promise<T>,
): Promise<T> {
  const raw = handle.raw;
  if (raw.kind === 'pglite') {
    const fastPath = await enterFastPath(handle.db);
    try {
      return await fn(handle.db, fastPath);
    } finally {
      if (fastPath) await handle.db.execute(sql`RESET session_replication_role`);
    }
  }
  const client = await raw.pool.connect();
  let broken = false;
  try {
    await client.query('SET statement_timeout = 0');
    const db: Database = drizzlePg({ client, schema });
    const fastPath = await enterFastPath(db);
    return await fn(db, fastPath);
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    if (!broken) {
      await client
        .query('RESET statement_timeout; RESET session_replication_role')
        .catch(() => (broken = true));
    }
    client.release(broken);
  }
}

/**
 * Generated rows are valid by construction (every reference is joined from the table it points
 * to), so the bulk load skips per-row foreign-key and trigger work when the role allows it
 * (superuser, as on PGlite and a typical bench server): about twice as fast. Otherwise the
 * ordinary path runs, with every check.
 */
async function enterFastPath(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`SET session_replication_role = replica`);
    return true;
  } catch {
    return false;
  }
}

const WORDS_JSON = JSON.stringify({
  first: OWNER_FIRST_NAMES,
  last: OWNER_LAST_NAMES,
  tRent: TITLE_TEMPLATES.Rent,
  tApartment: TITLE_TEMPLATES.Apartment,
  tLand: TITLE_TEMPLATES.Land,
  tHouse: TITLE_TEMPLATES.HouseForSale,
  dRent: DESCRIPTION_TEMPLATES.Rent,
  dApartment: DESCRIPTION_TEMPLATES.Apartment,
  dLand: DESCRIPTION_TEMPLATES.Land,
  dHouse: DESCRIPTION_TEMPLATES.HouseForSale,
  lot: LOT_STATUSES,
  road: ROAD_DISTANCES,
  term: APARTMENT_PRICE_TERMS,
});

export async function prepare(
  db: Database,
  pool: PhotoPool,
): Promise<{ streets: number; users: number }> {
  await db.execute(sql`
    INSERT INTO users (phone_number, first_name, last_name)
    SELECT ${BULK_USER_PREFIX} || lpad(g::text, 6, '0'),
           (${JSON.stringify(OWNER_FIRST_NAMES)}::jsonb ->> (g % ${OWNER_FIRST_NAMES.length})),
           (${JSON.stringify(OWNER_LAST_NAMES)}::jsonb ->> ((g * 7) % ${OWNER_LAST_NAMES.length}))
    FROM generate_series(1, ${BULK_USERS}) AS g
    ON CONFLICT (phone_number) DO NOTHING`);
  await db.execute(sql`DROP TABLE IF EXISTS pg_temp.bulk_users`);
  await db.execute(sql`
    CREATE TEMP TABLE bulk_users AS
    SELECT row_number() OVER (ORDER BY phone_number)::int AS n, id
    FROM users WHERE phone_number LIKE ${`${BULK_USER_PREFIX}%`}`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bulk_users (n)`);

  await db.execute(sql`DROP TABLE IF EXISTS pg_temp.bulk_streets`);
  await db.execute(sql`
    CREATE TEMP TABLE bulk_streets AS
    SELECT row_number() OVER (ORDER BY s.id, copy)::int AS n,
           s.id AS street_id, w.id AS ward_id, d.id AS district_id, d.region_id, w.name AS area,
           s.name AS street_name, w.name AS ward_name, d.name AS district_name, rg.name AS region_name
    FROM streets s
    JOIN wards w ON w.id = s.ward_id
    JOIN districts d ON d.id = w.district_id
    JOIN regions rg ON rg.id = d.region_id
    CROSS JOIN LATERAL generate_series(
      1, CASE WHEN d.region_id IN (${sql.join(
        CITY_REGION_IDS.map((id) => sql`${id}`),
        sql`, `,
      )}) THEN ${CITY_WEIGHT} ELSE 1 END) AS copy`);
  await db.execute(sql`CREATE UNIQUE INDEX ON bulk_streets (n)`);

  const photoRows = PROPERTY_TYPES.flatMap((type) =>
    Array.from({ length: PHOTO_SETS }, (_, set) =>
      photosForListing(pool, type, set).map(({ label, position, photo }) => ({
        type,
        photo_set: set,
        label,
        position,
        width: photo.width,
        height: photo.height,
        variants: photo.variants,
        perceptual_hash: photo.perceptualHash === null ? null : String(photo.perceptualHash),
      })),
    ).flat(),
  );
  await db.execute(sql`DROP TABLE IF EXISTS pg_temp.bulk_photos`);
  await db.execute(sql`
    CREATE TEMP TABLE bulk_photos AS
    SELECT type::property_type, photo_set, label::picture_label, position, width, height, variants,
      perceptual_hash::bigint AS perceptual_hash
    FROM json_to_recordset(${JSON.stringify(photoRows)}::json)
      AS x(type text, photo_set int, label text, position int, width int, height int, variants jsonb,
        perceptual_hash text)`);

  const { rows } = await db.execute<{ streets: number; users: number }>(sql`
    SELECT (SELECT count(*) FROM bulk_streets)::int AS streets,
           (SELECT count(*) FROM bulk_users)::int AS users`);
  const counts = rows[0];
  if (!counts || counts.streets === 0) throw new Error('No streets: load the locations first');
  return counts;
}

/** One batch: listings from..to (1-based numbers, used only to rotate types). */
/** A v4-shaped UUID from an md5: several times cheaper than gen_random_uuid() on PGlite. */
const uuidFromMd5 = (input: ReturnType<typeof sql>) =>
  sql`overlay(overlay(md5(${input}) placing '4' from 13) placing '8' from 17)::uuid`;

export function batchStatement(
  from: number,
  to: number,
  streets: number,
  users: number,
  nonce: string,
) {
  return sql`
    WITH w AS (
      SELECT ARRAY(SELECT json_array_elements_text(j->'first')) AS first_names,
             ARRAY(SELECT json_array_elements_text(j->'last')) AS last_names,
             ARRAY(SELECT json_array_elements_text(j->'tRent')) AS t_rent,
             ARRAY(SELECT json_array_elements_text(j->'tApartment')) AS t_apartment,
             ARRAY(SELECT json_array_elements_text(j->'tLand')) AS t_land,
             ARRAY(SELECT json_array_elements_text(j->'tHouse')) AS t_house,
             ARRAY(SELECT json_array_elements_text(j->'dRent')) AS d_rent,
             ARRAY(SELECT json_array_elements_text(j->'dApartment')) AS d_apartment,
             ARRAY(SELECT json_array_elements_text(j->'dLand')) AS d_land,
             ARRAY(SELECT json_array_elements_text(j->'dHouse')) AS d_house,
             ARRAY(SELECT json_array_elements_text(j->'lot')) AS lot,
             ARRAY(SELECT json_array_elements_text(j->'road')) AS road,
             ARRAY(SELECT json_array_elements_text(j->'term')) AS term
      FROM (SELECT ${WORDS_JSON}::json AS j) AS src
    ),
    g AS (
      SELECT i,
             (ARRAY['Land','Rent','Apartment','HouseForSale']::property_type[])[1 + i % 4] AS type,
             1 + floor(random() * ${streets})::int AS sn,
             1 + floor(random() * ${users})::int AS un,
             random() AS r1, random() AS r2, random() AS r3, random() AS r4,
             random() AS r5, random() AS r6, random() AS r7, random() AS r8,
             -- Up to 180 days old, denser towards today, like a live marketplace.
             make_interval(secs => (random() ^ 1.5) * 180 * 86400) AS age
      FROM generate_series(${from}::int, ${to}::int) AS i
    ),
    r AS (
      SELECT g.*, s.street_id, s.ward_id, s.district_id, s.region_id, s.area,
             s.street_name, s.ward_name, s.district_name, s.region_name, u.id AS user_id,
             CASE g.type WHEN 'Land' THEN 0
                         WHEN 'HouseForSale' THEN 2 + floor(g.r1 * 4)::int
                         ELSE 1 + floor(g.r1 * 5)::int END AS beds,
             -- Here rather than with the other fields: the description states it too.
             CASE WHEN g.type = 'Rent' THEN (ARRAY[3, 6, 6, 12, 12])[1 + floor(g.r7 * 5)::int] END
               AS lease,
             (ARRAY[15,20,20,25,30,30,40,50])[1 + floor(g.r2 * 8)::int] AS lw,
             (ARRAY[20,25,30,30,40,50,60])[1 + floor(g.r3 * 7)::int] AS ll,
             now() - g.age AS created
      FROM g
      JOIN bulk_streets s ON s.n = g.sn
      JOIN bulk_users u ON u.n = g.un
    ),
    v AS (
      SELECT
        r.i,
        r.type,
        format(CASE r.type
                 WHEN 'Rent' THEN w.t_rent[1 + floor(r.r4 * cardinality(w.t_rent))::int]
                 WHEN 'Apartment' THEN w.t_apartment[1 + floor(r.r4 * cardinality(w.t_apartment))::int]
                 WHEN 'Land' THEN w.t_land[1 + floor(r.r4 * cardinality(w.t_land))::int]
                 ELSE w.t_house[1 + floor(r.r4 * cardinality(w.t_house))::int] END,
               r.area, r.beds, r.lw, r.ll) AS title,
        format(CASE r.type
                 WHEN 'Rent' THEN w.d_rent[1 + floor(r.r5 * cardinality(w.d_rent))::int]
                 WHEN 'Apartment' THEN w.d_apartment[1 + floor(r.r5 * cardinality(w.d_apartment))::int]
                 WHEN 'Land' THEN w.d_land[1 + floor(r.r5 * cardinality(w.d_land))::int]
                 ELSE w.d_house[1 + floor(r.r5 * cardinality(w.d_house))::int] END,
               r.area, r.beds, r.lw, r.ll, r.lease) AS description,
        w.first_names[1 + floor(r.r6 * cardinality(w.first_names))::int] || ' ' ||
          w.last_names[1 + floor(r.r7 * cardinality(w.last_names))::int] AS owner_name,
        '+2557' || lpad(floor(random() * 100000000)::int::text, 8, '0') AS owner_phone_number,
        r.user_id AS published_by,
        CASE r.type
          WHEN 'Rent' THEN least(2500000, greatest(150000,
            round(r.beds * (110000 + r.r5 * 320000) / 10000) * 10000))
          WHEN 'Apartment' THEN least(3000000, greatest(300000,
            round(r.beds * (220000 + r.r5 * 420000) / 50000) * 50000))
          WHEN 'Land' THEN least(300000000, greatest(5000000,
            round(r.lw * r.ll * (8000 + r.r5 * r.r6 * 140000) / 500000) * 500000))
          ELSE least(1500000000, greatest(60000000,
            round(r.beds * (18000000 + r.r5 * r.r6 * 200000000) / 5000000) * 5000000))
        END::bigint AS price_tzs,
        r.region_id, r.district_id, r.ward_id, r.street_id,
        r.street_name, r.ward_name, r.district_name, r.region_name,
        CASE WHEN r.type = 'Apartment'
             THEN chr(65 + floor(r.r8 * 3)::int) || (1 + floor(r.r7 * 8)::int)::text || '0' END
          AS apartment_number,
        CASE WHEN r.type IN ('Rent', 'HouseForSale') THEN (1 + floor(r.r8 * 240)::int)::text END
          AS house_number,
        CASE WHEN r.type = 'Land' THEN (1 + floor(r.r8 * 2400)::int)::text END AS plot_number,
        CASE WHEN r.type = 'Land' THEN r.lw END AS lot_width,
        CASE WHEN r.type = 'Land' THEN r.ll END AS lot_length,
        CASE WHEN r.type = 'Land' THEN w.lot[1 + floor(r.r7 * cardinality(w.lot))::int] END AS lot_status,
        CASE WHEN r.type IN ('Land', 'HouseForSale')
             THEN w.road[1 + floor(r.r2 * cardinality(w.road))::int] END AS distance_from_main_road,
        CASE WHEN r.type IN ('Land', 'HouseForSale') THEN r.r3 < 0.8 END AS water,
        CASE WHEN r.type IN ('Land', 'HouseForSale') THEN r.r4 < 0.75 END AS electricity,
        CASE WHEN r.type <> 'Land' THEN r.beds END AS bedrooms,
        CASE WHEN r.type <> 'Land' THEN greatest(1, least(r.beds, 1 + floor(r.r6 * r.beds)::int)) END
          AS bathrooms,
        r.lease AS lease_term_months,
        CASE WHEN r.type = 'Apartment' THEN w.term[1 + floor(r.r7 * cardinality(w.term))::int] END
          AS apartment_price_term,
        CASE WHEN r.type = 'HouseForSale' AND r.r2 > 0.15
             THEN round(r.beds * (45 + r.r3 * 60) / 5) * 5 END AS square_footage,
        -- About 1 in 100 has a running promotion.
        CASE WHEN r.r8 < 0.01 THEN now() + make_interval(secs => (1 + r.r2 * 29) * 86400) END
          AS promotion_ends_at,
        r.created + r.age * 0.01 AS approved_at,
        r.created
      FROM r CROSS JOIN w
    ),
    ins AS (
      INSERT INTO properties (
        id, type, status, title, description, owner_name, owner_phone_number, published_by, price_tzs,
        region_id, district_id, ward_id, street_id, apartment_number, house_number, plot_number,
        lot_width, lot_length, lot_status, distance_from_main_road,
        is_water_service_available, is_electricity_service_available,
        number_of_bedrooms, number_of_bathrooms, lease_term_months, apartment_price_term,
        square_footage, promotion_ends_at, approved_at, created_at, updated_at, search_text)
      SELECT
        -- Unique: the run's random nonce and the listing's number in the run.
        ${uuidFromMd5(sql`${nonce} || ':' || i::text`)},
        type, 'approved', title, description, owner_name, owner_phone_number, published_by, price_tzs,
        region_id, district_id, ward_id, street_id, apartment_number, house_number, plot_number,
        lot_width, lot_length, lot_status, distance_from_main_road, water, electricity,
        bedrooms, bathrooms, lease_term_months, apartment_price_term,
        square_footage, promotion_ends_at, approved_at, created, created,
        -- What the properties_search_text trigger computes (migration 0001); written here because
        -- the fast path (replication role "replica") skips triggers. A test holds the two equal.
        concat_ws(' ', title, NULLIF(concat_ws(', ',
          'Apartment ' || NULLIF(apartment_number, ''),
          'House No. ' || NULLIF(house_number, ''),
          'Plot No. ' || NULLIF(plot_number, ''),
          'Street ' || street_name,
          'Ward ' || ward_name,
          'District ' || district_name,
          'Region ' || region_name), ''))
      FROM v
      RETURNING id, type
    )
    INSERT INTO property_photos (id, property_id, label, position, width, height, variants, perceptual_hash)
    SELECT ${uuidFromMd5(sql`ins.id::text || ':' || p.position::text`)}, ins.id, p.label, p.position, p.width, p.height, p.variants, p.perceptual_hash
    FROM ins
    JOIN bulk_photos p ON p.type = ins.type AND p.photo_set = get_byte(uuid_send(ins.id), 15) % ${PHOTO_SETS}`;
}

/**
 * Adds `count` approved listings with photos and real street → ward → district → region chains.
 * Expects locations loaded and the photo pool stored. Each batch commits on its own, so progress
 * survives an interruption.
 */
export async function insertBulkListings(
  handle: DatabaseHandle,
  options: BulkOptions,
): Promise<{ inserted: number; elapsedMs: number; fastPath: boolean; rebuiltIndexes: boolean }> {
  const { count, pool, onProgress } = options;
  const batchSize = options.batchSize ?? 10_000;
  const started = Date.now();
  const nonce = randomBytes(12).toString('hex');
  let fast = false;
  let rebuild = false;
  await withSession(handle, async (db, fastPath) => {
    fast = fastPath;
    const { streets, users } = await prepare(db, pool);
    const insertAll = async (target: Database, cardsPerBatch: boolean) => {
      for (let done = 0; done < count;) {
        const size = Math.min(batchSize, count - done);
        const statement = batchStatement(done + 1, done + size, streets, users, nonce);
        if (cardsPerBatch) {
          await transactionRefreshingCards(target, (tx) => tx.execute(statement));
        } else {
          await target.execute(statement);
        }
        done += size;
        onProgress?.({ done, total: count, elapsedMs: Date.now() - started });
      }
    };
    const mode = options.rebuildIndexes ?? 'auto';
    rebuild =
      mode === 'auto' ? handle.kind === 'pglite' && count >= (await countListings(db)) : mode;
    if (rebuild) {
      /*
       * The embedded database serves one process, so a big load may drop the secondary indexes
       * and build them once at the end, in one transaction: an interrupted run leaves the
       * database as it was. (On a server, where the API may be reading, the indexes stay.)
       */
      await db.transaction(async (tx) => {
        const indexes = await secondaryIndexes(tx);
        for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));
        // The cards once the indexes are back: rendering reads each listing's photos by index.
        await insertAll(tx, false);
        onProgress?.({
          done: count,
          total: count,
          elapsedMs: Date.now() - started,
          phase: 'indexes',
        });
        for (const index of indexes) await tx.execute(sql.raw(index.definition));
        await refreshCatalogueCards(tx);
      });
    } else {
      await insertAll(db, true);
    }
    // Fresh statistics, so the first searches after a big load get good plans.
    await db.execute(sql`ANALYZE properties`);
    await db.execute(sql`ANALYZE property_photos`);
    await db.execute(
      sql`DROP TABLE IF EXISTS pg_temp.bulk_users, pg_temp.bulk_streets, pg_temp.bulk_photos`,
    );
  });
  // The fast path skipped the triggers that note new listings for their cards.
  await renderMissingCards(handle.db);
  return {
    inserted: count,
    elapsedMs: Date.now() - started,
    fastPath: fast,
    rebuiltIndexes: rebuild,
  };
}

async function countListings(db: Database): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM properties`);
  return rows[0]?.n ?? 0;
}

/**
 * The listing tables' indexes other than primary keys, with the SQL that recreates each. The
 * trigram GIN index goes too: on file-backed PGlite one build costs less CPU than maintaining it
 * row by row (measured on 50k listings: about 20% less overall).
 */
async function secondaryIndexes(db: Database): Promise<{ name: string; definition: string }[]> {
  const { rows } = await db.execute<{ name: string; definition: string }>(sql`
    SELECT quote_ident(c.relname) AS name, pg_get_indexdef(x.indexrelid) AS definition
    FROM pg_index x
    JOIN pg_class c ON c.oid = x.indexrelid
    WHERE x.indrelid IN ('properties'::regclass, 'property_photos'::regclass, 'catalogue_entries'::regclass)
      AND NOT x.indisprimary
      -- Indexes behind constraints (UNIQUE constraints) cannot be dropped on their own.
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)
    ORDER BY c.relname`);
  return rows;
}

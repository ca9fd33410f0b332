import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { createDiskStorage } from '../apps/api/src/gateways/storage/disk-storage';
import { createConcurrencyLimit } from '../apps/api/src/lib/concurrency-limit';
import { createDuplicatePhotosRepository } from '../apps/api/src/modules/media/duplicate-photos.repository';
import { perceptualHash } from '../apps/api/src/modules/media/perceptual-hash';
import { processPhoto, storePhotoVariants } from '../apps/api/src/modules/media/photo-processing';
import { browserCompressedPhotos, type PhotoInput } from './photo-inputs';
import type { PhotoHashReport, PipelineComparison, SearchCase } from './photo-hash-report';
import type { Machine } from './report';

/*
 * Perceptual photo hashes (issue 20, decision 041):
 *
 * 1. Duplicate-photo candidates at 1,000,000 photos on the PostgreSQL server: a database of its
 *    own (makazi_bench_photo_hashes), migrated with the app's migrations, holding 125,000
 *    listings of 25,000 publishers with 8 photos each. Hashes come from a fixed-seed generator:
 *    64 bits with 32 of them set, as every hash of a real picture has (each bit says whether a
 *    coefficient is above the median of 64). Every 125th listing's first photo is a copy of the
 *    sixth photo of the listing three before it (another publisher's) with 0, 2, 4 or 6 bits
 *    moved: 1,000 planted near-duplicates, which the search must find, unless their source
 *    listing is archived (one listing in 20 is, and a quarter of the sources): then it must not. Built once, reused while its generator version matches. The repository's
 *    own search is timed from this process: a listing, a listing with a planted copy, and pages
 *    of the admin list.
 * 2. The photo pipeline (processPhoto and the disk store, as photos.ts measures it) with and
 *    without the hash, runs alternating so drift on a shared machine touches both alike.
 */

const DATABASE = 'makazi_bench_photo_hashes';
const serverUrl = 'postgres://postgres@127.0.0.1:5432';
/** Changes whenever the generator below does: an older dataset is rebuilt. */
const GENERATOR_VERSION = 'photo-hashes-2:seed-20261128';
const SEED = 20261128;
const PUBLISHERS = 25_000;
const LISTINGS = 125_000;
const PHOTOS_PER_LISTING = 8;
const PLANT_EVERY = 125;
const BATCH = 50_000;
/** The admin list's page sizes: its default and its largest. */
const PAGE_SIZES = [20, 100] as const;

/** mulberry32: small, fast, and the same numbers for the same seed everywhere. */
function random32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A 64-bit value with exactly 32 bits set, as a real picture's hash has. */
function balancedHash(next: () => number): bigint {
  const bits = Array.from({ length: 64 }, (_, i) => i);
  let hash = 0n;
  for (let i = 0; i < 32; i++) {
    const j = i + (next() % (64 - i));
    [bits[i], bits[j]] = [bits[j]!, bits[i]!];
    hash |= 1n << BigInt(bits[i]!);
  }
  return hash;
}

/** `hash` with `pairs` set bits cleared and as many clear bits set: 2 × pairs bits away. */
function moveBits(hash: bigint, pairs: number, next: () => number): bigint {
  const set: number[] = [];
  const clear: number[] = [];
  for (let bit = 0; bit < 64; bit++) ((hash >> BigInt(bit)) & 1n ? set : clear).push(bit);
  let moved = hash;
  for (let i = 0; i < pairs; i++) {
    const from = set.splice(next() % set.length, 1)[0]!;
    const to = clear.splice(next() % clear.length, 1)[0]!;
    moved = (moved & ~(1n << BigInt(from))) | (1n << BigInt(to));
  }
  return moved;
}

const signed = (hash: bigint) => BigInt.asIntN(64, hash).toString();
const isPlanted = (listing: number) => listing % PLANT_EVERY === 3;
const isArchived = (listing: number) => listing % 20 === 0;
/** The id of listing number `n` (a SQL expression), the same in every statement. */
const listingIdOf = (n: string) => `md5('bench-listing:' || ${n})::uuid`;

/** The listing a planted copy's photo comes from: one in four of them is archived. */
const sourceOf = (listing: number) => listing - 3;

/** Every photo hash, listing by listing, position by position (the planted copies included). */
function generateHashes(): bigint[] {
  const next = random32(SEED);
  const hashes: bigint[] = [];
  for (let listing = 0; listing < LISTINGS; listing++) {
    for (let position = 0; position < PHOTOS_PER_LISTING; position++) {
      if (position === 0 && isPlanted(listing)) {
        const source = hashes[sourceOf(listing) * PHOTOS_PER_LISTING + 5]!;
        hashes.push(moveBits(source, Math.floor(listing / PLANT_EVERY) % 4, next));
      } else {
        hashes.push(balancedHash(next));
      }
    }
  }
  return hashes;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function datasetVersion(url: string): Promise<string | undefined> {
  return withClient(url, async (client) => {
    const exists = await client.query<{ found: boolean }>(
      `SELECT to_regclass('public.bench_photo_hashes') IS NOT NULL AS found`,
    );
    if (!exists.rows[0]?.found) return undefined;
    const row = await client.query<{ version: string }>('SELECT version FROM bench_photo_hashes');
    return row.rows[0]?.version;
  });
}

/** The dataset of the header comment, in a database made for it. */
async function buildDataset(url: string): Promise<void> {
  await withClient(`${serverUrl}/postgres`, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${DATABASE}`);
  });
  const handle = await openDatabase({ databaseUrl: url, poolMax: 1 });
  try {
    await migrateDatabase(handle);
  } finally {
    await handle.close();
  }
  const started = performance.now();
  const hashes = generateHashes();
  await withClient(url, async (client) => {
    // Triggers off (superuser): these rows feed the candidate search only, and the catalogue's
    // triggers would note every approved listing for a card this database never serves.
    await client.query('SET session_replication_role = replica');
    await client.query(`
      INSERT INTO users (id, phone_number, first_name, last_name)
      SELECT md5('bench-user:' || n)::uuid, '+2557' || lpad(n::text, 8, '0'), 'Bench', 'Publisher ' || n
        FROM generate_series(0, ${PUBLISHERS - 1}) n`);
    await client.query(`
      INSERT INTO properties (id, type, status, title, description, owner_name, owner_phone_number,
                              published_by, price_tzs, number_of_bedrooms, number_of_bathrooms,
                              lease_term_months)
      SELECT ${listingIdOf('n')}, 'Rent',
             (CASE n % 20 WHEN 0 THEN 'archived' WHEN 1 THEN 'pending' WHEN 2 THEN 'rejected'
                          ELSE 'approved' END)::property_status,
             'Bench listing ' || n, 'A listing of the photo-hash bench.', 'Bench Owner',
             '+2557' || lpad((n % ${PUBLISHERS})::text, 8, '0'),
             md5('bench-user:' || (n % ${PUBLISHERS}))::uuid, 500000 + n, 2, 1, 12
        FROM generate_series(0, ${LISTINGS - 1}) n`);
    for (let from = 0; from < hashes.length; from += BATCH) {
      const slice = hashes.slice(from, from + BATCH);
      await client.query(
        `INSERT INTO property_photos (property_id, label, position, width, height, variants, perceptual_hash)
         SELECT ${listingIdOf(`(k / ${PHOTOS_PER_LISTING})`)}, 'picha_nje',
                k % ${PHOTOS_PER_LISTING}, 1280, 960,
                jsonb_build_array(
                  jsonb_build_object('width', 320, 'height', 240, 'key', 'photos/be/bench-' || k || '-320.webp'),
                  jsonb_build_object('width', 768, 'height', 576, 'key', 'photos/be/bench-' || k || '-768.webp'),
                  jsonb_build_object('width', 1280, 'height', 960, 'key', 'photos/be/bench-' || k || '-1280.webp')),
                hash
           FROM unnest($1::bigint[]) WITH ORDINALITY AS x(hash, o), LATERAL (SELECT $2::int + o::int - 1 AS k) kk`,
        [slice.map(signed), from],
      );
      process.stdout.write(
        `\r[bench] photo hashes: ${(from + slice.length).toLocaleString('en-US')} photos`,
      );
    }
    process.stdout.write('\n');
    // Index-only scans need the visibility map a long-running server's autovacuum keeps.
    await client.query('VACUUM ANALYZE property_photos');
    await client.query('VACUUM ANALYZE properties');
    await client.query('CREATE TABLE bench_photo_hashes (version text NOT NULL)');
    await client.query('INSERT INTO bench_photo_hashes VALUES ($1)', [GENERATOR_VERSION]);
  });
  console.log(
    `[bench] photo hashes: dataset built in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function searchCases(
  url: string,
  maxDistance: number,
): Promise<{
  cases: SearchCase[];
  plantedFound: number;
  plantedSearchable: number;
  archivedFound: number;
}> {
  const handle = await openDatabase({ databaseUrl: url, poolMax: 2 });
  const ids = await withClient(url, async (client) => {
    const rows = await client.query<{ n: number; id: string }>(
      `SELECT n, ${listingIdOf('n')}::text AS id FROM generate_series(0, ${LISTINGS - 1}) n`,
    );
    return rows.rows.map((r) => r.id);
  });
  try {
    const repository = createDuplicatePhotosRepository(handle.db);
    const options = { maxDistance, perListing: 10 };
    const next = random32(SEED + 1);
    const live = () => {
      for (;;) {
        const n = next() % LISTINGS;
        if (!isArchived(n)) return n;
      }
    };
    const timed = async (name: string, calls: number[][]): Promise<SearchCase> => {
      const times: number[] = [];
      let candidates = 0;
      for (const call of calls) {
        const started = performance.now();
        const found = await repository.candidates(
          call.map((n) => ids[n]!),
          options,
        );
        times.push(performance.now() - started);
        candidates += found.length;
      }
      times.sort((a, b) => a - b);
      const listings = calls[0]?.length ?? 0;
      const result: SearchCase = {
        name,
        listings,
        hashesPerCall: listings * PHOTOS_PER_LISTING,
        calls: calls.length,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        maxMs: times.at(-1) ?? 0,
        candidatesPerCall: candidates / calls.length,
      };
      console.log(
        `[bench] photo hashes, ${name}: p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms (${calls.length} calls)`,
      );
      return result;
    };

    // A warm-up reads the indexes into memory, as a running server has them.
    for (let i = 0; i < 200; i++) await repository.candidates([ids[live()]!], options);

    const cases: SearchCase[] = [];
    cases.push(
      await timed(
        'a listing (8 photos), picked at random',
        Array.from({ length: 1000 }, () => [live()]),
      ),
    );
    const planted = Array.from({ length: LISTINGS }, (_, n) => n).filter(isPlanted);
    cases.push(
      await timed(
        'a listing with a planted near-duplicate',
        planted.map((n) => [n]),
      ),
    );
    for (const size of PAGE_SIZES) {
      cases.push(
        await timed(
          `a page of the admin list (${size} listings)`,
          Array.from({ length: size === 20 ? 50 : 20 }, () =>
            Array.from({ length: size }, () => live()),
          ),
        ),
      );
    }

    // Each planted copy's source must be found, unless it is archived: then it must not be.
    let plantedFound = 0;
    let plantedSearchable = 0;
    let archivedFound = 0;
    for (const n of planted) {
      const found = await repository.candidates([ids[n]!], options);
      const source = found.some((c) => c.propertyId === ids[sourceOf(n)]);
      if (isArchived(sourceOf(n))) {
        if (source) archivedFound++;
        continue;
      }
      plantedSearchable++;
      if (source) plantedFound++;
    }
    return { cases, plantedFound, plantedSearchable, archivedFound };
  } finally {
    await handle.close();
  }
}

// ── The pipeline with and without the hash ──────────────────────────────────────────────────────

async function pipelineOnce(
  inputs: PhotoInput[],
  concurrency: number,
  storeDir: string,
  hash: boolean,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const storage = createDiskStorage(storeDir);
  const limit = createConcurrencyLimit(concurrency);
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    inputs.map(async (input) => {
      const release = await limit.acquire();
      try {
        await storePhotoVariants(storage, await processPhoto(input.data, { hash }));
      } finally {
        release();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  rmSync(storeDir, { recursive: true, force: true });
  return { seconds, cpuSeconds: (used.user + used.system) / 1e6 };
}

async function pipelineComparison(
  label: string,
  inputs: PhotoInput[],
  concurrency: number,
  runs: number,
  workDir: string,
): Promise<PipelineComparison> {
  const without: { seconds: number; cpuSeconds: number }[] = [];
  const withHash: { seconds: number; cpuSeconds: number }[] = [];
  for (let run = 0; run < runs; run++) {
    // Side by side, each first in turn: what the machine does meanwhile touches both of a pair.
    const order = run % 2 === 0 ? [false, true] : [true, false];
    for (const hash of order) {
      const dir = path.join(workDir, `pipeline-${concurrency}-${run}-${hash}`);
      (hash ? withHash : without).push(await pipelineOnce(inputs, concurrency, dir, hash));
    }
  }
  // The median of each pair's ratio: a pair shares the machine's mood, medians of the two
  // series apart do not.
  const pairRatio = (field: 'seconds' | 'cpuSeconds') =>
    median(withHash.map((run, i) => run[field] / without[i]![field]));
  const result: PipelineComparison = {
    input: label,
    photos: inputs.length,
    concurrency,
    runs,
    withoutSeconds: median(without.map((r) => r.seconds)),
    withSeconds: median(withHash.map((r) => r.seconds)),
    ratio: pairRatio('seconds'),
    cpuRatio: pairRatio('cpuSeconds'),
  };
  const { withoutSeconds, withSeconds } = result;
  console.log(
    `[bench] photo hashes, pipeline ${label} ${concurrency} at a time: ${withoutSeconds.toFixed(3)} s without, ${withSeconds.toFixed(3)} s with the hash (× ${result.ratio.toFixed(3)}, CPU × ${result.cpuRatio.toFixed(3)})`,
  );
  return result;
}

async function hashAloneMs(input: PhotoInput): Promise<number> {
  const { data, info } = await sharp(input.data).raw().toBuffer({ resolveWithObject: true });
  const raw = { data, width: info.width, height: info.height, channels: info.channels };
  const times: number[] = [];
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    await perceptualHash(raw);
    times.push(performance.now() - started);
  }
  return median(times.slice(5));
}

export async function benchPhotoHashes(
  machine: Machine,
  maxDistance: number,
): Promise<PhotoHashReport> {
  const url = `${serverUrl}/${DATABASE}`;
  if ((await datasetVersion(url).catch(() => undefined)) !== GENERATOR_VERSION) {
    console.log(`[bench] photo hashes: building ${DATABASE} (1,000,000 photos)…`);
    await buildDataset(url);
  } else {
    console.log(`[bench] photo hashes: reusing ${DATABASE}`);
  }
  const { serverVersion, indexBytes } = await withClient(url, async (client) => {
    const version = await client.query<{ server_version: string }>('SHOW server_version');
    const size = await client.query<{ bytes: string }>(
      `SELECT sum(pg_relation_size(c.oid))::text AS bytes FROM pg_class c
        WHERE c.relname LIKE 'property_photos_hash_band%_idx'`,
    );
    return {
      serverVersion: version.rows[0]?.server_version ?? 'unknown',
      indexBytes: Number(size.rows[0]?.bytes ?? 0),
    };
  });
  const { cases, plantedFound, plantedSearchable, archivedFound } = await searchCases(
    url,
    maxDistance,
  );

  const workDir = mkdtempSync(path.join(tmpdir(), 'makazi-bench-photo-hashes-'));
  try {
    const inputs = await browserCompressedPhotos(8);
    // The first photo pays for loading libvips and its codecs: not part of any run.
    await pipelineOnce(inputs.slice(0, 1), 1, path.join(workDir, 'warm-up'), true);
    const pipeline = [
      await pipelineComparison('1024×768 JPEG', inputs, 2, 15, workDir),
      await pipelineComparison('1024×768 JPEG', inputs, 1, 9, workDir),
    ];
    return {
      kind: 'photo-hashes',
      date: new Date().toISOString(),
      machine: { ...machine, postgres: serverVersion },
      dataset: {
        database: DATABASE,
        photos: LISTINGS * PHOTOS_PER_LISTING,
        listings: LISTINGS,
        publishers: PUBLISHERS,
        planted: LISTINGS / PLANT_EVERY,
        plantedFound,
        plantedSearchable,
        archivedFound,
        maxDistance,
        indexMiB: Math.round(indexBytes / 2 ** 20),
      },
      search: cases,
      hashMs: await hashAloneMs(inputs[0]!),
      pipeline,
    };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

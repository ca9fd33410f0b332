import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { seedListings } from './app-process';

export const DATASET_IDS = ['pglite-10k', 'pg-100k', 'pg-1m'] as const;
export type DatasetId = (typeof DATASET_IDS)[number];

export interface PreparedDataset {
  id: DatasetId;
  database: 'pglite' | 'postgres';
  listings: number;
  /** What the API process needs to serve this dataset. */
  env: Record<string, string>;
  /** PostgreSQL server version, when the dataset lives on one. */
  serverVersion?: string;
  cleanup: () => void;
}

const serverAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/*
 * Datasets seeded before photos were hashed hold millions of photos without one: a server started
 * on them would spend the measurement hashing them (the backfill). The catalogue never reads
 * hashes, so the benches run without it.
 */
const NO_BACKFILL = { PHOTO_HASH_BACKFILL_BATCH: '0' };

/** Default bench databases, one per size so both stay seeded between runs. */
const defaultDatabase: Record<Exclude<DatasetId, 'pglite-10k'>, string> = {
  'pg-100k': 'makazi_bench_100k',
  'pg-1m': 'makazi_bench_1m',
};

const targetListings: Record<DatasetId, number> = {
  'pglite-10k': 10_000,
  'pg-100k': 100_000,
  'pg-1m': 1_000_000,
};

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function countListings(url: string): Promise<number> {
  return withClient(url, async (client) => {
    const exists = await client.query<{ found: boolean }>(
      `SELECT to_regclass('public.properties') IS NOT NULL AS found`,
    );
    if (!exists.rows[0]?.found) return 0;
    const result = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM properties WHERE status = 'approved'`,
    );
    return Number(result.rows[0]?.n ?? 0);
  });
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function recreateDatabase(name: string): Promise<void> {
  await withClient(serverAdminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
  });
}

async function databaseExists(name: string): Promise<boolean> {
  return withClient(serverAdminUrl, async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  });
}

function seed(count: number, env: Record<string, string>): void {
  const started = Date.now();
  console.log(`[bench] seeding ${count.toLocaleString('en-US')} listings…`);
  seedListings(count, env);
  console.log(`[bench] seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function preparePglite(): PreparedDataset {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-bench-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', ...NO_BACKFILL };
  seed(targetListings['pglite-10k'], env);
  return {
    id: 'pglite-10k',
    database: 'pglite',
    listings: targetListings['pglite-10k'],
    env,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A seeded database whose listing count already matches is reused: the 1M seed takes minutes.
 * With BENCH_DATABASE_URL one database serves both sizes and is topped up from 100k to 1M.
 */
async function preparePostgres(
  id: Exclude<DatasetId, 'pglite-10k'>,
  benchDatabaseUrl: string | undefined,
): Promise<PreparedDataset> {
  const target = targetListings[id];
  let url: string;
  if (benchDatabaseUrl) {
    url = benchDatabaseUrl;
  } else {
    const name = defaultDatabase[id];
    url = `postgres://postgres@127.0.0.1:5432/${name}`;
    if (!(await databaseExists(name))) await recreateDatabase(name);
  }
  // Kept between runs with the database it belongs to: the seeded photos live here.
  const dataDir = fileURLToPath(new URL(`./.tmp/${id}-data`, import.meta.url));
  mkdirSync(dataDir, { recursive: true });
  const env = { DATA_DIR: dataDir, DATABASE_URL: url, SEED_DEMO: 'false', ...NO_BACKFILL };

  let count = await countListings(url);
  if (count > target) {
    if (benchDatabaseUrl) {
      throw new Error(
        `BENCH_DATABASE_URL holds ${count} listings, more than ${id} needs (${target}); point it at an emptier database`,
      );
    }
    console.log(`[bench] ${defaultDatabase[id]} holds ${count} listings: recreating it`);
    await recreateDatabase(defaultDatabase[id]);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    count = 0;
  }
  if (count < target) seed(target - count, env);
  else console.log(`[bench] reusing ${url} with ${count.toLocaleString('en-US')} listings`);

  const listings = await countListings(url);
  const serverVersion = await withClient(url, async (client) => {
    const result = await client.query<{ server_version: string }>('SHOW server_version');
    return result.rows[0]?.server_version ?? 'unknown';
  });
  // Fresh statistics so the planner sees the real table, as a long-running server's autovacuum would.
  await withClient(url, (client) => client.query('ANALYZE'));
  return {
    id,
    database: 'postgres',
    listings,
    env,
    serverVersion,
    cleanup: () => undefined,
  };
}

export function prepareDataset(
  id: DatasetId,
  benchDatabaseUrl: string | undefined,
): Promise<PreparedDataset> {
  return id === 'pglite-10k'
    ? Promise.resolve(preparePglite())
    : preparePostgres(id, benchDatabaseUrl);
}

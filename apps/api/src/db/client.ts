import { mkdir } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Assume } from 'drizzle-orm/utils';
import pg from 'pg';
import * as schema from './schema';

/**
 * The part of a raw query result both drivers share (PGlite's Results and pg's QueryResult both
 * carry `rows`), so repositories can read `db.execute(sql`…`).rows` without knowing the driver.
 */
export interface DbQueryResult<TRow> {
  rows: TRow[];
}
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: DbQueryResult<Assume<this['row'], Record<string, unknown>>>;
}

/** The one database type repositories use, whichever driver is underneath. */
export type Database = PgDatabase<DbQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Internal: the PostgreSQL pool (postgres) or PGlite instance, for migrations and bulk seeding. */
  readonly raw:
    | { kind: 'pglite'; client: PGlite }
    | {
        kind: 'postgres';
        pool: pg.Pool;
        /** For connections of their own (LISTEN). */ url: string;
      };
}

export interface OpenDatabaseOptions {
  /** postgres://… : use the PostgreSQL server. Takes precedence over pgliteDir. */
  databaseUrl?: string;
  /** Directory of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * A dumped data directory (PGlite's dumpDataDir) the in-memory database starts from: a copy of
   * an already migrated database in about a second, where a fresh one runs initdb for 5–9 s (tests).
   */
  pgliteTemplate?: Blob;
  /** Pool size for the server; 10 suits one API process on a small machine. */
  poolMax?: number;
  /** Per-statement limit on the server, so a runaway query cannot hold a connection forever. */
  statementTimeoutMs?: number;
  /** Called when an idle pooled connection fails (server restart, network): logged, never fatal. */
  onPoolError?: (err: Error) => void;
}

// node-postgres would otherwise return bigint (int8) columns as strings; every bigint we store
// (prices, counts) fits a double exactly below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openDatabase(opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  return openPglite(opts.pgliteDir, opts.pgliteTemplate);
}

async function openPglite(
  dir: string | undefined,
  template: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dir) await mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(template ? { loadDataDir: template } : {}),
  });
  const db: Database = drizzlePglite({ client, schema });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

async function openPostgres(url: string, opts: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    statement_timeout: opts.statementTimeoutMs ?? 10_000,
    application_name: 'makazi-api',
  });
  // Without a listener an idle client's error (e.g. the server restarting) would crash the process.
  pool.on('error', (err) => {
    if (opts.onPoolError) opts.onPoolError(err);
    else console.error('[db] idle PostgreSQL connection failed:', err.message);
  });
  // The pool listens for errors only on idle clients. A checked-out client (inside a transaction,
  // between two of its statements) whose server goes away emits 'error' with no listener, which
  // would crash the process. Its statement fails on its own (the request answers 503) and the
  // pool drops the broken client when it is released, so the event needs nothing but a listener.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  // Fail at start, not at the first request, when the server is unreachable.
  const probe = await pool.connect().catch(async (err: unknown) => {
    await pool.end();
    throw err;
  });
  probe.release();
  const db: Database = drizzlePg({ client: pool, schema });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    raw: { kind: 'postgres', pool, url },
    async close() {
      if (closed) return;
      closed = true;
      await endPool(pool);
    },
  };
}

/**
 * Ends a pool once the callers already waiting for one of its connections have had theirs.
 * pg's Pool.end() closes the idle connections at once and leaves those callers waiting until
 * their connectionTimeoutMillis has passed (node-postgres #1980): a job that asked for a
 * connection a moment before the app closed held the close up for ten seconds. The wait ends by
 * itself: a caller is served, or times out, within that timeout.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  while (pool.waitingCount > 0) await delay(5);
  await pool.end();
}

/** A statement written out by hand, for the few hot queries that skip the query builder. */
export interface RawQuery {
  text: string;
  values: unknown[];
  /**
   * Prepared once per connection under this name and only bound afterwards, so it is parsed and
   * planned once. Only for statements whose generic plan is as good as a custom one: after five
   * runs PostgreSQL may keep the generic plan. Ignored by the embedded database.
   */
  name?: string;
}

/** A database for one kind of query, with limits of its own; close() after the app. */
export interface BoundedDatabase {
  db: Database;
  /** Runs a hand-written statement, rows as objects keyed by column name. */
  query<TRow>(query: RawQuery): Promise<TRow[]>;
  close(): Promise<void>;
}

/** Hand-written statements on the handle's own connections (tools and tests). */
export function rawQueries(handle: DatabaseHandle): Pick<BoundedDatabase, 'query'> {
  const raw = handle.raw;
  if (raw.kind === 'pglite') {
    return {
      async query<TRow>(query: RawQuery) {
        const result = await raw.client.query<TRow>(query.text, query.values);
        return result.rows;
      },
    };
  }
  return {
    async query<TRow>(query: RawQuery) {
      const result = await raw.pool.query<TRow & pg.QueryResultRow>(query);
      return result.rows;
    },
  };
}

/**
 * The public catalogue's own connections on the server: at most `poolMax`, each statement
 * cancelled by PostgreSQL after `statementTimeoutMs`, and a connection waited for no longer than
 * that. A flood of catalogue reads then fills this pool alone, never the one sign-in, payments and
 * writes use. The embedded database has one connection and cannot cancel a statement: it is
 * shared as it is, and the catalogue guard's deadline answers in time instead.
 */
export function openCatalogueDatabase(
  handle: DatabaseHandle,
  opts: { poolMax: number; statementTimeoutMs: number; onPoolError?: (err: Error) => void },
): BoundedDatabase {
  const raw = handle.raw;
  if (raw.kind === 'pglite') {
    return { db: handle.db, ...rawQueries(handle), close: () => Promise.resolve() };
  }
  const pool = new pg.Pool({
    connectionString: raw.url,
    max: opts.poolMax,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: opts.statementTimeoutMs,
    statement_timeout: opts.statementTimeoutMs,
    application_name: 'makazi-api-catalogue',
  });
  pool.on('error', (err) => opts.onPoolError?.(err));
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  let closed = false;
  return {
    db: drizzlePg({ client: pool, schema }),
    async query<TRow>(query: RawQuery) {
      const result = await pool.query<TRow & pg.QueryResultRow>(query);
      return result.rows;
    },
    async close() {
      if (closed) return;
      closed = true;
      await endPool(pool);
    },
  };
}

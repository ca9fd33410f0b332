import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { DatabaseHandle } from './client';

/*
 * In development and tests this module is src/db/migrate.ts next to src/db/migrations; in the
 * bundle it is inlined into dist/server.js and build.mjs copies the folder to dist/migrations.
 * Both resolve from the same relative URL.
 */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant naming "Makazi schema migration" among advisory locks on the server. */
const MIGRATION_LOCK_KEY = 0x6d616b617a69; // 'makazi'

const pgliteMigrations = new WeakMap<object, Promise<void>>();

export async function migrateDatabase(
  handle: DatabaseHandle,
  migrationsFolder: string = MIGRATIONS_DIR,
): Promise<void> {
  const raw = handle.raw;
  if (raw.kind === 'pglite') {
    // One PGlite belongs to one process; only callers inside it can race, so a promise chain suffices.
    const previous = pgliteMigrations.get(raw.client) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(() => migratePglite(drizzlePglite({ client: raw.client }), { migrationsFolder }));
    pgliteMigrations.set(raw.client, run);
    await run;
    return;
  }
  // Several API processes may start together against one server: the first to take the
  // session-level lock migrates, the others wait and then find nothing left to apply.
  const client = await raw.pool.connect();
  try {
    // DDL on a large table may legitimately outlast the pool's per-statement limit.
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    await client.query('RESET statement_timeout');
    client.release();
  } catch (err) {
    // A connection in an unknown state must not go back to the pool.
    client.release(err instanceof Error ? err : true);
    throw err;
  }
}

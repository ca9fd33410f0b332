import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { insertProperty } from '../test/factories';
import { adminQuery, databaseUrl } from '../test/database-template';
import { createTestDatabase } from '../test/test-app';
import type { DatabaseHandle } from './client';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const EXPECTED_TABLES = [
  'admin_login_failures',
  'admin_recovery_codes',
  'admin_sessions',
  'admins',
  'alert_sms',
  'audit_log',
  'auth_sessions',
  'catalogue_cards',
  'catalogue_dirty',
  'catalogue_entries',
  'catalogue_state',
  'contact_reveals',
  'districts',
  'favourites',
  'listing_reports',
  'media_uploads',
  'otp_challenges',
  'owner_phone_challenges',
  'payment_events',
  'payments',
  'pending_changes',
  'periodic_job_runs',
  'periodic_jobs',
  'photo_uploads',
  'plans',
  'price_insights',
  'promotions',
  'properties',
  'property_photos',
  'refresh_tokens',
  'regions',
  'saved_search_matches',
  'saved_search_queue',
  'saved_searches',
  'sms_budget',
  'streets',
  'subscriptions',
  'support_messages',
  'upload_locks',
  'users',
  'verified_owner_phones',
  'wards',
];

async function schemaFacts(handle: DatabaseHandle) {
  const tables = await handle.db.execute<{ table_name: string }>(sql`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' ORDER BY table_name`);
  const ext = await handle.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'pg_trgm'`,
  );
  const applied = await handle.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
  );
  const trigger = await handle.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname = 'properties_search_text'`,
  );
  return {
    tables: tables.rows.map((r) => r.table_name),
    trgm: ext.rows[0]?.n,
    applied: applied.rows[0]?.n,
    trigger: trigger.rows[0]?.n,
  };
}

describe('migrations', () => {
  it('create the catalogue schema with pg_trgm and the search trigger, and re-run as a no-op', async () => {
    // Every other test file starts from a copy of a migrated template: this one replays every
    // migration from an empty database, on each engine.
    const test = await createTestDatabase({ empty: true });
    try {
      const before = await test.handle.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
      );
      expect(before.rows[0]?.n).toBe(0);
      await migrateDatabase(test.handle);
      const first = await schemaFacts(test.handle);
      expect(first.tables).toEqual(EXPECTED_TABLES);
      expect(first.trgm).toBe(1);
      expect(first.trigger).toBe(1);
      expect(first.applied).toBeGreaterThanOrEqual(2);

      // Concurrent callers in one process and a later re-run change nothing.
      await Promise.all([migrateDatabase(test.handle), migrateDatabase(test.handle)]);
      await migrateDatabase(test.handle);
      expect(await schemaFacts(test.handle)).toEqual(first);
    } finally {
      await test.dispose();
    }
  });

  it('make the database refuse a listing priced at 0, as the contract does', async () => {
    const test = await createTestDatabase();
    try {
      const refused = await insertProperty(test.handle.db, { price: 0 }).then(
        () => undefined,
        (err: Error) => err.cause,
      );
      expect(String(refused)).toMatch(/properties_price_positive/);
      await expect(insertProperty(test.handle.db, { price: 1 })).resolves.toMatchObject({
        priceTzs: 1,
      });
    } finally {
      await test.dispose();
    }
  });

  it('rewrite the old default promotion features, and only those', async () => {
    const test = await createTestDatabase();
    try {
      const oldDay = {
        en: ['Listed first in Newest for 24 hours', 'Featured badge on the card'],
        sw: ['Tangazo lako juu kabisa kwa saa 24', 'Alama ya "Maalum" kwenye kadi'],
      };
      const own = { en: ['Our own words'], sw: ['Maneno yetu'] };
      await test.handle.db
        .execute(sql`INSERT INTO plans (kind, duration_days, price_tzs, features, active)
        VALUES ('promotion', 1, 5000, ${JSON.stringify(oldDay)}::jsonb, true),
               ('promotion', 7, 25000, ${JSON.stringify(own)}::jsonb, true)`);
      const migration = await readFile(
        new URL('./migrations/0009_promotion_features.sql', import.meta.url),
        'utf8',
      );
      for (const statement of migration.split('--> statement-breakpoint')) {
        await test.handle.db.execute(sql.raw(statement));
      }
      const { rows } = await test.handle.db.execute<{
        duration_days: number;
        features: { en: string[] };
      }>(sql`SELECT duration_days, features FROM plans ORDER BY duration_days`);
      expect(rows.map((r) => r.features.en)).toEqual([
        [
          'Listed first in Newest for 24 hours',
          'Shown first in the home page carousels',
          'A “Promoted” badge on the card',
        ],
        own.en,
      ]);
    } finally {
      await test.dispose();
    }
  });

  const serverUrl = inject('testDatabaseUrl');
  // Registered on the server run only (TEST_DATABASE_URL): one PGlite directory has one process.
  if (serverUrl !== '') {
    it('are safe when two processes migrate one fresh server database at once', async () => {
      const name = `makazi_migrate_${randomBytes(5).toString('hex')}`;
      await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
      // pool.end() does not wait for sockets to close, so DROP … WITH (FORCE) may still cut one.
      const quiet = {
        databaseUrl: databaseUrl(serverUrl, name),
        poolMax: 2,
        onPoolError: () => undefined,
      };
      const a = await openDatabase(quiet);
      const b = await openDatabase(quiet);
      try {
        await Promise.all([migrateDatabase(a), migrateDatabase(b)]);
        const facts = await schemaFacts(a);
        expect(facts.tables).toEqual(EXPECTED_TABLES);
        expect(facts.trigger).toBe(1);
        expect(await schemaFacts(b)).toEqual(facts);
      } finally {
        await a.close();
        await b.close();
        await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }
    });
  }
});

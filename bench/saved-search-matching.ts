import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { migrateDatabase } from '../apps/api/src/db/migrate';
import { ensureCatalogueCards } from '../apps/api/src/modules/properties/catalogue-cards';
import { createSavedSearchesRepository } from '../apps/api/src/modules/saved-searches/saved-searches.repository';
import type { Machine } from './report';
import type { MatchingReport } from './saved-search-matching-report';

/*
 * Saved-search matching (issue 21, decision 042): one listing that comes into the catalogue
 * matched against 100,000 saved searches, at 1,000,000 listings (the pg-1m database), by the
 * alerts job's own statement (SavedSearchesRepository.matchListings). The searches are written
 * once with a fixed seed and kept while their count and generator version match: a type (or
 * none), a place name or none, a price range or none, as people save them. Each listing's match
 * runs in a transaction rolled back, so every call does the same work on the same data; the dead
 * rows that leaves are vacuumed every 20 listings, untimed, as autovacuum does on a live server.
 */

const SEARCHES = 100_000;
const LISTINGS_MATCHED = 400;
/** Listings matched first, untimed: the searches' pages in memory, as on a running server. */
const WARM_UP = 20;
const VACUUM_EVERY = 20;
/** Changes whenever the generator below does: older searches are replaced. */
const GENERATOR_VERSION = 'saved-searches-2';

class RolledBack extends Error {}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchSavedSearchMatching(
  machine: Machine,
  databaseUrl: string,
): Promise<MatchingReport> {
  const handle = await openDatabase({ databaseUrl });
  try {
    const { db } = handle;
    await migrateDatabase(handle);
    // The entries are what a listing is matched from: built as the server builds them.
    await ensureCatalogueCards(handle);
    await db.execute(sql`create table if not exists bench_meta (key text primary key, value text)`);
    const version = await db.execute<{ value: string }>(
      sql`select value from bench_meta where key = 'saved-searches'`,
    );
    const count = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from saved_searches`,
    );
    if (version.rows[0]?.value !== GENERATOR_VERSION || count.rows[0]?.n !== SEARCHES) {
      console.log(`[bench] writing ${SEARCHES.toLocaleString('en-US')} saved searches`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`delete from saved_searches`);
        await tx.execute(sql`select setseed(0.2026)`);
        // Searchers of their own (the seed's users are its publishers), 5 searches each.
        await tx.execute(sql`insert into users (phone_number, first_name, last_name)
select '+2557' || lpad(g::text, 8, '0'), 'Searcher', g::text from generate_series(1, ${SEARCHES / 5}) g
on conflict do nothing`);
        // Searches for what exists, as people make them: each copies a listed listing's type
        // (95 %), names its ward (70 %) or district (15 %), and most bound the price around it.
        await tx.execute(sql`with people as (
  select id, row_number() over (order by id) as n from users where first_name = 'Searcher'
  limit ${SEARCHES / 5}),
picks as (select p.type, p.price_tzs, w.name as ward, d.name as district,
    row_number() over (order by p.id) as n
  from (select id, type, price_tzs, ward_id, district_id
    from properties tablesample system (15) repeatable (2026) where listed limit ${SEARCHES}) p
  join wards w on w.id = p.ward_id join districts d on d.id = p.district_id),
draws as (select g, random() as r_type, random() as r_text, random() as r_price,
  random() as r_alert, random() as r_amount
  from generate_series(1, ${SEARCHES}) g)
insert into saved_searches (user_id, type, search, min_price_tzs, max_price_tzs, alerts,
  created_at, updated_at, last_seen_at)
select pe.id,
  case when d.r_type >= 0.05 then k.type end,
  case when d.r_text < 0.7 then k.ward when d.r_text < 0.85 then k.district end,
  case when d.r_price >= 0.6 then round(k.price_tzs * (0.4 + d.r_amount * 0.5))::bigint end,
  case when d.r_price >= 0.2 then round(k.price_tzs * (1 + d.r_amount))::bigint end,
  (case when d.r_alert < 0.6 then 'instant' when d.r_alert < 0.9 then 'daily' else 'off' end)::alert_frequency,
  now(), now(), now()
from draws d
join people pe on pe.n = 1 + (d.g % ${SEARCHES / 5})
join picks k on k.n = 1 + (d.g % (select count(*) from picks))`);
        await tx.execute(sql`insert into bench_meta values ('saved-searches', ${GENERATOR_VERSION})
  on conflict (key) do update set value = excluded.value`);
      });
      await db.execute(sql`analyze saved_searches`);
    }

    const listings = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from catalogue_entries`,
    );
    // Listings spread over the whole catalogue, the same ones every run.
    const sample = await db.execute<{ id: string }>(sql`select property_id as id
from catalogue_entries tablesample system (1) repeatable (2026) limit ${LISTINGS_MATCHED + WARM_UP}`);
    const repository = createSavedSearchesRepository(db);
    const times: number[] = [];
    let matches = 0;
    const now = new Date();
    const matchOnce = async (id: string): Promise<{ ms: number; pairs: number }> => {
      let ms = 0;
      let pairs = 0;
      try {
        await repository.transaction(async (tx) => {
          const started = performance.now();
          pairs = await tx.matchListings([id], now);
          ms = performance.now() - started;
          throw new RolledBack();
        });
      } catch (err) {
        if (!(err instanceof RolledBack)) throw err;
      }
      return { ms, pairs };
    };
    // Every rolled-back match leaves its rows dead in the table and its indexes; a live server's
    // autovacuum clears them as they come, so this run does too, between listings, untimed.
    const tidy = () => db.execute(sql`vacuum saved_search_matches`);
    await tidy();
    for (const { id } of sample.rows.slice(0, WARM_UP)) await matchOnce(id);
    for (const [i, { id }] of sample.rows.slice(WARM_UP).entries()) {
      if (i % VACUUM_EVERY === 0) await tidy();
      const { ms, pairs } = await matchOnce(id);
      times.push(ms);
      matches += pairs;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 100) / 100;
    return {
      date: new Date().toISOString(),
      machine,
      database: 'pg-1m',
      listings: listings.rows[0]?.n ?? 0,
      savedSearches: SEARCHES,
      calls: times.length,
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      p99Ms: round(percentile(sorted, 99)),
      maxMs: round(sorted.at(-1) ?? 0),
      matchesPerListing: round(matches / Math.max(1, times.length)),
    };
  } finally {
    await handle.close();
  }
}

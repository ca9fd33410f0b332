import { and, eq, sql } from 'drizzle-orm';
import type { TLocale } from '@makazi/contracts/common';
import type { TPropertySort, TPropertyType } from '@makazi/contracts/property-values';
import type { TAlertFrequency } from '@makazi/contracts/saved-values';
import type { Database } from '../../db/client';
import { savedSearchMatches, savedSearches as s } from '../../db/schema';
import { countSmsInBudget, returnSmsToBudget, type SmsBudgetWindow } from '../../db/sms-budget';
import { PLACE_ALIASES } from '../../lib/place-search';

export interface SavedSearchRow {
  id: string;
  type: TPropertyType | null;
  search: string | null;
  minPriceTzs: number | null;
  maxPriceTzs: number | null;
  sort: TPropertySort;
  alerts: TAlertFrequency;
  createdAt: Date;
  lastSeenAt: Date;
  /** Matches since lastSeenAt that are still in the catalogue. */
  newMatches: number;
}

export interface SavedSearchValues {
  type: TPropertyType | null;
  search: string | null;
  minPriceTzs: number | null;
  maxPriceTzs: number | null;
  sort: TPropertySort;
  alerts: TAlertFrequency;
}

/** A listing an alert names, newest match first. */
export interface AlertMatch {
  savedSearchId: string;
  propertyId: string;
  title: string;
  priceTzs: number;
}

export interface AlertBatch {
  phoneNumber: string;
  locale: TLocale;
  kind: 'instant' | 'digest';
  matches: AlertMatch[];
}

export interface AlertClaim {
  now: Date;
  /** 00:00 EAT today: the caps count from here. */
  dayStart: Date;
  instantPerDay: number;
  /** Whether the daily digest may go now (18:00 EAT and after). */
  digestDue: boolean;
  budget: readonly SmsBudgetWindow[];
}

export interface SavedSearchesRepository {
  transaction<T>(work: (repository: SavedSearchesRepository) => Promise<T>): Promise<T>;
  list(userId: string): Promise<SavedSearchRow[]>;
  find(userId: string, id: string): Promise<SavedSearchRow | undefined>;
  /** Holds the user's row until the transaction ends: their count of searches is settled. */
  lockUser(userId: string): Promise<void>;
  count(userId: string): Promise<number>;
  insert(userId: string, values: SavedSearchValues, now: Date): Promise<string>;
  update(
    userId: string,
    id: string,
    values: Partial<SavedSearchValues>,
    now: Date,
  ): Promise<boolean>;
  remove(userId: string, id: string): Promise<boolean>;
  markSeen(userId: string, id: string, now: Date): Promise<boolean>;
  /** From a signed link: no owner to check. The search as it now is, or undefined when deleted. */
  turnAlertsOff(id: string, now: Date): Promise<SavedSearchRow | undefined>;

  /** Takes up to `limit` listings off the queue (this transaction's: they return on rollback). */
  takeQueued(limit: number): Promise<string[]>;
  /** Matches the listings against every saved search, in one statement: pairs newly matched. */
  matchListings(propertyIds: string[], now: Date): Promise<number>;
  /** People with an alert that may go now: under their instant cap, or due their digest. */
  usersDueAlerts(due: Omit<AlertClaim, 'now' | 'budget'>): Promise<string[]>;
  /**
   * Claims what one person is to be texted now, counts it against the SMS budget and their caps,
   * in one transaction: undefined when nothing is due; 'budget' when the budget is spent.
   */
  claimAlerts(userId: string, claim: AlertClaim): Promise<AlertBatch | undefined | 'budget'>;
  returnBudget(budget: readonly SmsBudgetWindow[]): Promise<void>;
  /** Forgets matches and alert records older than `before`. */
  prune(before: Date): Promise<void>;
}

class BudgetSpent extends Error {}

export function createSavedSearchesRepository(db: Database): SavedSearchesRepository {
  const rowSelect = sql`select s.id, s.type, s.search, s.min_price_tzs as "minPriceTzs",
  s.max_price_tzs as "maxPriceTzs", s.sort, s.alerts, s.created_at as "createdAt",
  s.last_seen_at as "lastSeenAt",
  (select count(*) from saved_search_matches m
    join catalogue_entries e on e.property_id = m.property_id
    where m.saved_search_id = s.id and m.matched_at > s.last_seen_at)::int as "newMatches"
from saved_searches s`;

  type RawRow = Omit<SavedSearchRow, 'createdAt' | 'lastSeenAt' | 'minPriceTzs' | 'maxPriceTzs'> & {
    createdAt: Date | string;
    lastSeenAt: Date | string;
    minPriceTzs: number | string | null;
    maxPriceTzs: number | string | null;
  };
  const toRow = (raw: RawRow): SavedSearchRow => ({
    ...raw,
    minPriceTzs: raw.minPriceTzs === null ? null : Number(raw.minPriceTzs),
    maxPriceTzs: raw.maxPriceTzs === null ? null : Number(raw.maxPriceTzs),
    createdAt: new Date(raw.createdAt),
    lastSeenAt: new Date(raw.lastSeenAt),
  });

  const repository: SavedSearchesRepository = {
    transaction: (work) => db.transaction((tx) => work(createSavedSearchesRepository(tx))),

    async list(userId) {
      const result = await db.execute<RawRow>(
        sql`${rowSelect} where s.user_id = ${userId} order by s.created_at, s.id`,
      );
      return result.rows.map(toRow);
    },

    async find(userId, id) {
      const result = await db.execute<RawRow>(
        sql`${rowSelect} where s.user_id = ${userId} and s.id = ${id}`,
      );
      return result.rows[0] ? toRow(result.rows[0]) : undefined;
    },

    async lockUser(userId) {
      await db.execute(sql`select 1 from users where id = ${userId} for update`);
    },

    async count(userId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(eq(s.userId, userId));
      return row?.n ?? 0;
    },

    async insert(userId, values, now) {
      const [row] = await db
        .insert(s)
        .values({ userId, ...values, createdAt: now, updatedAt: now, lastSeenAt: now })
        .returning({ id: s.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async update(userId, id, values, now) {
      const rows = await db
        .update(s)
        .set({ ...values, updatedAt: now })
        .where(and(eq(s.id, id), eq(s.userId, userId)))
        .returning({ id: s.id });
      return rows.length > 0;
    },

    remove: (userId, id) =>
      db.transaction(async (tx) => {
        const rows = await tx
          .delete(s)
          .where(and(eq(s.id, id), eq(s.userId, userId)))
          .returning({ id: s.id });
        // Matches keep no key to their search (matching writes thousands): they go by hand.
        await tx.delete(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, id));
        return rows.length > 0;
      }),

    async markSeen(userId, id, now) {
      const rows = await db
        .update(s)
        .set({ lastSeenAt: now })
        .where(and(eq(s.id, id), eq(s.userId, userId)))
        .returning({ id: s.id });
      return rows.length > 0;
    },

    async turnAlertsOff(id, now) {
      await db
        .update(s)
        .set({ alerts: 'off', updatedAt: now })
        .where(and(eq(s.id, id), sql`${s.alerts} <> 'off'`));
      const result = await db.execute<RawRow>(sql`${rowSelect} where s.id = ${id}`);
      return result.rows[0] ? toRow(result.rows[0]) : undefined;
    },

    async takeQueued(limit) {
      const result = await db.execute<{ id: string }>(sql`delete from saved_search_queue
where property_id in (select property_id from saved_search_queue
  order by queued_at limit ${limit} for update skip locked)
returning property_id as id`);
      return result.rows.map((row) => row.id);
    },

    async matchListings(propertyIds, now) {
      if (propertyIds.length === 0) return 0;
      /*
       * One statement, in the database: the listing's catalogue entry (so a listing that left the
       * catalogue meanwhile matches nothing) against the searches of its type and those of any
       * type, with the catalogue's own rules: the price range inclusive, the search text as a
       * case-insensitive substring of the title and address, or for a common name of a place
       * (lib/place-search.ts, sent as a parameter) one of the places it stands for. A person's
       * own listing is not news to them. Each pair once, ever.
       */
      const result = await db.execute<{
        n: number;
      }>(sql`with matched as (insert into saved_search_matches
  (saved_search_id, property_id, user_id, matched_at, alert_pending)
select s.id, e.property_id, s.user_id, ${now}, s.alerts <> 'off'
from catalogue_entries e
join saved_searches s on (s.type = e.type or s.type is null)
  and (s.min_price_tzs is null or e.price_tzs >= s.min_price_tzs)
  and (s.max_price_tzs is null or e.price_tzs <= s.max_price_tzs)
  and (s.search_lower is null or exists (
    select 1 from jsonb_array_elements_text(coalesce(
      ${JSON.stringify(PLACE_ALIASES)}::jsonb -> regexp_replace(btrim(s.search_lower), '[[:space:]]+', ' ', 'g'),
      jsonb_build_array(s.search_lower))) as term
    where strpos(e.search_text_lower, term) > 0))
  and s.user_id <> e.published_by
where e.property_id = any(${sql.param(propertyIds)}::uuid[])
on conflict do nothing returning 1)
select count(*)::int as n from matched`);
      return result.rows[0]?.n ?? 0;
    },

    async usersDueAlerts(due) {
      const sentToday = (kind: 'instant' | 'digest') =>
        sql`(select count(*) from alert_sms a where a.user_id = m.user_id and a.kind = ${kind} and a.sent_at >= ${due.dayStart})`;
      const result = await db.execute<{ userId: string }>(sql`select distinct m.user_id as "userId"
from saved_search_matches m join saved_searches s on s.id = m.saved_search_id
where m.alert_pending and (
  (s.alerts = 'instant' and ${sentToday('instant')} < ${due.instantPerDay})
  or (${due.digestDue} and ${sentToday('digest')} = 0))`);
      return result.rows.map((row) => row.userId);
    },

    async claimAlerts(userId, claim) {
      try {
        return await db.transaction(async (tx) => {
          // The person's row lock: two senders never both see room under their caps.
          const to = await tx.execute<{ phoneNumber: string | null; locale: TLocale }>(
            sql`select phone_number as "phoneNumber", locale from users where id = ${userId} for update`,
          );
          const recipient = to.rows[0];
          // A listing that left the catalogue, or a search whose alerts were turned off since it
          // matched, is not texted about.
          await tx.execute(sql`update saved_search_matches m set alert_pending = false
from saved_searches s
where m.user_id = ${userId} and m.alert_pending and s.id = m.saved_search_id
  and (s.alerts = 'off'
    or not exists (select 1 from catalogue_entries e where e.property_id = m.property_id))`);
          if (!recipient?.phoneNumber) {
            await tx.execute(
              sql`update saved_search_matches set alert_pending = false where user_id = ${userId} and alert_pending`,
            );
            return undefined;
          }
          const sent = await tx.execute<{ instant: number; digest: number }>(sql`select
  count(*) filter (where kind = 'instant')::int as instant,
  count(*) filter (where kind = 'digest')::int as digest
from alert_sms where user_id = ${userId} and sent_at >= ${claim.dayStart}`);
          const { instant = 0, digest = 0 } = sent.rows[0] ?? {};
          /*
           * Instant searches' matches go at once while the day's instant texts last; past the
           * cap they wait for the digest. Daily searches' matches wait for the digest.
           */
          let kind: AlertBatch['kind'] | undefined;
          let which = sql``;
          if (instant < claim.instantPerDay) {
            const due = await tx.execute(sql`select 1 from saved_search_matches m
join saved_searches s on s.id = m.saved_search_id
where m.user_id = ${userId} and m.alert_pending and s.alerts = 'instant' limit 1`);
            if (due.rows.length > 0) {
              kind = 'instant';
              which = sql` and s.alerts = 'instant'`;
            }
          }
          if (kind === undefined && claim.digestDue && digest === 0) kind = 'digest';
          if (kind === undefined) return undefined;
          type ClaimedRow = Omit<AlertMatch, 'priceTzs'> & {
            priceTzs: number | string;
            matchedAt: Date | string;
          };
          const matches = await tx.execute<ClaimedRow>(sql`
update saved_search_matches m set alert_pending = false, alerted_at = ${claim.now}
from saved_searches s, properties p
where m.user_id = ${userId} and m.alert_pending and s.id = m.saved_search_id${which}
  and p.id = m.property_id
returning m.saved_search_id as "savedSearchId", m.property_id as "propertyId", p.title,
  p.price_tzs as "priceTzs", m.matched_at as "matchedAt"`);
          if (matches.rows.length === 0) return undefined;
          const full = await countSmsInBudget(tx, claim.budget);
          if (full) throw new BudgetSpent();
          await tx.execute(
            sql`insert into alert_sms (user_id, kind, sent_at) values (${userId}, ${kind}, ${claim.now})`,
          );
          const rows = matches.rows
            .map((row) => ({ ...row, priceTzs: Number(row.priceTzs) }))
            .sort(
              (a, b) =>
                new Date(b.matchedAt).getTime() - new Date(a.matchedAt).getTime() ||
                a.propertyId.localeCompare(b.propertyId),
            )
            .map(({ matchedAt: _matchedAt, ...match }) => match);
          return {
            phoneNumber: recipient.phoneNumber,
            locale: recipient.locale,
            kind,
            matches: rows,
          };
        });
      } catch (err) {
        if (err instanceof BudgetSpent) return 'budget';
        throw err;
      }
    },

    returnBudget: (budget) => returnSmsToBudget(db, budget),

    async prune(before) {
      // Old matches, and those of searches deleted with their account.
      await db.execute(sql`delete from saved_search_matches m where m.matched_at < ${before}
  or not exists (select 1 from saved_searches s where s.id = m.saved_search_id)`);
      await db.execute(sql`delete from alert_sms where sent_at < ${before}`);
    },
  };
  return repository;
}

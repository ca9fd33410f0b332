import { sql } from 'drizzle-orm';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { Database, RawQuery } from '../../db/client';
import { microsIsoText } from '../../db/iso-text';
import { escapeLike } from '../../lib/escape-like';
import { placeAlternatives } from '../../lib/place-search';

/*
 * The public catalogue's read model (decision 032): catalogue_entries holds what a walk sorts and
 * filters on, one narrow row per listed listing; catalogue_cards the listing's answers, ready
 * to send. A page is one statement: CTEs walk an entries index for the page's keys, then the
 * page's cards are joined by primary key and leave the database as text the server only
 * concatenates. No JSON is built or parsed per request.
 *
 * The statements are written out by hand: a list page has at most a few dozen shapes, and the
 * query builder's rendering cost more than the planner spends on them. A statement whose generic
 * plan is good (see genericPlanIsSafe) is prepared by name, so it is parsed and planned once per
 * connection; the others are planned for their values each time.
 */

export interface PublicFilters {
  type: TPropertyType | undefined;
  /** Already trimmed; matched as a literal substring, ignoring case (LIKE metacharacters are escaped here). */
  search: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

/**
 * Where a walk resumes, exclusive: the last row already shown, by its timestamp sort key
 * (created_at, or promotion_ends_at in the promoted phase; ISO with microseconds) and id.
 */
export type KeysetAfter = { at: string; id: string } | null;
export type PriceAfter = { price: number; id: string } | null;

/** sort=new reads promoted listings (phase 0) before the rest (phase 1). */
export type NewestPhase = 0 | 1;

/** A card of a page with where it sits in the walk, for the next cursor. */
export interface CardRow {
  id: string;
  phase: NewestPhase;
  price: number;
  /** The timestamp sort key to the microsecond (a JS Date would round it to milliseconds). */
  sortKey: string;
  /** The listing's JSON as a list page writes it. */
  card: string;
}

/** A listing's public answer as stored, with who published it. */
export interface DetailRow {
  detail: string;
  publishedBy: string;
}

export interface PublisherDetailRow {
  id: string;
  sortKey: string;
  detail: string;
}

/**
 * How many rows, in sort order, a search first inspects before asking the trigram index. A term
 * found in at least `limit` of them (about 1 listing in 40 at the default page size) is common:
 * walking the ordered index and filtering finds the page within this bound, on narrow rows with a
 * plain LIKE. A rarer term goes to the GIN index, which then returns few rows. Left to itself the
 * planner misjudges both ends: it prices a GIN scan of a very common trigram (e.g. "dar", 9% of
 * listings) far below its cost, and cannot know that cheap listings seldom say "kiwanja".
 */
export function defaultSearchWindow(limit: number): number {
  return Math.max(1000, 20 * limit);
}

/**
 * Search terms this process saw match fewer than a page of listings, among all listings or among
 * one type's (see rareTermKey): for them the trigram index answers first and the windows are
 * skipped (it finds the few rows at once, where each window reads a thousand). Only a hint: both
 * ways give the same rows, so a term that became common costs one slow page and is forgotten.
 * Each process learns its own; kept for RARE_TERM_TTL_MS, at most RARE_TERMS_KEPT terms.
 */
const RARE_TERM_TTL_MS = 10 * 60_000;
const RARE_TERMS_KEPT = 10_000;

/**
 * Where a term was seen rare: among all listings, or among one type's. Most searches are made on
 * a type's own page (/lease, /land…), so a term learned only from the unfiltered catalogue would
 * seldom be known. A price range teaches nothing: ranges vary with every visitor.
 */
export function rareTermKey(search: string, type: TPropertyType | undefined): string {
  const term = search.toLowerCase();
  return type === undefined ? term : `${type}\u0000${term}`;
}

export class RareTerms {
  private readonly until = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  has(term: string): boolean {
    const until = this.until.get(term);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(term);
    return false;
  }

  add(term: string): void {
    this.until.delete(term);
    if (this.until.size >= RARE_TERMS_KEPT) {
      const oldest = this.until.keys().next();
      if (!oldest.done) this.until.delete(oldest.value);
    }
    this.until.set(term, this.now() + RARE_TERM_TTL_MS);
  }

  forget(term: string): void {
    this.until.delete(term);
  }
}

/** How a walk is ordered. */
type WalkOrder = 'newest' | 'promoted' | 'priceAsc' | 'priceDesc';

/*
 * ORDER BY must match the index definitions exactly, NULLS placement included: the
 * catalogue_entries_(type_)new_idx columns are DESC NULLS LAST while a bare DESC means NULLS
 * FIRST, and such a mismatch silently turns a 25-row index walk into a sort of every entry.
 * catalogue_entries_promoted_idx read backwards gives a bare DESC; the price indexes read
 * forwards or backwards give ASC or DESC.
 */
const orderBy: Record<WalkOrder, string> = {
  newest: 'created_at desc nulls last, property_id desc nulls last',
  promoted: 'promotion_ends_at desc, property_id desc',
  priceAsc: 'price_tzs asc, property_id asc',
  priceDesc: 'price_tzs desc, property_id desc',
};
const sortTimestamp: Record<WalkOrder, string> = {
  newest: 'created_at',
  promoted: 'promotion_ends_at',
  priceAsc: 'created_at',
  priceDesc: 'created_at',
};

/** A statement's text and values, built together so each value's $n matches its place. */
class Statement {
  readonly values: unknown[] = [];
  /** The placeholder of `value`, cast as written (`$3::uuid`). */
  param(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

/** Every filter except the search text, over columns a table and the trigram CTE both have. */
function baseConditions(q: Statement, filters: PublicFilters): string[] {
  const conditions: string[] = [];
  if (filters.type !== undefined) conditions.push(`type = ${q.param(filters.type)}`);
  if (filters.minPrice !== undefined) {
    conditions.push(`price_tzs >= ${q.param(filters.minPrice, '::bigint')}`);
  }
  if (filters.maxPrice !== undefined) {
    conditions.push(`price_tzs <= ${q.param(filters.maxPrice, '::bigint')}`);
  }
  return conditions;
}

const where = (conditions: string[]): string =>
  conditions.length === 0 ? '' : ` where ${conditions.join(' and ')}`;

/*
 * With a search term every walk's fallback asks one shared CTE, the listings the trigram index
 * finds, and filters and orders those few rows itself. Asked inside each walk instead, the
 * planner would combine the trigram bitmap with the walk's own index (for the promoted walk, every
 * running promotion) before reading a row.
 */
const TRIGRAM_CTE = (matches: string) =>
  `trigram as materialized (select property_id, type, price_tzs, created_at, promotion_ends_at
  from catalogue_entries where ${matches})`;

/**
 * CTEs that leave the first `limit` keys (id, price, ts) of one ordered walk in a CTE named
 * `name`. With a search term: a bounded window walk, and the trigram CTE only when the window was
 * full yet held fewer than `limit` matches; the other branch is cut by a one-time filter, so
 * PostgreSQL never executes it.
 */
function walk(
  name: string,
  conditions: string[],
  order: WalkOrder,
  limit: number,
  search: SearchPlan | undefined,
  window: number,
): string[] {
  const keys = `property_id as id, price_tzs::float8 as price, ${sortTimestamp[order]} as ts`;
  if (search === undefined) {
    return [
      `${name} as (select ${keys} from catalogue_entries${where(conditions)} order by ${orderBy[order]} limit ${limit})`,
    ];
  }
  if (search.trigramFirst) {
    return [
      `${name} as (select ${keys} from trigram${where(conditions)} order by ${orderBy[order]} limit ${limit})`,
    ];
  }
  const matches = search.matches;
  const fallback = `((select count(*) from ${name}_matches) < ${limit} and (select count(*) from ${name}_window) >= ${window})`;
  return [
    `${name}_window as materialized (select ${keys}, search_text_lower from catalogue_entries${where(conditions)} order by ${orderBy[order]} limit ${window})`,
    // No ORDER BY here: the window is read in the order it was written, so the first `limit`
    // matches are the right ones and reading stops there (a common term never reads the whole
    // window). The page's order is imposed again at the end.
    `${name}_matches as materialized (select id, price, ts from ${name}_window where ${matches} limit ${limit})`,
    `${name}_trigram as (select ${keys} from trigram${where(conditions)} order by ${orderBy[order]} limit ${limit})`,
    `${name} as (select * from ${name}_matches where not ${fallback} union all select * from ${name}_trigram where ${fallback})`,
  ];
}

/** The page's cards for the keys in CTE `page` (id, price, ts, phase), in `order`. */
function readCards(ctes: string[], order: string): string {
  return `with ${ctes.join(',\n')}
select page.id as "id", page.phase as "phase", page.price as "price",
  ${microsIsoText('page.ts')} as "sortKey", c.card as "card"
from page join catalogue_cards c on c.property_id = page.id
order by ${order}`;
}

/** How a statement searches: its condition, and whether the trigram index goes first. */
interface SearchPlan {
  /**
   * search_text_lower holds the term, lowered as the entries' text is, or one of the places a
   * common name stands for (lib/place-search.ts): likes joined by OR, each one the trigram index
   * answers (a BitmapOr), so an alias costs what a search per place would.
   */
  matches: string;
  trigramFirst: boolean;
}

function searchPlan(
  q: Statement,
  search: string | undefined,
  trigramFirst: boolean,
): SearchPlan | undefined {
  if (search === undefined) return undefined;
  const likes = (placeAlternatives(search) ?? [search]).map(
    (term) => `search_text_lower like ('%' || lower(${q.param(escapeLike(term))}::text) || '%')`,
  );
  return {
    matches: likes.length === 1 ? likes[0]! : `(${likes.join(' or ')})`,
    trigramFirst,
  };
}

const trigramCte = (search: SearchPlan | undefined): string[] =>
  search === undefined ? [] : [TRIGRAM_CTE(search.matches)];

/** A prepared statement's name: its text decides it, so equal texts share one preparation. */
function statementName(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return `catalogue_${hash.toString(36)}_${text.length.toString(36)}`;
}

/** Prepared by name when the statement's generic plan is safe (see the header). */
function statement(q: Statement, text: string, prepare: boolean): RawQuery {
  return prepare
    ? { text, values: q.values, name: statementName(text) }
    : { text, values: q.values };
}

const priceRanged = (filters: PublicFilters): boolean =>
  filters.minPrice !== undefined || filters.maxPrice !== undefined;

/**
 * Whether a statement's generic plan is its custom plan: with no price range, every walk is its
 * index's order from the keyset whatever the values (the type picks the index by its text, the
 * search pattern only filters a walk or asks the trigram index). A price range is not: a generic
 * plan cannot tell a range holding a tenth of the listings, best walked in date order, from one
 * holding ten, best read from the price index, and walking a date index for a range nobody matches
 * reads every entry.
 */
const genericPlanIsSafe = (filters: PublicFilters): boolean => !priceRanged(filters);

export interface CatalogueRepository {
  /**
   * Up to `limit` cards of sort=new from `start`: listings whose promotion runs at `at` (latest
   * ending first), then the rest (newest first).
   */
  listNewest(
    filters: PublicFilters,
    at: Date,
    start: { phase: NewestPhase; after: KeysetAfter },
    limit: number,
  ): Promise<CardRow[]>;
  listByPrice(
    filters: PublicFilters,
    direction: 'asc' | 'desc',
    after: PriceAfter,
    limit: number,
  ): Promise<CardRow[]>;
  /** A listed listing's public answer and its publisher, or undefined. */
  findDetail(id: string): Promise<DetailRow | undefined>;
  /**
   * How many listed listings match `filters`, counting no further than `cap` + 1: a walk of at
   * most that many entries of the filters' index, however large the catalogue.
   */
  countListed(filters: PublicFilters, cap: number): Promise<number>;
  /** A publisher's listed listings' public answers, newest first, after `after`, at most `limit`. */
  listPublisherDetails(
    publisherId: string,
    after: KeysetAfter,
    limit: number,
  ): Promise<PublisherDetailRow[]>;
}

export interface CatalogueRepositoryOptions {
  /** Rows a search walks in sort order before it asks the trigram index (tests shrink it). */
  searchWindow?: (limit: number) => number;
  /** Terms known to be rare (tests give their own clock). */
  rareTerms?: RareTerms;
}

export function createCatalogueRepository(
  database: { query<TRow>(query: RawQuery): Promise<TRow[]> },
  options: CatalogueRepositoryOptions = {},
): CatalogueRepository {
  const searchWindow = options.searchWindow ?? defaultSearchWindow;
  const rareTerms = options.rareTerms ?? new RareTerms();
  /** The keys a search is known rare by: rare among all listings is rare among any type's. */
  const rareKeys = (search: string, type: TPropertyType | undefined): string[] =>
    type === undefined
      ? [rareTermKey(search, undefined)]
      : [rareTermKey(search, undefined), rareTermKey(search, type)];

  /**
   * Learns from a first page without a price range: a term that matched less than a page (among
   * all listings, or the type's) is rare there; a term read trigram first that filled a page is no
   * longer rare anywhere it was known to be.
   */
  async function learning(
    filters: PublicFilters,
    firstPage: boolean,
    limit: number,
    read: (trigramFirst: boolean) => Promise<CardRow[]>,
  ): Promise<CardRow[]> {
    const search = filters.search;
    if (search === undefined) return read(false);
    const keys = rareKeys(search, filters.type);
    const first = keys.some((key) => rareTerms.has(key));
    const rows = await read(first);
    if (first && rows.length >= limit) {
      for (const key of keys) rareTerms.forget(key);
    } else if (!first && firstPage && !priceRanged(filters) && rows.length < limit) {
      rareTerms.add(rareTermKey(search, filters.type));
    }
    return rows;
  }

  return {
    listNewest(filters, at, start, limit) {
      return learning(filters, start.phase === 0 && start.after === null, limit, (first) =>
        readNewest(filters, at, start, limit, first),
      );
    },

    listByPrice(filters, direction, after, limit) {
      return learning(filters, after === null, limit, (first) =>
        readByPrice(filters, direction, after, limit, first),
      );
    },

    async countListed(filters, cap) {
      const q = new Statement();
      const conditions = baseConditions(q, filters);
      const search = searchPlan(q, filters.search, false);
      if (search) conditions.push(search.matches);
      const text = `select count(*)::int as "n" from (select 1 from catalogue_entries${where(conditions)} limit ${q.param(cap + 1, '::int')}) counted`;
      const [row] = await database.query<{ n: number }>(
        statement(q, text, genericPlanIsSafe(filters)),
      );
      return row?.n ?? 0;
    },

    async findDetail(id) {
      const [row] = await database.query<DetailRow>({
        name: 'catalogue_detail',
        text: `select c.detail as "detail", e.published_by as "publishedBy"
from catalogue_cards c join catalogue_entries e on e.property_id = c.property_id
where c.property_id = $1::uuid`,
        values: [id],
      });
      return row;
    },

    listPublisherDetails(publisherId, after, limit) {
      const q = new Statement();
      const keyset = after
        ? ` and (e.created_at, e.property_id) < (${q.param(after.at, '::timestamptz')}, ${q.param(after.id, '::uuid')})`
        : '';
      const text = `select e.property_id as "id",
  ${microsIsoText('e.created_at')} as "sortKey", c.detail as "detail"
from catalogue_entries e join catalogue_cards c on c.property_id = e.property_id
where e.published_by = ${q.param(publisherId, '::uuid')}${keyset}
order by e.created_at desc nulls last, e.property_id desc nulls last limit ${limit}`;
      return database.query<PublisherDetailRow>(statement(q, text, true));
    },
  };

  function readNewest(
    filters: PublicFilters,
    at: Date,
    start: { phase: NewestPhase; after: KeysetAfter },
    limit: number,
    first: boolean,
  ): Promise<CardRow[]> {
    const q = new Statement();
    const searching = searchPlan(q, filters.search, first);
    const atParam = q.param(at.toISOString(), '::timestamptz');
    const base = baseConditions(q, filters);
    const window = searchWindow(limit);
    const ctes: string[] = trigramCte(searching);
    if (start.phase === 0) {
      const after = start.after;
      ctes.push(
        ...walk(
          'promoted',
          [
            ...base,
            // The strict > already implies NOT NULL (enough to match the partial index).
            `promotion_ends_at > ${atParam}`,
            ...(after
              ? [
                  `(promotion_ends_at, property_id) < (${q.param(after.at, '::timestamptz')}, ${q.param(after.id, '::uuid')})`,
                ]
              : []),
          ],
          'promoted',
          limit,
          searching,
          window,
        ),
      );
    }
    const restAfter = start.phase === 1 ? start.after : null;
    ctes.push(
      ...walk(
        'rest',
        [
          ...base,
          `(promotion_ends_at is null or promotion_ends_at <= ${atParam})`,
          // Row comparison in index order: the scan starts right after the key.
          ...(restAfter
            ? [
                `(created_at, property_id) < (${q.param(restAfter.at, '::timestamptz')}, ${q.param(restAfter.id, '::uuid')})`,
              ]
            : []),
        ],
        'newest',
        limit,
        searching,
        window,
      ),
    );
    ctes.push(
      start.phase === 0
        ? // The rest is walked only when the promoted rows do not fill the page.
          `page as (
  (select id, price, ts, 0 as phase from promoted)
  union all
  (select id, price, ts, 1 as phase from rest where (select count(*) from promoted) < ${limit})
  order by phase, ts desc, id desc limit ${limit})`
        : `page as (select id, price, ts, 1 as phase from rest)`,
    );
    const text = readCards(ctes, 'page.phase, page.ts desc, page.id desc');
    return database.query<CardRow>(statement(q, text, genericPlanIsSafe(filters)));
  }

  function readByPrice(
    filters: PublicFilters,
    direction: 'asc' | 'desc',
    after: PriceAfter,
    limit: number,
    first: boolean,
  ): Promise<CardRow[]> {
    const q = new Statement();
    const searching = searchPlan(q, filters.search, first);
    const order = direction === 'asc' ? 'priceAsc' : 'priceDesc';
    const keyset = after
      ? [
          `(price_tzs, property_id) ${direction === 'asc' ? '>' : '<'} (${q.param(after.price, '::bigint')}, ${q.param(after.id, '::uuid')})`,
        ]
      : [];
    const ctes = [
      ...trigramCte(searching),
      ...walk(
        'walk',
        [...baseConditions(q, filters), ...keyset],
        order,
        limit,
        searching,
        searchWindow(limit),
      ),
      `page as (select id, price, ts, 1 as phase from walk)`,
    ];
    const pageOrder =
      direction === 'asc' ? 'page.price asc, page.id asc' : 'page.price desc, page.id desc';
    const text = readCards(ctes, pageOrder);
    return database.query<CardRow>(statement(q, text, genericPlanIsSafe(filters)));
  }
}

/** A listing's answers, rendered (catalogue-cards.ts). */
export interface RenderedCard {
  id: string;
  card: string;
  detail: string;
}

/*
 * The write side, run inside the transaction of the write that changed the listings: their
 * entries are taken from the properties row as it now stands.
 */

/** The listings this transaction noted as changed, and the note emptied. */
export async function takeNotedListings(tx: Database): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(
    sql`delete from catalogue_dirty returning property_id as id`,
  );
  return result.rows.map((row) => row.id);
}

/**
 * Locks the listings' rows, in one order so two writers cannot deadlock. A writer that changed
 * what a card shows without touching the listing (a publisher's name, a photo) holds the lock
 * until it commits, and the next writer's render, a statement later, sees its change: two
 * writers never store cards that each miss the other's change.
 */
export async function lockListings(tx: Database, ids: string[]): Promise<void> {
  await tx.execute(
    sql`select id from properties where id = any(${sql.param(ids)}::uuid[]) order by id for update`,
  );
}

/** Stores the cards of `cards` and drops the entries of the other `ids` (no longer listed). */
export async function saveCards(tx: Database, ids: string[], cards: RenderedCard[]): Promise<void> {
  const kept = cards.map((card) => card.id);
  const gone = ids.filter((id) => !kept.includes(id));
  if (gone.length > 0) {
    await tx.execute(
      sql`delete from catalogue_entries where property_id = any(${sql.param(gone)}::uuid[])`,
    );
  }
  if (cards.length === 0) return;
  await tx.execute(sql`insert into catalogue_entries
  (property_id, type, price_tzs, created_at, promotion_ends_at, published_by, search_text_lower)
select p.id, p.type, p.price_tzs, p.created_at, p.promotion_ends_at, p.published_by, lower(p.search_text)
from properties p where p.id = any(${sql.param(kept)}::uuid[])
on conflict (property_id) do update set type = excluded.type, price_tzs = excluded.price_tzs,
  created_at = excluded.created_at, promotion_ends_at = excluded.promotion_ends_at,
  published_by = excluded.published_by, search_text_lower = excluded.search_text_lower`);
  await tx.execute(sql`insert into catalogue_cards (property_id, card, detail)
select * from unnest(${sql.param(kept)}::uuid[], ${sql.param(cards.map((c) => c.card))}::text[], ${sql.param(cards.map((c) => c.detail))}::text[])
on conflict (property_id) do update set card = excluded.card, detail = excluded.detail`);
}

/** A listed listing a rebuild walks past, and whether it has a card already. */
export type ListedListingId = {
  id: string;
  carded: boolean;
};

/**
 * The next `limit` listed listings after `after`, in id order: a rebuild's next batch. Whether
 * each has a card is looked up per id, so a catch-up walk costs one batch of the primary key
 * each time (an anti-join asked for "the next uncarded" read every entry each time instead).
 */
export async function listedIdsAfter(
  db: Database,
  after: string | null,
  limit: number,
): Promise<ListedListingId[]> {
  const result = await db.execute<ListedListingId>(sql`select p.id as "id",
  exists (select 1 from catalogue_entries e where e.property_id = p.id) as "carded"
from (select id from properties
  where listed${after === null ? sql`` : sql` and id > ${after}::uuid`}
  order by id limit ${limit}) p
order by p.id`);
  return result.rows;
}

/** Drops the entries of listings no longer listed (a rebuild's last step). */
export async function dropStaleEntries(db: Database): Promise<void> {
  await db.execute(sql`delete from catalogue_entries e where not exists (
  select 1 from properties p where p.id = e.property_id and p.listed)`);
}

/**
 * Vacuums the entries after many were written: the walks that read index entries alone need the
 * visibility map a rebuild leaves stale, and the planner fresh statistics.
 */
export async function tidyEntries(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) catalogue_entries`);
  await db.execute(sql`analyze catalogue_cards`);
}

export async function storedCardFormat(db: Database): Promise<number> {
  const result = await db.execute<{ format: number }>(
    sql`select card_format as format from catalogue_state where id = 1`,
  );
  return result.rows[0]?.format ?? 0;
}

export async function recordCardFormat(db: Database, format: number): Promise<void> {
  await db.execute(
    sql`update catalogue_state set card_format = ${format}, built_at = now() where id = 1`,
  );
}

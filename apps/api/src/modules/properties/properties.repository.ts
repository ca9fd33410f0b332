import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import {
  districts,
  pendingChanges,
  properties,
  propertyPhotos,
  regions,
  streets,
  users,
  wards,
} from '../../db/schema';
import { microsIso, millisIso } from '../../db/iso-text';
import type { PendingChangeState } from '../listings/pending-change';

/*
 * All catalogue SQL. A page is one statement: CTEs pick the page's keys from properties alone
 * (the ordered walks the properties_public_* indexes serve), then the page's rows are read with
 * their publisher and location names (primary-key probes) and their photos (one jsonb aggregate
 * per row, in position order: variants are jsonb already, and mixing in json costs a conversion
 * per photo). A list page carries only each listing's cover photo in full (a card shows one
 * picture) plus every photo's label and variants for the media group; a listing by id carries
 * all its photos. One round trip per page: on this API the per-query overhead (driver,
 * protocol, pool) costs more than the queries themselves.
 *
 * Every public query repeats `status = 'approved'` as a literal (never a bound parameter) so the
 * planner can match the partial indexes whatever the driver's plan caching does.
 */

export interface PublicFilters {
  type: TPropertyType | undefined;
  /** Already trimmed; matched as a literal substring (ILIKE metacharacters are escaped here). */
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

export interface PhotoRow {
  id: string;
  label: TPictureLabel;
  width: number;
  height: number;
  /** Storage keys of the WebP variants. */
  variants: { width: number; height: number; key: string }[];
}

/** What the media group needs of every photo: its label and where its variants are. */
export interface PictureRow {
  label: TPictureLabel;
  variants: PhotoRow['variants'];
}

/** A public listing as read: the owner's and the publisher's phone numbers are never selected. */
export type PublicPropertyRow = {
  id: string;
  type: TPropertyType;
  status: 'draft' | 'pending' | 'approved' | 'rejected' | 'archived';
  title: string;
  description: string;
  ownerName: string;
  priceTzs: number;
  apartmentNumber: string | null;
  houseNumber: string | null;
  plotNumber: string | null;
  lotWidth: number | null;
  lotLength: number | null;
  lotStatus: string | null;
  distanceFromMainRoad: string | null;
  isWaterServiceAvailable: boolean | null;
  isElectricityServiceAvailable: boolean | null;
  numberOfBedrooms: number | null;
  numberOfBathrooms: number | null;
  leaseTermMonths: number | null;
  apartmentPriceTerm: string | null;
  squareFootage: number | null;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
  promotionEndsAt: string | null;
  createdAt: string;
  updatedAt: string;
  publisherId: string;
  publisherFirstName: string;
  publisherLastName: string;
  regionId: number | null;
  regionName: string | null;
  districtId: number | null;
  districtName: string | null;
  wardId: number | null;
  wardName: string | null;
  streetId: number | null;
  streetName: string | null;
  /**
   * In position order. In a list page only the cover (see coverPhoto), or none when the listing
   * has no cover; by id, every photo.
   */
  photos: PhotoRow[];
  /** Every photo, in position order, whichever the query. */
  pictures: PictureRow[];
};

/**
 * A listing read for a possibly signed-in viewer. The owner-only columns are selected only when
 * the viewer published the listing; for anyone else they are null, so an owner's phone number
 * never leaves the database on a public read.
 */
export interface ViewerPropertyRow extends PublicPropertyRow {
  viewerIsOwner: boolean;
  ownerPhoneNumber: string | null;
  rejectionReason: string | null;
  pendingChange: PendingChangeRow | null;
}

/** A pending change as the owner view reads it, with the names of the places it proposes. */
export interface PendingChangeRow extends PendingChangeState {
  updatedAt: string;
  regionName: string | null;
  districtName: string | null;
  wardName: string | null;
  streetName: string | null;
}

/** A row of a page with where it sits in the walk, for the next cursor. */
export type PageRow = PublicPropertyRow & {
  phase: NewestPhase;
  /** The timestamp sort key to the microsecond (a JS Date would round it to milliseconds). */
  sortKey: string;
};

const p = properties;
const approved = sql`${p.status} = 'approved'`;

/** ILIKE treats %, _ and \ specially; a search for "50%" means the characters, not a wildcard. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function matches(column: SQL, search: string): SQL {
  // A plain substring ILIKE is what the pg_trgm GIN index on search_text serves.
  return sql`${column} ilike ${`%${escapeLike(search)}%`}`;
}

/** Every filter except the search text, which gets its own strategy (see walk). */
function baseConditions(filters: PublicFilters): SQL[] {
  const conditions: SQL[] = [approved];
  if (filters.type !== undefined) conditions.push(sql`${p.type} = ${filters.type}`);
  if (filters.minPrice !== undefined) conditions.push(sql`${p.priceTzs} >= ${filters.minPrice}`);
  if (filters.maxPrice !== undefined) conditions.push(sql`${p.priceTzs} <= ${filters.maxPrice}`);
  return conditions;
}

const and = (conditions: SQL[]): SQL => sql.join(conditions, sql` and `);
const id = (name: string): SQL => sql`${sql.identifier(name)}`;

/** How a walk is ordered. */
type WalkOrder = 'newest' | 'promoted' | 'priceAsc' | 'priceDesc';

/*
 * ORDER BY on properties must match the index definitions exactly, NULLS placement included: the
 * properties_public_(type_)new_idx columns are DESC NULLS LAST while a bare DESC means NULLS FIRST,
 * and such a mismatch silently turns a 25-row index walk into a sort of every approved row.
 * properties_public_promoted_idx (promotion_ends_at ASC) read backwards gives a bare DESC; the
 * price indexes (price_tzs, id) read forwards or backwards give ASC or DESC.
 */
const tableOrder: Record<WalkOrder, SQL> = {
  newest: sql`${p.createdAt} desc nulls last, ${p.id} desc nulls last`,
  promoted: sql`${p.promotionEndsAt} desc, ${p.id} desc`,
  priceAsc: sql`${p.priceTzs} asc, ${p.id} asc`,
  priceDesc: sql`${p.priceTzs} desc, ${p.id} desc`,
};
const sortTimestamp: Record<WalkOrder, SQL> = {
  newest: sql`${p.createdAt}`,
  promoted: sql`${p.promotionEndsAt}`,
  priceAsc: sql`${p.createdAt}`,
  priceDesc: sql`${p.createdAt}`,
};

/**
 * How many rows, in sort order, a search first inspects before asking the trigram index. A term
 * found in at least `limit` of them (about 1 listing in 40 at the default page size) is common:
 * walking the ordered index and filtering finds the page within this bound. A rarer term goes to
 * the GIN index, which then returns few rows. Left to itself the planner misjudges both ends: it
 * prices a GIN scan of a very common trigram (e.g. "dar", 9% of listings) far below its cost, and
 * cannot know that cheap listings seldom say "kiwanja" (plots cost more).
 */
export function defaultSearchWindow(limit: number): number {
  return Math.max(1000, 20 * limit);
}

/**
 * CTEs that leave the first `limit` keys (id, price, ts) of one ordered walk in a CTE named
 * `name`. With a search term: a bounded window walk, and the trigram query only when the window
 * was full yet held fewer than `limit` matches; the other branch is cut by a one-time filter, so
 * PostgreSQL never executes it.
 */
function walk(
  name: string,
  conditions: SQL[],
  order: WalkOrder,
  limit: number,
  search: string | undefined,
  window: number,
): SQL[] {
  const keys = sql`${p.id} as id, ${p.priceTzs} as price, ${sortTimestamp[order]} as ts`;
  if (!search) {
    return [
      sql`${id(name)} as (select ${keys} from ${p} where ${and(conditions)} order by ${tableOrder[order]} limit ${limit})`,
    ];
  }
  const w = id(`${name}_window`);
  const m = id(`${name}_matches`);
  const f = id(`${name}_trigram`);
  const fallback = sql`((select count(*) from ${m}) < ${limit} and (select count(*) from ${w}) >= ${window})`;
  return [
    sql`${w} as materialized (select ${keys}, ${p.searchText} as search_text from ${p} where ${and(conditions)} order by ${tableOrder[order]} limit ${window})`,
    // No ORDER BY here: the window is read in the order it was written, so the first `limit`
    // matches are the right ones and reading stops there (a common term never reads the whole
    // window). The page's order is imposed again at the end.
    sql`${m} as materialized (select id, price, ts from ${w} where ${matches(sql`search_text`, search)} limit ${limit})`,
    sql`${f} as (select ${keys} from ${p} where ${and([...conditions, matches(sql`${p.searchText}`, search)])} order by ${tableOrder[order]} limit ${limit})`,
    sql`${id(name)} as (select * from ${m} where not ${fallback} union all select * from ${f} where ${fallback})`,
  ];
}

/** A name looked up by primary key, once per page row. */
function nameOf(table: typeof regions | typeof districts | typeof wards | typeof streets, fk: SQL) {
  return sql`(select ${table.name} from ${table} where ${table.id} = ${fk})`;
}

/** Which photos a page carries in full. */
type PhotoSet = 'cover' | 'all';

/*
 * A photo without variants cannot be shown, so it is never a cover (the service drops it from
 * every answer). The cover is the card's rule (apps/web catalogue cardPhoto): the front photo
 * (picha_mbele) of land and of a house for sale, the first photo of the other types; a land or
 * house listing without a front photo has no cover, as its card shows none. The type is compared
 * with literals so the rule reads as one expression per row.
 */
const ph = propertyPhotos;
const showable = sql`jsonb_array_length(${ph.variants}) > 0`;
const coverCondition = sql`(${p.type} not in ('Land', 'HouseForSale') or ${ph.label} = 'picha_mbele')`;
const photoObject = sql`jsonb_build_object('id', ${ph.id}, 'label', ${ph.label}, 'width', ${ph.width},
      'height', ${ph.height}, 'variants', ${ph.variants})`;

function photosOf(set: PhotoSet): SQL {
  if (set === 'cover') {
    // One index probe on (property_id, position) that stops at the first match.
    return sql`coalesce((
    select jsonb_build_array(${photoObject})
    from ${ph} where ${ph.propertyId} = ${p.id} and ${showable} and ${coverCondition}
    order by ${ph.position} limit 1
  ), '[]'::jsonb)`;
  }
  return sql`coalesce((
    select jsonb_agg(${photoObject} order by ${ph.position})
    from ${ph} where ${ph.propertyId} = ${p.id}
  ), '[]'::jsonb)`;
}

/** The listing's pending change with the place names of the address it proposes, or null. */
const pc = pendingChanges;
const proposedName = (
  table: typeof regions | typeof districts | typeof wards | typeof streets,
  column: string,
) =>
  sql`(select ${table.name} from ${table} where ${table.id} = (${pc.changes}->>${sql.raw(`'${column}'`)})::int)`;
const pendingChangeOf = sql`(select jsonb_build_object(
    'status', ${pc.status}, 'rejectionReason', ${pc.rejectionReason},
    'updatedAt', ${millisIso(sql`${pc.updatedAt}`)},
    'changes', ${pc.changes}, 'addedPhotos', ${pc.addedPhotos},
    'removedPhotoIds', ${pc.removedPhotoIds}, 'photoOrder', ${pc.photoOrder},
    'regionName', ${proposedName(regions, 'regionId')},
    'districtName', ${proposedName(districts, 'districtId')},
    'wardName', ${proposedName(wards, 'wardId')},
    'streetName', ${proposedName(streets, 'streetId')})
  from ${pc} where ${pc.propertyId} = ${p.id})`;

/** The owner-only columns, null unless `viewerId` published the row. */
function ownerColumns(viewerId: string): SQL {
  const isOwner = sql`(${p.publishedBy} = ${viewerId}::uuid)`;
  return sql`
  ${isOwner} as "viewerIsOwner",
  case when ${isOwner} then ${p.ownerPhoneNumber} end as "ownerPhoneNumber",
  case when ${isOwner} then ${p.rejectionReason} end as "rejectionReason",
  case when ${isOwner} then ${pendingChangeOf} end as "pendingChange",`;
}

/**
 * A fragment without parameters, written out once at start-up. Drizzle renders a query by walking
 * every nested `sql` chunk with instanceof-style checks: for the page's fixed select list that
 * walk cost about 0.3 ms a request, more than the planner spends on it. Rendered once, the list
 * is a single raw chunk and the SQL text sent is the same, character for character.
 */
const dialect = new PgDialect();
function rendered(fragment: SQL): SQL {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error('rendered(): the fragment has parameters');
  return sql.raw(query.sql);
}

/**
 * The page's columns and joins, for the keys in CTE `page`. Location names come from scalar
 * subqueries rather than joins: a primary-key probe per row and no join order for the planner to
 * search (on a six-table join that search cost more than the whole page). The publisher is the
 * one join: both names from one lookup instead of two subqueries per row (on a small users table
 * each was a sequential scan, a quarter of the page's execution time; see
 * docs/decisions/013-catalogue-hot-path.md).
 */
function pageColumns(photos: PhotoSet): SQL {
  return sql`${p.id} as "id", ${p.type} as "type", ${p.status} as "status", ${p.title} as "title",
  ${p.description} as "description", ${p.ownerName} as "ownerName",
  ${p.priceTzs}::float8 as "priceTzs",
  ${p.apartmentNumber} as "apartmentNumber", ${p.houseNumber} as "houseNumber",
  ${p.plotNumber} as "plotNumber", ${p.lotWidth} as "lotWidth", ${p.lotLength} as "lotLength",
  ${p.lotStatus} as "lotStatus", ${p.distanceFromMainRoad} as "distanceFromMainRoad",
  ${p.isWaterServiceAvailable} as "isWaterServiceAvailable",
  ${p.isElectricityServiceAvailable} as "isElectricityServiceAvailable",
  ${p.numberOfBedrooms} as "numberOfBedrooms", ${p.numberOfBathrooms} as "numberOfBathrooms",
  ${p.leaseTermMonths} as "leaseTermMonths", ${p.apartmentPriceTerm} as "apartmentPriceTerm",
  ${p.squareFootage} as "squareFootage",
  ${millisIso(sql`${p.promotionEndsAt}`)} as "promotionEndsAt",
  ${millisIso(sql`${p.createdAt}`)} as "createdAt", ${millisIso(sql`${p.updatedAt}`)} as "updatedAt",
  ${p.publishedBy} as "publisherId",
  ${users.firstName} as "publisherFirstName", ${users.lastName} as "publisherLastName",
  ${p.regionId} as "regionId", ${nameOf(regions, sql`${p.regionId}`)} as "regionName",
  ${p.districtId} as "districtId", ${nameOf(districts, sql`${p.districtId}`)} as "districtName",
  ${p.wardId} as "wardId", ${nameOf(wards, sql`${p.wardId}`)} as "wardName",
  ${p.streetId} as "streetId", ${nameOf(streets, sql`${p.streetId}`)} as "streetName",
  ${photosOf(photos)} as "photos",
  coalesce((
    select jsonb_agg(jsonb_build_object('label', ${ph.label}, 'variants', ${ph.variants}) order by ${ph.position})
    from ${ph} where ${ph.propertyId} = ${p.id}
  ), '[]'::jsonb) as "pictures"
from page join ${p} on ${p.id} = page.id
left join ${users} on ${users.id} = ${p.publishedBy}`;
}

const pageHead = rendered(
  sql`select page.phase as "phase", ${microsIso(sql`page.ts`)} as "sortKey",`,
);
const pageBody: Record<PhotoSet, SQL> = {
  cover: rendered(pageColumns('cover')),
  all: rendered(pageColumns('all')),
};

/** The page's rows for the keys in CTE `page` (id, price, ts, phase), in `order`. */
function readPage(ctes: SQL[], order: SQL, photos: PhotoSet, viewerId?: string): SQL {
  return sql`with ${sql.join(ctes, sql`, `)}
${pageHead}${viewerId === undefined ? sql`` : ownerColumns(viewerId)}
  ${pageBody[photos]}
order by ${order}`;
}

export interface PropertiesRepository {
  /**
   * Up to `limit` rows of sort=new from `start`: listings whose promotion runs at `at` (latest
   * ending first), then the rest (newest first).
   */
  listNewest(
    filters: PublicFilters,
    at: Date,
    start: { phase: NewestPhase; after: KeysetAfter },
    limit: number,
  ): Promise<PageRow[]>;
  listByPrice(
    filters: PublicFilters,
    direction: 'asc' | 'desc',
    after: PriceAfter,
    limit: number,
  ): Promise<PageRow[]>;
  findPublic(id: string): Promise<PublicPropertyRow | undefined>;
  /**
   * A listing `viewerId` may see: approved, or any non-archived listing of theirs (with the
   * owner-only columns). undefined when there is none.
   */
  findForViewer(id: string, viewerId: string): Promise<ViewerPropertyRow | undefined>;
  /**
   * A publisher's listings with every photo, newest first, after `after` and at most `limit`:
   * all but archived ones (with the owner-only columns) when `asOwner`, else the approved ones.
   */
  listByPublisher(
    publisherId: string,
    asOwner: boolean,
    after: KeysetAfter,
    limit: number,
  ): Promise<PageRow[]>;
}

export interface PropertiesRepositoryOptions {
  /** Rows a search walks in sort order before it asks the trigram index (tests shrink it). */
  searchWindow?: (limit: number) => number;
}

export function createPropertiesRepository(
  db: Database,
  options: PropertiesRepositoryOptions = {},
): PropertiesRepository {
  const searchWindow = options.searchWindow ?? defaultSearchWindow;

  async function run(query: SQL): Promise<PageRow[]> {
    const result = await db.execute<PageRow>(query);
    return result.rows;
  }

  return {
    listNewest(filters, at, start, limit) {
      const base = baseConditions(filters);
      const atIso = at.toISOString();
      const window = searchWindow(limit);
      const ctes: SQL[] = [];
      if (start.phase === 0) {
        const after = start.after;
        ctes.push(
          ...walk(
            'promoted',
            [
              ...base,
              // The strict > already implies NOT NULL (enough to match the partial index);
              // spelling IS NOT NULL out too makes the planner count that selectivity twice,
              // estimate a handful of rows and sort every running promotion.
              sql`${p.promotionEndsAt} > ${atIso}::timestamptz`,
              ...(after
                ? [
                    sql`(${p.promotionEndsAt}, ${p.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
                  ]
                : []),
            ],
            'promoted',
            limit,
            filters.search,
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
            sql`(${p.promotionEndsAt} is null or ${p.promotionEndsAt} <= ${atIso}::timestamptz)`,
            // Row comparison in index order: the scan starts right after the key.
            ...(restAfter
              ? [
                  sql`(${p.createdAt}, ${p.id}) < (${restAfter.at}::timestamptz, ${restAfter.id}::uuid)`,
                ]
              : []),
          ],
          'newest',
          limit,
          filters.search,
          window,
        ),
      );
      const page =
        start.phase === 0
          ? // The rest is walked only when the promoted rows do not fill the page.
            sql`page as (
  (select id, price, ts, 0 as phase from promoted)
  union all
  (select id, price, ts, 1 as phase from rest where (select count(*) from promoted) < ${limit})
  order by phase, ts desc, id desc limit ${limit})`
          : sql`page as (select id, price, ts, 1 as phase from rest)`;
      return run(readPage([...ctes, page], sql`page.phase, page.ts desc, page.id desc`, 'cover'));
    },

    listByPrice(filters, direction, after, limit) {
      const order = direction === 'asc' ? 'priceAsc' : 'priceDesc';
      const keyset = after
        ? [
            direction === 'asc'
              ? sql`(${p.priceTzs}, ${p.id}) > (${after.price}::bigint, ${after.id}::uuid)`
              : sql`(${p.priceTzs}, ${p.id}) < (${after.price}::bigint, ${after.id}::uuid)`,
          ]
        : [];
      const ctes = walk(
        'walk',
        [...baseConditions(filters), ...keyset],
        order,
        limit,
        filters.search,
        searchWindow(limit),
      );
      const page = sql`page as (select id, price, ts, 1 as phase from walk)`;
      const pageOrder =
        direction === 'asc' ? sql`page.price asc, page.id asc` : sql`page.price desc, page.id desc`;
      return run(readPage([...ctes, page], pageOrder, 'cover'));
    },

    async findPublic(listingId) {
      const page = sql`page as (select ${p.id} as id, ${p.priceTzs} as price, ${p.createdAt} as ts, 1 as phase from ${p} where ${approved} and ${p.id} = ${listingId}::uuid)`;
      const [row] = await run(readPage([page], sql`page.id`, 'all'));
      return row;
    },

    async findForViewer(listingId, viewerId) {
      const page = sql`page as (select ${p.id} as id, ${p.priceTzs} as price, ${p.createdAt} as ts, 1 as phase from ${p}
  where ${p.id} = ${listingId}::uuid and ${p.status} <> 'archived'
    and (${approved} or ${p.publishedBy} = ${viewerId}::uuid))`;
      const [row] = await run(readPage([page], sql`page.id`, 'all', viewerId));
      return row as ViewerPropertyRow | undefined;
    },

    async listByPublisher(publisherId, asOwner, after, limit) {
      // Both walk properties_published_by_idx (published_by, created_at desc).
      const visible = asOwner ? sql`${p.status} <> 'archived'` : approved;
      const keyset = after
        ? sql` and (${p.createdAt}, ${p.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const page = sql`page as (select ${p.id} as id, ${p.priceTzs} as price, ${p.createdAt} as ts, 1 as phase from ${p}
  where ${p.publishedBy} = ${publisherId}::uuid and ${visible}${keyset}
  order by ${p.createdAt} desc, ${p.id} desc limit ${limit})`;
      return run(
        readPage([page], sql`page.ts desc, page.id desc`, 'all', asOwner ? publisherId : undefined),
      );
    },
  };
}

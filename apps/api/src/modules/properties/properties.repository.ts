import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TPropertyType } from '@makazi/contracts/properties';
import type { Database } from '../../db/client';
import {
  districts,
  properties,
  propertyPhotos,
  regions,
  streets,
  users,
  wards,
} from '../../db/schema';

/*
 * All catalogue SQL. Every public query repeats `status = 'approved'` as a literal (never a bound
 * parameter) so the planner can match the properties_public_* partial indexes whatever the
 * driver's plan caching does.
 *
 * A page is read in steps: the keys of the page (id and sort key) from properties alone, the
 * page's listings with their publisher and location names by id, then their photos (one query
 * for the whole page). Keeping the ordered walk on one table keeps its plan simple and cheap.
 */

export interface PublicFilters {
  type: TPropertyType | undefined;
  /** Already trimmed; matched as a literal substring (ILIKE metacharacters are escaped here). */
  search: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

/**
 * Where a keyset page starts, exclusive: the last row already shown, by its timestamp sort key
 * (created_at, or promotion_ends_at in the promoted phase; ISO with microseconds) and id.
 */
export type KeysetAfter = { at: string; id: string } | null;
export type PriceAfter = { price: number; id: string } | null;

/** One row of a page in walk order, with the keys a cursor is made of. */
export interface PageKey {
  id: string;
  priceTzs: number;
  /** Sort keys to the microsecond: a JS Date would round them to milliseconds. */
  createdAtKey: string;
  promotionEndsAtKey: string | null;
}

export interface PropertyPhotoRow {
  propertyId: string;
  id: string;
  label: (typeof propertyPhotos.$inferSelect)['label'];
  width: number;
  height: number;
  variants: { width: number; height: number; key: string }[];
}

const approved = sql`${properties.status} = 'approved'`;

function microsIso(column: unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** How a walk is ordered. */
type PageOrder = 'newest' | 'promoted' | 'priceAsc' | 'priceDesc';

/** The sort columns, of the properties table or of a subquery over it. */
interface OrderColumns {
  id: unknown;
  createdAt: unknown;
  promotionEndsAt: unknown;
  priceTzs: unknown;
}

/*
 * ORDER BY must match the index definitions exactly, NULLS placement included: the
 * properties_public_(type_)new_idx columns are DESC NULLS LAST while a bare DESC means NULLS FIRST,
 * and such a mismatch silently turns a 25-row index walk into a sort of every approved row.
 * properties_public_promoted_idx (promotion_ends_at ASC) read backwards gives a bare DESC; the
 * price indexes (price_tzs, id) read forwards or backwards give ASC or DESC.
 */
function orderBy(order: PageOrder, c: OrderColumns): SQL[] {
  switch (order) {
    case 'newest':
      return [sql`${c.createdAt} desc nulls last`, sql`${c.id} desc nulls last`];
    case 'promoted':
      return [sql`${c.promotionEndsAt} desc`, sql`${c.id} desc`];
    case 'priceAsc':
      return [sql`${c.priceTzs} asc`, sql`${c.id} asc`];
    case 'priceDesc':
      return [sql`${c.priceTzs} desc`, sql`${c.id} desc`];
  }
}

/** ILIKE treats %, _ and \ specially; a search for "50%" means the characters, not a wildcard. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchCondition(column: unknown, search: string): SQL {
  // A plain substring ILIKE is what the pg_trgm GIN index on search_text serves.
  return sql`${column} ilike ${`%${escapeLike(search)}%`}`;
}

/** Every filter except the search text, which gets its own strategy (see pageKeys). */
function baseConditions(filters: PublicFilters): SQL[] {
  const conditions: SQL[] = [approved];
  if (filters.type !== undefined) conditions.push(eq(properties.type, filters.type));
  if (filters.minPrice !== undefined) conditions.push(gte(properties.priceTzs, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(properties.priceTzs, filters.maxPrice));
  return conditions;
}

/**
 * How many rows, in sort order, a search first inspects before asking the trigram index. A term
 * that matches at least (limit + 1) of them (about 1 in 40 listings at the default page size)
 * is common: walking the ordered index and filtering finds the page within this bound. A rarer
 * term goes to the GIN index, which then returns few rows. Left to itself the planner misjudges
 * both ends: it prices a GIN scan of a very common trigram (e.g. "dar", 9% of listings) far below
 * its real cost, and it cannot know that cheap listings seldom say "kiwanja" (plots cost more).
 */
export function defaultSearchWindow(limit: number): number {
  return Math.max(1000, 20 * limit);
}

function keyColumns(c: OrderColumns) {
  return {
    id: sql<string>`${c.id}`,
    priceTzs: sql<number>`${c.priceTzs}`.mapWith(Number),
    createdAtKey: microsIso(c.createdAt),
    promotionEndsAtKey: sql<string | null>`${microsIso(c.promotionEndsAt)}`,
  };
}

async function pageKeys(
  db: Database,
  searchWindow: (limit: number) => number,
  conditions: (SQL | undefined)[],
  search: string | undefined,
  order: PageOrder,
  limit: number,
): Promise<PageKey[]> {
  const walk = (extra: SQL | undefined, rows: number) =>
    db
      .select(keyColumns(properties))
      .from(properties)
      .where(and(...conditions, extra))
      .orderBy(...orderBy(order, properties))
      .limit(rows);

  if (!search) return walk(undefined, limit);

  // 1. Walk a bounded window in sort order (no search condition, so only the ordered index can
  //    serve it) and filter it. The window's last row always comes back too, as a sentinel that
  //    says how many rows the window held, so "no match" and "no rows left" can be told apart.
  const window = searchWindow(limit);
  const candidates = db
    .select({
      id: properties.id,
      priceTzs: properties.priceTzs,
      createdAt: properties.createdAt,
      promotionEndsAt: properties.promotionEndsAt,
      searchText: properties.searchText,
    })
    .from(properties)
    .where(and(...conditions))
    .orderBy(...orderBy(order, properties))
    .limit(window)
    .as('candidates');
  const numbered = db
    .select({
      id: candidates.id,
      priceTzs: candidates.priceTzs,
      createdAt: candidates.createdAt,
      promotionEndsAt: candidates.promotionEndsAt,
      matched: sql<boolean>`${searchCondition(candidates.searchText, search)}`.as('matched'),
      position:
        sql<number>`row_number() over (order by ${sql.join(orderBy(order, candidates), sql`, `)})`.as(
          'position',
        ),
      seen: sql<number>`count(*) over ()`.as('seen'),
    })
    .from(candidates)
    .as('numbered');
  const rows = await db
    .select({
      ...keyColumns(numbered),
      matched: sql<boolean>`${numbered.matched}`,
      seen: sql<number>`${numbered.seen}`.mapWith(Number),
    })
    .from(numbered)
    .where(sql`${numbered.matched} or ${numbered.position} = ${numbered.seen}`)
    .orderBy(...orderBy(order, numbered))
    .limit(limit + 1);
  const matches = rows.filter((r) => r.matched).slice(0, limit);
  const seen = rows[0]?.seen ?? 0;
  // Enough matches, or the window held every remaining row: the answer is complete.
  if (matches.length === limit || seen < window) {
    return matches.map(({ id, priceTzs, createdAtKey, promotionEndsAtKey }) => ({
      id,
      priceTzs,
      createdAtKey,
      promotionEndsAtKey,
    }));
  }
  // 2. A rare term: the trigram index finds its few rows directly.
  return walk(searchCondition(properties.searchText, search), limit);
}

// Row comparisons in index order: the scan starts right after the key instead of filtering.
function newestAfter(after: KeysetAfter): SQL | undefined {
  if (!after) return undefined;
  return sql`(${properties.createdAt}, ${properties.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
}

function promotedAfter(after: KeysetAfter): SQL | undefined {
  if (!after) return undefined;
  return sql`(${properties.promotionEndsAt}, ${properties.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
}

/** A name looked up by primary key, once per page row. */
function nameOf(
  table: typeof regions | typeof districts | typeof wards | typeof streets,
  id: unknown,
): SQL<string | null> {
  return sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${id})`;
}

/**
 * A public listing's columns. The owner's phone number is deliberately absent, as is the
 * publisher's: what is never selected cannot leak. Names come from scalar subqueries rather than
 * joins: a primary-key probe per page row, and no join order for the planner to search (on a
 * six-table join that search cost more than executing the whole page).
 */
const publicColumns = {
  id: properties.id,
  type: properties.type,
  status: properties.status,
  title: properties.title,
  description: properties.description,
  ownerName: properties.ownerName,
  priceTzs: properties.priceTzs,
  apartmentNumber: properties.apartmentNumber,
  houseNumber: properties.houseNumber,
  plotNumber: properties.plotNumber,
  lotWidth: properties.lotWidth,
  lotLength: properties.lotLength,
  lotStatus: properties.lotStatus,
  distanceFromMainRoad: properties.distanceFromMainRoad,
  isWaterServiceAvailable: properties.isWaterServiceAvailable,
  isElectricityServiceAvailable: properties.isElectricityServiceAvailable,
  numberOfBedrooms: properties.numberOfBedrooms,
  numberOfBathrooms: properties.numberOfBathrooms,
  leaseTermMonths: properties.leaseTermMonths,
  apartmentPriceTerm: properties.apartmentPriceTerm,
  squareFootage: properties.squareFootage,
  promotionEndsAt: properties.promotionEndsAt,
  createdAt: properties.createdAt,
  updatedAt: properties.updatedAt,
  publisherId: properties.publishedBy,
  publisherFirstName: sql<string>`(select ${users.firstName} from ${users} where ${users.id} = ${properties.publishedBy})`,
  publisherLastName: sql<string>`(select ${users.lastName} from ${users} where ${users.id} = ${properties.publishedBy})`,
  regionId: properties.regionId,
  regionName: nameOf(regions, properties.regionId),
  districtId: properties.districtId,
  districtName: nameOf(districts, properties.districtId),
  wardId: properties.wardId,
  wardName: nameOf(wards, properties.wardId),
  streetId: properties.streetId,
  streetName: nameOf(streets, properties.streetId),
};

function selectPublic(db: Database, where: SQL | undefined) {
  return db.select(publicColumns).from(properties).where(and(approved, where));
}

export type PublicPropertyRow = Awaited<ReturnType<typeof selectPublic>>[number];

export interface PropertiesRepository {
  /** Keys of approved listings whose promotion runs at `at`, latest-ending promotion first. */
  listPromoted(
    filters: PublicFilters,
    at: Date,
    after: KeysetAfter,
    limit: number,
  ): Promise<PageKey[]>;
  /** Keys of approved listings not promoted at `at` (never, or expired), newest first. */
  listNotPromoted(
    filters: PublicFilters,
    at: Date,
    after: KeysetAfter,
    limit: number,
  ): Promise<PageKey[]>;
  listByPrice(
    filters: PublicFilters,
    direction: 'asc' | 'desc',
    after: PriceAfter,
    limit: number,
  ): Promise<PageKey[]>;
  /** The listings behind page keys, in no particular order; rows no longer approved are absent. */
  loadPublic(ids: readonly string[]): Promise<PublicPropertyRow[]>;
  findPublic(id: string): Promise<PublicPropertyRow | undefined>;
  /** The photos of several listings in one query, each listing's in position order. */
  listPhotos(propertyIds: readonly string[]): Promise<PropertyPhotoRow[]>;
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
  return {
    listPromoted(filters, at, after, limit) {
      const conditions = [
        ...baseConditions(filters),
        // The strict > already implies NOT NULL (enough to match the partial index); spelling
        // IS NOT NULL out too makes the planner count that selectivity twice, estimate a
        // handful of rows and sort every running promotion instead of walking the index.
        sql`${properties.promotionEndsAt} > ${at.toISOString()}::timestamptz`,
        promotedAfter(after),
      ];
      return pageKeys(db, searchWindow, conditions, filters.search, 'promoted', limit);
    },

    listNotPromoted(filters, at, after, limit) {
      const conditions = [
        ...baseConditions(filters),
        sql`(${properties.promotionEndsAt} is null or ${properties.promotionEndsAt} <= ${at.toISOString()}::timestamptz)`,
        newestAfter(after),
      ];
      return pageKeys(db, searchWindow, conditions, filters.search, 'newest', limit);
    },

    listByPrice(filters, direction, after, limit) {
      const keyset = after
        ? direction === 'asc'
          ? sql`(${properties.priceTzs}, ${properties.id}) > (${after.price}::bigint, ${after.id}::uuid)`
          : sql`(${properties.priceTzs}, ${properties.id}) < (${after.price}::bigint, ${after.id}::uuid)`
        : undefined;
      const order = direction === 'asc' ? 'priceAsc' : 'priceDesc';
      return pageKeys(
        db,
        searchWindow,
        [...baseConditions(filters), keyset],
        filters.search,
        order,
        limit,
      );
    },

    async loadPublic(ids) {
      if (ids.length === 0) return [];
      return selectPublic(db, inArray(properties.id, [...ids]));
    },

    async findPublic(id) {
      const [row] = await selectPublic(db, eq(properties.id, id));
      return row;
    },

    async listPhotos(propertyIds) {
      if (propertyIds.length === 0) return [];
      return db
        .select({
          propertyId: propertyPhotos.propertyId,
          id: propertyPhotos.id,
          label: propertyPhotos.label,
          width: propertyPhotos.width,
          height: propertyPhotos.height,
          variants: propertyPhotos.variants,
        })
        .from(propertyPhotos)
        .where(inArray(propertyPhotos.propertyId, [...propertyIds]))
        .orderBy(asc(propertyPhotos.propertyId), asc(propertyPhotos.position));
    },
  };
}

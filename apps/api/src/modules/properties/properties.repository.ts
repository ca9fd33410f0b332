import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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

export interface PropertyPhotoRow {
  propertyId: string;
  id: string;
  label: (typeof propertyPhotos.$inferSelect)['label'];
  width: number;
  height: number;
  variants: { width: number; height: number; key: string }[];
}

const approved = sql`${properties.status} = 'approved'`;

/**
 * The columns a public listing is built from. The owner's phone number and the publisher's are
 * deliberately absent: what is never selected cannot leak.
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
  /** Sort keys to the microsecond, for the cursor: a JS Date would round them to milliseconds. */
  createdAtKey: sql<string>`to_char(${properties.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  promotionEndsAtKey: sql<
    string | null
  >`to_char(${properties.promotionEndsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  publisherId: users.id,
  publisherFirstName: users.firstName,
  publisherLastName: users.lastName,
  regionId: regions.id,
  regionName: regions.name,
  districtId: districts.id,
  districtName: districts.name,
  wardId: wards.id,
  wardName: wards.name,
  streetId: streets.id,
  streetName: streets.name,
};

export type PublicPropertyRow = Awaited<ReturnType<typeof selectPublic>>[number];

function selectPublic(db: Database) {
  return db
    .select(publicColumns)
    .from(properties)
    .innerJoin(users, eq(users.id, properties.publishedBy))
    .leftJoin(regions, eq(regions.id, properties.regionId))
    .leftJoin(districts, eq(districts.id, properties.districtId))
    .leftJoin(wards, eq(wards.id, properties.wardId))
    .leftJoin(streets, eq(streets.id, properties.streetId));
}

/** ILIKE treats %, _ and \ specially; a search for "50%" means the characters, not a wildcard. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(filters: PublicFilters): SQL[] {
  const conditions: SQL[] = [approved];
  if (filters.type !== undefined) conditions.push(eq(properties.type, filters.type));
  if (filters.search) {
    // A plain substring ILIKE on search_text is what the pg_trgm GIN index serves.
    conditions.push(sql`${properties.searchText} ilike ${`%${escapeLike(filters.search)}%`}`);
  }
  if (filters.minPrice !== undefined) conditions.push(gte(properties.priceTzs, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(properties.priceTzs, filters.maxPrice));
  return conditions;
}

/*
 * ORDER BY must match the index definitions exactly, NULLS placement included: the
 * properties_public_(type_)new_idx columns are DESC NULLS LAST while a bare DESC means NULLS FIRST,
 * and such a mismatch silently turns a 25-row index walk into a sort of every approved row.
 */
const newestOrder = [
  sql`${properties.createdAt} desc nulls last`,
  sql`${properties.id} desc nulls last`,
];
// properties_public_promoted_idx (promotion_ends_at ASC) read backwards: DESC NULLS FIRST, a bare DESC.
const promotedOrder = [desc(properties.promotionEndsAt), desc(properties.id)];

function newestAfter(after: KeysetAfter): SQL | undefined {
  if (!after) return undefined;
  // Row comparison in index order: the scan starts right after the key instead of filtering.
  return sql`(${properties.createdAt}, ${properties.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
}

function promotedAfter(after: KeysetAfter): SQL | undefined {
  if (!after) return undefined;
  return sql`(${properties.promotionEndsAt}, ${properties.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`;
}

export interface PropertiesRepository {
  /** Approved listings whose promotion is still running at `at`, latest-ending promotion first. */
  listPromoted(
    filters: PublicFilters,
    at: Date,
    after: KeysetAfter,
    limit: number,
  ): Promise<PublicPropertyRow[]>;
  /** Approved listings not promoted at `at` (never, or expired), newest first. */
  listNotPromoted(
    filters: PublicFilters,
    at: Date,
    after: KeysetAfter,
    limit: number,
  ): Promise<PublicPropertyRow[]>;
  listByPrice(
    filters: PublicFilters,
    direction: 'asc' | 'desc',
    after: PriceAfter,
    limit: number,
  ): Promise<PublicPropertyRow[]>;
  findPublic(id: string): Promise<PublicPropertyRow | undefined>;
  /** The photos of several listings in one query, each listing's in position order. */
  listPhotos(propertyIds: readonly string[]): Promise<PropertyPhotoRow[]>;
}

export function createPropertiesRepository(db: Database): PropertiesRepository {
  return {
    listPromoted(filters, at, after, limit) {
      const atIso = at.toISOString();
      return selectPublic(db)
        .where(
          and(
            ...filterConditions(filters),
            // The strict > already implies NOT NULL (enough to match the partial index); spelling
            // IS NOT NULL out too makes the planner count that selectivity twice, estimate a
            // handful of rows and sort every running promotion instead of walking the index.
            sql`${properties.promotionEndsAt} > ${atIso}::timestamptz`,
            promotedAfter(after),
          ),
        )
        .orderBy(...promotedOrder)
        .limit(limit);
    },

    listNotPromoted(filters, at, after, limit) {
      const atIso = at.toISOString();
      return selectPublic(db)
        .where(
          and(
            ...filterConditions(filters),
            sql`(${properties.promotionEndsAt} is null or ${properties.promotionEndsAt} <= ${atIso}::timestamptz)`,
            newestAfter(after),
          ),
        )
        .orderBy(...newestOrder)
        .limit(limit);
    },

    listByPrice(filters, direction, after, limit) {
      const keyset = after
        ? direction === 'asc'
          ? sql`(${properties.priceTzs}, ${properties.id}) > (${after.price}::bigint, ${after.id}::uuid)`
          : sql`(${properties.priceTzs}, ${properties.id}) < (${after.price}::bigint, ${after.id}::uuid)`
        : undefined;
      const order =
        direction === 'asc'
          ? [asc(properties.priceTzs), asc(properties.id)]
          : [desc(properties.priceTzs), desc(properties.id)];
      return selectPublic(db)
        .where(and(...filterConditions(filters), keyset))
        .orderBy(...order)
        .limit(limit);
    },

    async findPublic(id) {
      const [row] = await selectPublic(db).where(and(approved, eq(properties.id, id)));
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

import { sql } from 'drizzle-orm';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { TPriceInsightLevel } from '@makazi/contracts/saved-values';
import type { Database } from '../../db/client';
import { millisIso } from '../../db/iso-text';

/*
 * The typical prices per area's SQL (issue 21): price_insights holds, for every ward and district,
 * type and number of bedrooms (and any number: bedrooms null) with enough listings, the quartiles
 * of the listed listings' prices. It is computed from the catalogue in one pass and replaced in
 * one transaction, so a reader sees the old figures or the new ones, never none.
 */

/** An area's stored figures, whole TZS. */
export interface AreaFigures {
  level: TPriceInsightLevel;
  areaId: number;
  listings: number;
  low: number;
  median: number;
  high: number;
  /** ISO 8601 UTC. */
  computedAt: string;
}

/** Where a ward is, with its own figures or else its district's. */
export interface WardFigures {
  wardName: string;
  districtId: number;
  districtName: string;
  regionId: number;
  figures: AreaFigures | null;
}

/** A district, with its figures. */
export interface DistrictFigures {
  districtName: string;
  regionId: number;
  figures: AreaFigures | null;
}

/** What is asked: a type, and a number of bedrooms or null for any. */
export interface FiguresKey {
  type: TPropertyType;
  bedrooms: number | null;
}

export interface PriceInsightsRepository {
  /** undefined when no ward has this id. */
  forWard(wardId: number, key: FiguresKey): Promise<WardFigures | undefined>;
  /** undefined when no district has this id. */
  forDistrict(districtId: number, key: FiguresKey): Promise<DistrictFigures | undefined>;
  /**
   * Replaces every figure with those of the listed listings now, groups of at least
   * `minListings` only. Answers how many groups were stored.
   */
  recompute(now: Date, minListings: number): Promise<number>;
}

/**
 * Names "computing the price insights" among the one-key advisory locks. The periodic job's lock
 * already keeps two runs apart; this keeps any other caller (a start-up run beside a test's, an
 * operator's) from inserting beside a run whose new rows it cannot see yet.
 */
const RECOMPUTE_LOCK_KEY = 0x6d6b7072; // 'mkpr'

/**
 * A run at 1,000,000 listings sorts them twice (by ward and by district) and takes seconds: past
 * the pool's statement timeout, which is sized for requests.
 */
const RECOMPUTE_STATEMENT_TIMEOUT = '5min';

type FiguresColumns = {
  level: TPriceInsightLevel | null;
  areaId: number | null;
  listings: number | null;
  low: number | null;
  median: number | null;
  high: number | null;
  computedAt: string | null;
};

function figuresOf(row: FiguresColumns): AreaFigures | null {
  if (row.level === null || row.areaId === null) return null;
  return {
    level: row.level,
    areaId: row.areaId,
    listings: row.listings ?? 0,
    low: row.low ?? 0,
    median: row.median ?? 0,
    high: row.high ?? 0,
    computedAt: row.computedAt ?? '',
  };
}

/** The stored columns of `pi`, as the API answers them. */
const figuresColumns = sql`pi.level as "level", pi.area_id as "areaId", pi.listings as "listings",
  pi.low_tzs::float8 as "low", pi.median_tzs::float8 as "median", pi.high_tzs::float8 as "high",
  ${millisIso(sql`pi.computed_at`)} as "computedAt"`;

/** Rows of one type and number of bedrooms (price_insights_key reads level and area first). */
function keyMatches(key: FiguresKey) {
  return sql`pi.type = ${key.type} and ${
    key.bedrooms === null ? sql`pi.bedrooms is null` : sql`pi.bedrooms = ${key.bedrooms}`
  }`;
}

export function createPriceInsightsRepository(db: Database): PriceInsightsRepository {
  return {
    async forWard(wardId, key) {
      // The ward's own row sorts before its district's: the district answers only without it.
      const { rows } = await db.execute<
        FiguresColumns & {
          wardName: string;
          districtId: number;
          districtName: string;
          regionId: number;
        }
      >(sql`select w.name as "wardName", d.id as "districtId", d.name as "districtName",
          d.region_id as "regionId", ${figuresColumns}
        from wards w
        join districts d on d.id = w.district_id
        left join lateral (
          select * from price_insights pi
          where ${keyMatches(key)}
            and ((pi.level = 'ward' and pi.area_id = w.id)
              or (pi.level = 'district' and pi.area_id = d.id))
          order by pi.level = 'ward' desc
          limit 1
        ) pi on true
        where w.id = ${wardId}`);
      const row = rows[0];
      if (!row) return undefined;
      return {
        wardName: row.wardName,
        districtId: row.districtId,
        districtName: row.districtName,
        regionId: row.regionId,
        figures: figuresOf(row),
      };
    },

    async forDistrict(districtId, key) {
      const { rows } = await db.execute<
        FiguresColumns & { districtName: string; regionId: number }
      >(sql`select d.name as "districtName", d.region_id as "regionId", ${figuresColumns}
        from districts d
        left join price_insights pi
          on pi.level = 'district' and pi.area_id = d.id and ${keyMatches(key)}
        where d.id = ${districtId}`);
      const row = rows[0];
      if (!row) return undefined;
      return { districtName: row.districtName, regionId: row.regionId, figures: figuresOf(row) };
    },

    async recompute(now, minListings) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(RECOMPUTE_LOCK_KEY))})`);
        await tx.execute(
          sql`set local statement_timeout = ${sql.raw(`'${RECOMPUTE_STATEMENT_TIMEOUT}'`)}`,
        );
        await tx.execute(sql`delete from price_insights`);
        // One pass over the listed listings: every (type, ward) and (type, district) group, each
        // with every number of bedrooms and with any. A plot has no bedrooms: its "by bedrooms"
        // group is its "any" group again (bedrooms null either way) and is left out.
        const { rows } = await tx.execute<{ groups: number }>(sql`
          with computed as (
            select p.type,
              p.number_of_bedrooms as bedrooms,
              grouping(p.number_of_bedrooms) = 1 as any_bedrooms,
              case when grouping(p.ward_id) = 0 then 'ward' else 'district' end as level,
              case when grouping(p.ward_id) = 0 then p.ward_id else p.district_id end as area_id,
              count(*)::int as listings,
              percentile_cont(array[0.25, 0.5, 0.75]) within group (order by p.price_tzs) as q
            from properties p
            where p.listed
            group by grouping sets (
              (p.type, p.ward_id, p.number_of_bedrooms), (p.type, p.ward_id),
              (p.type, p.district_id, p.number_of_bedrooms), (p.type, p.district_id)
            )
            having count(*) >= ${minListings}::int
          ),
          stored as (
            insert into price_insights
              (type, bedrooms, level, area_id, listings, low_tzs, median_tzs, high_tzs, computed_at)
            select type, bedrooms, level, area_id, listings,
              round(q[1]::numeric)::bigint, round(q[2]::numeric)::bigint, round(q[3]::numeric)::bigint,
              ${now}::timestamptz
            from computed
            where area_id is not null and (any_bedrooms or bedrooms is not null)
            returning 1
          )
          select count(*)::int as "groups" from stored`);
        return rows[0]?.groups ?? 0;
      });
    },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, pendingChanges, properties, users } from '../../db/schema';
import { accountHolders } from './admin-users.repository';

/*
 * The dashboard's numbers, computed by the database in two statements. Days and months are East
 * Africa Time (the business's calendar, UTC+3 all year): a payment at 23:30 EAT on the 31st
 * belongs to that month, not to the next one as its UTC timestamp would say.
 */

/** The IANA zone of the business's calendar. */
const BUSINESS_TIME_ZONE = 'Africa/Dar_es_Salaam';

/** How many days the daily series covers, today included. */
export const DAILY_DAYS = 30;

export interface DashboardTotals {
  totalUsers: number;
  approvedLand: number;
  approvedRent: number;
  approvedApartment: number;
  approvedHouseForSale: number;
  /** The review queue: new listings and edits of live ones. */
  pending: number;
  /** Payments held because the provider reported other money than the order's. */
  paymentsNeedingReview: number;
  revenueThisMonth: number;
}

export type DailyRow = {
  /** YYYY-MM-DD in East Africa Time. */
  day: string;
  newListings: number;
  revenue: number;
};

export interface AdminDashboardRepository {
  /** The totals as of `now` (its EAT month for the revenue). */
  totals(now: Date): Promise<DashboardTotals>;
  /** The DAILY_DAYS days ending with `now`'s EAT day, oldest first, days without activity included. */
  daily(now: Date): Promise<DailyRow[]>;
}

const p = properties;
const tz = sql.raw(`'${BUSINESS_TIME_ZONE}'`);

/** The EAT calendar day of an instant. */
const localDay = (instant: SQL) => sql`(${instant} at time zone ${tz})::date`;
/** The instant an EAT calendar day (a date) begins. */
const dayStart = (day: SQL) => sql`((${day})::timestamp at time zone ${tz})`;

export function createAdminDashboardRepository(db: Database): AdminDashboardRepository {
  return {
    async totals(now) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const today = localDay(at);
      const firstOfMonth = sql`(${today} - (extract(day from ${today})::int - 1))`;
      const monthStart = dayStart(firstOfMonth);
      const nextMonthStart = dayStart(sql`(${firstOfMonth} + interval '1 month')::date`);
      const approvedOf = (type: string) =>
        sql`count(*) filter (where ${p.status} = 'approved' and ${p.type} = ${sql.raw(`'${type}'`)})::int`;
      // Sums of bigint are numeric, which the drivers return as strings: whole TZS fit a float8.
      const result = await db.execute<Record<keyof DashboardTotals, number>>(sql`select
  (select count(*)::int from ${users} where ${accountHolders}) as "totalUsers",
  ${approvedOf('Land')} as "approvedLand",
  ${approvedOf('Rent')} as "approvedRent",
  ${approvedOf('Apartment')} as "approvedApartment",
  ${approvedOf('HouseForSale')} as "approvedHouseForSale",
  count(*) filter (where ${p.status} = 'pending')::int
    + (select count(*)::int from ${pendingChanges} where ${pendingChanges.status} = 'pending')
    as "pending",
  (select count(*)::int from ${payments} where ${payments.status} = 'needs_review')
    as "paymentsNeedingReview",
  (select coalesce(sum(${payments.amountTzs}), 0)::float8 from ${payments}
    where ${payments.status} = 'succeeded' and ${payments.completedAt} >= ${monthStart}
      and ${payments.completedAt} < ${nextMonthStart}) as "revenueThisMonth"
from ${p} where ${p.status} in ('approved', 'pending')`);
      const [row] = result.rows;
      if (!row) throw new Error('dashboard totals returned no row');
      return row;
    },

    async daily(now) {
      const at = sql`${now.toISOString()}::timestamptz`;
      const today = localDay(at);
      const first = sql`(${today} - ${sql.raw(String(DAILY_DAYS - 1))})`;
      const from = dayStart(first);
      const until = dayStart(sql`(${today} + 1)`);
      // One row per day from generate_series; the two aggregates are joined to it by day, so a
      // day without activity is there with zeros.
      const result = await db.execute<DailyRow>(sql`with
  days as (select ${first} + offset_days as day
    from generate_series(0, ${sql.raw(String(DAILY_DAYS - 1))}) as offset_days),
  listings as (
    select ${localDay(sql`${p.createdAt}`)} as day, count(*)::int as n from ${p}
    where ${p.createdAt} >= ${from} and ${p.createdAt} < ${until} and ${p.status} <> 'archived'
    group by 1),
  revenue as (
    select ${localDay(sql`${payments.completedAt}`)} as day, sum(${payments.amountTzs})::float8 as amount
    from ${payments}
    where ${payments.status} = 'succeeded' and ${payments.completedAt} >= ${from}
      and ${payments.completedAt} < ${until}
    group by 1)
select to_char(days.day, 'YYYY-MM-DD') as "day", coalesce(listings.n, 0) as "newListings",
  coalesce(revenue.amount, 0)::float8 as "revenue"
from days
left join listings on listings.day = days.day
left join revenue on revenue.day = days.day
order by days.day`);
      return result.rows;
    },
  };
}

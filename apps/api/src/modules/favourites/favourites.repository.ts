import { desc, eq, sql } from 'drizzle-orm';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { TListingVisibility } from '@makazi/contracts/trust-values';
import type { Database } from '../../db/client';
import { districts, favourites, properties, regions, wards } from '../../db/schema';
import { listingVisibility, thumbnailKey } from '../properties/properties.repository';

/*
 * Favourites' SQL (issue 21): one account's saved listings. Whatever adds to them runs under the
 * account's favourites lock, so the count a statement checks against FAVOURITES_MAX is the count
 * it writes beside: two hearts tapped at once on two phones cannot pass the cap together.
 */

/** A favourite with what its row on the list shows, as the listing stands now. */
export interface FavouriteRow {
  propertyId: string;
  title: string;
  type: TPropertyType;
  priceTzs: number;
  /** properties.repository listingVisibility: null when the listing is not approved. */
  visibility: TListingVisibility | null;
  /** "Ward, District", the region when neither is known, '' when nothing is. */
  place: string;
  coverKey: string | null;
  savedAt: Date;
}

/**
 * added: saved now; kept: it was a favourite already (nothing changed); not_public: neither a
 * favourite nor in the catalogue (or no listing at all); full: the account keeps `max` already;
 * account_gone: the account was deleted while the request was on its way.
 */
export type SaveOutcome = 'added' | 'kept' | 'not_public' | 'full' | 'account_gone';

export interface FavouritesRepository {
  /** Saves one listing when it is listed and the account keeps fewer than `max`. */
  save(userId: string, propertyId: string, now: Date, max: number): Promise<SaveOutcome>;
  remove(userId: string, propertyId: string): Promise<void>;
  /**
   * Saves each listed listing of `propertyIds` that is not a favourite yet, in their order until
   * the account keeps `max`; the rest are dropped. Answers how many were saved.
   */
  merge(
    userId: string,
    propertyIds: string[],
    now: Date,
    max: number,
  ): Promise<{ added: number } | 'account_gone'>;
  /** Newest first (favourites_user_created_idx). */
  list(userId: string): Promise<FavouriteRow[]>;
}

/**
 * Names "favourites of one account" among the two-key advisory locks (a key space of its own; 21
 * for the issue); the second key is a hash of the user id. Two accounts whose ids hash alike only
 * wait for each other a moment.
 */
const FAVOURITES_LOCK = 21_001;

/**
 * Takes the account's favourites lock in the caller's transaction. Account deletion takes it too,
 * before it erases them: a save in flight either lands before the erasure or finds the account
 * deleted.
 */
export async function lockFavouritesOf(tx: Database, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(FAVOURITES_LOCK))}, hashtext(${userId}::text))`,
  );
}

const p = properties;
const f = favourites;

/** Whether the account still exists: read under the favourites lock, which deletion takes. */
const liveAccount = (userId: string) =>
  sql`exists (select 1 from users where id = ${userId}::uuid and deleted_at is null)`;

/** A name looked up by primary key, once per row. */
const nameOf = (table: typeof regions | typeof districts | typeof wards, id: unknown) =>
  sql`(select ${table.name} from ${table} where ${table.id} = ${id})`;

const place = sql<string>`coalesce(
    nullif(concat_ws(', ', ${nameOf(wards, p.wardId)}, ${nameOf(districts, p.districtId)}), ''),
    ${nameOf(regions, p.regionId)}, '')`;

export function createFavouritesRepository(db: Database): FavouritesRepository {
  return {
    async save(userId, propertyId, now, max) {
      return db.transaction(async (tx) => {
        await lockFavouritesOf(tx, userId);
        // One statement: whether it was saved already, whether it is listed, and the insert that
        // happens only when neither stops it and the account has room.
        const { rows } = await tx.execute<{
          live: boolean;
          kept: boolean;
          listed: boolean;
          added: boolean;
        }>(sql`
          with mine as (
            select count(*)::int as n, coalesce(bool_or(property_id = ${propertyId}::uuid), false) as kept
            from favourites where user_id = ${userId}::uuid
          ),
          target as (select listed from properties where id = ${propertyId}::uuid),
          live as (select ${liveAccount(userId)} as live),
          added as (
            insert into favourites (user_id, property_id, created_at)
            select ${userId}::uuid, ${propertyId}::uuid, ${now}::timestamptz
            where (select live from live)
              and not (select kept from mine)
              and coalesce((select listed from target), false)
              and (select n from mine) < ${max}::int
            on conflict do nothing
            returning 1
          )
          select (select live from live) as "live",
                 (select kept from mine) as "kept",
                 coalesce((select listed from target), false) as "listed",
                 exists (select 1 from added) as "added"`);
        const row = rows[0];
        if (!row) throw new Error('saving a favourite answered no row');
        if (!row.live) return 'account_gone';
        if (row.kept) return 'kept';
        if (row.added) return 'added';
        return row.listed ? 'full' : 'not_public';
      });
    },

    async remove(userId, propertyId) {
      await db.execute(
        sql`delete from favourites where user_id = ${userId}::uuid and property_id = ${propertyId}::uuid`,
      );
    },

    async merge(userId, propertyIds, now, max) {
      if (propertyIds.length === 0) return { added: 0 };
      const ids = sql.join(
        propertyIds.map((id) => sql`${id}`),
        sql`, `,
      );
      return db.transaction(async (tx) => {
        await lockFavouritesOf(tx, userId);
        const { rows: account } = await tx.execute<{ live: boolean }>(
          sql`select ${liveAccount(userId)} as "live"`,
        );
        if (!account[0]?.live) return 'account_gone';
        const { rows } = await tx.execute<{ property_id: string }>(sql`
          with wanted as (
            select p.id, min(t.ord) as ord
            from unnest(array[${ids}]::uuid[]) with ordinality as t(id, ord)
            join properties p on p.id = t.id
            where p.listed
              and not exists (
                select 1 from favourites f where f.user_id = ${userId}::uuid and f.property_id = p.id
              )
            group by p.id
          )
          insert into favourites (user_id, property_id, created_at)
          select ${userId}::uuid, id, ${now}::timestamptz from wanted
          order by ord
          limit greatest(${max}::int - (select count(*) from favourites where user_id = ${userId}::uuid), 0)
          on conflict do nothing
          returning property_id`);
        return { added: rows.length };
      });
    },

    async list(userId) {
      return db
        .select({
          propertyId: p.id,
          title: p.title,
          type: p.type,
          priceTzs: p.priceTzs,
          visibility: listingVisibility,
          place,
          coverKey: thumbnailKey,
          savedAt: f.createdAt,
        })
        .from(f)
        .innerJoin(p, eq(p.id, f.propertyId))
        .where(eq(f.userId, userId))
        .orderBy(desc(f.createdAt), desc(f.propertyId));
    },
  };
}

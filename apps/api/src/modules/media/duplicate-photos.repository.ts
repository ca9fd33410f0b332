import { sql, type SQL } from 'drizzle-orm';
import type { TPropertyStatus, TPropertyType } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import { BANDS, BAND_BITS, BLANK_HASH, bandProbes } from './perceptual-hash';

/*
 * SQL of duplicate-photo candidates (decision 041): photos on other publishers' listings whose
 * perceptual hash is within a Hamming distance of one of a listing's photos.
 *
 * Multi-index hashing: the 64-bit hash is cut into BANDS bands of BAND_BITS bits, each indexed
 * (property_photos_hash_band<b>_idx, with the whole hash and the listing included). Two hashes
 * within distance d differ in at most ⌊d / BANDS⌋ bits in at least one band (were every band
 * further apart, the total would exceed d). So a listing's photo needs looking up only under
 * its own band values and those within that radius: 1 + 16 values per band at d ≤ 7, a few
 * index entries each at a million photos. Each entry found is checked against the whole hash in
 * the index itself (bit_count of the XOR), and only the survivors meet their listings.
 *
 * The photos asked about are a listing's rows and the photos its pending change adds (an edit of
 * a live listing waiting for review); the photos searched are rows of listings that are not
 * archived, of other publishers. A pending change's photos are not searched: they have no rows
 * until approved, and their listing's own search finds the originals.
 */

export interface DuplicateCandidateRow {
  /** The listing asked about. */
  listingId: string;
  /** The other listing. */
  propertyId: string;
  type: TPropertyType;
  title: string;
  status: TPropertyStatus;
  publisherId: string;
  publisherFirstName: string;
  publisherLastName: string;
  publisherPhoneNumber: string | null;
  /** The closest pair of photos of the two listings: bits that differ. */
  distance: number;
  /** That pair: the asked listing's photo's variants, and the other listing's photo's. */
  photoVariants: { width: number; height: number; key: string }[];
  otherPhotoVariants: { width: number; height: number; key: string }[];
}

export interface DuplicatePhotosRepository {
  /**
   * For each listing of `listingIds`, the other publishers' listings (not archived) holding a
   * photo within `maxDistance` of one of its photos, closest first, at most `perListing` of them.
   * Two queries whatever the number of listings: their hashes, then the search.
   */
  candidates(
    listingIds: readonly string[],
    options: { maxDistance: number; perListing: number },
  ): Promise<DuplicateCandidateRow[]>;
}

/** A hash asked about: whose it is and what its photo looks like. */
type AskedHash = {
  listingId: string;
  publisherId: string;
  hash: string;
  variants: { width: number; height: number; key: string }[];
};

/**
 * Band `band` of property_photos.perceptual_hash, written exactly as the band indexes are (the
 * planner uses an expression index only for the same expression), for the row `alias`.
 */
export function bandExpression(alias: string, band: number): SQL {
  return sql.raw(`((${alias}.perceptual_hash >> ${band * BAND_BITS}) & 65535)`);
}

export function createDuplicatePhotosRepository(db: Database): DuplicatePhotosRepository {
  return {
    async candidates(listingIds, { maxDistance, perListing }) {
      if (listingIds.length === 0) return [];
      const ids = sql.param([...listingIds]);
      // The listings' own photos and those their pending changes add; blank pictures have no
      // content to compare.
      const asked = await db.execute<AskedHash>(sql`
select ph.property_id as "listingId", p.published_by as "publisherId",
       ph.perceptual_hash::text as "hash", ph.variants as "variants"
  from property_photos ph join properties p on p.id = ph.property_id
 where ph.property_id = any(${ids}::uuid[])
   and ph.perceptual_hash is not null and ph.perceptual_hash <> ${sql.raw(String(BLANK_HASH))}
union all
select pc.property_id, p.published_by, added ->> 'perceptualHash', added -> 'variants'
  from pending_changes pc join properties p on p.id = pc.property_id
       cross join lateral jsonb_array_elements(pc.added_photos) added
 where pc.property_id = any(${ids}::uuid[])
   and added ->> 'perceptualHash' is not null
   and added ->> 'perceptualHash' <> ${String(BLANK_HASH)}`);
      const hashes = asked.rows;
      if (hashes.length === 0) return [];

      const radius = Math.floor(maxDistance / BANDS);
      const branches = Array.from({ length: BANDS }, (_, band) => {
        const at: number[] = [];
        const listings: string[] = [];
        const of: string[] = [];
        const values: number[] = [];
        hashes.forEach(({ listingId, hash }, index) => {
          for (const value of bandProbes(BigInt(hash), band, radius)) {
            at.push(index + 1);
            listings.push(listingId);
            of.push(hash);
            values.push(value);
          }
        });
        // A listing's own photos are found too: dropped in the index, before any lookup.
        return sql`
select probe.i, hit.perceptual_hash, hit.property_id
  from unnest(${sql.param(at)}::int[], ${sql.param(listings)}::uuid[], ${sql.param(of)}::bigint[],
              ${sql.param(values)}::bigint[]) as probe(i, listing_id, hash, v)
  cross join lateral (
    select ph.perceptual_hash, ph.property_id from property_photos ph
     where ${bandExpression('ph', band)} = probe.v
       and bit_count((ph.perceptual_hash # probe.hash)::bit(64)) <= ${maxDistance}
       and ph.property_id <> probe.listing_id
    offset 0) hit`;
      });

      /*
       * "offset 0" keeps each probe, and each listing looked up, a lookup of its own: the planner
       * cannot tell how few index entries survive the bit_count check (it guesses a third), and
       * with a page of listings' probes it would otherwise plan hash joins over every listing
       * and photo. For the same reason its cost estimate would start JIT compilation, which
       * takes longer than the whole search: off for this transaction.
       */
      const found = await db.transaction(async (tx) => {
        await tx.execute(sql`set local jit = off`);
        return tx.execute<{
          i: number;
          listingId: string;
          propertyId: string;
          type: TPropertyType;
          title: string;
          status: TPropertyStatus;
          publisherId: string;
          publisherFirstName: string;
          publisherLastName: string;
          publisherPhoneNumber: string | null;
          distance: number;
          otherPhotoVariants: { width: number; height: number; key: string }[];
        }>(sql`
with asked as (
  select * from unnest(${sql.param(hashes.map((h) => h.listingId))}::uuid[],
                       ${sql.param(hashes.map((h) => h.publisherId))}::uuid[],
                       ${sql.param(hashes.map((h) => h.hash))}::bigint[])
         with ordinality as asked(listing_id, publisher_id, hash, i)
),
hits as materialized (${sql.join(branches, sql` union all `)}),
closest as (
  select distinct on (asked.listing_id, hits.property_id)
         asked.listing_id, asked.i, hits.property_id, hits.perceptual_hash,
         bit_count((asked.hash # hits.perceptual_hash)::bit(64))::int as distance
    from hits join asked on asked.i = hits.i
         cross join lateral (select o.published_by, o.status from properties o
                              where o.id = hits.property_id offset 0) other
   where other.published_by <> asked.publisher_id and other.status <> 'archived'
   order by asked.listing_id, hits.property_id, distance
),
ranked as (
  select closest.*, row_number() over (partition by listing_id order by distance, property_id) as rank
    from closest
)
select ranked.i::int as "i", ranked.listing_id as "listingId", other.*,
       ranked.distance as "distance",
       (select op.variants from property_photos op
         where op.property_id = ranked.property_id and op.perceptual_hash = ranked.perceptual_hash
         order by op.position limit 1) as "otherPhotoVariants"
  from ranked
  cross join lateral (
    select o.id as "propertyId", o.type as "type", o.title as "title", o.status as "status",
           u.id as "publisherId", u.first_name as "publisherFirstName",
           u.last_name as "publisherLastName", u.phone_number as "publisherPhoneNumber"
      from properties o join users u on u.id = o.published_by
     where o.id = ranked.property_id offset 0) other
 where ranked.rank <= ${perListing}
 order by ranked.listing_id, ranked.rank`);
      });

      return found.rows.map(({ i, ...row }) => ({
        ...row,
        photoVariants: hashes[i - 1]?.variants ?? [],
      }));
    },
  };
}

import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  coverPictureLabel,
  PROPERTY_TYPES,
  type TPictureLabel,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import {
  contactReveals,
  districts,
  pendingChanges,
  properties,
  propertyPhotos,
  regions,
  streets,
  users,
  verifiedOwnerPhones,
  wards,
  type StoredVariant,
} from '../../db/schema';
import { microsIso, millisIso } from '../../db/iso-text';
import { systemClock, type Clock } from '../../lib/clock';
import type { PendingChangeState } from '../listings/pending-change';
import type { TListingVisibility } from '@makazi/contracts/trust-values';

/*
 * The catalogue's source SQL: listings read from the normalized rows, with their publisher and
 * place names (primary-key probes) and every photo (one jsonb aggregate per row, in position
 * order: variants are jsonb already, and mixing in json costs a conversion per photo). The public
 * catalogue is not read here but from its read model (catalogue.repository.ts), whose cards are
 * rendered from these rows (catalogue-cards.ts); owners' views are read here.
 */

export interface PhotoRow {
  id: string;
  label: TPictureLabel;
  width: number;
  height: number;
  /** The WebP variants: storage keys, and their sizes when recorded. */
  variants: StoredVariant[];
}

/** A listing as read: the owner's and the publisher's phone numbers are never selected. */
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
  /** Every photo, in position order. */
  photos: PhotoRow[];
  /** The photo the listing's card shows, or null when it has none to show. */
  coverPhotoId: string | null;
  confirmedAt: string;
  contactVerified: boolean;
};

/**
 * A listing read for a possibly signed-in viewer. The owner-only columns are selected only when
 * the viewer published the listing; for anyone else they are null, so an owner's phone number
 * never leaves the database on a public read.
 */
export type ViewerPropertyRow = PublicPropertyRow & {
  viewerIsOwner: boolean;
  ownerPhoneNumber: string | null;
  rejectionReason: string | null;
  pendingChange: PendingChangeRow | null;
  /** Null unless the viewer owns it and it is approved. */
  visibility: TListingVisibility | null;
  takenAt: string | null;
  /** Distinct subscribers shown the contact: null unless the viewer owns it. */
  contactViews7: number | null;
  contactViews30: number | null;
};

/** A pending change as the owner view reads it, with the names of the places it proposes. */
export interface PendingChangeRow extends PendingChangeState {
  updatedAt: string;
  regionName: string | null;
  districtName: string | null;
  wardName: string | null;
  streetName: string | null;
}

/** Where a walk resumes, exclusive: the last row shown, by created_at (ISO, microseconds) and id. */
export type KeysetAfter = { at: string; id: string } | null;

/** A row of a publisher's page with where it sits in the walk, for the next cursor. */
export type PublisherPageRow = ViewerPropertyRow & {
  /** created_at to the microsecond (a JS Date would round it to milliseconds). */
  sortKey: string;
};

const p = properties;
/** In the public catalogue (decision 040): approved, and not taken, stale, held or suspended. */
const listed = sql`${p.listed}`;

/** A name looked up by primary key, once per row. */
function nameOf(table: typeof regions | typeof districts | typeof wards | typeof streets, fk: SQL) {
  return sql`(select ${table.name} from ${table} where ${table.id} = ${fk})`;
}

/*
 * A photo without variants cannot be shown, so it is never a cover (the service drops it from
 * every answer). The cover is the card's rule (apps/web lib/listing-photos cardPhoto): the photo
 * of the type's cover slot (coverPictureLabel: the outside, the front), and for a house to rent or
 * an apartment without one, the first photo; a land or house listing without a front photo has no
 * cover, as its card shows none. The type is compared with literals so the rule reads as one
 * expression per row.
 */
const ph = propertyPhotos;
const coverLabel = sql`case ${p.type} ${sql.raw(
  PROPERTY_TYPES.map((type) => `when '${type}' then '${coverPictureLabel(type)}'`).join(' '),
)} end::picture_label`;
const coverPhotoId = sql`(
    select ${ph.id} from ${ph}
    where ${ph.propertyId} = ${p.id} and jsonb_array_length(${ph.variants}) > 0
      and (${p.type} not in ('Land', 'HouseForSale') or ${ph.label} = 'picha_mbele')
    order by ${ph.label} = (${coverLabel}) desc, ${ph.position} limit 1
  )`;
/**
 * The narrowest variant of a listing's first photo: the thumbnail a row of a personal list shows
 * (contact reveals, favourites), null without photos. Reads `properties` from the outer query.
 */
export const thumbnailKey = sql<string | null>`(select ${ph.variants}->0->>'key' from ${ph}
    where ${ph.propertyId} = ${p.id} order by ${ph.position} limit 1)`;
const photos = sql`coalesce((
    select jsonb_agg(jsonb_build_object('id', ${ph.id}, 'label', ${ph.label}, 'width', ${ph.width},
      'height', ${ph.height}, 'variants', ${ph.variants}) order by ${ph.position})
    from ${ph} where ${ph.propertyId} = ${p.id}
  ), '[]'::jsonb)`;

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

/** Why an approved listing is not listed, in the order the owner can act on (taken is final). */
export const listingVisibility = sql<TListingVisibility | null>`case when ${p.status} <> 'approved' then null
    when ${p.takenAt} is not null then 'taken'
    when ${p.publisherSuspendedAt} is not null then 'publisher_suspended'
    when ${p.heldForReportsAt} is not null then 'held_for_reports'
    when ${p.staleAt} is not null then 'stale'
    else 'listed' end`;

/**
 * Distinct subscribers shown the contact in the `days` days before `now`
 * (contact_reveals_property_revealed_idx).
 */
const contactViews = (days: number, now: Date) =>
  sql`(select count(distinct ${contactReveals.userId})::int from ${contactReveals}
    where ${contactReveals.propertyId} = ${p.id}
      and ${contactReveals.revealedAt} > ${new Date(now.getTime() - days * 86_400_000)})`;

/** The owner-only columns, null unless `viewerId` published the row; counts as of `now`. */
function ownerColumns(viewerId: string, now: Date): SQL {
  const isOwner = sql`(${p.publishedBy} = ${viewerId}::uuid)`;
  return sql`
  ${isOwner} as "viewerIsOwner",
  case when ${isOwner} then ${p.ownerPhoneNumber} end as "ownerPhoneNumber",
  case when ${isOwner} then ${p.rejectionReason} end as "rejectionReason",
  case when ${isOwner} then ${pendingChangeOf} end as "pendingChange",
  case when ${isOwner} then ${listingVisibility} end as "visibility",
  case when ${isOwner} then ${millisIso(sql`${p.takenAt}`)} end as "takenAt",
  case when ${isOwner} then ${contactViews(7, now)} end as "contactViews7",
  case when ${isOwner} then ${contactViews(30, now)} end as "contactViews30",`;
}

/**
 * The contact number is proven its publisher's: their sign-in number, or one they answered a code
 * sent to. Only the answer leaves the database, never the number. Needs the publisher joined as
 * `users`.
 */
export const contactVerified = sql<boolean>`coalesce(${p.ownerPhoneNumber} = ${users.phoneNumber} or exists (
    select 1 from ${verifiedOwnerPhones} v where v.user_id = ${p.publishedBy}
      and v.phone_number = ${p.ownerPhoneNumber}), false)`;

/**
 * A fragment without parameters, written out once at start-up. Drizzle renders a query by walking
 * every nested `sql` chunk with instanceof-style checks: for the fixed select list that walk costs
 * more than the planner spends on it. Rendered once, the list is a single raw chunk and the SQL
 * text sent is the same, character for character.
 */
const dialect = new PgDialect();
function rendered(fragment: SQL): SQL {
  const query = dialect.sqlToQuery(fragment);
  if (query.params.length > 0) throw new Error('rendered(): the fragment has parameters');
  return sql.raw(query.sql);
}

/**
 * The columns of the listings whose keys are in CTE `page`. Location names come from scalar
 * subqueries rather than joins: a primary-key probe per row and no join order for the planner to
 * search. The publisher is the one join: both names from one lookup.
 */
const pageBody =
  rendered(sql`${p.id} as "id", ${p.type} as "type", ${p.status} as "status", ${p.title} as "title",
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
  ${photos} as "photos", ${coverPhotoId} as "coverPhotoId",
  ${millisIso(sql`${p.confirmedAt}`)} as "confirmedAt", ${contactVerified} as "contactVerified"
from page join ${p} on ${p.id} = page.id
left join ${users} on ${users.id} = ${p.publishedBy}`);

const pageHead = rendered(sql`select ${microsIso(sql`page.ts`)} as "sortKey",`);

/** The rows for the keys in CTE `page` (id, ts), in `order`; the owner's columns for `viewer`. */
function readPage(page: SQL, order: SQL, viewer?: { id: string; now: Date }): SQL {
  return sql`with ${page}
${pageHead}${viewer === undefined ? sql`` : ownerColumns(viewer.id, viewer.now)}
  ${pageBody}
order by ${order}`;
}

/** A listing marked rented or sold, as the public may still know it (ZTakenListing's columns). */
export type TakenListingRow = {
  id: string;
  type: TPropertyType;
  title: string;
  takenAt: string;
  regionId: number | null;
  regionName: string | null;
  districtId: number | null;
  districtName: string | null;
};

export interface PropertiesRepository {
  /** The listed listings among `ids`, in no particular order: what their cards are made of. */
  findListed(ids: string[]): Promise<PublicPropertyRow[]>;
  /**
   * An approved listing its owner marked taken, unless it is held for reports or its publisher is
   * suspended (those stay unknown to the public, as if they never were). undefined otherwise.
   */
  findTaken(id: string): Promise<TakenListingRow | undefined>;
  /**
   * A listing `viewerId` may see: listed, or any non-archived listing of theirs (with the
   * owner-only columns). undefined when there is none.
   */
  findForViewer(id: string, viewerId: string): Promise<ViewerPropertyRow | undefined>;
  /**
   * A publisher's own listings, all but archived ones, with the owner-only columns, newest first,
   * after `after` and at most `limit`.
   */
  listOwn(publisherId: string, after: KeysetAfter, limit: number): Promise<PublisherPageRow[]>;
}

/** `clock`: what "the last 7 days" of an owner's contact views count back from. */
export function createPropertiesRepository(
  db: Database,
  clock: Clock = systemClock,
): PropertiesRepository {
  return {
    async findListed(ids) {
      if (ids.length === 0) return [];
      const page = sql`page as (select ${p.id} as id, ${p.createdAt} as ts from ${p} where ${listed} and ${p.id} = any(${sql.param(ids)}::uuid[]))`;
      const result = await db.execute<PublicPropertyRow>(readPage(page, sql`page.id`));
      return result.rows;
    },

    async findTaken(id) {
      const result =
        await db.execute<TakenListingRow>(sql`select ${p.id} as "id", ${p.type} as "type",
  ${p.title} as "title", ${millisIso(sql`${p.takenAt}`)} as "takenAt",
  ${p.regionId} as "regionId", ${nameOf(regions, sql`${p.regionId}`)} as "regionName",
  ${p.districtId} as "districtId", ${nameOf(districts, sql`${p.districtId}`)} as "districtName"
from ${p}
where ${p.id} = ${id}::uuid and ${p.status} = 'approved' and ${p.takenAt} is not null
  and ${p.heldForReportsAt} is null and ${p.publisherSuspendedAt} is null`);
      return result.rows[0];
    },

    async findForViewer(listingId, viewerId) {
      const page = sql`page as (select ${p.id} as id, ${p.createdAt} as ts from ${p}
  where ${p.id} = ${listingId}::uuid and ${p.status} <> 'archived'
    and (${listed} or ${p.publishedBy} = ${viewerId}::uuid))`;
      const result = await db.execute<ViewerPropertyRow>(
        readPage(page, sql`page.id`, { id: viewerId, now: clock() }),
      );
      return result.rows[0];
    },

    async listOwn(publisherId, after, limit) {
      // Walks properties_published_by_idx (published_by, created_at desc).
      const keyset = after
        ? sql` and (${p.createdAt}, ${p.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
        : sql``;
      const page = sql`page as (select ${p.id} as id, ${p.createdAt} as ts from ${p}
  where ${p.publishedBy} = ${publisherId}::uuid and ${p.status} <> 'archived'${keyset}
  order by ${p.createdAt} desc, ${p.id} desc limit ${limit})`;
      const result = await db.execute<PublisherPageRow>(
        readPage(page, sql`page.ts desc, page.id desc`, { id: publisherId, now: clock() }),
      );
      return result.rows;
    },
  };
}

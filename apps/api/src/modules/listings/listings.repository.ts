import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import {
  districts,
  mediaUploads,
  properties,
  propertyPhotos,
  regions,
  streets,
  wards,
} from '../../db/schema';
import { createAccessRepository, type AccessRepository } from '../access/access.repository';
import { photoFileKeys } from '../media/photo-files';
import type { ListingFacts } from './listing-rules';
import type { LiveColumns } from './pending-change';
import {
  createPendingChangesRepository,
  type PendingChangesRepository,
} from './pending-changes.repository';
import { transactionRefreshingCards } from '../properties/catalogue-cards';

/*
 * All SQL of publishing: creating a listing, its address, edits, photo removal and order, soft
 * delete. Reading a listing back (the owner view) is the properties module's.
 */

/** The detail columns a listing's type fills (the rest stay null), as the properties table names them. */
export interface DetailColumns {
  title?: string;
  description?: string;
  ownerName?: string;
  ownerPhoneNumber?: string;
  priceTzs?: number;
  lotWidth?: number;
  lotLength?: number;
  lotStatus?: string;
  distanceFromMainRoad?: string;
  isWaterServiceAvailable?: boolean;
  isElectricityServiceAvailable?: boolean;
  numberOfBedrooms?: number;
  numberOfBathrooms?: number;
  leaseTermMonths?: number;
  apartmentPriceTerm?: string;
  squareFootage?: number | null;
}

export interface NewListing extends DetailColumns {
  type: TPropertyType;
  status: 'draft' | 'pending';
  publishedBy: string;
  title: string;
  description: string;
  ownerName: string;
  ownerPhoneNumber: string;
  priceTzs: number;
}

export interface AddressColumns {
  regionId: number;
  districtId: number;
  wardId: number;
  streetId: number;
  plotNumber: string | null;
  houseNumber: string | null;
  apartmentNumber: string | null;
}

/** What a write changes on a listing row besides updated_at. */
export interface ListingChanges extends DetailColumns {
  address?: AddressColumns;
  status?: 'draft' | 'pending';
  rejectionReason?: null;
}

export interface ListingRecord extends ListingFacts {
  id: string;
  hasAddress: boolean;
}

export interface PhotoRecord {
  id: string;
  label: TPictureLabel;
  position: number;
  /** Storage keys of the photo's files: its variants and its link-preview image. */
  keys: string[];
}

/**
 * Where each level of an address points, looked up by the ids a client sent: null when no row
 * has that id.
 */
export interface ChainFacts {
  regionExists: boolean;
  districtRegionId: number | null;
  wardDistrictId: number | null;
  streetWardId: number | null;
}

export interface ListingsRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: ListingsRepository) => Promise<T>): Promise<T>;
  /** Bound to this repository's connection: inside `transaction`, to the transaction. */
  access: AccessRepository;
  /** Edits of approved listings awaiting review, on this repository's connection. */
  pendingChanges: PendingChangesRepository;
  /** The detail and address columns of the listing as it is now. */
  liveColumns(id: string): Promise<LiveColumns>;
  insertListing(listing: NewListing, now: Date): Promise<string>;
  /**
   * The listing, its row locked until the transaction ends, so concurrent writes to one listing
   * (an edit and a photo upload) decide its status one after the other.
   */
  lockListing(id: string): Promise<ListingRecord | undefined>;
  locationChain(ids: {
    regionId: number;
    districtId: number;
    wardId: number;
    streetId: number;
  }): Promise<ChainFacts>;
  /** In position order. */
  photosOf(listingId: string): Promise<PhotoRecord[]>;
  updateListing(id: string, changes: ListingChanges, now: Date): Promise<void>;
  deletePhotos(listingId: string, photoIds: string[]): Promise<void>;
  /** Positions 0, 1, 2 … in the order given (every photo of the listing, each once). */
  reorderPhotos(listingId: string, orderedIds: string[]): Promise<void>;
  archive(id: string, now: Date): Promise<void>;
  /**
   * Notes storage keys whose files must go in the upload journal (media_uploads), in the
   * transaction that drops their last reference: if deleting a file fails or the process dies
   * first, the media sweeper finds the key there and deletes the file later.
   */
  journalOrphanKeys(listingId: string, keys: string[], now: Date): Promise<void>;
  /** Takes keys whose files are gone out of the journal. */
  forgetJournalKeys(keys: string[]): Promise<void>;
}

const p = properties;
const ph = propertyPhotos;

/** Gives the listing's photos positions 0, 1, 2 … in the order of `orderedIds` (each of them once). */
export async function renumberPhotos(
  db: Database,
  listingId: string,
  orderedIds: readonly string[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  // (property_id, position) is unique and checked row by row: park every photo on a negative
  // position first, so no intermediate state of the second update collides.
  await db
    .update(ph)
    .set({ position: sql`-1 - ${ph.position}` })
    .where(eq(ph.propertyId, listingId));
  const positions = sql.join(
    orderedIds.map((photoId, index) => sql`(${photoId}::uuid, ${index}::int)`),
    sql`, `,
  );
  await db.execute(sql`update ${ph} set position = v.position
  from (values ${positions}) as v(id, position)
  where ${ph.id} = v.id and ${ph.propertyId} = ${listingId}::uuid`);
}

/** Every column a pending change can hold, as the properties table names them. */
const changeColumns = {
  title: p.title,
  description: p.description,
  ownerName: p.ownerName,
  ownerPhoneNumber: p.ownerPhoneNumber,
  priceTzs: p.priceTzs,
  lotWidth: p.lotWidth,
  lotLength: p.lotLength,
  lotStatus: p.lotStatus,
  distanceFromMainRoad: p.distanceFromMainRoad,
  isWaterServiceAvailable: p.isWaterServiceAvailable,
  isElectricityServiceAvailable: p.isElectricityServiceAvailable,
  numberOfBedrooms: p.numberOfBedrooms,
  numberOfBathrooms: p.numberOfBathrooms,
  leaseTermMonths: p.leaseTermMonths,
  apartmentPriceTerm: p.apartmentPriceTerm,
  squareFootage: p.squareFootage,
  regionId: p.regionId,
  districtId: p.districtId,
  wardId: p.wardId,
  streetId: p.streetId,
  plotNumber: p.plotNumber,
  houseNumber: p.houseNumber,
  apartmentNumber: p.apartmentNumber,
};

export function createListingsRepository(db: Database): ListingsRepository {
  return {
    transaction: (work) =>
      transactionRefreshingCards(db, (tx) => work(createListingsRepository(tx))),

    access: createAccessRepository(db),

    pendingChanges: createPendingChangesRepository(db),

    async liveColumns(id) {
      const [row] = await db.select(changeColumns).from(p).where(eq(p.id, id));
      if (!row) throw new Error(`listing ${id} vanished under its row lock`);
      return row;
    },

    async insertListing(listing, now) {
      const [row] = await db
        .insert(p)
        .values({ ...listing, createdAt: now, updatedAt: now })
        .returning({ id: p.id });
      if (!row) throw new Error('insert into properties returned no row');
      return row.id;
    },

    async lockListing(id) {
      const [row] = await db
        .select({
          id: p.id,
          publishedBy: p.publishedBy,
          type: p.type,
          status: p.status,
          hasAddress: sql<boolean>`(${p.streetId} is not null)`,
        })
        .from(p)
        .where(eq(p.id, id))
        .for('update');
      return row;
    },

    async locationChain({ regionId, districtId, wardId, streetId }) {
      const result = await db.execute<{
        regionExists: boolean;
        districtRegionId: number | null;
        wardDistrictId: number | null;
        streetWardId: number | null;
      }>(sql`select
  exists (select 1 from ${regions} where ${regions.id} = ${regionId}) as "regionExists",
  (select ${districts.regionId} from ${districts} where ${districts.id} = ${districtId}) as "districtRegionId",
  (select ${wards.districtId} from ${wards} where ${wards.id} = ${wardId}) as "wardDistrictId",
  (select ${streets.wardId} from ${streets} where ${streets.id} = ${streetId}) as "streetWardId"`);
      const [row] = result.rows;
      if (!row) throw new Error('location chain query returned no row');
      return row;
    },

    async photosOf(listingId) {
      const rows = await db
        .select({ id: ph.id, label: ph.label, position: ph.position, variants: ph.variants })
        .from(ph)
        .where(eq(ph.propertyId, listingId))
        .orderBy(ph.position);
      return rows.map(({ variants, ...photo }) => ({
        ...photo,
        keys: photoFileKeys({ id: photo.id, variants }),
      }));
    },

    async updateListing(id, changes, now) {
      const { address, ...columns } = changes;
      await db
        .update(p)
        .set({ ...columns, ...address, updatedAt: now })
        .where(eq(p.id, id));
    },

    async deletePhotos(listingId, photoIds) {
      if (photoIds.length === 0) return;
      await db.delete(ph).where(and(eq(ph.propertyId, listingId), inArray(ph.id, photoIds)));
    },

    reorderPhotos: (listingId, orderedIds) => renumberPhotos(db, listingId, orderedIds),

    async archive(id, now) {
      await db
        .update(p)
        .set({ status: 'archived', deletedAt: now, updatedAt: now })
        .where(eq(p.id, id));
    },

    async journalOrphanKeys(listingId, keys, now) {
      if (keys.length === 0) return;
      await db
        .insert(mediaUploads)
        .values(keys.map((key) => ({ key, propertyId: listingId, createdAt: now })))
        .onConflictDoNothing();
    },

    async forgetJournalKeys(keys) {
      if (keys.length === 0) return;
      await db.delete(mediaUploads).where(inArray(mediaUploads.key, keys));
    },
  };
}

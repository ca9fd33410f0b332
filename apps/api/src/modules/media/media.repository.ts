import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type {
  TPictureLabel,
  TPropertyStatus,
  TPropertyType,
} from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import {
  catalogueEntries,
  mediaUploads,
  properties,
  propertyPhotos,
  type StoredVariant,
} from '../../db/schema';
import { createAccessRepository, type AccessRepository } from '../access/access.repository';
import type { PendingChangeState } from '../listings/pending-change';
import { createPendingChangesRepository } from '../listings/pending-changes.repository';

/*
 * SQL of photo uploads: the listing and the user an upload is checked against, the upload journal
 * (media_uploads), and the one transaction that records a request's photos; and the photo a
 * link-preview image is made from.
 */

/** What an upload needs to know about its listing. */
export interface UploadTarget {
  id: string;
  publishedBy: string;
  type: TPropertyType;
  status: TPropertyStatus;
  /** Region, district, ward and street are all set. */
  hasAddress: boolean;
}

export interface ExistingPhoto {
  id: string;
  label: TPictureLabel;
  position: number;
  variants: { width: number; height: number; key: string }[];
}

export interface NewPhotoRow {
  /** The id its files are stored under, when the row takes it too; unset: a new random one. */
  id?: string;
  label: TPictureLabel;
  position: number;
  width: number;
  height: number;
  variants: StoredVariant[];
  perceptualHash: bigint | null;
}

/** What a request's transaction writes, decided from the locked listing and its current photos. */
export interface PhotoChanges {
  removePhotoIds: string[];
  insert: NewPhotoRow[];
  status: TPropertyStatus;
  /** Storage keys no row names any more once this commits: journaled in the same transaction. */
  orphanKeys: string[];
}

/** What an upload to a live listing writes: its pending change grows, the listing stays. */
export interface PendingPhotoChanges {
  pendingChange: PendingChangeState;
  /** Storage keys of photos the change no longer adds (replaced in their slot). */
  orphanKeys: string[];
}

export interface MediaRepository {
  findUploadTarget(propertyId: string): Promise<UploadTarget | undefined>;
  /** Who may upload: the access module's read, on this repository's connection. */
  access: AccessRepository;
  /** Records storage keys about to be written (committed on return). */
  journal(keys: readonly string[], propertyId: string | null, at: Date): Promise<void>;
  /** Drops keys from the journal: their files were deleted, or a photo row names them. */
  forget(keys: readonly string[]): Promise<void>;
  /**
   * In one transaction: locks the listing, runs `first` (another module's write that must commit
   * with the photos, or throw to roll everything back), lets `decide` turn the listing and its
   * photos into changes (or throw), applies them, journals the keys they orphan and forgets
   * `journaledKeys` (now named by photo rows).
   */
  recordPhotos<T extends PhotoChanges | PendingPhotoChanges>(
    propertyId: string,
    journaledKeys: readonly string[],
    at: Date,
    decide: (
      listing: UploadTarget | undefined,
      photos: ExistingPhoto[],
      pendingChange: PendingChangeState | undefined,
    ) => T,
    first?: (transaction: Database) => Promise<void>,
  ): Promise<T>;
  /** Journaled keys older than `olderThan`, oldest first. */
  journaledBefore(olderThan: Date, limit: number): Promise<string[]>;
  /**
   * A photo row's variants and whether its listing is in the public catalogue (has a
   * catalogue_entries row, as GET /api/properties/{id} does); undefined for no such photo. Two
   * primary-key lookups.
   */
  findPreviewSource(photoId: string): Promise<PreviewSource | undefined>;
  /** Photo rows stored before hashing (perceptual_hash null), by id, at most `limit`. */
  unhashedPhotos(limit: number): Promise<UnhashedPhoto[]>;
  /** Sets the hashes of rows that have none yet; a row deleted meanwhile is skipped. */
  setPerceptualHashes(hashes: readonly { id: string; hash: bigint }[]): Promise<void>;
}

export interface UnhashedPhoto {
  id: string;
  variants: { width: number; height: number; key: string }[];
}

export interface PreviewSource {
  variants: { width: number; height: number; key: string }[];
  isPublic: boolean;
}

const p = properties;
const ph = propertyPhotos;

const targetColumns = {
  id: p.id,
  publishedBy: p.publishedBy,
  type: p.type,
  status: p.status,
  hasAddress: sql<boolean>`(${p.regionId} is not null and ${p.districtId} is not null and ${p.wardId} is not null and ${p.streetId} is not null)`,
};

/** Photo rows in and out, and the status they leave the listing in. */
async function applyToListing(
  db: Database,
  propertyId: string,
  listing: UploadTarget | undefined,
  changes: PhotoChanges,
  at: Date,
): Promise<void> {
  if (changes.removePhotoIds.length > 0) {
    await db
      .delete(ph)
      .where(and(eq(ph.propertyId, propertyId), inArray(ph.id, changes.removePhotoIds)));
  }
  if (changes.insert.length > 0) {
    await db.insert(ph).values(changes.insert.map((row) => ({ ...row, propertyId })));
  }
  const statusChanged = listing?.status !== changes.status;
  await db
    .update(p)
    .set({
      status: changes.status,
      updatedAt: at,
      // A reason explains a rejection; a listing sent back for review has none yet.
      ...(statusChanged ? { rejectionReason: null } : {}),
    })
    .where(eq(p.id, propertyId));
}

export function createMediaRepository(db: Database): MediaRepository {
  return {
    async findUploadTarget(propertyId) {
      const [row] = await db.select(targetColumns).from(p).where(eq(p.id, propertyId));
      return row;
    },

    access: createAccessRepository(db),

    async journal(keys, propertyId, at) {
      if (keys.length === 0) return;
      await db
        .insert(mediaUploads)
        .values(keys.map((key) => ({ key, propertyId, createdAt: at })))
        .onConflictDoNothing();
    },

    async forget(keys) {
      if (keys.length === 0) return;
      await db.delete(mediaUploads).where(inArray(mediaUploads.key, [...keys]));
    },

    async recordPhotos(propertyId, journaledKeys, at, decide, first) {
      return db.transaction(async (tx) => {
        // The row lock serialises uploads and edits of one listing: positions and slots stay unique.
        const [listing] = await tx
          .select(targetColumns)
          .from(p)
          .where(eq(p.id, propertyId))
          .for('update');
        if (first) await first(tx);
        const photos = listing
          ? await tx
              .select({ id: ph.id, label: ph.label, position: ph.position, variants: ph.variants })
              .from(ph)
              .where(eq(ph.propertyId, propertyId))
              .orderBy(asc(ph.position))
          : [];
        const pending = createPendingChangesRepository(tx);
        const changes = decide(listing, photos, listing && (await pending.find(propertyId)));
        if ('pendingChange' in changes) {
          await pending.save(propertyId, changes.pendingChange, at);
        } else {
          await applyToListing(tx, propertyId, listing, changes, at);
        }
        if (changes.orphanKeys.length > 0) {
          await tx
            .insert(mediaUploads)
            .values(changes.orphanKeys.map((key) => ({ key, propertyId, createdAt: at })))
            .onConflictDoNothing();
        }
        if (journaledKeys.length > 0) {
          await tx.delete(mediaUploads).where(inArray(mediaUploads.key, [...journaledKeys]));
        }
        return changes;
      });
    },

    async journaledBefore(olderThan, limit) {
      const rows = await db
        .select({ key: mediaUploads.key })
        .from(mediaUploads)
        .where(lt(mediaUploads.createdAt, olderThan))
        .orderBy(asc(mediaUploads.createdAt))
        .limit(limit);
      return rows.map((r) => r.key);
    },

    async findPreviewSource(photoId) {
      const e = catalogueEntries;
      // A join rather than exists (…): Drizzle writes a one-table select's columns unqualified,
      // and both tables have a property_id.
      const [row] = await db
        .select({ variants: ph.variants, isPublic: sql<boolean>`${e.propertyId} is not null` })
        .from(ph)
        .leftJoin(e, eq(e.propertyId, ph.propertyId))
        .where(eq(ph.id, photoId));
      return row;
    },

    async unhashedPhotos(limit) {
      // property_photos_unhashed_idx: empty once every photo has its hash.
      return db
        .select({ id: ph.id, variants: ph.variants })
        .from(ph)
        .where(isNull(ph.perceptualHash))
        .orderBy(asc(ph.id))
        .limit(limit);
    },

    async setPerceptualHashes(hashes) {
      if (hashes.length === 0) return;
      // Only the hash changes: the catalogue's cards show nothing of it, and its photo trigger
      // listens to the columns they do show (migration 0018), so no card is written again.
      await db.execute(sql`
update property_photos set perceptual_hash = given.hash
  from unnest(${sql.param(hashes.map((h) => h.id))}::uuid[],
              ${sql.param(hashes.map((h) => String(h.hash)))}::bigint[]) as given(id, hash)
 where property_photos.id = given.id and property_photos.perceptual_hash is null`);
    },
  };
}

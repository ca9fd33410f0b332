import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaUploads, pendingChanges, properties, propertyPhotos } from '../../db/schema';
import { photoFileKeys } from '../media/photo-files';
import { renumberPhotos } from './listings.repository';
import type { LivePhoto, PendingChangeState } from './pending-change';

/*
 * SQL of pending changes (edits of approved listings awaiting review): read, save, forget, and
 * apply one to its listing. Callers hold the listing's row lock (SELECT … FOR UPDATE on
 * properties), which serialises every write to one listing and so to its change.
 */

export interface PendingChangesRepository {
  find(propertyId: string): Promise<PendingChangeState | undefined>;
  /** The listing's photos as the public sees them, in position order. */
  livePhotos(propertyId: string): Promise<LivePhoto[]>;
  save(propertyId: string, change: PendingChangeState, now: Date): Promise<void>;
  /**
   * Forgets the change; the files of the photos it added go to the upload journal, for the caller
   * (or the media sweeper) to delete after the commit. Answers their keys.
   */
  discard(propertyId: string, now: Date): Promise<string[]>;
  /**
   * Makes the change the live version: its columns onto the listing, its photos in and the dropped
   * ones out (their files to the upload journal; answers their keys), `photoIds` as the new order,
   * then forgets it.
   */
  apply(
    propertyId: string,
    change: PendingChangeState,
    photoIds: readonly string[],
    now: Date,
  ): Promise<string[]>;
}

const pc = pendingChanges;
const ADDED_POSITION = 1_000_000;
const ph = propertyPhotos;

async function journal(db: Database, propertyId: string, keys: string[], now: Date) {
  if (keys.length === 0) return;
  await db
    .insert(mediaUploads)
    .values(keys.map((key) => ({ key, propertyId, createdAt: now })))
    .onConflictDoNothing();
}

export function createPendingChangesRepository(db: Database): PendingChangesRepository {
  return {
    async find(propertyId) {
      const [row] = await db
        .select({
          status: pc.status,
          changes: pc.changes,
          addedPhotos: pc.addedPhotos,
          removedPhotoIds: pc.removedPhotoIds,
          photoOrder: pc.photoOrder,
          rejectionReason: pc.rejectionReason,
        })
        .from(pc)
        .where(eq(pc.propertyId, propertyId));
      return row;
    },

    livePhotos: (propertyId) =>
      db
        .select({ id: ph.id, label: ph.label })
        .from(ph)
        .where(eq(ph.propertyId, propertyId))
        .orderBy(ph.position),

    async save(propertyId, change, now) {
      const values = { ...change, updatedAt: now };
      await db
        .insert(pc)
        .values({ propertyId, ...values, createdAt: now })
        .onConflictDoUpdate({ target: pc.propertyId, set: values });
    },

    async discard(propertyId, now) {
      const [row] = await db
        .delete(pc)
        .where(eq(pc.propertyId, propertyId))
        .returning({ addedPhotos: pc.addedPhotos });
      const keys = (row?.addedPhotos ?? []).flatMap((photo) => photo.variants.map((v) => v.key));
      await journal(db, propertyId, keys, now);
      return keys;
    },

    async apply(propertyId, change, photoIds, now) {
      const { changes } = change;
      await db
        .update(properties)
        .set({ ...changes, rejectionReason: null, approvedAt: now, updatedAt: now })
        .where(eq(properties.id, propertyId));

      let orphanKeys: string[] = [];
      if (change.removedPhotoIds.length > 0) {
        const removed = await db
          .delete(ph)
          .where(and(eq(ph.propertyId, propertyId), inArray(ph.id, change.removedPhotoIds)))
          .returning({ id: ph.id, variants: ph.variants });
        // A live photo may have had its preview image rendered: it goes with the variants.
        orphanKeys = removed.flatMap((photo) => photoFileKeys(photo));
        await journal(db, propertyId, orphanKeys, now);
      }
      if (change.addedPhotos.length > 0) {
        // Far above any live position until the renumbering below, which parks the live ones on
        // negative positions first: no two photos of the listing ever share a position.
        await db.insert(ph).values(
          change.addedPhotos.map(({ perceptualHash, ...photo }, index) => ({
            ...photo,
            perceptualHash: perceptualHash ? BigInt(perceptualHash) : null,
            propertyId,
            position: ADDED_POSITION + index,
            createdAt: now,
          })),
        );
      }
      await renumberPhotos(db, propertyId, photoIds);
      await db.delete(pc).where(eq(pc.propertyId, propertyId));
      return orphanKeys;
    },
  };
}

import { and, asc, count, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TPictureLabel } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import { photoUploads, uploadLocks, users } from '../../db/schema';

/*
 * SQL of resumable photo uploads (decision 043): the photo_uploads rows that say whose each tus
 * upload is and which listing slot it fills, and the upload_locks leases of the cross-process tus
 * locker (upload-locker.ts).
 */

export interface PhotoUpload {
  id: string;
  userId: string;
  propertyId: string;
  label: TPictureLabel;
  size: number;
  createdAt: Date;
  completedAt: Date | null;
  photoId: string | null;
}

export type NewPhotoUpload = Omit<PhotoUpload, 'completedAt' | 'photoId'>;

/** Open (not attached) uploads the new one would sit beside, the slot's own superseded already. */
export interface OpenUploadCounts {
  onListing: number;
  ofUser: number;
}

export interface UploadsRepository {
  /**
   * In one transaction, serialised per user (the user's row is locked): deletes the open upload of
   * the same slot, lets `check` refuse from what stays open (throwing rolls everything back), and
   * inserts the new row. Resolves the superseded uploads' ids, whose files are the caller's to
   * delete.
   */
  create(upload: NewPhotoUpload, check: (open: OpenUploadCounts) => void): Promise<string[]>;
  /** The upload, whoever's it is. */
  find(id: string): Promise<PhotoUpload | undefined>;
  /**
   * Marks an open upload attached (photo and time), on the caller's transaction: false when it is
   * attached already (another attach won) or gone.
   */
  markAttached(id: string, photoId: string, at: Date): Promise<boolean>;
  /** Deletes the row of an open upload; an attached one stays (its attach must stay idempotent). */
  deleteOpen(id: string): Promise<void>;
  /** Rows created before `olderThan`, oldest first, attached or not. */
  createdBefore(olderThan: Date, limit: number): Promise<{ id: string; attached: boolean }[]>;
  delete(ids: readonly string[]): Promise<void>;
  /** Which of `ids` have a row. */
  existing(ids: readonly string[]): Promise<Set<string>>;
}

const u = photoUploads;

export function createUploadsRepository(db: Database): UploadsRepository {
  return {
    async create(upload, check) {
      return db.transaction(async (tx) => {
        // One creation of the user's at a time: the counts below cannot be raced past.
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, upload.userId))
          .for('update');
        const superseded = await tx
          .delete(u)
          .where(
            and(eq(u.propertyId, upload.propertyId), eq(u.label, upload.label), isNull(u.photoId)),
          )
          .returning({ id: u.id });
        const [onListing] = await tx
          .select({ n: count() })
          .from(u)
          .where(and(eq(u.propertyId, upload.propertyId), isNull(u.photoId)));
        const [ofUser] = await tx
          .select({ n: count() })
          .from(u)
          .where(and(eq(u.userId, upload.userId), isNull(u.photoId)));
        check({ onListing: onListing?.n ?? 0, ofUser: ofUser?.n ?? 0 });
        await tx.insert(u).values(upload);
        return superseded.map((row) => row.id);
      });
    },

    async find(id) {
      const [row] = await db.select().from(u).where(eq(u.id, id));
      return row;
    },

    async markAttached(id, photoId, at) {
      const rows = await db
        .update(u)
        .set({ photoId, completedAt: at })
        .where(and(eq(u.id, id), isNull(u.photoId)))
        .returning({ id: u.id });
      return rows.length > 0;
    },

    async deleteOpen(id) {
      await db.delete(u).where(and(eq(u.id, id), isNull(u.photoId)));
    },

    async createdBefore(olderThan, limit) {
      return db
        .select({ id: u.id, attached: sql<boolean>`${u.photoId} is not null` })
        .from(u)
        .where(lt(u.createdAt, olderThan))
        .orderBy(asc(u.createdAt))
        .limit(limit);
    },

    async delete(ids) {
      if (ids.length === 0) return;
      await db.delete(u).where(inArray(u.id, [...ids]));
    },

    async existing(ids) {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: u.id })
        .from(u)
        .where(inArray(u.id, [...ids]));
      return new Set(rows.map((row) => row.id));
    },
  };
}

/** The lease table behind the tus locker: one short statement per call, no connection held. */
export interface UploadLeases {
  /** Takes the lease when nobody holds it or its holder's lease ran out; true when taken. */
  take(uploadId: string, holder: string, leaseMs: number): Promise<boolean>;
  /** Asks the current holder (someone else) to let go. */
  askRelease(uploadId: string, holder: string): Promise<void>;
  /** Extends the holder's lease: whether it still holds it, and whether someone asked for it. */
  renew(
    uploadId: string,
    holder: string,
    leaseMs: number,
  ): Promise<{ held: boolean; releaseRequested: boolean }>;
  release(uploadId: string, holder: string): Promise<void>;
  /** Deletes leases that ran out before `olderThanMs` ago (their holder crashed). */
  deleteExpired(olderThanMs: number): Promise<number>;
}

const l = uploadLocks;

/**
 * Lease times are the database's (clock_timestamp()), the one clock every process shares: a
 * process whose own clock is off cannot take a lease early or keep one late.
 */
export function createUploadLeases(db: Database): UploadLeases {
  const until = (leaseMs: number) =>
    sql`clock_timestamp() + make_interval(secs => ${leaseMs / 1000})`;
  return {
    async take(uploadId, holder, leaseMs) {
      const rows = await db
        .insert(l)
        .values({ uploadId, holder, expiresAt: until(leaseMs), releaseRequested: false })
        .onConflictDoUpdate({
          target: l.uploadId,
          set: { holder, expiresAt: until(leaseMs), releaseRequested: false },
          where: sql`${l.expiresAt} < clock_timestamp()`,
        })
        .returning({ holder: l.holder });
      return rows.length > 0;
    },

    async askRelease(uploadId, holder) {
      await db
        .update(l)
        .set({ releaseRequested: true })
        .where(
          and(
            eq(l.uploadId, uploadId),
            sql`${l.holder} <> ${holder}`,
            eq(l.releaseRequested, false),
          ),
        );
    },

    async renew(uploadId, holder, leaseMs) {
      const [row] = await db
        .update(l)
        .set({ expiresAt: until(leaseMs) })
        .where(and(eq(l.uploadId, uploadId), eq(l.holder, holder)))
        .returning({ releaseRequested: l.releaseRequested });
      return { held: row !== undefined, releaseRequested: row?.releaseRequested ?? false };
    },

    async release(uploadId, holder) {
      await db.delete(l).where(and(eq(l.uploadId, uploadId), eq(l.holder, holder)));
    },

    async deleteExpired(olderThanMs) {
      const rows = await db
        .delete(l)
        .where(
          sql`${l.expiresAt} < clock_timestamp() - make_interval(secs => ${olderThanMs / 1000})`,
        )
        .returning({ uploadId: l.uploadId });
      return rows.length;
    },
  };
}

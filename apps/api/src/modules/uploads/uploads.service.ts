import { randomUUID } from 'node:crypto';
import { Metadata } from '@tus/server';
import { PHOTO_MAX_BYTES, PHOTOS_PER_LISTING_MAX } from '@makazi/contracts/listing-values';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { PICTURE_LABELS, type TPictureLabel } from '@makazi/contracts/property-values';
import {
  UPLOAD_METADATA_OPTIONAL,
  UPLOAD_METADATA_REQUIRED,
  ZUploadId,
} from '@makazi/contracts/uploads';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField, notFound, ServiceUnavailableError } from '../../lib/errors';
import { requireOwnListing, requirePublisher, type Actor } from '../access/access';
import type { AccessRepository } from '../access/access.repository';
import type { MediaService } from '../media/media.service';
import type { UploadTarget } from '../media/media.repository';
import type { UploadFiles } from './upload-files';
import type { PhotoUpload, UploadsRepository } from './uploads.repository';

/*
 * Resumable photo uploads (issue 22, decision 043). A photo travels in two steps:
 *
 *   1. tus: POST /api/uploads creates an upload for one listing slot (checked here: the listing is
 *      the actor's and editable, the metadata names the slot, the limits hold), then PATCHes bring
 *      its bytes, resumably, into UPLOADS_DIR. The routes check every later request's upload is
 *      the actor's (404 otherwise) and hand the request to @tus/server.
 *   2. attach: once every byte has arrived, the photo goes through the multipart route's pipeline
 *      (media.service addUploadedPhoto) into its slot; the photo and the upload's photo_id commit
 *      in one transaction, so an attach retried after a lost answer finds it done (200) and two
 *      at once make one photo.
 *
 * Limits: one open upload per slot (a new one supersedes the older, whose file goes), at most
 * PHOTOS_PER_LISTING_MAX open per listing, UPLOADS_OPEN_PER_USER per account, and creations per
 * hour (a route limit). Uploads not attached UPLOAD_ABANDONED_AFTER_HOURS after creation are swept.
 */

export interface UploadsService {
  /**
   * Checks a creation (Upload-Length, Upload-Metadata, the listing, the limits) and records the
   * upload; answers the id tus must create it under. Superseded uploads' files are deleted.
   */
  begin(actor: Actor, headers: CreationHeaders): Promise<{ uploadId: string }>;
  /** Forgets an upload whose creation tus refused after begin() recorded it. */
  abandonCreation(uploadId: string): Promise<void>;
  /** 404 unless the upload exists, is open and is the actor's. */
  requireOwnOpenUpload(actor: Actor, uploadId: string): Promise<void>;
  /** After tus terminated an upload (DELETE): its row goes too. */
  terminated(uploadId: string): Promise<void>;
  /** Attaches a complete upload to its listing; `created` false when it was attached already. */
  attach(
    actor: Actor,
    propertyId: string,
    uploadId: string,
  ): Promise<{ created: boolean; view: TViewerProperty }>;
  /**
   * Deletes uploads created before `olderThan` (files and rows; attached ones' rows), files in
   * UPLOADS_DIR without a row untouched since `orphanFilesBefore`, and locks long expired.
   */
  sweep(olderThan: Date, orphanFilesBefore: Date): Promise<{ uploads: number; files: number }>;
}

/** The creation's tus headers, as received. */
export interface CreationHeaders {
  uploadLength: string | undefined;
  uploadDeferLength: string | undefined;
  uploadConcat: string | undefined;
  uploadMetadata: string | undefined;
}

export interface UploadsLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface UploadsServiceDeps {
  repository: UploadsRepository;
  /** The uploads repository on the media module's transaction, to mark an upload attached. */
  onTransaction: (transaction: Database) => Pick<UploadsRepository, 'markAttached'>;
  listings: { findUploadTarget(propertyId: string): Promise<UploadTarget | undefined> };
  access: AccessRepository;
  media: Pick<MediaService, 'addUploadedPhoto'>;
  ownerView(propertyId: string, ownerId: string): Promise<TViewerProperty>;
  files: UploadFiles;
  /** Releases expired leases of the tus locker. */
  expireLocks(olderThanMs: number): Promise<number>;
  clock: Clock;
  log: UploadsLog;
  limits: {
    openPerUser: number;
    openPerListing?: number;
    /**
     * Bytes the uploads' file system keeps free (UPLOADS_MIN_FREE_MB): past it, no upload begins,
     * whoever asks, so uploads can never fill the disk the database and the photos share.
     */
    minFreeBytes: number;
  };
}

const SWEEP_BATCH = 200;
/** What a refusal for want of disk space asks the client to wait: the sweep frees space hourly. */
const RETRY_WHEN_SHORT_OF_DISK_SECONDS = 600;
/** Leases a crashed process left: deleted once they ran out this long ago. */
const EXPIRED_LOCKS_AFTER_MS = 60 * 60 * 1000;
const MEGABYTE = 1024 * 1024;
const UPLOAD_NOT_FOUND = 'No upload of yours has this id';

const KNOWN_KEYS: readonly string[] = [...UPLOAD_METADATA_REQUIRED, ...UPLOAD_METADATA_OPTIONAL];

function isPictureLabel(value: string): value is TPictureLabel {
  return (PICTURE_LABELS as readonly string[]).includes(value);
}

/** Upload-Length as a number of bytes: required, a whole number, at most PHOTO_MAX_BYTES. */
function uploadLength(headers: CreationHeaders): number {
  if (headers.uploadDeferLength !== undefined) {
    throw invalidField(
      'Upload-Defer-Length',
      'is not supported: send Upload-Length, the photo’s size in bytes',
    );
  }
  if (headers.uploadConcat !== undefined) {
    throw invalidField('Upload-Concat', 'is not supported: send each photo as one upload');
  }
  const raw = headers.uploadLength;
  if (raw === undefined)
    throw invalidField('Upload-Length', 'is required: the photo’s size in bytes');
  if (!/^\d{1,12}$/.test(raw)) throw invalidField('Upload-Length', 'must be a number of bytes');
  const size = Number(raw);
  if (size === 0) throw invalidField('Upload-Length', 'must be more than 0: a photo has bytes');
  if (size > PHOTO_MAX_BYTES) {
    const message = `is larger than ${PHOTO_MAX_BYTES / MEGABYTE} MB`;
    throw new AppError('PAYLOAD_TOO_LARGE', `Upload-Length: ${message}`, [
      { field: 'Upload-Length', message },
    ]);
  }
  return size;
}

/** The slot Upload-Metadata names; a 400 naming the key at fault. */
function slotOf(header: string | undefined): { propertyId: string; label: TPictureLabel } {
  const field = 'Upload-Metadata';
  if (header === undefined || header.trim() === '') {
    throw invalidField(field, `is required: name ${UPLOAD_METADATA_REQUIRED.join(' and ')}`);
  }
  let metadata: Record<string, string | null | undefined>;
  try {
    metadata = Metadata.parse(header);
  } catch {
    throw invalidField(
      field,
      'is not valid: comma-separated keys, each with a base64 value after a space',
    );
  }
  for (const key of Object.keys(metadata)) {
    if (!KNOWN_KEYS.includes(key)) {
      throw invalidField(
        `${field}.${key.slice(0, 40)}`,
        `is not a key uploads take: use ${KNOWN_KEYS.join(', ')}`,
      );
    }
  }
  const propertyId = metadata.propertyId ?? '';
  if (!ZUploadId.safeParse(propertyId).success) {
    throw invalidField(`${field}.propertyId`, 'must be a listing id');
  }
  const label = (metadata.label ?? '').trim();
  if (!isPictureLabel(label)) {
    throw invalidField(
      `${field}.label`,
      `must be a picture label: one of ${PICTURE_LABELS.join(', ')}`,
    );
  }
  return { propertyId, label };
}

export function createUploadsService(deps: UploadsServiceDeps): UploadsService {
  const { repository, files, clock, log } = deps;
  const openPerListing = deps.limits.openPerListing ?? PHOTOS_PER_LISTING_MAX;

  /** The actor's upload, or a 404 that says nothing of anyone else's. */
  async function ownUpload(actor: Actor, uploadId: string): Promise<PhotoUpload> {
    if (!ZUploadId.safeParse(uploadId).success) throw notFound(UPLOAD_NOT_FOUND);
    const upload = await repository.find(uploadId);
    if (!upload || upload.userId !== actor.userId) throw notFound(UPLOAD_NOT_FOUND);
    return upload;
  }

  async function removeFiles(uploadIds: readonly string[]): Promise<void> {
    for (const uploadId of uploadIds) {
      try {
        await files.remove(uploadId);
      } catch (err) {
        // The sweep deletes files without a row.
        log.warn({ err, uploadId }, 'could not delete an upload file; the sweep will');
      }
    }
  }

  async function discard(uploadId: string): Promise<void> {
    await repository.deleteOpen(uploadId);
    await removeFiles([uploadId]);
  }

  return {
    async begin(actor, headers) {
      const size = uploadLength(headers);
      const { propertyId, label } = slotOf(headers.uploadMetadata);
      requireOwnListing(actor.userId, await deps.listings.findUploadTarget(propertyId));
      await requirePublisher(deps.access, actor, 'canEdit');
      const free = await files.freeBytes();
      if (free - size < deps.limits.minFreeBytes) {
        log.error(
          { freeBytes: free, minFreeBytes: deps.limits.minFreeBytes },
          'photo uploads refused: the uploads directory is short of disk space (UPLOADS_MIN_FREE_MB)',
        );
        throw new ServiceUnavailableError(
          'Photo uploads are paused while the server makes room. Try again in a few minutes.',
          RETRY_WHEN_SHORT_OF_DISK_SECONDS,
        );
      }
      const uploadId = randomUUID();
      const superseded = await repository.create(
        { id: uploadId, userId: actor.userId, propertyId, label, size, createdAt: clock() },
        ({ onListing, ofUser }) => {
          if (onListing >= openPerListing) {
            throw new AppError(
              'CONFLICT',
              `This listing has ${onListing} photo uploads under way, the most it may have: attach or cancel one first.`,
            );
          }
          if (ofUser >= deps.limits.openPerUser) {
            throw new AppError(
              'CONFLICT',
              `You have ${ofUser} photo uploads under way, the most one account may have: attach or cancel some first, or wait a day.`,
            );
          }
        },
      );
      // A request still writing a superseded file writes into a file nobody reads any more.
      await removeFiles(superseded);
      return { uploadId };
    },

    async abandonCreation(uploadId) {
      await discard(uploadId);
    },

    async requireOwnOpenUpload(actor, uploadId) {
      const upload = await ownUpload(actor, uploadId);
      if (upload.photoId !== null) throw notFound(UPLOAD_NOT_FOUND);
    },

    async terminated(uploadId) {
      await repository.deleteOpen(uploadId);
    },

    async attach(actor, propertyId, uploadId) {
      const upload = await ownUpload(actor, uploadId);
      if (upload.propertyId !== propertyId) throw notFound(UPLOAD_NOT_FOUND);
      const view = () => deps.ownerView(propertyId, actor.userId);
      // Attached already: a retry after a lost answer.
      if (upload.photoId !== null) return { created: false, view: await view() };

      const progress = await files.progress(uploadId);
      if (progress && progress.offset < progress.size) {
        throw new AppError(
          'CONFLICT',
          `upload: ${progress.offset} of ${progress.size} bytes have arrived; send the rest before attaching it`,
          [{ field: 'upload', message: 'is not complete' }],
        );
      }
      const data = progress ? await files.read(uploadId) : undefined;
      if (!data) {
        // Another attach of it may have just finished and deleted the file.
        const now = await repository.find(uploadId);
        if (now?.photoId) return { created: false, view: await view() };
        throw notFound(UPLOAD_NOT_FOUND);
      }

      let added: boolean;
      try {
        ({ added } = await deps.media.addUploadedPhoto(
          actor,
          propertyId,
          { label: upload.label, data, field: 'upload' },
          (transaction, photoId) =>
            deps.onTransaction(transaction).markAttached(uploadId, photoId, clock()),
        ));
      } catch (err) {
        // Not a photo, or one too large to decode: no retry can change that.
        if (
          err instanceof AppError &&
          ['UNSUPPORTED_MEDIA_TYPE', 'PAYLOAD_TOO_LARGE'].includes(err.code)
        ) {
          await discard(uploadId);
        }
        throw err;
      }
      if (added) await removeFiles([uploadId]);
      return { created: added, view: await view() };
    },

    async sweep(olderThan, orphanFilesBefore) {
      let uploads = 0;
      for (;;) {
        const rows = await repository.createdBefore(olderThan, SWEEP_BATCH);
        if (rows.length === 0) break;
        // Attached uploads' files were deleted at attach time, unless that failed.
        await removeFiles(rows.map((row) => row.id));
        await repository.delete(rows.map((row) => row.id));
        uploads += rows.filter((row) => !row.attached).length;
        if (rows.length < SWEEP_BATCH) break;
      }
      // Files whose row is gone: a failed deletion, an account deleted, a crash mid-creation.
      const candidates = await files.idsModifiedBefore(orphanFilesBefore);
      const known = await repository.existing(candidates);
      const orphans = candidates.filter((id) => !known.has(id));
      await removeFiles(orphans);
      await deps.expireLocks(EXPIRED_LOCKS_AFTER_MS);
      return { uploads, files: orphans.length };
    },
  };
}

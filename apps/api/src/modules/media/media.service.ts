import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { PHOTO_MAX_BYTES, PHOTOS_PER_LISTING_MAX } from '@makazi/contracts/listing-values';
import type { TViewerProperty } from '@makazi/contracts/listings';
import {
  PICTURE_LABELS,
  pictureSlotRank,
  type TPictureLabel,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import {
  InvalidStorageKeyError,
  type StorageGateway,
} from '../../gateways/storage/storage-gateway';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import { requireOwnListing, requirePublisher, type Actor } from '../access/access';
import { statusAfterEdit } from '../listings/listing-rules';
import {
  addPhotos,
  afterEdit,
  noChange,
  type PendingChangeState,
} from '../listings/pending-change';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import type {
  ExistingPhoto,
  MediaRepository,
  NewPhotoRow,
  PendingPhotoChanges,
  PhotoChanges,
  UnhashedPhoto,
} from './media.repository';
import { BLANK_HASH, perceptualHash, toSignedHash } from './perceptual-hash';
import {
  PHOTOS_AT_ONCE,
  PhotoRejectedError,
  plannedVariantKeys,
  processPhoto,
  storePhotoVariants,
  type ProcessedPhoto,
  type StoredPhoto,
} from './photo-processing';
import { photoFileKeys } from './photo-files';
import { createSocialImageService, type SocialImage } from './social-images.service';

/*
 * Photo uploads (POST /api/properties/{id}/media), all or nothing per request, and crash-safe:
 *
 *   1. each file is read (at most PHOTO_MAX_BYTES) and re-encoded by processPhoto;
 *   2. its future storage keys go into the upload journal (media_uploads), committed;
 *   3. its variants are written to storage;
 *   4. once every file of the request is stored, one transaction records the photo rows,
 *      replaces the slots they fill, takes the request's keys out of the journal, puts the keys of
 *      replaced photos in, and recomputes the listing's status;
 *   5. after the commit, the replaced photos' files are deleted and their keys forgotten.
 *
 * A failure anywhere before the commit deletes the request's files and journal rows and answers
 * the error: nothing of the request is recorded. A crash leaves keys in the journal, and
 * sweepOrphanUploads deletes their files once they are older than any upload can take.
 *
 * Pairing: the form repeats `files` and `category`; the i-th category field (in order of
 * appearance) labels the i-th file, whether it comes before or after that file, so a client may
 * send file, category, file, category … or all files then all categories. The counts must match.
 *
 * Slots: a listing holds one photo per label (the wizard's slots). A label that already has a
 * photo is replaced: the new photo takes the old one's position, the old row is deleted and its
 * files after the commit. New labels are appended after the last position. A request may not name
 * a label twice.
 *
 * A live (approved) listing keeps the photos the public sees: uploads to it join its pending
 * change instead (listings/pending-change.ts), by the same slot rule applied to the changed
 * version, and reach the listing when an admin approves the change.
 */

/** One part of the multipart form, in the order the client sent it. */
export type FormPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      name: string;
      /**
       * Reads the whole file; undefined when it is longer than `maxBytes` (reading stops there).
       * Must be called before the next part is asked for.
       */
      read(maxBytes: number): Promise<Buffer | undefined>;
    };

export interface MediaService {
  /** Stores the form's photos on the actor's listing; answers its owner view. */
  uploadPhotos(
    actor: Actor,
    propertyId: string,
    form: AsyncIterable<FormPart>,
  ): Promise<TViewerProperty>;
  /**
   * Stores one photo that arrived on its own (a resumable upload, decision 043) in its label's
   * slot of the actor's listing, by the same pipeline and slot rules as uploadPhotos. `claim` runs
   * in the transaction that records the photo, with the photo's id: when it answers false
   * (another request recorded this upload first) nothing is recorded, the files just stored are
   * deleted, and `added` is false.
   */
  addUploadedPhoto(
    actor: Actor,
    propertyId: string,
    photo: { label: TPictureLabel; data: Buffer; field: string },
    claim: UploadClaim,
  ): Promise<{ added: boolean }>;
  /**
   * Deletes the files of journal entries created before `olderThan` (uploads that crashed or
   * whose cleanup failed, replaced photos whose deletion failed) and the entries themselves.
   */
  sweepOrphanUploads(olderThan: Date): Promise<{ deleted: number; failed: number }>;
  /** The link-preview image of a public listing's photo (social-images.service.ts); 404 else. */
  socialImage(photoId: string): Promise<SocialImage>;
  /**
   * The backfill (decision 041): hashes up to `limit` photos stored before hashing, from their
   * largest stored variant. A file that is missing or no image gets the blank hash (nothing to
   * compare, never asked again); one the store fails to hand over stays unhashed for next time.
   */
  hashUnhashedPhotos(limit: number): Promise<{ hashed: number; blank: number; failed: number }>;
}

/** See addUploadedPhoto: marks the upload recorded, on the photo's transaction. */
export type UploadClaim = (transaction: Database, photoId: string) => Promise<boolean>;

export interface MediaLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface MediaServiceDeps {
  repository: MediaRepository;
  storage: StorageGateway;
  /** The owner view of a listing after a write (the properties module's). */
  ownerView(propertyId: string, ownerId: string): Promise<TViewerProperty>;
  clock: Clock;
  log: MediaLog;
  /**
   * Photos decoded at once in this process, across requests, preview images included. sharp
   * already spreads one photo over every core; two overlap one photo's I/O with another's CPU and
   * bound memory.
   */
  concurrency?: number;
  /** The re-encoder (tests swap it); default processPhoto. */
  processPhoto?: (input: Buffer) => Promise<ProcessedPhoto>;
}

const FORM_FIELDS = 'send files and category';
const SWEEP_BATCH = 200;
const DELETES_AT_ONCE = 16;
const MEGABYTE = 1024 * 1024;

function isPictureLabel(value: string): value is TPictureLabel {
  return (PICTURE_LABELS as readonly string[]).includes(value);
}

/**
 * An error about one file, naming it as validation errors name fields: `files.<index>` in a form,
 * `upload` for a resumable upload.
 */
function fileError(
  code: 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE',
  field: string,
  message: string,
) {
  return new AppError(code, `${field}: ${message}`, [{ field, message }]);
}

function asFileError(err: unknown, field: string): unknown {
  if (err instanceof PhotoRejectedError) {
    const code = err.reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE';
    return fileError(code, field, err.message);
  }
  return err;
}

interface UploadedPhoto {
  index: number;
  /** The id its files are stored under, and its row's once recorded. */
  photoId: string;
  stored: StoredPhoto;
}

/** A photo stored and waiting to be recorded in its slot. */
interface PhotoToRecord {
  label: TPictureLabel;
  photoId: string;
  stored: StoredPhoto;
}

/** Thrown inside the recording transaction to roll it back when the upload's claim is refused. */
class ClaimRefused extends Error {}

/**
 * Where a request's photos go: the replacement rule of the header comment, and a new label at its
 * slot's place in the wizard's order (pictureSlotRank) when that position is free, else after the
 * last. The wizard sends two photos at a time, so the bedroom often arrives before the outside:
 * by arrival order it would become the first photo and the gallery's order would be the network's.
 */
export function planPhotoChanges(
  type: TPropertyType,
  existing: readonly ExistingPhoto[],
  uploads: readonly { label: TPictureLabel; stored: StoredPhoto; photoId?: string }[],
): Omit<PhotoChanges, 'status'> & { labelsAfter: TPictureLabel[] } {
  const newLabels = new Set(uploads.map((u) => u.label));
  const replaced = existing.filter((photo) => newLabels.has(photo.label));
  const kept = existing.filter((photo) => !newLabels.has(photo.label));
  if (kept.length + uploads.length > PHOTOS_PER_LISTING_MAX) {
    throw invalidField(
      'files',
      `a listing holds at most ${PHOTOS_PER_LISTING_MAX} photos; it has ${existing.length} and ${uploads.length} were sent`,
    );
  }
  const used = new Set(kept.map((photo) => photo.position));
  let next = existing.reduce((max, photo) => Math.max(max, photo.position + 1), 0);
  const placeOf = (label: TPictureLabel): number => {
    const slot = pictureSlotRank(type, label);
    if (!used.has(slot)) return slot;
    while (used.has(next)) next += 1;
    return next;
  };
  const insert: NewPhotoRow[] = uploads.map(({ label, stored, photoId }) => {
    // existing is in position order: the slot's first photo gives its place.
    const old = replaced.find((photo) => photo.label === label);
    const position = old ? old.position : placeOf(label);
    used.add(position);
    return {
      // The row is named as its files are, so a resumable upload can name the photo it became.
      ...(photoId === undefined ? {} : { id: photoId }),
      label,
      position,
      width: stored.width,
      height: stored.height,
      variants: stored.variants,
      perceptualHash: stored.perceptualHash,
    };
  });
  return {
    removePhotoIds: replaced.map((photo) => photo.id),
    insert,
    orphanKeys: replaced.flatMap((photo) => photoFileKeys(photo)),
    labelsAfter: [...kept.map((photo) => photo.label), ...uploads.map((u) => u.label)],
  };
}

/** An upload to a live listing: its photos join the listing's pending change. */
function addToPendingChange(
  type: TPropertyType,
  live: readonly ExistingPhoto[],
  before: PendingChangeState | undefined,
  uploads: readonly { label: TPictureLabel; photoId: string; stored: StoredPhoto }[],
): PendingPhotoChanges {
  const { change, orphanKeys, photoCount } = addPhotos(
    before ?? noChange(),
    live,
    uploads.map(({ label, photoId, stored }) => ({
      id: photoId,
      label,
      width: stored.width,
      height: stored.height,
      variants: stored.variants,
      // JSON has no 64-bit integers: the change keeps it as text until it becomes a row.
      perceptualHash: stored.perceptualHash === null ? null : String(stored.perceptualHash),
    })),
  );
  if (photoCount > PHOTOS_PER_LISTING_MAX) {
    throw invalidField(
      'files',
      `a listing holds at most ${PHOTOS_PER_LISTING_MAX} photos; its changed version would have ${photoCount}`,
    );
  }
  // Never null: the change now adds at least the uploaded photos.
  const pendingChange = afterEdit(type, live, before ?? noChange(), change) ?? change;
  return { pendingChange, orphanKeys };
}

export function createMediaService(deps: MediaServiceDeps): MediaService {
  const { repository, storage, clock, log } = deps;
  const reencode = deps.processPhoto ?? processPhoto;
  const concurrency = deps.concurrency ?? PHOTOS_AT_ONCE;
  const processing = createConcurrencyLimit(concurrency);
  const socialImages = createSocialImageService({ repository, storage, log, processing });

  /**
   * Deletes files, then forgets the keys whose files are gone; the rest stay for the sweeper,
   * which also asks the store for what a crash left beside each key.
   */
  async function discard(
    keys: readonly string[],
    options: { crashLeftovers?: boolean } = {},
  ): Promise<{ deleted: number; failed: number }> {
    const gone: string[] = [];
    let failed = 0;
    // A few at a time: a sweep of thousands must not open thousands of requests to the store.
    for (let i = 0; i < keys.length; i += DELETES_AT_ONCE) {
      await Promise.all(
        keys.slice(i, i + DELETES_AT_ONCE).map(async (key) => {
          try {
            await storage.delete(key, options);
            gone.push(key);
          } catch (err) {
            // A key the store refuses names no file: nothing to wait for.
            if (err instanceof InvalidStorageKeyError) gone.push(key);
            else {
              failed += 1;
              log.warn({ err, key }, 'could not delete a media file; the sweeper will retry');
            }
          }
        }),
      );
    }
    try {
      await repository.forget(gone);
    } catch (err) {
      // Harmless: the sweeper deletes the (already missing) files again and then forgets them.
      log.warn({ err, keys: gone.length }, 'could not clear the upload journal');
    }
    return { deleted: gone.length, failed };
  }

  /**
   * Re-encodes one photo and stores its variants under a new photo id, its keys journaled first
   * (into `journaled`, which the caller discards if the photo is never recorded). `abandoned`
   * throws when the request has already failed: no more CPU or storage is spent on it.
   */
  async function processAndStore(
    listingId: string,
    data: Buffer,
    field: string,
    journaled: string[],
    abandoned: () => void = () => undefined,
  ): Promise<{ photoId: string; stored: StoredPhoto }> {
    const release = await processing.acquire();
    let processed: ProcessedPhoto;
    try {
      abandoned();
      processed = await reencode(data);
    } catch (err) {
      throw asFileError(err, field);
    } finally {
      release();
    }
    abandoned();
    const photoId = randomUUID();
    const keys = plannedVariantKeys(processed, photoId);
    await repository.journal(keys, listingId, clock());
    journaled.push(...keys);
    return { photoId, stored: await storePhotoVariants(storage, processed, photoId) };
  }

  /**
   * One transaction: the stored photos take their slots (or join a live listing's pending change)
   * and their keys leave the journal; `claim`, when given, runs in it first and may refuse.
   */
  function recordPhotos(
    actor: Actor,
    listingId: string,
    photos: readonly PhotoToRecord[],
    journaled: readonly string[],
    claim?: (transaction: Database) => Promise<boolean>,
  ): Promise<PhotoChanges | PendingPhotoChanges> {
    return repository.recordPhotos(
      listingId,
      journaled,
      clock(),
      (listing, existing, pendingChange): PhotoChanges | PendingPhotoChanges => {
        // Checked again under the row lock: the listing may have been deleted meanwhile.
        const target = requireOwnListing(actor.userId, listing);
        // A live listing keeps its reviewed photos: new ones wait in its pending change.
        if (target.status === 'approved') {
          return addToPendingChange(target.type, existing, pendingChange, photos);
        }
        const { labelsAfter, ...planned } = planPhotoChanges(target.type, existing, photos);
        return {
          ...planned,
          status: statusAfterEdit(target.type, target.hasAddress, labelsAfter).status,
        };
      },
      claim
        ? async (transaction) => {
            if (!(await claim(transaction))) throw new ClaimRefused();
          }
        : undefined,
    );
  }

  /** Takes back what a request stored before it failed. */
  async function discardFailed(listingId: string, journaled: readonly string[]): Promise<void> {
    const { failed } = await discard(journaled);
    if (failed > 0) {
      log.warn({ propertyId: listingId, failed }, 'a failed upload left files for the sweeper');
    }
  }

  async function uploadPhotos(
    actor: Actor,
    listingId: string,
    form: AsyncIterable<FormPart>,
  ): Promise<TViewerProperty> {
    // Refused before a byte of the body is read.
    requireOwnListing(actor.userId, await repository.findUploadTarget(listingId));
    await requirePublisher(repository.access, actor, 'canEdit');

    const labels: TPictureLabel[] = [];
    const tasks: Promise<UploadedPhoto>[] = [];
    /** Keys journaled by this request: deleted with their files if it fails. */
    const journaled: string[] = [];
    // The request's first failure; file tasks set it too, so it is read through a function.
    const state: { failure?: { error: unknown } } = {};
    const failed = (): boolean => state.failure !== undefined;
    function throwIfFailed(): void {
      if (state.failure) throw state.failure.error;
    }
    // Files read but not yet stored, per request: what bounds a request's memory (each ≤ 10 MB).
    const buffered = createConcurrencyLimit(concurrency + 1);

    function start(data: Buffer, index: number, release: () => void): void {
      const task = processAndStore(listingId, data, `files.${index}`, journaled, throwIfFailed)
        .then((photo) => ({ index, ...photo }))
        .finally(release);
      task.catch((error: unknown) => {
        state.failure ??= { error };
      });
      tasks.push(task);
    }

    /** Reads the form, starting each file's work as soon as it has arrived. */
    async function receive(): Promise<number> {
      let files = 0;
      for await (const part of form) {
        if (part.kind === 'field') {
          if (part.name !== 'category')
            throw invalidField(part.name, `is not a field of this form: ${FORM_FIELDS}`);
          const value = part.value.trim();
          if (!isPictureLabel(value)) {
            throw invalidField(
              'category',
              `${JSON.stringify(value.slice(0, 40))} (number ${labels.length + 1}) is not a picture label: use one of ${PICTURE_LABELS.join(', ')}`,
            );
          }
          if (labels.includes(value)) {
            throw invalidField('category', `${value} is given twice: a photo slot holds one photo`);
          }
          labels.push(value);
          continue;
        }
        if (part.name !== 'files') {
          throw invalidField(part.name, 'is not a file field of this form: send photos as files');
        }
        if (files >= PHOTOS_PER_LISTING_MAX) {
          throw invalidField('files', `at most ${PHOTOS_PER_LISTING_MAX} photos per listing`);
        }
        const index = files++;
        const release = await buffered.acquire();
        if (failed()) {
          release();
          break;
        }
        let data: Buffer | undefined;
        try {
          data = await part.read(PHOTO_MAX_BYTES);
        } catch (err) {
          release();
          throw err;
        }
        if (!data) {
          release();
          throw fileError(
            'PAYLOAD_TOO_LARGE',
            `files.${index}`,
            `is larger than ${PHOTO_MAX_BYTES / MEGABYTE} MB`,
          );
        }
        start(data, index, release);
      }
      return files;
    }

    let changes: PhotoChanges | PendingPhotoChanges;
    try {
      const files = await receive();
      throwIfFailed();
      if (files === 0) throw invalidField('files', 'at least one photo is required');
      if (labels.length !== files) {
        throw invalidField(
          'category',
          `${files} file(s) and ${labels.length} category field(s) were sent: send one category per file, in the same order`,
        );
      }
      const settled = await Promise.allSettled(tasks);
      // The first file that failed speaks for the request.
      const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (rejected) throw rejected.reason;
      const uploads = settled
        .map((r) => (r as PromiseFulfilledResult<UploadedPhoto>).value)
        .sort((a, b) => a.index - b.index)
        .map(({ index, photoId, stored }) => ({ label: labels[index]!, photoId, stored }));

      changes = await recordPhotos(actor, listingId, uploads, journaled);
    } catch (err) {
      state.failure ??= { error: err };
      // Let in-flight files finish (their keys are journaled by then), then take them all back.
      await Promise.allSettled(tasks);
      await discardFailed(listingId, journaled);
      throw err;
    }

    await discard(changes.orphanKeys);
    return deps.ownerView(listingId, actor.userId);
  }

  async function addUploadedPhoto(
    actor: Actor,
    listingId: string,
    photo: { label: TPictureLabel; data: Buffer; field: string },
    claim: UploadClaim,
  ): Promise<{ added: boolean }> {
    requireOwnListing(actor.userId, await repository.findUploadTarget(listingId));
    await requirePublisher(repository.access, actor, 'canEdit');
    const journaled: string[] = [];
    let changes: PhotoChanges | PendingPhotoChanges;
    try {
      const { photoId, stored } = await processAndStore(
        listingId,
        photo.data,
        photo.field,
        journaled,
      );
      changes = await recordPhotos(
        actor,
        listingId,
        [{ label: photo.label, photoId, stored }],
        journaled,
        (transaction) => claim(transaction, photoId),
      );
    } catch (err) {
      await discardFailed(listingId, journaled);
      if (err instanceof ClaimRefused) return { added: false };
      throw err;
    }
    await discard(changes.orphanKeys);
    return { added: true };
  }

  /** The hash of a stored photo; undefined when the store failed (it is asked again later). */
  async function hashOfStored(photo: UnhashedPhoto): Promise<bigint | undefined> {
    const largest = photo.variants.reduce<UnhashedPhoto['variants'][number] | undefined>(
      (best, variant) => (best && best.width >= variant.width ? best : variant),
      undefined,
    );
    if (!largest) return BLANK_HASH;
    let image: Buffer;
    try {
      const stored = await storage.get(largest.key);
      if (!stored) {
        log.warn({ photoId: photo.id, key: largest.key }, 'a photo has no stored file to hash');
        return BLANK_HASH;
      }
      image = await buffer(stored.body);
    } catch (err) {
      if (err instanceof InvalidStorageKeyError) return BLANK_HASH;
      log.warn(
        { err, photoId: photo.id },
        'could not read a photo to hash; the backfill will retry',
      );
      return undefined;
    }
    try {
      return toSignedHash(await perceptualHash(image));
    } catch (err) {
      log.warn({ err, photoId: photo.id }, 'a stored photo could not be decoded to hash');
      return BLANK_HASH;
    }
  }

  return {
    uploadPhotos,
    addUploadedPhoto,

    socialImage: (photoId) => socialImages.get(photoId),

    async hashUnhashedPhotos(limit) {
      const photos = await repository.unhashedPhotos(limit);
      const hashes: { id: string; hash: bigint }[] = [];
      let failed = 0;
      for (const photo of photos) {
        // One at a time, in the photo slots uploads use: the backfill never crowds them out.
        const release = await processing.acquire();
        let hash: bigint | undefined;
        try {
          hash = await hashOfStored(photo);
        } finally {
          release();
        }
        if (hash === undefined) failed += 1;
        else hashes.push({ id: photo.id, hash });
      }
      await repository.setPerceptualHashes(hashes);
      const blank = hashes.filter((h) => h.hash === BLANK_HASH).length;
      return { hashed: hashes.length - blank, blank, failed };
    },

    async sweepOrphanUploads(olderThan) {
      let deleted = 0;
      let failed = 0;
      for (;;) {
        const keys = await repository.journaledBefore(olderThan, SWEEP_BATCH);
        if (keys.length === 0) break;
        const result = await discard(keys, { crashLeftovers: true });
        deleted += result.deleted;
        failed += result.failed;
        // Keys that could not be deleted are retried on the next sweep, not in a loop now.
        if (result.failed > 0 || keys.length < SWEEP_BATCH) break;
      }
      return { deleted, failed };
    },
  };
}

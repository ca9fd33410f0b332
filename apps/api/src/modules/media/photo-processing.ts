import { randomUUID } from 'node:crypto';
import os from 'node:os';
import sharp, { type OutputInfo } from 'sharp';
import { PHOTO_MAX_PIXELS } from '@makazi/contracts/listing-values';
import { SOCIAL_IMAGE_HEIGHT, SOCIAL_IMAGE_WIDTH } from '@makazi/contracts/social-image-values';
import type { StoredVariant } from '../../db/schema';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import { AppError } from '../../lib/errors';
import { perceptualHash, toSignedHash } from './perceptual-hash';

// sharp defaults to one libvips thread on this kind of machine; photos are CPU-bound work.
sharp.concurrency(os.availableParallelism());

/** Photos re-encoded at once in a process when PHOTO_THREADS does not say otherwise. */
export const PHOTOS_AT_ONCE = 2;

/**
 * How a process spends PHOTO_THREADS: as many photos at once as it has threads (at most
 * PHOTOS_AT_ONCE), each on its share of them. Sets libvips's threads for the whole process.
 */
export function limitPhotoThreads(threads: number): { photosAtOnce: number } {
  const photosAtOnce = Math.min(PHOTOS_AT_ONCE, threads);
  sharp.concurrency(Math.max(1, Math.floor(threads / photosAtOnce)));
  return { photosAtOnce };
}

/** Widths of the WebP variants, narrowest first: card, tablet / detail, full gallery. */
export const PHOTO_VARIANT_WIDTHS = [320, 768, 1280] as const;
/** Formats people upload from phones and cameras; SVG, PDF and the rest are refused. */
export const ACCEPTED_INPUT_FORMATS = ['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'];

// Tuned on photos: a 320-wide card comes out around 8-15 KB, far below the 25 KB budget.
const WEBP_QUALITY: Record<number, number> = { 320: 72, 768: 76, 1280: 80 };
/** Portrait photos are capped at this many times their width so a panorama cannot be huge. */
const MAX_ASPECT = 2;

export type PhotoRejection = 'unsupported' | 'too-large';

/** An upload that is not a photo we accept; maps to 415 / 413 through AppError. */
export class PhotoRejectedError extends AppError {
  readonly reason: PhotoRejection;
  constructor(reason: PhotoRejection, message: string) {
    super(reason === 'too-large' ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE', message);
    this.name = 'PhotoRejectedError';
    this.reason = reason;
  }
}

export interface ProcessedVariant {
  width: number;
  height: number;
  data: Buffer;
}

export interface ProcessedPhoto {
  /** Format sniffed from the bytes, whatever the upload claimed. */
  sourceFormat: string;
  /** Size of the largest variant. */
  width: number;
  height: number;
  /** WebP, narrowest first, never wider than the source. */
  variants: ProcessedVariant[];
  /**
   * The 64-bit perceptual hash of the upright picture (perceptual-hash.ts), signed as
   * property_photos.perceptual_hash stores it; null only when asked not to hash.
   */
  perceptualHash: bigint | null;
}

export interface StoredPhoto {
  width: number;
  height: number;
  /** The shape of property_photos.variants; every new variant knows its size. */
  variants: (StoredVariant & { bytes: number })[];
  /** As ProcessedPhoto's. */
  perceptualHash: bigint | null;
}

export interface ProcessPhotoOptions {
  /** false: no perceptual hash (perceptualHash null), the bench's baseline of what hashing costs. */
  hash?: boolean;
}

function rejectFromSharp(err: unknown): never {
  const message = err instanceof Error ? err.message : String(err);
  if (/pixel limit/i.test(message)) {
    throw new PhotoRejectedError(
      'too-large',
      `Photo is larger than ${PHOTO_MAX_PIXELS / 1_000_000} megapixels`,
    );
  }
  throw new PhotoRejectedError('unsupported', 'File is not a supported image (JPEG, PNG, WebP)');
}

/** The widths to make for a source `sourceWidth` wide: the standard ones it reaches, plus its own. */
export function variantWidths(sourceWidth: number): number[] {
  const widths: number[] = PHOTO_VARIANT_WIDTHS.filter((w) => w <= sourceWidth);
  const largest = PHOTO_VARIANT_WIDTHS[PHOTO_VARIANT_WIDTHS.length - 1] ?? sourceWidth;
  if (sourceWidth < largest && !widths.includes(sourceWidth)) widths.push(sourceWidth);
  return widths;
}

/**
 * Re-encodes an uploaded image: sniffs the real format, refuses anything else, applies the EXIF
 * orientation and drops every piece of metadata (GPS, camera, ICC), producing WebP variants.
 */
export async function processPhoto(
  input: Buffer,
  { hash = true }: ProcessPhotoOptions = {},
): Promise<ProcessedPhoto> {
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  try {
    const meta = await sharp(input, options).metadata();
    format = meta.format;
  } catch (err) {
    rejectFromSharp(err);
  }
  if (!format || !ACCEPTED_INPUT_FORMATS.includes(format)) {
    throw new PhotoRejectedError('unsupported', 'File is not a supported image (JPEG, PNG, WebP)');
  }

  // Decode once, upright and no wider than the largest variant; the variants come from these pixels.
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await sharp(input, options)
      .autoOrient()
      .resize({
        width: PHOTO_VARIANT_WIDTHS[PHOTO_VARIANT_WIDTHS.length - 1],
        height: PHOTO_VARIANT_WIDTHS[PHOTO_VARIANT_WIDTHS.length - 1]! * MAX_ASPECT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    rejectFromSharp(err);
  }
  const { width: baseWidth, height: baseHeight, channels } = base.info;

  // From the decoded pixels the variants are made of: no second decode, and the hash a stored
  // variant gives later (the backfill) is the same picture's.
  const hashing = !hash
    ? Promise.resolve(null)
    : perceptualHash({ data: base.data, width: baseWidth, height: baseHeight, channels }).then(
        toSignedHash,
      );
  const encoding = Promise.all(
    variantWidths(baseWidth).map(async (width) => {
      const { data, info } = await sharp(base.data, {
        raw: { width: baseWidth, height: baseHeight, channels },
      })
        .resize({ width, withoutEnlargement: true })
        // smartSubsample would triple the encode time for a barely visible gain on photos.
        .webp({ quality: WEBP_QUALITY[width] ?? 80, effort: 4, smartSubsample: false })
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data };
    }),
  );
  const [variants, signedHash] = await Promise.all([encoding, hashing]);
  const largest = variants[variants.length - 1];
  if (!largest) throw new PhotoRejectedError('unsupported', 'Photo has no pixels');
  return {
    sourceFormat: format,
    width: largest.width,
    height: largest.height,
    variants,
    perceptualHash: signedHash,
  };
}

/** A fresh random key per photo and width: names reveal nothing and never collide. */
export function photoVariantKey(photoId: string, width: number): string {
  return `photos/${photoId.slice(0, 2)}/${photoId}-${width}.webp`;
}

/** The storage keys a processed photo's variants will be written under, narrowest first. */
export function plannedVariantKeys(processed: ProcessedPhoto, photoId: string): string[] {
  return processed.variants.map((v) => photoVariantKey(photoId, v.width));
}

/**
 * Writes a processed photo's variants to storage under the keys of `photoId` (random unless the
 * caller already recorded them, see the upload journal). On any failure it removes what it wrote,
 * so a failed upload leaves no orphans.
 */
export async function storePhotoVariants(
  storage: StorageGateway,
  processed: ProcessedPhoto,
  photoId: string = randomUUID(),
): Promise<StoredPhoto> {
  const planned = processed.variants.map((v) => ({ ...v, key: photoVariantKey(photoId, v.width) }));
  const results = await Promise.allSettled(
    planned.map((v) => storage.put(v.key, v.data, 'image/webp')),
  );
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) {
    await Promise.allSettled(planned.map((v) => storage.delete(v.key)));
    throw failure.reason;
  }
  return {
    width: processed.width,
    height: processed.height,
    // The size of the bytes just written: a stored WebP file is never rewritten in place.
    variants: planned.map(({ width, height, key, data }) => ({
      width,
      height,
      key,
      bytes: data.length,
    })),
    perceptualHash: processed.perceptualHash,
  };
}

/**
 * What a preview image may weigh: WhatsApp shows the large preview only for images under 300 KB,
 * and this keeps well clear of it.
 */
export const SOCIAL_IMAGE_MAX_BYTES = 200 * 1024;
/*
 * Tried in order until the image fits SOCIAL_IMAGE_MAX_BYTES. At 80 the demo photos come out at
 * 20-35 KB and a detailed photo at about 90 KB; only a source that is noise edge to edge needs
 * the next steps (250 KB at 80, 170 KB at 65).
 */
const SOCIAL_IMAGE_QUALITIES = [80, 65, 50] as const;

/**
 * The link-preview image of a photo (og:image) from one of its stored variants: cropped to exactly
 * SOCIAL_IMAGE_WIDTH × SOCIAL_IMAGE_HEIGHT around what draws the eye (a small source is enlarged
 * rather than framed with bars), on white where it was transparent, as a progressive JPEG without
 * metadata (sharp writes none unless asked).
 */
export async function renderSocialImage(source: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(source, {
    limitInputPixels: PHOTO_MAX_PIXELS,
    failOn: 'error',
  })
    .resize({
      width: SOCIAL_IMAGE_WIDTH,
      height: SOCIAL_IMAGE_HEIGHT,
      fit: 'cover',
      // libvips's "attention": the region with the most detail, saturation and skin tone, rather
      // than the middle, which for a photo of a house is often plain sky or ground.
      position: sharp.strategy.attention,
    })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let jpeg = Buffer.alloc(0);
  for (const quality of SOCIAL_IMAGE_QUALITIES) {
    jpeg = await sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    })
      // mozjpeg makes the file 15-25 % smaller for about 1.7 times the render time: an image is
      // rendered once and sent to every phone the listing is shared with.
      .jpeg({ quality, progressive: true, mozjpeg: true })
      .toBuffer();
    if (jpeg.length <= SOCIAL_IMAGE_MAX_BYTES) break;
  }
  return jpeg;
}

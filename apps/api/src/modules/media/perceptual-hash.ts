import sharp from 'sharp';
import { PHOTO_MAX_PIXELS } from '@makazi/contracts/listing-values';

/*
 * A 64-bit perceptual hash of a photo's content (decision 041): the same picture re-encoded,
 * resized, converted to another format, lightly cropped or brightened gets a hash a few bits away;
 * different pictures differ in about half of the bits. Pure apart from sharp's decode and reduce;
 * free of the database, so the upload pipeline, the backfill and the bench share it.
 *
 * The picture is flattened on white, reduced to SIDE × SIDE greyscale (its proportions ignored, so
 * a resize keeps them the same), and transformed by a 2-D DCT-II. The 64 lowest-frequency
 * coefficients after the DC term, in JPEG's zig-zag order, are each compared with their median:
 * a bit is 1 where the coefficient is above it. The DC term (mean brightness) is left out and the
 * median moves with the contrast, so brightness and contrast changes move few bits; the low
 * frequencies are what survives re-encoding and resizing.
 *
 * Bit layout: coefficient i goes to bit (i mod 4) × 16 + ⌊i / 4⌋, so each of the four 16-bit
 * bands the candidate search indexes (duplicate-photos.repository.ts) holds every fourth
 * coefficient, low and high frequencies alike: bands whose values spread evenly, where
 * contiguous ones would put the most common patterns (sky above, ground below) in one band.
 */

/** The side of the greyscale square the DCT runs on. */
export const HASH_SIDE = 32;
/** Hash bits, and coefficients kept. */
const BITS = 64;
/** Bits per band of the candidate index. */
export const BAND_BITS = 16;
export const BANDS = BITS / BAND_BITS;
const BAND_MASK = (1n << BigInt(BAND_BITS)) - 1n;

/**
 * The hash of a picture with nothing to compare (a single colour, or so nearly one that the bits
 * would be rounding noise, or a stored file that cannot be read): never a candidate of anything.
 * A real picture's hash has about half of its bits set, so it is never 0.
 */
export const BLANK_HASH = 0n;
/**
 * Below this standard deviation of the reduced greyscale (levels of 255) a picture counts as
 * blank: JPEG noise on a flat colour stays well under one level.
 */
const BLANK_STDDEV = 1;

/** (u, v) of the first 64 AC coefficients in JPEG's zig-zag order: diagonals u + v = 1 … 10. */
const ZIGZAG: readonly (readonly [number, number])[] = (() => {
  const order: [number, number][] = [];
  for (let diagonal = 1; order.length < BITS; diagonal++) {
    for (let step = 0; step <= diagonal && order.length < BITS; step++) {
      // Even diagonals run from (d, 0) to (0, d), odd ones back, as JPEG scans them.
      const u = diagonal % 2 === 0 ? diagonal - step : step;
      order.push([u, diagonal - u]);
    }
  }
  return order;
})();
const MAX_FREQUENCY = Math.max(...ZIGZAG.flat());

/** cos((2x + 1)uπ / 2N) for u ≤ MAX_FREQUENCY, x < N: the DCT-II basis, computed once. */
const BASIS = (() => {
  const table = new Float64Array((MAX_FREQUENCY + 1) * HASH_SIDE);
  for (let u = 0; u <= MAX_FREQUENCY; u++) {
    for (let x = 0; x < HASH_SIDE; x++) {
      table[u * HASH_SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SIDE));
    }
  }
  return table;
})();

/** Raw pixels as sharp hands them on (interleaved channels, 8 bits each). */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The SIDE × SIDE greyscale of a picture, row by row. */
async function reduce(input: Buffer | RawImage): Promise<Uint8Array> {
  const image = Buffer.isBuffer(input)
    ? sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error' })
    : sharp(input.data, {
        raw: { width: input.width, height: input.height, channels: input.channels },
      });
  const { data, info } = await image
    // Transparency is seen as it is shown (on white), not as the colour hidden under it.
    .flatten({ background: '#ffffff' })
    .resize(HASH_SIDE, HASH_SIDE, { fit: 'fill' })
    // Colour, converted to grey here: sharp's greyscale() converts the whole picture before the
    // reduction, which tripled the hash's cost on an upload's 1280-wide pixels.
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = HASH_SIDE * HASH_SIDE;
  if (info.channels !== 3 || data.length !== pixels * 3) {
    throw new Error(`perceptual hash: expected ${HASH_SIDE}² RGB pixels, got ${info.channels}`);
  }
  const grey = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) {
    // Rec. 601 luma.
    grey[i] = Math.round(
      0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!,
    );
  }
  return grey;
}

/** The hash of SIDE × SIDE grey pixels (see the header comment). */
export function hashGreyPixels(pixels: Uint8Array): bigint {
  const n = HASH_SIDE;
  let sum = 0;
  let squares = 0;
  for (const value of pixels) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / pixels.length;
  if (Math.sqrt(Math.max(0, squares / pixels.length - mean * mean)) < BLANK_STDDEV) {
    return BLANK_HASH;
  }
  // rows[u][y]: row y transformed along x, only the frequencies the hash keeps.
  const rows = new Float64Array((MAX_FREQUENCY + 1) * n);
  for (let y = 0; y < n; y++) {
    for (let u = 0; u <= MAX_FREQUENCY; u++) {
      let acc = 0;
      for (let x = 0; x < n; x++) acc += (pixels[y * n + x]! - mean) * BASIS[u * n + x]!;
      rows[u * n + y] = acc;
    }
  }
  const coefficients = ZIGZAG.map(([u, v]) => {
    let acc = 0;
    for (let y = 0; y < n; y++) acc += rows[u * n + y]! * BASIS[v * n + y]!;
    return acc;
  });
  const sorted = [...coefficients].sort((a, b) => a - b);
  const median = (sorted[BITS / 2 - 1]! + sorted[BITS / 2]!) / 2;
  let hash = 0n;
  coefficients.forEach((coefficient, i) => {
    if (coefficient > median) hash |= 1n << BigInt((i % BANDS) * BAND_BITS + Math.floor(i / BANDS));
  });
  return hash;
}

/**
 * The perceptual hash of an encoded image (a stored variant) or of decoded pixels (the upload
 * pipeline's), as an unsigned 64-bit value. Throws what sharp throws for an undecodable input.
 */
export async function perceptualHash(input: Buffer | RawImage): Promise<bigint> {
  return hashGreyPixels(await reduce(input));
}

/** property_photos.perceptual_hash is a signed bigint: the same 64 bits. */
export function toSignedHash(hash: bigint): bigint {
  return BigInt.asIntN(64, hash);
}

/** Bits that differ between two hashes (signed or not). */
export function hammingDistance(a: bigint, b: bigint): number {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (diff !== 0n) {
    diff &= diff - 1n;
    count++;
  }
  return count;
}

/** The value of band `band` (0 … BANDS - 1) of a hash, as the index computes it. */
export function bandOf(hash: bigint, band: number): number {
  return Number((BigInt.asUintN(64, hash) >> BigInt(band * BAND_BITS)) & BAND_MASK);
}

/**
 * Band values a hash within `maxDistance` of `hash` may have in band `band`, when at least one
 * of its bands must be that close (the radius of multi-index hashing, ⌊maxDistance / BANDS⌋): the
 * band's own value and every value within `radius` flipped bits of it.
 */
export function bandProbes(hash: bigint, band: number, radius: number): number[] {
  const values: number[] = [];
  // Each value flips bits above the last one flipped, so every set of bits is visited once.
  const visit = (value: number, from: number, flipsLeft: number): void => {
    values.push(value);
    if (flipsLeft === 0) return;
    for (let bit = from; bit < BAND_BITS; bit++) visit(value ^ (1 << bit), bit + 1, flipsLeft - 1);
  };
  visit(bandOf(hash, band), 0, radius);
  return values;
}

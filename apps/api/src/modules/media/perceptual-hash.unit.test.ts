import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { sceneSvg, type SceneKind } from '../../db/seed/scenes';
import {
  BANDS,
  BLANK_HASH,
  bandOf,
  bandProbes,
  hammingDistance,
  hashGreyPixels,
  HASH_SIDE,
  perceptualHash,
  toSignedHash,
} from './perceptual-hash';
import { processPhoto } from './photo-processing';

/*
 * The hash's promises (decision 041): the same picture re-encoded, resized or converted stays
 * within the configured distance; different pictures are far apart; and the band probes of the
 * candidate search find every hash within that distance.
 */

/** The distance the app runs with when nothing is configured. */
const MAX_DISTANCE = loadConfig({}, false).photoHashes.maxDistance;

/** A camera-like photo: a seed scene (house, rooms, a plot) with sensor noise, as a JPEG. */
async function scenePhoto(kind: SceneKind, seed: number): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(sceneSvg(kind, seed)))
    .raw()
    .toBuffer({ resolveWithObject: true });
  let state = seed * 7919 + 1;
  for (let i = 0; i < data.length; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    data[i] = Math.max(0, Math.min(255, data[i]! + ((state >>> 24) % 17) - 8));
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Six different pictures of what listings show. */
const DIFFERENT: [SceneKind, number][] = [
  ['house', 1],
  ['house', 2],
  ['apartment-block', 1],
  ['plot', 1],
  ['bedroom', 1],
  ['living-room', 1],
];

let photos: { name: string; jpeg: Buffer; hash: bigint }[];

beforeAll(async () => {
  photos = await Promise.all(
    DIFFERENT.map(async ([kind, seed]) => {
      const jpeg = await scenePhoto(kind, seed);
      return { name: `${kind} ${seed}`, jpeg, hash: await perceptualHash(jpeg) };
    }),
  );
});

describe('perceptualHash', () => {
  it('stays within the distance for the same photo re-encoded, halved, as WebP or brightened', async () => {
    expect(MAX_DISTANCE).toBeGreaterThan(0);
    for (const { name, jpeg, hash } of photos) {
      const { width } = await sharp(jpeg).metadata();
      const copies = {
        'JPEG quality 50': await sharp(jpeg).jpeg({ quality: 50 }).toBuffer(),
        'half size': await sharp(jpeg)
          .resize(Math.round(width / 2))
          .jpeg({ quality: 80 })
          .toBuffer(),
        WebP: await sharp(jpeg).webp({ quality: 75 }).toBuffer(),
        '10 % darker': await sharp(jpeg).linear(0.9, 0).jpeg().toBuffer(),
        'more contrast': await sharp(jpeg).linear(1.1, -12).jpeg().toBuffer(),
      };
      for (const [how, copy] of Object.entries(copies)) {
        const distance = hammingDistance(hash, await perceptualHash(copy));
        expect({ photo: name, how, withinDistance: distance <= MAX_DISTANCE }).toEqual({
          photo: name,
          how,
          withinDistance: true,
        });
      }
    }
  });

  it('puts different photos far apart', () => {
    for (let i = 0; i < photos.length; i++) {
      for (let j = i + 1; j < photos.length; j++) {
        const a = photos[i]!;
        const b = photos[j]!;
        // Twice the distance: not merely outside it.
        expect({
          pair: `${a.name} / ${b.name}`,
          far: hammingDistance(a.hash, b.hash) > 2 * MAX_DISTANCE,
        }).toEqual({
          pair: `${a.name} / ${b.name}`,
          far: true,
        });
      }
    }
  });

  it('sets half of the bits of a picture, and none of a single colour', async () => {
    for (const { hash } of photos) expect(hammingDistance(hash, 0n)).toBe(32);
    const flat = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#3a7bd5' },
    })
      .jpeg()
      .toBuffer();
    expect(await perceptualHash(flat)).toBe(BLANK_HASH);
  });

  it('sees a transparent picture as it is shown, on white', async () => {
    // Not symmetric: a symmetric drawing has many coefficients at the median, whose bits any
    // rounding flips (photos are never that symmetric).
    const shape = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><circle cx="110" cy="95" r="70" fill="#123456"/><rect x="230" y="130" width="140" height="150" fill="#c0392b"/><path d="M20 290 L140 180 L200 290 Z" fill="#2e7d32"/></svg>',
    );
    const transparent = await sharp(shape).png().toBuffer();
    const onWhite = await sharp(shape).flatten({ background: '#ffffff' }).jpeg().toBuffer();
    expect(
      hammingDistance(await perceptualHash(transparent), await perceptualHash(onWhite)),
    ).toBeLessThanOrEqual(2);
  });

  it('gives an upload and the backfill, which reads the stored 1280 WebP, the same picture', async () => {
    for (const { jpeg } of photos.slice(0, 3)) {
      const processed = await processPhoto(jpeg);
      const largest = processed.variants.at(-1)!;
      const fromVariant = toSignedHash(await perceptualHash(largest.data));
      expect(processed.perceptualHash).not.toBeNull();
      expect(hammingDistance(processed.perceptualHash!, fromVariant)).toBeLessThanOrEqual(2);
    }
  });

  it('is left out when the pipeline is asked not to hash', async () => {
    expect((await processPhoto(photos[0]!.jpeg, { hash: false })).perceptualHash).toBeNull();
  });
});

describe('hashGreyPixels', () => {
  it('reads the low frequencies: a left-right gradient and its mirror differ in many bits', () => {
    const ramp = new Uint8Array(HASH_SIDE * HASH_SIDE).map((_, i) => (i % HASH_SIDE) * 8);
    const mirrored = new Uint8Array(HASH_SIDE * HASH_SIDE).map(
      (_, i) => (HASH_SIDE - 1 - (i % HASH_SIDE)) * 8,
    );
    expect(hammingDistance(hashGreyPixels(ramp), hashGreyPixels(mirrored))).toBeGreaterThan(8);
  });
});

describe('toSignedHash and hammingDistance', () => {
  it('store the 64 bits as a signed bigint and count the bits that differ either way', () => {
    const high = (1n << 63n) | 5n;
    expect(toSignedHash(high)).toBe(-(1n << 63n) + 5n);
    expect(hammingDistance(toSignedHash(high), high)).toBe(0);
    expect(hammingDistance(toSignedHash(high), 4n)).toBe(2);
    expect(hammingDistance(-1n, 0n)).toBe(64);
  });
});

describe('bandProbes', () => {
  /** A fixed-seed source of 64-bit values. */
  function random64(seed: number): () => bigint {
    let state = BigInt(seed);
    return () => {
      state = (state * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
      return state;
    };
  }

  it('lists a band value and every value within the radius once', () => {
    const hash = 0x0123_4567_89ab_cdefn;
    expect(bandProbes(hash, 0, 0)).toEqual([0xcdef]);
    for (const [radius, count] of [
      [1, 17],
      [2, 137],
    ] as const) {
      for (let band = 0; band < BANDS; band++) {
        const probes = bandProbes(hash, band, radius);
        expect(probes).toHaveLength(count);
        expect(new Set(probes).size).toBe(count);
        for (const value of probes) {
          expect(hammingDistance(BigInt(value), BigInt(bandOf(hash, band)))).toBeLessThanOrEqual(
            radius,
          );
        }
      }
    }
  });

  it('finds every hash within the distance in at least one band (the search is complete)', () => {
    const next = random64(41);
    for (let trial = 0; trial < 2000; trial++) {
      const hash = next();
      const distance = trial % 12;
      // Flip `distance` distinct bits.
      let other = hash;
      const flipped = new Set<number>();
      while (flipped.size < distance) flipped.add(Number(next() % 64n));
      for (const bit of flipped) other ^= 1n << BigInt(bit);
      const radius = Math.floor(distance / BANDS);
      const reached = Array.from({ length: BANDS }, (_, band) =>
        bandProbes(hash, band, radius).includes(bandOf(other, band)),
      );
      expect(reached.some(Boolean)).toBe(true);
    }
  });
});

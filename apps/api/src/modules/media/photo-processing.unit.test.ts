import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_PIXELS } from '@makazi/contracts/listing-values';
import { createDiskStorage } from '../../gateways/storage/disk-storage';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import {
  limitPhotoThreads,
  PHOTOS_AT_ONCE,
  PhotoRejectedError,
  processPhoto,
  storePhotoVariants,
} from './photo-processing';

/** A photo-like picture: smooth gradients with sensor-like noise, so sizes resemble real photos. */
function photoLike(width: number, height: number): Sharp {
  const channels = 3;
  const pixels = Buffer.alloc(width * height * channels);
  let seed = 12345;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed % 25) - 12;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const sky = y < height * 0.55;
      pixels[i] = Math.max(0, Math.min(255, (sky ? 90 + (y * 80) / height : 120) + noise()));
      pixels[i + 1] = Math.max(0, Math.min(255, (sky ? 150 + (x * 40) / width : 140) + noise()));
      pixels[i + 2] = Math.max(0, Math.min(255, (sky ? 230 : 60 + (x * 50) / width) + noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels } });
}

async function jpegWithExifAndGps(width: number, height: number): Promise<Buffer> {
  return photoLike(width, height)
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Tecno', Model: 'Camon 20', Copyright: 'Owner', Artist: 'Juma' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '6/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '39/1 17/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('processPhoto', () => {
  it('rejects a text file renamed .jpg', async () => {
    const fake = Buffer.from('This is not a photo, just text pretending to be house.jpg\n');
    await expect(processPhoto(fake)).rejects.toBeInstanceOf(PhotoRejectedError);
    await expect(processPhoto(fake)).rejects.toMatchObject({
      reason: 'unsupported',
      code: 'UNSUPPORTED_MEDIA_TYPE',
      statusCode: 415,
    });
  });

  it('rejects an SVG, which is an image format but not a photo we accept', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="red"/></svg>',
    );
    await expect(processPhoto(svg)).rejects.toMatchObject({ reason: 'unsupported' });
  });

  it('rejects a truncated JPEG', async () => {
    const jpeg = await photoLike(640, 480).jpeg().toBuffer();
    await expect(processPhoto(jpeg.subarray(0, 200))).rejects.toBeInstanceOf(PhotoRejectedError);
  });

  it(`rejects images over ${PHOTO_MAX_PIXELS / 1e6} megapixels`, async () => {
    const huge = await sharp({
      create: { width: 8000, height: 5100, channels: 3, background: '#808080' },
    })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await expect(processPhoto(huge)).rejects.toMatchObject({
      reason: 'too-large',
      statusCode: 413,
    });
  });

  it('makes 320/768/1280 WebP variants with a small card image', async () => {
    const jpeg = await photoLike(2000, 1333).jpeg({ quality: 92 }).toBuffer();
    const out = await processPhoto(jpeg);
    expect(out.sourceFormat).toBe('jpeg');
    expect(out.variants.map((v) => v.width)).toEqual([320, 768, 1280]);
    expect(out.variants.map((v) => v.height)).toEqual([213, 512, 853]);
    expect([out.width, out.height]).toEqual([1280, 853]);
    for (const v of out.variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([v.width, v.height]);
    }
    expect(out.variants[0]!.data.length).toBeLessThan(25_000);
  });

  it('applies the EXIF orientation, strips EXIF/GPS and never upscales', async () => {
    const input = await jpegWithExifAndGps(1600, 900);
    // Precondition: the input really carries EXIF, GPS and a rotation.
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif).toBeDefined();
    expect(inMeta.exif!.includes(Buffer.from('Tecno'))).toBe(true);
    expect(inMeta.orientation).toBe(6);

    const out = await processPhoto(input);
    // Orientation 6 is a quarter turn: the 1600x900 sensor image is a 900x1600 portrait.
    expect(out.variants.map((v) => v.width)).toEqual([320, 768, 900]);
    expect([out.width, out.height]).toEqual([900, 1600]);
    for (const v of out.variants) {
      const meta = await sharp(v.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(v.data.includes(Buffer.from('Tecno'))).toBe(false);
      expect(meta.height).toBeGreaterThan(meta.width);
    }
  });

  it('keeps a small photo at its own width only', async () => {
    const png = await photoLike(200, 150).png().toBuffer();
    const out = await processPhoto(png);
    expect(out.variants.map((v) => [v.width, v.height])).toEqual([[200, 150]]);
  });
});

describe('storePhotoVariants', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'makazi-photos-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores every variant under a random photos/ key', async () => {
    const storage = createDiskStorage(dir);
    const processed = await processPhoto(await photoLike(1400, 900).jpeg().toBuffer());
    const a = await storePhotoVariants(storage, processed);
    const b = await storePhotoVariants(storage, processed);
    expect(a.variants.map((v) => v.width)).toEqual([320, 768, 1280]);
    expect([a.width, a.height]).toEqual([1280, 823]);
    for (const v of a.variants) {
      expect(v.key).toMatch(/^photos\/[0-9a-f]{2}\/[0-9a-f-]{36}-\d+\.webp$/);
      expect(v.key.endsWith(`-${v.width}.webp`)).toBe(true);
      const got = await storage.get(v.key);
      expect(got?.contentType).toBe('image/webp');
      got?.body.destroy();
    }
    expect(b.variants[0]!.key).not.toBe(a.variants[0]!.key);
  });

  it('removes what it wrote when a write fails', async () => {
    const disk = createDiskStorage(dir);
    const written: string[] = [];
    let puts = 0;
    const flaky: StorageGateway = {
      async put(key, data, type) {
        puts += 1;
        if (puts === 2) throw new Error('disk full');
        await disk.put(key, data, type);
        written.push(key);
      },
      get: (key) => disk.get(key),
      delete: (key) => disk.delete(key),
    };
    const processed = await processPhoto(await photoLike(1400, 900).jpeg().toBuffer());
    await expect(storePhotoVariants(flaky, processed)).rejects.toThrow('disk full');
    expect(written.length).toBeGreaterThan(0);
    for (const key of written) expect(await disk.get(key)).toBeNull();
  });
});

describe('limitPhotoThreads', () => {
  // Several processes on one machine each take their share of its cores for photos.
  it('spends the threads on as many photos at once as it can, at most two, each on its share', () => {
    const before = sharp.concurrency();
    try {
      expect(limitPhotoThreads(1)).toEqual({ photosAtOnce: 1 });
      expect(sharp.concurrency()).toBe(1);
      expect(limitPhotoThreads(2)).toEqual({ photosAtOnce: 2 });
      expect(sharp.concurrency()).toBe(1);
      expect(limitPhotoThreads(8)).toEqual({ photosAtOnce: PHOTOS_AT_ONCE });
      expect(sharp.concurrency()).toBe(4);
    } finally {
      sharp.concurrency(before);
    }
  });
});

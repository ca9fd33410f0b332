import sharp from 'sharp';

/*
 * Photo-like test images: a sky and a ground with gradients, a house-like block with windows, and
 * sensor-like noise, so JPEG sizes and decode costs resemble real phone photos rather than flat
 * colours (which compress to nothing and decode for free).
 */

function lcg(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Raw RGB pixels of scene `seed` at width × height with noise of ±`noise` levels. */
function scene(seed: number, width: number, height: number, noise: number): Buffer {
  const random = lcg(seed * 7919 + 17);
  const horizon = height * (0.35 + random() * 0.3);
  const sky = [80 + random() * 80, 130 + random() * 80, 200 + random() * 55];
  const ground = [70 + random() * 90, 80 + random() * 80, 40 + random() * 60];
  const house = {
    x0: width * (0.15 + random() * 0.2),
    x1: width * (0.6 + random() * 0.25),
    y0: horizon - height * (0.15 + random() * 0.2),
    y1: horizon + height * (0.1 + random() * 0.15),
    colour: [150 + random() * 100, 120 + random() * 100, 90 + random() * 100],
  };
  const windowSize = Math.max(4, Math.round(width / 30));
  const pixels = Buffer.allocUnsafe(width * height * 3);
  const jitter = lcg(seed * 104729 + 3);
  const span = noise * 2 + 1;
  for (let y = 0; y < height; y++) {
    const inSky = y < horizon;
    const shade = inSky ? (y / horizon) * 40 : ((y - horizon) / (height - horizon)) * -30;
    for (let x = 0; x < width; x++) {
      let r: number;
      let g: number;
      let b: number;
      const inHouse = x >= house.x0 && x < house.x1 && y >= house.y0 && y < house.y1;
      if (inHouse) {
        const window =
          Math.floor((x - house.x0) / windowSize) % 3 === 1 &&
          Math.floor((y - house.y0) / windowSize) % 3 === 1;
        [r, g, b] = window ? [40, 50, 70] : (house.colour as [number, number, number]);
      } else if (inSky) {
        [r, g, b] = [sky[0]! + shade, sky[1]! + shade + (x / width) * 20, sky[2]!];
      } else {
        // Grass-like texture: a slow wave plus the noise.
        const wave = Math.sin(x / 7 + y / 11) * 12;
        [r, g, b] = [ground[0]! + shade + wave, ground[1]! + shade + wave, ground[2]! + shade];
      }
      const i = (y * width + x) * 3;
      pixels[i] = clamp(r + ((jitter() * span) | 0) - noise);
      pixels[i + 1] = clamp(g + ((jitter() * span) | 0) - noise);
      pixels[i + 2] = clamp(b + ((jitter() * span) | 0) - noise);
    }
  }
  return pixels;
}

export interface PhotoInput {
  name: string;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * What the wizard uploads: 1024 × 768 JPEGs as the browser compresses them (at most 1 MB; real
 * ones land around 300–800 KB).
 */
export async function browserCompressedPhotos(count: number): Promise<PhotoInput[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const width = 1024;
      const height = 768;
      const data = await sharp(scene(i + 1, width, height, 14 + (i % 4) * 4), {
        raw: { width, height, channels: 3 },
      })
        .jpeg({ quality: 88 + (i % 3) * 2, chromaSubsampling: '4:4:4' })
        .toBuffer();
      return { name: `compressed-${i + 1}.jpg`, data, width, height };
    }),
  );
}

/** Camera originals: 4000 × 3000 (12 MP) JPEGs of a few MB, as a phone saves them. */
export async function cameraOriginals(count: number): Promise<PhotoInput[]> {
  const photos: PhotoInput[] = [];
  // One at a time: each raw frame is 36 MB.
  for (let i = 0; i < count; i++) {
    const width = 4000;
    const height = 3000;
    const data = await sharp(scene(100 + i, width, height, 12 + (i % 3) * 3), {
      raw: { width, height, channels: 3 },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    photos.push({ name: `original-${i + 1}.jpg`, data, width, height });
  }
  return photos;
}

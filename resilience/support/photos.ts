import sharp from 'sharp';

/**
 * A real JPEG of detail and noise (a few hundred KB), so decoding and re-encoding cost what real
 * photos cost. 1600 × 1200 by default, larger than the wizard sends (it shrinks photos to
 * CLIENT_PHOTO_MAX_SIDE): a slow upload to kill in the middle of; pass the wizard's size to load the
 * server as visitors publishing through the web app do. `seed` varies the picture so no two are
 * identical.
 */
export async function phoneJpeg(
  seed: number,
  { width, height }: { width: number; height: number } = { width: 1600, height: 1200 },
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let noise = (seed * 2654435761) >>> 0 || 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      noise = (Math.imul(noise, 1664525) + 1013904223) >>> 0;
      const grain = noise >>> 28;
      const i = (y * width + x) * 3;
      pixels[i] = ((x * (seed + 3) + y) % 256) ^ grain;
      pixels[i + 1] = ((y * (seed + 5) + x * 2) % 256) ^ grain;
      pixels[i + 2] = (x ^ y ^ (seed * 37)) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

import sharp from 'sharp';

/**
 * A real JPEG as a phone sends one after the wizard's compression (1600 × 1200, a few hundred KB
 * of detail and noise, so decoding and re-encoding cost what real photos cost). `seed` varies the
 * picture so no two are identical.
 */
export async function phoneJpeg(seed: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
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

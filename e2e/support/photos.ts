import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const dir = fileURLToPath(new URL('../.tmp/photos', import.meta.url));

/**
 * A real JPEG as a phone camera makes one (4:3, a few hundred KB of detail), written to a file the
 * browser's file input can take. `seed` varies the picture so no two uploads are identical.
 *
 * Spec files run side by side and ask for the same seeds: each photo is written under a name of
 * its own and renamed into place, which is atomic, so a reader never sees one half-written (a
 * reader got a truncated photo-4.jpg once, and its upload a 415). The picture depends on the seed
 * alone, so one already in place is the same picture and is used as it is.
 */
export async function phonePhoto(seed: number): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `photo-${seed}.jpg`);
  if (existsSync(file)) return file;
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * (seed + 3) + y) % 256;
      pixels[i + 1] = (y * (seed + 5) + x * 2) % 256;
      pixels[i + 2] = (x ^ y ^ (seed * 37)) % 256;
    }
  }
  const partial = `${file}.${process.pid}-${randomUUID()}.part`;
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toFile(partial);
  await rename(partial, file);
  return file;
}

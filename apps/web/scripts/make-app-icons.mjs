/*
 * Draws the installed app's icons (public/icons) from the logo's shapes: run once after changing
 * the logo (`node apps/web/scripts/make-app-icons.mjs`); the PNGs are committed, so builds need no
 * image library. PNG because Android's launcher and splash screen do not take SVG from a manifest.
 *
 * - `icon-<size>.png` ("any"): the logo as it is, a gold rounded square with the black house.
 * - `maskable-<size>.png`: gold to every edge, the house within the middle half, so any mask a
 *   launcher applies (circle, squircle) keeps it whole (the safe zone is the central 80 % circle).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const GOLD = '#C9A227';
const INK = '#000000';
const HOUSE = 'M8 20 20 9l12 11v12h-8v-8h-8v8H8z';
const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="8" fill="${GOLD}"/><path d="${HOUSE}" fill="${INK}"/></svg>`;
// The house spans 24 × 23 of the logo's 40: scaled to 48 % of the square and centred.
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${GOLD}"/><g transform="translate(20 20.5) scale(0.8) translate(-20 -20.5)"><path d="${HOUSE}" fill="${INK}"/></g></svg>`;

mkdirSync(outDir, { recursive: true });
for (const size of [192, 512]) {
  for (const [name, svg] of [
    ['icon', anyIcon],
    ['maskable', maskableIcon],
  ]) {
    const file = path.join(outDir, `${name}-${size}.png`);
    await sharp(Buffer.from(svg), { density: (72 * size) / 40 })
      .resize(size, size)
      .png({ compressionLevel: 9, palette: true })
      .toFile(file);
    console.log(file);
  }
}
// The icon iOS puts on the home screen: no transparency, no mask of its own.
await sharp(Buffer.from(maskableIcon), { density: (72 * 180) / 40 })
  .resize(180, 180)
  .png({ compressionLevel: 9, palette: true })
  .toFile(path.join(outDir, 'apple-touch-icon.png'));

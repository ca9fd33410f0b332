import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colors } from '../lib/design-tokens';
import { MANIFEST_TEXTS, manifestPath, webAppManifest } from './web-app-manifest';

describe('webAppManifest', () => {
  it('describes one installable app in each language, in the gold theme', () => {
    const en = webAppManifest('en');
    const sw = webAppManifest('sw');
    for (const [manifest, language] of [
      [en, 'en'],
      [sw, 'sw'],
    ] as const) {
      expect(manifest).toMatchObject({
        id: '/home',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        short_name: 'Makazi',
        lang: language,
        name: MANIFEST_TEXTS[language].name,
        description: MANIFEST_TEXTS[language].description,
        theme_color: colors.primary,
      });
    }
    expect(en.description).not.toBe(sw.description);
    expect(manifestPath('sw')).toBe('/manifest-sw.webmanifest');
  });

  it('has the icons Chrome needs to install it, maskable ones included', () => {
    const { icons } = webAppManifest('en');
    for (const size of ['192x192', '512x512']) {
      expect(icons.filter((icon) => icon.sizes === size).map((icon) => icon.purpose)).toEqual([
        'any',
        'maskable',
      ]);
    }
    // Each file is in public/ and is the PNG of the size it claims (its IHDR width and height).
    for (const icon of icons) {
      const png = readFileSync(path.join(import.meta.dirname, '../../public', icon.src));
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([width, height]);
    }
  });
});

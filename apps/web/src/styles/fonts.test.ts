/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Plugin, PluginOption } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig, { fontPreloadTags } from '../../vite.config';
import { FONT_FAMILY } from '../lib/design-tokens';

// Read from disk: the test runner stubs stylesheet imports.
const fontsCss = readFileSync(path.join(import.meta.dirname, 'fonts.css'), 'utf8');
const require = createRequire(import.meta.url);

interface FontFace {
  family: string;
  weight: string;
  descriptors: Record<string, string>;
}

function fontFaces(css: string): FontFace[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return [...withoutComments.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => {
    const descriptors: Record<string, string> = {};
    for (const declaration of body.split(';')) {
      const colon = declaration.indexOf(':');
      if (colon < 0) continue;
      descriptors[declaration.slice(0, colon).trim()] = declaration
        .slice(colon + 1)
        .trim()
        .replace(/\s+/g, ' ');
    }
    return {
      family: (descriptors['font-family'] ?? '').replace(/['"]/g, ''),
      weight: descriptors['font-weight'] ?? '',
      descriptors,
    };
  });
}

const faces = fontFaces(fontsCss);
const latoFaces = faces.filter((face) => face.family === 'Lato');
const fallbackFaces = faces.filter((face) => face.family === 'Lato Fallback');

/** The file a Lato face loads: `@fontsource/lato/files/lato-latin-400-normal.woff2`. */
function sourceOf(face: FontFace): string {
  const match = /url\(\s*['"]?([^'")]+)['"]?\s*\)/.exec(face.descriptors.src ?? '');
  if (!match?.[1]) throw new Error(`no url() in the ${face.weight} face`);
  return match[1];
}

/** What Vite makes of fonts.css: each url() the hashed file it emitted, minified. */
function builtFiles() {
  const hashed = new Map(
    latoFaces.map((face, index) => {
      const name = path.basename(sourceOf(face), '.woff2');
      return [sourceOf(face), `assets/${name}-H${index}sh.woff2`];
    }),
  );
  let css = fontsCss.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ');
  for (const [source, file] of hashed) {
    css = css.replace(`url('${source}') format('woff2')`, `url(/${file})format("woff2")`);
  }
  const bundle = {
    'assets/index-Abc123.css': {
      type: 'asset',
      source: `${css}.hero{background:url(/assets/hero-Def456.webp)}`,
    },
    // The stylesheet of a lazy route: its fonts, if any, are not the first page's.
    'assets/admin-Ghi789.css': {
      type: 'asset',
      source: '@font-face{font-family:Other;src:url(/assets/other-Jkl012.woff2)format("woff2")}',
    },
    'assets/index-Mno345.js': { type: 'chunk' },
    ...Object.fromEntries(
      [...hashed.values()].map((file) => [file, { type: 'asset', source: new Uint8Array(1) }]),
    ),
  };
  const html = `<!doctype html>
<html lang="en">
  <head>
    <title>Makazi</title>
    <script type="module" crossorigin src="/assets/index-Mno345.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Abc123.css">
  </head>
  <body><div id="root"></div></body>
</html>`;
  return { html, bundle, fontUrls: [...hashed.values()].map((file) => `/${file}`) };
}

describe('fonts', () => {
  it('loads Lato in regular and bold, each with font-display: optional', () => {
    expect(latoFaces.map((face) => face.weight)).toEqual(['400', '700']);
    for (const face of latoFaces) {
      expect(face.descriptors['font-display']).toBe('optional');
      expect(sourceOf(face)).toMatch(/\.woff2$/);
    }
  });

  it('preloads exactly the WOFF2 files the @font-face rules of the page stylesheet use', () => {
    const { html, bundle, fontUrls } = builtFiles();
    const tags = fontPreloadTags(html, bundle);
    expect(tags.map((tag) => tag.attrs?.href)).toEqual(fontUrls);
    for (const tag of tags) {
      expect(tag).toMatchObject({
        tag: 'link',
        injectTo: 'head',
        // Without crossorigin the preload is not reused by the @font-face and the font loads twice.
        attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true },
      });
    }
  });

  it('resolves a relative font URL against its stylesheet', () => {
    const bundle = {
      'assets/index-A.css': {
        type: 'asset',
        source: "@font-face{font-family:Lato;src:url('./lato-B.woff2') format('woff2')}",
      },
    };
    const tags = fontPreloadTags('<link rel="stylesheet" href="./assets/index-A.css">', bundle);
    expect(tags.map((tag) => tag.attrs?.href)).toEqual(['assets/lato-B.woff2']);
  });

  it('fails the build when the page links a stylesheet the bundle does not have', () => {
    expect(() => fontPreloadTags('<link rel="stylesheet" href="/assets/gone.css">', {})).toThrow(
      /gone\.css/,
    );
  });

  it('is part of the build, and only of the build', () => {
    const flatten = (options: PluginOption[]): Plugin[] =>
      options.flatMap((option) =>
        Array.isArray(option) ? flatten(option) : option && 'name' in option ? [option] : [],
      );
    const plugin = flatten(viteConfig.plugins ?? []).find(
      (candidate) => candidate.name === 'makazi:preload-fonts',
    );
    expect(plugin?.apply).toBe('build');
  });

  it('puts the metric-matched fallback right after Lato in the font stack', () => {
    const stack = FONT_FAMILY.split(',').map((name) => name.trim().replace(/['"]/g, ''));
    expect(stack.slice(0, 2)).toEqual(['Lato', 'Lato Fallback']);
    expect(fallbackFaces.map((face) => face.weight)).toEqual(['400', '700']);
    for (const face of fallbackFaces) {
      // Only installed faces: nothing to download, so nothing to wait for or swap.
      expect(face.descriptors.src).toMatch(/^local\(/);
      expect(face.descriptors.src).not.toMatch(/url\(/);
    }
  });

  it("sizes and spaces the fallback from Lato's metrics in the files it loads", () => {
    // Average advance of English text per em unit (Capsize's xWidthAvg, @capsizecss/metrics 4.3).
    const averageWidth = {
      '400': { lato: 871 / 2000, arial: 913 / 2048 },
      '700': { lato: 891 / 2000, arial: 983 / 2048 },
    } as const;
    // The CSS gives each percentage to two decimals: equal to within 0.05 %.
    const percent = (face: FontFace, name: string) => {
      const value = face.descriptors[name] ?? '';
      expect(value, `${face.weight} ${name}`).toMatch(/^[\d.]+%$/);
      return Number.parseFloat(value) / 100;
    };
    for (const weight of ['400', '700'] as const) {
      const lato = latoFaces.find((face) => face.weight === weight);
      const fallback = fallbackFaces.find((face) => face.weight === weight);
      if (!lato || !fallback) throw new Error(`no ${weight} face`);
      const metrics = woff2Metrics(require.resolve(sourceOf(lato)));
      // Every browser reads the same ascent and descent: hhea's, equal to OS/2's win metrics.
      expect(metrics.useTypoMetrics).toBe(false);
      expect([metrics.winAscent, metrics.winDescent]).toEqual([metrics.ascent, -metrics.descent]);

      const size = percent(fallback, 'size-adjust');
      expect(size).toBeCloseTo(averageWidth[weight].lato / averageWidth[weight].arial, 3);
      expect(percent(fallback, 'ascent-override')).toBeCloseTo(
        metrics.ascent / metrics.unitsPerEm / size,
        3,
      );
      expect(percent(fallback, 'descent-override')).toBeCloseTo(
        -metrics.descent / metrics.unitsPerEm / size,
        3,
      );
      expect(percent(fallback, 'line-gap-override')).toBeCloseTo(
        metrics.lineGap / metrics.unitsPerEm / size,
        3,
      );
    }
  });
});

/** The vertical metrics of a WOFF2 font: head, hhea and OS/2, which WOFF2 stores untransformed. */
function woff2Metrics(file: string) {
  const woff2 = readFileSync(file);
  if (woff2.toString('latin1', 0, 4) !== 'wOF2') throw new Error(`${file} is not WOFF2`);
  const tableCount = woff2.readUInt16BE(12);
  const compressedSize = woff2.readUInt32BE(20);
  let offset = 48;
  const readBase128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = woff2.readUInt8(offset++);
      value = value * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    throw new Error('bad UIntBase128');
  };
  // The WOFF2 table directory: known tags by index (1 head, 2 hhea, 6 OS/2; 10 glyf, 11 loca).
  const tables = new Map<number, { start: number; length: number }>();
  let start = 0;
  for (let i = 0; i < tableCount; i++) {
    const flags = woff2.readUInt8(offset++);
    const tag = flags & 0x3f;
    if (tag === 63) offset += 4;
    const length = readBase128();
    const version = flags >> 6;
    const transformed = tag === 10 || tag === 11 ? version === 0 : version !== 0;
    const stored = transformed ? readBase128() : length;
    tables.set(tag, { start, length });
    start += stored;
  }
  const data = brotliDecompressSync(woff2.subarray(offset, offset + compressedSize));
  const table = (tag: number) => {
    const entry = tables.get(tag);
    if (!entry) throw new Error(`${file} has no table ${tag}`);
    return data.subarray(entry.start, entry.start + entry.length);
  };
  const head = table(1);
  const hhea = table(2);
  const os2 = table(6);
  return {
    unitsPerEm: head.readUInt16BE(18),
    ascent: hhea.readInt16BE(4),
    descent: hhea.readInt16BE(6),
    lineGap: hhea.readInt16BE(8),
    winAscent: os2.readUInt16BE(74),
    winDescent: os2.readUInt16BE(76),
    useTypoMetrics: (os2.readUInt16BE(62) & 0x80) !== 0,
  };
}

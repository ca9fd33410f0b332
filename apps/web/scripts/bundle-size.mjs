#!/usr/bin/env node
// Gzip bytes of the JavaScript a first visit to /home downloads, computed from the Vite manifest:
// the entry chunk and its static imports, the home route's lazy chunk and its static imports, and
// the locale files of one language that the app loads at start (NAMESPACES in src/lib/i18n.ts; the
// LAZY_NAMESPACES load with the screens that use them).
// Chunks that only load on interaction (mobile menu, toasts) or on other routes are listed apart.
//
//   node apps/web/scripts/bundle-size.mjs [--json] [--dist <dir>] [--lang en|sw]
//
// Exit code 0 always: the bench decides what a number means. `--json` prints one JSON object.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const dist = path.resolve(option('--dist', path.join(here, '..', 'dist')));
const language = option('--lang', 'en');

/** Issue 19: the target for the JavaScript a first visit to home downloads. */
export const BUDGET_BYTES = 100 * 1024;
const HOME_ROUTE = 'src/app/routes/home.tsx';

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No manifest at ${manifestPath}: run "npm run build -w @makazi/web" first.`);
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const sizeCache = new Map();
function gzipBytes(file) {
  if (!sizeCache.has(file)) {
    const buffer = readFileSync(path.join(dist, file));
    sizeCache.set(file, { raw: buffer.length, gzip: gzipSync(buffer, { level: 9 }).length });
  }
  return sizeCache.get(file);
}

/** A chunk and everything it imports statically (what the browser fetches before running it). */
function withStaticImports(key, into = new Set()) {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`"${key}" is not in the manifest`);
  into.add(key);
  for (const child of chunk.imports ?? []) withStaticImports(child, into);
  return into;
}

function summarise(keys) {
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  const css = new Set([...keys].flatMap((key) => manifest[key].css ?? []));
  const sum = (list) =>
    list.reduce(
      (total, file) => {
        const { raw, gzip } = gzipBytes(file);
        return { raw: total.raw + raw, gzip: total.gzip + gzip };
      },
      { raw: 0, gzip: 0 },
    );
  return {
    files: files.map((file) => ({ file, ...gzipBytes(file) })).sort((a, b) => b.gzip - a.gzip),
    js: sum(files),
    css: sum([...css]),
  };
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
if (!manifest[HOME_ROUTE]) throw new Error(`The manifest has no chunk for ${HOME_ROUTE}`);

const entryKeys = withStaticImports(entryKey);
const homeKeys = withStaticImports(HOME_ROUTE);
for (const key of entryKeys) homeKeys.delete(key);
/** The namespaces i18n.ts loads at start, read from its source so the two cannot disagree. */
function startNamespaces() {
  const source = readFileSync(path.join(here, '..', 'src', 'lib', 'i18n.ts'), 'utf8');
  const list = /export const NAMESPACES = \[([^\]]*)\]/.exec(source)?.[1];
  if (!list) throw new Error('src/lib/i18n.ts no longer declares NAMESPACES as a literal list');
  return [...list.matchAll(/'([^']+)'/g)].map(([, name]) => name);
}
/** A namespace's own chunk, or the group vite.config.ts puts the start texts of a language in. */
function localeKey(namespace) {
  const own = `src/locales/${language}/${namespace}.json`;
  if (manifest[own]) return own;
  const grouped = Object.keys(manifest).find((key) => manifest[key].name === `locales-${language}`);
  if (!grouped) throw new Error(`no chunk holds the ${language} texts of "${namespace}"`);
  return grouped;
}
const localeKeys = new Set(startNamespaces().map(localeKey));
const firstVisit = new Set([...entryKeys, ...homeKeys, ...localeKeys]);

// Everything else that is reachable lazily, for context.
const lazyKeys = Object.keys(manifest).filter(
  (key) =>
    !firstVisit.has(key) && manifest[key].file.endsWith('.js') && !key.startsWith('src/locales/'),
);

const entry = summarise(entryKeys);
const home = summarise(homeKeys);
const locales = summarise(localeKeys);
const total = summarise(firstVisit);
const result = {
  dist,
  language,
  budgetBytes: BUDGET_BYTES,
  homeJsGzipBytes: total.js.gzip,
  homeJsRawBytes: total.js.raw,
  homeCssGzipBytes: total.css.gzip,
  withinBudget: total.js.gzip <= BUDGET_BYTES,
  parts: {
    entry: { gzip: entry.js.gzip, raw: entry.js.raw, files: entry.files },
    homeRoute: { gzip: home.js.gzip, raw: home.js.raw, files: home.files },
    locales: { gzip: locales.js.gzip, raw: locales.js.raw, files: locales.files },
  },
  notLoadedOnHome: summarise(new Set(lazyKeys)).files,
};

if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  const row = (label, part) =>
    console.log(`${label.padEnd(28)} ${kib(part.gzip).padStart(11)}   (${kib(part.raw)} raw)`);
  console.log(`Home page JavaScript, gzip level 9 (${dist})`);
  row('entry + static imports', entry.js);
  row('home route + static imports', home.js);
  row(`locales (${language})`, locales.js);
  row('total JS on first visit', total.js);
  console.log(`${'CSS on first visit'.padEnd(28)} ${kib(total.css.gzip).padStart(11)}`);
  console.log(
    `budget ${kib(BUDGET_BYTES)}: ${result.withinBudget ? 'within' : `over by ${kib(total.js.gzip - BUDGET_BYTES)}`}`,
  );
  console.log('\nlargest files on first visit:');
  for (const file of total.files.slice(0, 8))
    console.log(`  ${kib(file.gzip).padStart(10)}  ${file.file}`);
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAbuse } from './abuse';
import { abuseOutcomes, abuseVerdicts } from './abuse-report';
import { appEnv, ensureBuilt, repoRoot } from './app-process';
import {
  catalogueCases,
  isPageCase,
  getJson,
  rareTerm,
  startCatalogueApp,
  type UrlMode,
} from './catalogue-cases';
import {
  COMPRESSION_DATASETS,
  compressionOnDataset,
  compressionReport,
  compressionSummary,
} from './compression';
import type { CompressionDataset } from './compression-report';
import { DATASET_IDS, prepareDataset, type DatasetId, type PreparedDataset } from './datasets';
import { benchFirstVisitBytes } from './first-visit-bytes';
import { firstVisitTable, firstVisitVerdicts } from './first-visit-bytes-report';
import { benchLighthouse } from './lighthouse';
import { lighthouseVerdicts } from './lighthouse-report';
import { measure, type LoadSettings } from './load';
import { photoVerdicts } from './photo-report';
import { benchPhotos } from './photos';
import { benchPhotoHashes } from './photo-hashes';
import { timePriceInsights, type PriceInsightsTiming } from './price-insights';
import { photoHashVerdicts } from './photo-hash-report';
import { benchSavedSearchMatching } from './saved-search-matching';
import { matchingVerdicts } from './saved-search-matching-report';
import { loadConfig } from '../apps/api/src/config';
import {
  caseTable,
  modeLabel,
  resultName,
  resultsDir,
  updateReadme,
  verdicts,
  writeAbuseResult,
  writeCompressionResult,
  writeFirstVisitBytesResult,
  writeLighthouseResult,
  writeMatchingResult,
  writePhotoHashResult,
  writePhotoResult,
  writeResult,
  type BundleSize,
  type CaseResult,
  type DatasetReport,
  type Machine,
} from './report';

const usage = `npm run bench -- [compression] [photos] [photo-hashes] [lighthouse] [first-visit-bytes] [abuse] [saved-searches] [--only pglite-10k,pg-100k,pg-1m,compression,photos,photo-hashes,lighthouse,first-visit-bytes,abuse,saved-searches] [--urls distinct,repeated] [--duration 10] [--connections 10] [--warmup 3] [--single 5] [--prepare-only]

With no selection every dataset, the compression measurement, the photo pipeline, the photo
hashes, Lighthouse and the abuse scenarios run.

Each dataset's catalogue cases (health, list, search common, search rare, filter+sort, detail) are
measured in two modes, each per case a warm-up, --connections for --duration, then 1 connection
for --single seconds:
  distinct   every request another URL of the case's family (list pages with minPrice=1, 2, 3…,
             detail pages of 2,000 listings), so the page cache misses, as for visitors asking
             different pages; results <dataset>, judged against the targets
  repeated   one URL again and again, so the page cache answers; results <dataset>-repeated,
             reported, not judged (errors and non-2xx answers still fail)
--urls distinct (or repeated) measures one mode only. Beside req/s and latency: CPU time per
request of the API server and, on the PostgreSQL server, of every postgres process.

\`npm run bench -- compression\` runs the compression measurement alone (the list case with
distinct URLs on pglite-10k and pg-100k, with Accept-Encoding identity, gzip and a browser's
gzip, deflate, br; then node:zlib timings of one list page); \`photos\` the photo pipeline alone,
\`photo-hashes\` the duplicate-photo search at 1,000,000 photo hashes (its own database,
makazi_bench_photo_hashes, built once) and the pipeline with and without hashing,
\`lighthouse\` the front end's Lighthouse runs alone, \`first-visit-bytes\` the bytes a phone's
first visit to /home downloads with data saver off and on, \`abuse\` the abuse scenarios alone (on
pg-100k, --duration and --warmup per scenario), \`saved-searches\` the saved-search matching of
one listing against 100,000 saved searches at 1,000,000 listings (pg-1m). --prepare-only seeds the server datasets and
measures nothing (the 1M seed takes minutes).

Env: BENCH_DATABASE_URL  PostgreSQL database for pg-100k and pg-1m (default: makazi_bench_100k and
                         makazi_bench_1m, created on postgres://postgres@127.0.0.1:5432)
     CHROME_PATH         the Chrome or Chromium Lighthouse drives (default: /usr/bin/chromium)`;

const COMPRESSION = 'compression';
const PHOTOS = 'photos';
const PHOTO_HASHES = 'photo-hashes';
const LIGHTHOUSE = 'lighthouse';
const ABUSE = 'abuse';
const SAVED_SEARCHES = 'saved-searches';
const FIRST_VISIT_BYTES = 'first-visit-bytes';
const PARTS = [
  COMPRESSION,
  PHOTOS,
  PHOTO_HASHES,
  LIGHTHOUSE,
  FIRST_VISIT_BYTES,
  ABUSE,
  SAVED_SEARCHES,
];
const URL_MODES: readonly UrlMode[] = ['distinct', 'repeated'];
/** The dataset the abuse scenarios run on. */
const ABUSE_DATASET: DatasetId = 'pg-100k';

interface Options {
  datasets: DatasetId[];
  /** How each dataset's catalogue cases are measured, in this order. */
  urlModes: UrlMode[];
  /** What response compression costs and saves (bench/compression.ts). */
  compression: boolean;
  /** The photo pipeline (bench/photos.ts). */
  photos: boolean;
  /** Duplicate-photo candidates at 1M hashes and what hashing costs (bench/photo-hashes.ts). */
  photoHashes: boolean;
  /** Lighthouse on the public pages (bench/lighthouse.ts). */
  lighthouse: boolean;
  /** A phone's first visit to /home in bytes, data saver off and on (bench/first-visit-bytes.ts). */
  firstVisitBytes: boolean;
  /** Abuse scenarios beside a normal visitor (bench/abuse.ts). */
  abuse: boolean;
  /** Saved-search matching at 1M listings and 100k searches (bench/saved-search-matching.ts). */
  savedSearches: boolean;
  prepareOnly: boolean;
  settings: LoadSettings;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number`);
  return n;
}

function parseOptions(): Options {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      only: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      single: { type: 'string' },
      urls: { type: 'string' },
      help: { type: 'boolean' },
      'prepare-only': { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const selected = [...(values.only?.split(',').map((s) => s.trim()) ?? []), ...positionals];
  const everything = selected.length === 0;
  const requested = everything ? [...DATASET_IDS] : selected.filter((id) => !PARTS.includes(id));
  const unknown = requested.filter((id) => !(DATASET_IDS as readonly string[]).includes(id));
  if (unknown.length > 0) throw new Error(`unknown dataset ${unknown.join(', ')}\n\n${usage}`);
  const urls = values.urls?.split(',').map((s) => s.trim()) ?? [...URL_MODES];
  const badUrls = urls.filter((mode) => !(URL_MODES as readonly string[]).includes(mode));
  if (badUrls.length > 0 || urls.length === 0) {
    throw new Error(`--urls takes distinct, repeated or both, not ${values.urls}\n\n${usage}`);
  }
  return {
    // Always smallest first: pg-1m can then top up a database pg-100k just seeded.
    datasets: DATASET_IDS.filter((id) => requested.includes(id)),
    urlModes: URL_MODES.filter((mode) => urls.includes(mode)),
    compression: (everything || selected.includes(COMPRESSION)) && !values['prepare-only'],
    photos: (everything || selected.includes(PHOTOS)) && !values['prepare-only'],
    photoHashes: (everything || selected.includes(PHOTO_HASHES)) && !values['prepare-only'],
    lighthouse: (everything || selected.includes(LIGHTHOUSE)) && !values['prepare-only'],
    firstVisitBytes:
      (everything || selected.includes(FIRST_VISIT_BYTES)) && !values['prepare-only'],
    abuse: (everything || selected.includes(ABUSE)) && !values['prepare-only'],
    savedSearches: (everything || selected.includes(SAVED_SEARCHES)) && !values['prepare-only'],
    prepareOnly: values['prepare-only'] ?? false,
    settings: {
      durationSec: positive('duration', values.duration, 10),
      connections: positive('connections', values.connections, 10),
      warmupSec: positive('warmup', values.warmup, 3),
      singleSec: positive('single', values.single, 5),
    },
  };
}

function machine(postgres: string | undefined): Machine {
  const cpu = cpus();
  return {
    cpus: cpu.length,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${type()} ${release()}`,
    node: process.versions.node,
    ...(postgres ? { postgres } : {}),
  };
}

function homeBundleSize(): BundleSize | null {
  const script = path.join(repoRoot, 'apps/web/scripts/bundle-size.mjs');
  if (!existsSync(script)) {
    console.warn('[bench] apps/web/scripts/bundle-size.mjs is missing: no bundle size');
    return null;
  }
  const result = spawnSync(process.execPath, [script, '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.warn(`[bench] bundle-size.mjs failed: ${result.stderr}`);
    return null;
  }
  const raw = JSON.parse(result.stdout) as unknown;
  const bytes = findGzipBytes(raw);
  if (bytes === undefined) {
    console.warn(`[bench] bundle-size.mjs printed no gzip byte count: ${result.stdout}`);
    return null;
  }
  return { homeJsGzipBytes: bytes, raw };
}

/** The home route's gzip total, whichever of the usual names the script gives it. */
function findGzipBytes(raw: unknown): number | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const record = raw as Record<string, unknown>;
  for (const key of ['homeJsGzipBytes', 'totalGzipBytes', 'gzipBytes', 'gzip']) {
    const value = record[key];
    if (typeof value === 'number') return value;
  }
  for (const key of ['home', 'total']) {
    const nested = findGzipBytes(record[key]);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

async function countListings(url: string): Promise<number | undefined> {
  const body = await getJson<unknown>(url);
  return Array.isArray(body) ? body.length : undefined;
}

/** A server-rendered page answers 200 with the state it hydrates from; undefined: no count. */
async function checkPage(url: string): Promise<undefined> {
  const response = await fetch(url);
  const html = await response.text();
  if (response.status !== 200 || !html.includes('id="makazi-page"')) {
    throw new Error(`GET ${url} answered ${response.status} without a rendered page`);
  }
  return undefined;
}

async function benchDataset(
  dataset: PreparedDataset,
  settings: LoadSettings,
  bundle: BundleSize | null,
  mode: UrlMode,
): Promise<DatasetReport> {
  const id = resultName(dataset.id, mode);
  // Once per dataset, with the distinct URLs: the server is not running yet.
  let priceInsights: PriceInsightsTiming | undefined;
  if (mode === 'distinct') {
    priceInsights = await timePriceInsights(dataset);
    console.log(
      `[bench] ${id}: price insights job ${priceInsights.runsMs.map((ms) => `${ms} ms`).join(', ')} (${priceInsights.groups} groups)`,
    );
  }
  const app = await startCatalogueApp(dataset, id);
  try {
    const base = app.baseUrl;
    const rare = await rareTerm(base);
    console.log(`[bench] ${id}: ${modeLabel(mode)}`);
    console.log(`[bench] rare search term: "${rare.term}" (${rare.matches} matches)`);
    const cases = await catalogueCases(base, mode, rare.term);

    const results: CaseResult[] = [];
    let healthReqPerSec = 0;
    for (const c of cases) {
      // A case that errors would measure the error path: check one URL of it answers with data.
      const matches = isPageCase(c.name)
        ? await checkPage(`${base}${c.paths[0] ?? ''}`)
        : await countListings(`${base}${c.paths[0] ?? ''}`);
      if (matches === 0) throw new Error(`${id} ${c.name}: ${c.paths[0]} answered no listings`);
      process.stdout.write(`[bench] ${id} ${c.name} … `);
      const load = await measure(
        { baseUrl: base, paths: c.paths, ...(c.headers ? { headers: c.headers } : {}) },
        settings,
        app.cpu,
      );
      if (c.name === 'health') healthReqPerSec = load.reqPerSec;
      const ratioToHealth = healthReqPerSec > 0 ? load.reqPerSec / healthReqPerSec : 0;
      const cpu =
        load.serverCpuUsPerReq === undefined
          ? ''
          : `; CPU ${load.serverCpuUsPerReq} µs/req server${load.postgresCpuUsPerReq !== undefined ? `, ${load.postgresCpuUsPerReq} µs/req PostgreSQL` : ''}`;
      console.log(
        `${load.reqPerSec} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms; 1 connection: p50 ${load.singleP50Ms} ms, p99 ${load.singleP99Ms} ms${cpu}`,
      );
      results.push({
        name: c.name,
        path: c.path,
        ...(c.varies ? { varies: c.varies, distinctUrls: c.paths.length } : {}),
        ...load,
        ratioToHealth,
        ...(matches !== undefined ? { matches } : {}),
      });
    }
    return {
      dataset: id,
      pageCache: true,
      urls: mode,
      database: dataset.database,
      listings: dataset.listings,
      date: new Date().toISOString(),
      machine: machine(dataset.serverVersion),
      settings,
      cases: results,
      bundle,
      ...(priceInsights ? { priceInsights } : {}),
    };
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  // The photo hashes need no server: a run of them alone builds nothing.
  const needsBuild =
    options.datasets.length > 0 ||
    options.compression ||
    options.photos ||
    options.lighthouse ||
    options.firstVisitBytes ||
    options.abuse;
  if (!options.prepareOnly && needsBuild) ensureBuilt();
  mkdirSync(resultsDir, { recursive: true });
  const bundle = options.prepareOnly || options.datasets.length === 0 ? null : homeBundleSize();
  const benchDatabaseUrl = process.env.BENCH_DATABASE_URL || undefined;

  const failures: string[] = [];
  const abuse = async (dataset: PreparedDataset): Promise<void> => {
    console.log('\n[bench] ── abuse ──');
    const result = await benchAbuse(dataset, machine(dataset.serverVersion), {
      durationSec: options.settings.durationSec,
      warmupSec: options.settings.warmupSec,
    });
    const file = writeAbuseResult(result);
    for (const line of abuseOutcomes(result)) console.log(line);
    for (const line of abuseVerdicts(result)) {
      console.log(line);
      if (line.startsWith('FAIL')) failures.push(line);
    }
    console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
  };
  let abuseDone = false;
  const compressed: CompressionDataset[] = [];
  const compression = async (dataset: PreparedDataset): Promise<void> => {
    console.log(`\n[bench] ── compression on ${dataset.id} ──`);
    compressed.push(await compressionOnDataset(dataset, options.settings));
  };
  for (const id of options.datasets) {
    console.log(`\n[bench] ── ${id} ──`);
    const dataset = await prepareDataset(id, benchDatabaseUrl);
    if (options.prepareOnly) {
      console.log(`[bench] ${id} ready: ${dataset.listings.toLocaleString('en-US')} listings`);
      dataset.cleanup();
      continue;
    }
    try {
      // Distinct URLs (the page cache misses, as for visitors asking different pages), then one
      // URL repeated (the page cache answers).
      for (const mode of options.urlModes) {
        const report = await benchDataset(dataset, options.settings, bundle, mode);
        const file = writeResult(report);
        console.log(`\n${caseTable(report)}\n`);
        for (const line of verdicts(report)) {
          console.log(line);
          if (line.startsWith('FAIL')) failures.push(line);
        }
        console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
      }
      // While the dataset is at hand: with BENCH_DATABASE_URL, pg-1m tops it up next.
      if (options.compression && (COMPRESSION_DATASETS as readonly string[]).includes(id)) {
        await compression(dataset);
      }
      if (id === ABUSE_DATASET && options.abuse) {
        await abuse(dataset);
        abuseDone = true;
      }
    } finally {
      dataset.cleanup();
    }
  }
  if (options.compression) {
    for (const id of COMPRESSION_DATASETS) {
      if (compressed.some((d) => d.dataset === id)) continue;
      console.log(`\n[bench] ── ${id} for the compression measurement ──`);
      const dataset = await prepareDataset(id, benchDatabaseUrl);
      try {
        await compression(dataset);
      } finally {
        dataset.cleanup();
      }
    }
    const order = (d: CompressionDataset) =>
      COMPRESSION_DATASETS.findIndex((id) => id === d.dataset);
    compressed.sort((a, b) => order(a) - order(b));
    const report = compressionReport(compressed, machine(undefined), options.settings);
    const file = writeCompressionResult(report);
    for (const line of compressionSummary(report)) console.log(line);
    console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
  }
  if (options.abuse && !abuseDone) {
    console.log(`\n[bench] ── ${ABUSE_DATASET} for the abuse scenarios ──`);
    const dataset = await prepareDataset(ABUSE_DATASET, benchDatabaseUrl);
    try {
      await abuse(dataset);
    } finally {
      dataset.cleanup();
    }
  }
  if (options.photos) {
    console.log('\n[bench] ── photos ──');
    const report = await benchPhotos(machine(undefined));
    const file = writePhotoResult(report);
    for (const line of photoVerdicts(report)) {
      console.log(line);
      if (line.startsWith('FAIL')) failures.push(line);
    }
    console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
  }
  if (options.photoHashes) {
    console.log('\n[bench] ── photo hashes ──');
    // The distance the server would run with (PHOTO_DUPLICATE_MAX_DISTANCE, default 6).
    const { maxDistance } = loadConfig(appEnv({}), false).photoHashes;
    const report = await benchPhotoHashes(machine(undefined), maxDistance);
    const file = writePhotoHashResult(report);
    for (const line of photoHashVerdicts(report)) {
      console.log(line);
      if (line.startsWith('FAIL')) failures.push(line);
    }
    console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
  }
  if (options.lighthouse) {
    console.log('\n[bench] ── lighthouse ──');
    const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
    const report = await benchLighthouse(machine(undefined), chromePath);
    const file = writeLighthouseResult(report);
    for (const line of lighthouseVerdicts(report)) {
      console.log(line);
      if (line.startsWith('FAIL')) failures.push(line);
    }
    console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
  }
  if (options.firstVisitBytes) {
    console.log('\n[bench] ── first-visit bytes ──');
    const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
    const report = await benchFirstVisitBytes(machine(undefined), chromePath);
    const file = writeFirstVisitBytesResult(report);
    for (const line of firstVisitTable(report)) console.log(line);
    for (const line of firstVisitVerdicts(report)) {
      console.log(line);
      if (line.startsWith('FAIL')) failures.push(line);
    }
    console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
  }
  if (options.savedSearches) {
    console.log('\n[bench] ── saved-search matching (pg-1m) ──');
    const dataset = await prepareDataset('pg-1m', benchDatabaseUrl);
    try {
      const url = dataset.env.DATABASE_URL;
      if (!url) throw new Error('pg-1m has no DATABASE_URL');
      const report = await benchSavedSearchMatching(machine(dataset.serverVersion), url);
      const file = writeMatchingResult(report);
      for (const line of matchingVerdicts(report)) {
        console.log(line);
        if (line.startsWith('FAIL')) failures.push(line);
      }
      console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
    } finally {
      dataset.cleanup();
    }
  }
  if (options.prepareOnly) return;
  updateReadme(DATASET_IDS.flatMap((id) => URL_MODES.map((mode) => resultName(id, mode))));
  console.log('[bench] updated bench/README.md');
  if (failures.length > 0) console.log(`\n[bench] ${failures.length} target(s) missed`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

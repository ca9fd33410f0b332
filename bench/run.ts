import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { cpus, release, totalmem, type } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAbuse } from './abuse';
import { abuseOutcomes, abuseVerdicts } from './abuse-report';
import { ensureBuilt, repoRoot, startApp } from './app-process';
import { DATASET_IDS, prepareDataset, type DatasetId, type PreparedDataset } from './datasets';
import { benchLighthouse } from './lighthouse';
import { lighthouseVerdicts } from './lighthouse-report';
import { measure, type LoadSettings } from './load';
import { photoVerdicts } from './photo-report';
import { benchPhotos } from './photos';
import {
  caseTable,
  resultsDir,
  updateReadme,
  verdicts,
  writeAbuseResult,
  writeLighthouseResult,
  writePhotoResult,
  writeResult,
  type BundleSize,
  type CaseResult,
  type DatasetReport,
  type Machine,
} from './report';

const usage = `npm run bench -- [photos] [lighthouse] [abuse] [--only pglite-10k,pg-100k,pg-1m,photos,lighthouse,abuse] [--duration 10] [--connections 10] [--warmup 3] [--single 5] [--prepare-only]

With no selection every dataset, the photo pipeline, Lighthouse and the abuse scenarios run;
\`npm run bench -- photos\` runs the photo pipeline alone, \`npm run bench -- lighthouse\` the front
end's Lighthouse runs alone, \`npm run bench -- abuse\` the abuse scenarios alone (on pg-100k,
--duration and --warmup per scenario). --prepare-only seeds the server datasets and measures
nothing (the 1M seed takes minutes).

Env: BENCH_DATABASE_URL  PostgreSQL database for pg-100k and pg-1m (default: makazi_bench_100k and
                         makazi_bench_1m, created on postgres://postgres@127.0.0.1:5432)
     CHROME_PATH         the Chrome or Chromium Lighthouse drives (default: /usr/bin/chromium)`;

const PHOTOS = 'photos';
const LIGHTHOUSE = 'lighthouse';
const ABUSE = 'abuse';
const PARTS = [PHOTOS, LIGHTHOUSE, ABUSE];
/** The dataset the abuse scenarios run on. */
const ABUSE_DATASET: DatasetId = 'pg-100k';

interface Options {
  datasets: DatasetId[];
  /** The photo pipeline (bench/photos.ts). */
  photos: boolean;
  /** Lighthouse on the public pages (bench/lighthouse.ts). */
  lighthouse: boolean;
  /** Abuse scenarios beside a normal visitor (bench/abuse.ts). */
  abuse: boolean;
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
  return {
    // Always smallest first: pg-1m can then top up a database pg-100k just seeded.
    datasets: DATASET_IDS.filter((id) => requested.includes(id)),
    photos: (everything || selected.includes(PHOTOS)) && !values['prepare-only'],
    lighthouse: (everything || selected.includes(LIGHTHOUSE)) && !values['prepare-only'],
    abuse: (everything || selected.includes(ABUSE)) && !values['prepare-only'],
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

interface Listing {
  id: string;
  propertyAddress: { street: { name: string } } | null;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * A search term that few listings match: the street name with the fewest matches among the streets
 * of some listings. Asked through the API so it works the same on PGlite and the server.
 */
async function rareTerm(baseUrl: string): Promise<{ term: string; matches: number }> {
  const pages = await Promise.all(
    ['sort=new', 'sort=priceLowHigh', 'sort=priceHighLow'].map((q) =>
      getJson<Listing[]>(`${baseUrl}/api/properties?limit=100&${q}`),
    ),
  );
  const names = new Set<string>();
  for (const listing of pages.flat()) {
    const name = listing.propertyAddress?.street.name;
    if (name && name.length >= 5 && name.length <= 40) names.add(name);
  }
  let best: { term: string; matches: number } | undefined;
  for (const term of [...names].slice(0, 40)) {
    const hits = await getJson<Listing[]>(
      `${baseUrl}/api/properties?limit=100&search=${encodeURIComponent(term)}`,
    );
    if (hits.length > 0 && (!best || hits.length < best.matches))
      best = { term, matches: hits.length };
    if (best && best.matches <= 3) break;
  }
  if (!best) throw new Error('no listing has a street name to search for');
  return best;
}

/**
 * The result name of a dataset measured with the catalogue page cache off (decision 014): every
 * request then does the whole work, as a query nobody asked in the last few seconds does.
 */
const uncachedId = (id: string): string => `${id}-uncached`;

async function benchDataset(
  dataset: PreparedDataset,
  settings: LoadSettings,
  bundle: BundleSize | null,
  pageCache: boolean,
): Promise<DatasetReport> {
  const id = pageCache ? dataset.id : uncachedId(dataset.id);
  mkdirSync(path.join(repoRoot, 'bench/.tmp'), { recursive: true });
  const logFile = path.join(repoRoot, 'bench/.tmp', `${id}-server.log`);
  // Request logs off: the bench measures the server, not the terminal; errors still show.
  const app = await startApp(
    {
      ...dataset.env,
      LOG_LEVEL: 'warn',
      // These cases measure what an answer costs, not the limiter: 10 connections from one
      // address would otherwise be a flood to the per-address catalogue read limit.
      CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: '100000000',
      ...(pageCache ? {} : { CATALOGUE_CACHE_MS: '0' }),
    },
    logFile,
  );
  try {
    const base = app.baseUrl;
    const [first] = await getJson<Listing[]>(`${base}/api/properties?limit=1`);
    if (!first) throw new Error(`${dataset.id} has no public listings`);
    const rare = await rareTerm(base);
    console.log(`[bench] rare search term: "${rare.term}" (${rare.matches} matches)`);

    const cases = [
      { name: 'health', path: '/api/health' },
      { name: 'list', path: '/api/properties?limit=24' },
      { name: 'search common', path: '/api/properties?search=Dar&limit=24' },
      {
        name: 'search rare',
        path: `/api/properties?search=${encodeURIComponent(rare.term)}&limit=24`,
      },
      {
        name: 'filter+sort',
        path: '/api/properties?type=Rent&minPrice=200000&maxPrice=800000&sort=priceLowHigh&limit=24',
      },
      { name: 'detail', path: `/api/properties/${first.id}` },
    ];

    const results: CaseResult[] = [];
    let healthReqPerSec = 0;
    for (const c of cases) {
      const url = `${base}${c.path}`;
      // A case that errors would measure the error path: check it answers with data first.
      const body = await getJson<unknown>(url);
      const matches = Array.isArray(body) ? body.length : undefined;
      process.stdout.write(`[bench] ${id} ${c.name} … `);
      const load = await measure(url, settings);
      if (c.name === 'health') healthReqPerSec = load.reqPerSec;
      const ratioToHealth = healthReqPerSec > 0 ? load.reqPerSec / healthReqPerSec : 0;
      console.log(
        `${load.reqPerSec} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms; 1 connection: p50 ${load.singleP50Ms} ms, p99 ${load.singleP99Ms} ms`,
      );
      results.push({ ...c, ...load, ratioToHealth, ...(matches !== undefined ? { matches } : {}) });
    }
    return {
      dataset: id,
      pageCache,
      database: dataset.database,
      listings: dataset.listings,
      date: new Date().toISOString(),
      machine: machine(dataset.serverVersion),
      settings,
      cases: results,
      bundle,
    };
  } finally {
    await app.stop();
  }
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (!options.prepareOnly) ensureBuilt();
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
  for (const id of options.datasets) {
    console.log(`\n[bench] ── ${id} ──`);
    const dataset = await prepareDataset(id, benchDatabaseUrl);
    if (options.prepareOnly) {
      console.log(`[bench] ${id} ready: ${dataset.listings.toLocaleString('en-US')} listings`);
      dataset.cleanup();
      continue;
    }
    try {
      // As served (repeated pages from the cache), then every request doing the whole work.
      for (const pageCache of [true, false]) {
        const report = await benchDataset(dataset, options.settings, bundle, pageCache);
        const file = writeResult(report);
        console.log(`\n${caseTable(report.cases, report.settings.connections)}\n`);
        for (const line of verdicts(report)) {
          console.log(line);
          if (line.startsWith('FAIL')) failures.push(line);
        }
        console.log(`[bench] wrote ${path.relative(repoRoot, file)}`);
      }
      // While the dataset is at hand: with BENCH_DATABASE_URL, pg-1m tops it up next.
      if (id === ABUSE_DATASET && options.abuse) {
        await abuse(dataset);
        abuseDone = true;
      }
    } finally {
      dataset.cleanup();
    }
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
  if (options.prepareOnly) return;
  updateReadme(DATASET_IDS.flatMap((id) => [id, uncachedId(id)]));
  console.log('[bench] updated bench/README.md');
  if (failures.length > 0) console.log(`\n[bench] ${failures.length} target(s) missed`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

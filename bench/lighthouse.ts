/*
 * Lighthouse on the public pages as `npm start` serves them: the built server on a fresh embedded
 * database with the demo listings and their photos, Lighthouse's default mobile profile (simulated
 * throttling), performance only, 3 runs per page and Lighthouse's own median run.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { repoRoot, startApp } from './app-process';
import { CHROME_FLAGS } from './headless-chrome';
import type {
  CardImage,
  CardImages,
  Finding,
  LighthousePageResult,
  LighthouseReport,
  PageMetrics,
  PageName,
} from './lighthouse-report';

const RUNS = 3;
/** Failed runs (a Lighthouse runtime error) redone per page before giving up. */
const MAX_RETRIES = 3;

/** Only React's development build has this warning; minified production code drops it. */
const REACT_DEVELOPMENT_MARKER = 'is deprecated in plain JavaScript React classes';

function isDevelopmentBuild(distDir: string): boolean {
  const assets = path.join(distDir, 'assets');
  try {
    return readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .some((file) =>
        readFileSync(path.join(assets, file), 'utf8').includes(REACT_DEVELOPMENT_MARKER),
      );
  } catch {
    return false;
  }
}

/**
 * What `npm start` serves: apps/web/dist, which run.ts's ensureBuilt() made current. The check
 * stays because a build made by hand with NODE_ENV=development would be measured otherwise.
 */
function servedWebDir(): string {
  const dist = path.join(repoRoot, 'apps/web/dist');
  if (isDevelopmentBuild(dist)) {
    throw new Error(
      "apps/web/dist holds React's development build: rebuild it with `npm run build` first",
    );
  }
  return dist;
}

interface Variant {
  width: number;
  url: string;
}
interface Photo {
  label: string;
  url: string;
  width: number;
  variants: Variant[];
}
interface Listing {
  id: string;
  type: keyof typeof PROPERTY_TYPE_SLUGS;
  /** List answers carry the cover photo only (decision 006). */
  photos: Photo[];
  /** Every picture's URLs: how many photos the detail page shows. */
  media: { pictures: unknown[] }[];
}

/** As apps/web's pictureCount: the photos a listing has, which its list answer does not carry. */
const pictureCount = (listing: Listing): number => listing.media[0]?.pictures.length ?? 0;

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The photo a card shows, as apps/web's cardPhoto picks it. */
function cardPhoto(listing: Listing): Photo | undefined {
  if (listing.type === 'Land' || listing.type === 'HouseForSale') {
    return listing.photos.find((photo) => photo.label === 'picha_mbele');
  }
  return listing.photos[0];
}

async function runOnce(url: string, chromePath: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
    });
    try {
      const page = await browser.newPage();
      const flags: Flags = { onlyCategories: ['performance'], logLevel: 'error', output: 'json' };
      const result = await lighthouse(url, flags, undefined, page);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError) {
        throw new Error(`Lighthouse failed on ${url}: ${result.lhr.runtimeError.message}`);
      }
      return result.lhr;
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

interface TableDetails {
  type: string;
  items?: Record<string, unknown>[];
}

function tableItems(lhr: Result, auditId: string): Record<string, unknown>[] {
  const details = lhr.audits[auditId]?.details as TableDetails | undefined;
  return details?.items ?? [];
}

function numeric(lhr: Result, auditId: string): number {
  const value = lhr.audits[auditId]?.numericValue;
  if (typeof value !== 'number') throw new Error(`the ${auditId} audit has no value`);
  return value;
}

function metrics(lhr: Result): PageMetrics {
  const summary = new Map(
    tableItems(lhr, 'resource-summary').map((item) => [
      String(item.resourceType),
      { bytes: Number(item.transferSize), count: Number(item.requestCount) },
    ]),
  );
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(numeric(lhr, 'first-contentful-paint')),
    lcpMs: Math.round(numeric(lhr, 'largest-contentful-paint')),
    tbtMs: Math.round(numeric(lhr, 'total-blocking-time')),
    cls: Number(numeric(lhr, 'cumulative-layout-shift').toFixed(4)),
    speedIndexMs: Math.round(numeric(lhr, 'speed-index')),
    totalBytes: summary.get('total')?.bytes ?? 0,
    scriptBytes: summary.get('script')?.bytes ?? 0,
    imageBytes: summary.get('image')?.bytes ?? 0,
    requests: summary.get('total')?.count ?? 0,
  };
}

/** The LCP element's selector and its phases, from the largest-contentful-paint-element audit. */
function lcpDetails(lhr: Result): Pick<LighthousePageResult, 'lcpElement' | 'lcpPhases'> {
  // Lighthouse 12 gives a list of two tables: the element, then the phases.
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    { type: string; items?: TableDetails[] } | undefined;
  const tables = details?.type === 'list' ? (details.items ?? []) : [];
  let lcpElement: LighthousePageResult['lcpElement'] = null;
  let lcpPhases: Record<string, number> | null = null;
  for (const table of tables) {
    for (const item of table.items ?? []) {
      const node = item.node as { selector?: string; snippet?: string } | undefined;
      if (node) lcpElement = { selector: node.selector ?? '', snippet: node.snippet ?? '' };
      if (typeof item.phase === 'string' && typeof item.timing === 'number') {
        lcpPhases ??= {};
        lcpPhases[item.phase] = item.timing;
      }
    }
  }
  return { lcpElement, lcpPhases };
}

/** What an audit's table row is about: its URL, or the element's selector. */
function describeItem(item: Record<string, unknown>): string[] {
  const node = item.node as { selector?: string } | undefined;
  const url = typeof item.url === 'string' ? item.url.replace(/^https?:\/\/[^/]+/, '') : undefined;
  const what = url ?? node?.selector;
  if (!what) return [];
  const bytes =
    typeof item.wastedBytes === 'number'
      ? ` (${Math.round(item.wastedBytes / 1024)} KiB unused)`
      : '';
  const shift = typeof item.score === 'number' ? ` (shift ${item.score.toFixed(3)})` : '';
  // Layout shifts name their root cause (a web font, an unsized image) in sub-items.
  const causes = (
    item.subItems as { items?: { cause?: string; extra?: { value?: unknown } }[] }
  )?.items?.flatMap((sub) =>
    sub.cause
      ? [
          `${sub.cause}${typeof sub.extra?.value === 'string' ? ` ${path.basename(sub.extra.value)}` : ''}`,
        ]
      : [],
  );
  const cause = causes?.length ? `, cause: ${causes.join('; ')}` : '';
  return [`${what}${bytes}${shift}${cause}`];
}

/** Audits of the performance category, other than the metrics, that lose score or bytes. */
function findings(lhr: Result): Finding[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const out: Finding[] = [];
  for (const ref of refs) {
    // Metrics are the table's columns; hidden audits (no group) are metrics too (TTI, max FID);
    // the insight audits repeat the classic ones in the new panel's words.
    // The LCP element audit is the metric again (shown with its phases instead).
    if (!ref.group || ref.group === 'metrics' || ref.id.endsWith('-insight')) continue;
    if (ref.id === 'largest-contentful-paint-element') continue;
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 0.9) continue;
    const details = audit.details as { overallSavingsBytes?: number } | undefined;
    const m = audit.metricSavings ?? {};
    const savings: Finding['savings'] = {};
    if (m.LCP) savings.lcpMs = m.LCP;
    if (m.FCP) savings.fcpMs = m.FCP;
    if (m.TBT) savings.tbtMs = m.TBT;
    if (m.CLS) savings.cls = m.CLS;
    if (details?.overallSavingsBytes) savings.bytes = details.overallSavingsBytes;
    const items = (audit.details as TableDetails | undefined)?.items ?? [];
    out.push({
      id: audit.id,
      title: audit.title,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      score: audit.score,
      savings,
      top: items.slice(0, 3).flatMap(describeItem),
    });
  }
  // The biggest LCP savings first: LCP is the metric the targets are furthest from, if any.
  return out.sort((a, b) => (b.savings.lcpMs ?? 0) - (a.savings.lcpMs ?? 0));
}

/**
 * Card images are the requests whose URL is a variant of a listing's card photo among the listings
 * the list page shows: the page's other images (the logo, icons) are not photos.
 */
async function cardImages(lhr: Result, baseUrl: string, listings: Listing[]): Promise<CardImages> {
  const variants = new Map<string, { photo: Photo; width: number }>();
  for (const listing of listings) {
    const photo = cardPhoto(listing);
    if (!photo) continue;
    for (const variant of photo.variants)
      variants.set(variant.url, { photo, width: variant.width });
  }
  const loaded: (CardImage & { photo: Photo })[] = [];
  for (const item of tableItems(lhr, 'network-requests')) {
    const pathname = new URL(String(item.url)).pathname;
    const match = variants.get(pathname);
    if (match && Number(item.transferSize) > 0) {
      loaded.push({
        url: pathname,
        variantWidth: match.width,
        transferBytes: Number(item.transferSize),
        photo: match.photo,
      });
    }
  }
  const largest = loaded.sort((a, b) => b.transferBytes - a.transferBytes)[0];
  let largestThumbnail: CardImage | null = null;
  const thumbnail = largest?.photo.variants.find((v) => v.width === 320);
  if (thumbnail) {
    // Photos are served as they are stored (WebP is not compressed again): the body is the transfer.
    const response = await fetch(`${baseUrl}${thumbnail.url}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    largestThumbnail = { url: thumbnail.url, variantWidth: 320, transferBytes: bytes };
  }
  const strip = ({ photo: _photo, ...image }: CardImage & { photo: Photo }): CardImage => image;
  return { loaded: loaded.map(strip), largest: largest ? strip(largest) : null, largestThumbnail };
}

interface PagePlan {
  name: PageName;
  path: string;
  /** The listings a list page shows, to tell its card images apart. */
  listings?: Listing[];
}

async function benchPage(
  baseUrl: string,
  plan: PagePlan,
  chromePath: string,
): Promise<LighthousePageResult & { lhr: Result }> {
  const runs: Result[] = [];
  let retries = 0;
  for (let i = 0; i < RUNS; i++) {
    let lhr: Result;
    try {
      lhr = await runOnce(`${baseUrl}${plan.path}`, chromePath);
    } catch (error) {
      // Headless Chromium now and then records a trace without the navigation's start
      // (NO_NAVSTART): such a run measured nothing, so it is run again, a bounded number of times.
      if (retries >= MAX_RETRIES) throw error;
      retries++;
      console.warn(
        `[bench] lighthouse ${plan.name}: ${error instanceof Error ? error.message : String(error)}; running again`,
      );
      i--;
      continue;
    }
    const m = metrics(lhr);
    console.log(
      `[bench] lighthouse ${plan.name} run ${i + 1}: score ${m.score}, FCP ${m.fcpMs} ms, LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}`,
    );
    runs.push(lhr);
  }
  // Its types name the global LH.Result, which the bench project does not load: compare by identity.
  const picked: unknown = computeMedianRun(runs);
  const median = runs.find((run) => run === picked);
  if (!median) throw new Error('computeMedianRun picked no run');
  const result: LighthousePageResult & { lhr: Result } = {
    name: plan.name,
    path: plan.path,
    finalUrl: median.finalDisplayedUrl,
    signedIn: false,
    runs: runs.map(metrics),
    retries,
    medianRun: runs.indexOf(median),
    median: metrics(median),
    ...lcpDetails(median),
    findings: findings(median),
    lhr: median,
  };
  if (plan.listings) result.cardImages = await cardImages(median, baseUrl, plan.listings);
  return result;
}

/** Serves the product with demo data and runs Lighthouse on its home, list and detail pages. */
export async function benchLighthouse(
  machine: LighthouseReport['machine'],
  chromePath: string,
): Promise<LighthouseReport> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'makazi-bench-lighthouse-'));
  try {
    const dataDir = path.join(workDir, 'data');
    const webDir = servedWebDir();
    mkdirSync(dataDir);
    const tmpDir = path.join(repoRoot, 'bench/.tmp');
    mkdirSync(tmpDir, { recursive: true });
    // As `npm start` runs it on a first start: embedded PGlite in DATA_DIR, seeded with the demo
    // data, the built web app.
    const app = await startApp(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        MEDIA_STORAGE: 'disk',
        WEB_DIST_DIR: webDir,
        LOG_LEVEL: 'warn',
      },
      path.join(tmpDir, 'lighthouse-server.log'),
    );
    try {
      return await measurePages(app.baseUrl, tmpDir, machine, chromePath);
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

async function measurePages(
  base: string,
  tmpDir: string,
  machine: LighthouseReport['machine'],
  chromePath: string,
): Promise<LighthouseReport> {
  const rentals = await getJson<Listing[]>(`${base}/api/properties?type=Rent&limit=100`);
  // The detail page with the most photos: the gallery is what it has to load.
  const detail = [...rentals].sort((a, b) => pictureCount(b) - pictureCount(a))[0];
  if (!detail || pictureCount(detail) === 0) throw new Error('no rental listing has photos');
  // Every page as a visitor from a search result or a shared link sees it: anonymous (the detail
  // pages are public since decision 037). /home itself: / is a redirect, a round trip of its own.
  const plans: PagePlan[] = [
    { name: 'home', path: '/home' },
    { name: 'list', path: `/${PROPERTY_TYPE_SLUGS.Rent}`, listings: rentals },
    { name: 'detail', path: `/${PROPERTY_TYPE_SLUGS.Rent}/${detail.id}` },
  ];
  // Lighthouse's CPU throttling multiplies whatever else the machine is doing: worth knowing.
  const loadAverage = Number(loadavg()[0]?.toFixed(2) ?? 0);
  const pages: LighthousePageResult[] = [];
  let first: Result | undefined;
  for (const plan of plans) {
    const { lhr, ...page } = await benchPage(base, plan, chromePath);
    first ??= lhr;
    // The whole median report, to open in the Lighthouse viewer when a number needs explaining.
    writeFileSync(path.join(tmpDir, `lighthouse-${plan.name}.json`), JSON.stringify(lhr));
    pages.push(page);
  }
  return {
    kind: 'lighthouse',
    date: new Date().toISOString(),
    machine,
    loadAverage,
    lighthouseVersion: first?.lighthouseVersion ?? 'unknown',
    userAgent: first?.environment.hostUserAgent ?? 'unknown',
    benchmarkIndex: Math.round(first?.environment.benchmarkIndex ?? 0),
    settings: {
      formFactor: first?.configSettings.formFactor ?? 'mobile',
      throttlingMethod: first?.configSettings.throttlingMethod ?? 'simulate',
      runsPerPage: RUNS,
      median:
        "median run by Lighthouse's computeMedianRun (the run closest to the median FCP and TTI)",
    },
    pages,
  };
}

import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { abuseSection, type AbuseReport } from './abuse-report';
import { isPageCase, type UrlMode } from './catalogue-cases';
import { compressionSection, type CompressionReport } from './compression-report';
import {
  firstVisitTable,
  firstVisitVerdicts,
  type FirstVisitBytesReport,
} from './first-visit-bytes-report';
import { lighthouseSection, type LighthouseReport } from './lighthouse-report';
import type { LoadResult, LoadSettings } from './load';
import { photoSection, type PhotoReport } from './photo-report';
import { photoHashSection, type PhotoHashReport } from './photo-hash-report';
import { matchingVerdicts, type MatchingReport } from './saved-search-matching-report';
import type { PriceInsightsTiming } from './price-insights';

export const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const readmePath = fileURLToPath(new URL('./README.md', import.meta.url));

export const START_MARKER = '<!-- bench:results:start -->';
export const END_MARKER = '<!-- bench:results:end -->';

/** Targets of issue 2, judged on the distinct-URLs results. */
export const TARGETS = {
  /** p99 with 10 connections at pg-1m, every case. */
  p99MsAtMillion: 50,
  /** p50 with 1 connection at pg-1m, every case: a request's own time. */
  singleP50MsAtMillion: 2,
  minRatioToHealth: 0.25,
  /** Issue 19: 100 KiB, the budget apps/web/scripts/bundle-size.mjs also checks. */
  homeJsGzipBytes: 100 * 1024,
} as const;

export interface CaseResult extends LoadResult {
  name: string;
  path: string;
  /** This case's req/s over /api/health's req/s in the same run. */
  ratioToHealth: number;
  /** Listings the route returned when probed (list routes only). */
  matches?: number;
  /** Distinct URLs: what varies from one request to the next, and how many URLs there are. */
  varies?: string;
  distinctUrls?: number;
}

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
  postgres?: string;
}

export interface BundleSize {
  homeJsGzipBytes: number;
  raw: unknown;
}

export interface DatasetReport {
  /** `<dataset>` (distinct URLs) or `<dataset>-repeated`; older results `<dataset>-uncached`. */
  dataset: string;
  /** false: measured with CATALOGUE_CACHE_MS=0. Results from before the cache lack it. */
  pageCache?: boolean;
  /**
   * distinct: every request of a case another URL, so the page cache misses; repeated: one URL
   * again and again, so the page cache answers. Results from before the distinct mode lack it.
   */
  urls?: UrlMode;
  database: 'pglite' | 'postgres';
  listings: number;
  date: string;
  machine: Machine;
  settings: LoadSettings;
  cases: CaseResult[];
  bundle: BundleSize | null;
  /** The price insights job's recompute at this size, timed before the server started. */
  priceInsights?: PriceInsightsTiming;
}

/** Cases whose throughput the targets hold to a quarter of /api/health's. */
const throughputCases = new Set([
  'list',
  'search common',
  'search rare',
  'filter+sort',
  'detail',
  'price insight',
]);

/** How a result was measured; results from before the distinct mode repeated one URL. */
export type ResultMode = UrlMode | 'cache-off';

export function resultMode(report: Pick<DatasetReport, 'urls' | 'pageCache'>): ResultMode {
  return report.urls ?? (report.pageCache === false ? 'cache-off' : 'repeated');
}

/** The result name of a mode: `<dataset>`, `<dataset>-repeated` or (older) `<dataset>-uncached`. */
export function resultName(datasetId: string, mode: ResultMode): string {
  switch (mode) {
    case 'distinct':
      return datasetId;
    case 'repeated':
      return `${datasetId}-repeated`;
    case 'cache-off':
      return `${datasetId}-uncached`;
  }
}

const baseDataset = (name: string): string => name.replace(/-(repeated|uncached)$/, '');

/** The one-line description of a mode the headings use. */
export function modeLabel(mode: ResultMode): string {
  switch (mode) {
    case 'distinct':
      return 'distinct URLs: page cache misses';
    case 'repeated':
      return 'one URL repeated: page cache answers';
    case 'cache-off':
      return 'one URL repeated with the page cache off (CATALOGUE_CACHE_MS=0)';
  }
}

/**
 * The targets hold for the distinct-URLs results: what visitors asking different pages get. The
 * repeated URL measures the page cache and is reported, not judged, but an error or a non-2xx
 * answer fails in every mode.
 */
export function verdicts(report: DatasetReport): string[] {
  const lines: string[] = [];
  const judged = resultMode(report) === 'distinct';
  const million = baseDataset(report.dataset) === 'pg-1m';
  for (const c of report.cases) {
    if (c.name === 'health') continue;
    if (judged && throughputCases.has(c.name)) {
      const ok = c.ratioToHealth >= TARGETS.minRatioToHealth;
      lines.push(
        `${ok ? 'PASS' : 'FAIL'} ${report.dataset} ${c.name}: ${c.ratioToHealth.toFixed(2)} × health req/s (target ≥ ${TARGETS.minRatioToHealth})`,
      );
    }
    if (judged && million) {
      const ok = c.p99Ms < TARGETS.p99MsAtMillion;
      lines.push(
        `${ok ? 'PASS' : 'FAIL'} ${report.dataset} ${c.name}: p99 ${c.p99Ms} ms with ${report.settings.connections} connections (target < ${TARGETS.p99MsAtMillion} ms)`,
      );
    }
    // Issue 19 holds the rendered pages to p99 alone; their throughput is reported beside the API's.
    if (judged && million && !isPageCase(c.name)) {
      const single = c.singleP50Ms;
      const singleOk = Number.isFinite(single) && single < TARGETS.singleP50MsAtMillion;
      lines.push(
        `${singleOk ? 'PASS' : 'FAIL'} ${report.dataset} ${c.name}: p50 ${Number.isFinite(single) ? `${single} ms` : 'not measured'} with 1 connection (target < ${TARGETS.singleP50MsAtMillion} ms)`,
      );
    }
    if (c.non2xx > 0 || c.errors > 0 || c.timeouts > 0) {
      lines.push(
        `FAIL ${report.dataset} ${c.name}: ${c.non2xx} non-2xx, ${c.errors} errors, ${c.timeouts} timeouts`,
      );
    }
  }
  if (report.bundle) {
    const ok = report.bundle.homeJsGzipBytes <= TARGETS.homeJsGzipBytes;
    lines.push(
      `${ok ? 'PASS' : 'FAIL'} home page JS: ${formatKb(report.bundle.homeJsGzipBytes)} gzip (target ≤ ${formatKb(TARGETS.homeJsGzipBytes)})`,
    );
  }
  return lines;
}

function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** A CPU figure in microseconds per request, blank where it was not measured. */
export function formatUs(us: number | undefined): string {
  return typeof us === 'number' && Number.isFinite(us) ? us.toLocaleString('en-US') : '';
}

export function caseTable(
  report: Pick<DatasetReport, 'cases' | 'settings' | 'database' | 'priceInsights'>,
): string {
  const { cases, settings } = report;
  // PGlite is PostgreSQL compiled into the API process: its CPU is the server's.
  const postgres = report.database === 'postgres';
  const header = `| case | route | req/s | × health | p50 ms | p99 ms | p50 / p99 ms, 1 conn | server CPU µs/req |${postgres ? ' PostgreSQL CPU µs/req |' : ''} results |`;
  const rule = `|---|---|--:|--:|--:|--:|--:|--:|${postgres ? '--:|' : ''}--:|`;
  const rows = cases.map(
    (c) =>
      `| ${c.name} | \`${c.path}\`${c.varies ? ` (${c.varies})` : ''} | ${c.reqPerSec.toLocaleString('en-US')} | ${c.ratioToHealth.toFixed(2)} | ${c.p50Ms} | ${c.p99Ms} | ${single(c)} | ${formatUs(c.serverCpuUsPerReq)} |${postgres ? ` ${formatUs(c.postgresCpuUsPerReq)} |` : ''} ${c.matches ?? ''} |`,
  );
  const cpu = postgres
    ? 'CPU µs/req: CPU time of the API server process and of every `postgres` process on the machine during the 10-connection run, over its requests.'
    : 'CPU µs/req: CPU time of the API server process during the 10-connection run, over its requests; PGlite runs inside that process, so the database is in the figure.';
  const insights = report.priceInsights
    ? [
        '',
        `The price insights job (issue 21) at this size: ${report.priceInsights.runsMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')} for ${report.priceInsights.groups.toLocaleString('en-US')} groups (${report.priceInsights.runsMs.length} runs back to back before the server started: one pass over the listed listings and the table replaced in one transaction).`,
      ]
    : [];
  return [
    `req/s, p50 and p99 with ${settings.connections} connections; the 1-connection column is a request's own latency, without queueing. ${cpu}`,
    '',
    header,
    rule,
    ...rows,
    ...insights,
  ].join('\n');
}

function single(c: CaseResult): string {
  // Results written before the 1-connection run existed lack it.
  return typeof c.singleP50Ms === 'number' && Number.isFinite(c.singleP50Ms)
    ? `${c.singleP50Ms} / ${c.singleP99Ms}`
    : '';
}

/** Writes a result as `<day>-<name>.json` in bench/results; answers the file. */
function writeNamedResult(report: { date: string }, name: string): string {
  const file = path.join(resultsDir, `${report.date.slice(0, 10)}-${name}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

export function writeResult(report: DatasetReport): string {
  return writeNamedResult(report, report.dataset);
}

const isPhotoResult = (file: string) => file.endsWith('-photos.json');
const isLighthouseResult = (file: string) => file.endsWith('-lighthouse.json');
const isAbuseResult = (file: string) => file.endsWith('-abuse.json');
const isPhotoHashResult = (file: string) => file.endsWith('-photo-hashes.json');
const isMatchingResult = (file: string) => file.endsWith('-saved-search-matching.json');
const isFirstVisitBytesResult = (file: string) => file.endsWith('-first-visit-bytes.json');

/** The newest result of a part stored under its own file suffix, if any. */
function latestPartResult<T extends { date: string }>(
  isPart: (file: string) => boolean,
): T | undefined {
  let files: string[] = [];
  try {
    files = readdirSync(resultsDir).filter(isPart);
  } catch {
    return undefined;
  }
  return files
    .map((file) => JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')) as T)
    .sort((a, b) => a.date.localeCompare(b.date))
    .at(-1);
}

export function writePhotoResult(report: PhotoReport): string {
  return writeNamedResult(report, 'photos');
}

export function writeLighthouseResult(report: LighthouseReport): string {
  return writeNamedResult(report, 'lighthouse');
}

export function writeAbuseResult(report: AbuseReport): string {
  return writeNamedResult(report, 'abuse');
}

export function writePhotoHashResult(report: PhotoHashReport): string {
  return writeNamedResult(report, 'photo-hashes');
}

export function writeMatchingResult(report: MatchingReport): string {
  return writeNamedResult(report, 'saved-search-matching');
}

export function writeFirstVisitBytesResult(report: FirstVisitBytesReport): string {
  return writeNamedResult(report, 'first-visit-bytes');
}

/** The newest stored result of every dataset, in the order given. */
function latestResults(datasetOrder: readonly string[]): DatasetReport[] {
  let files: string[] = [];
  try {
    files = readdirSync(resultsDir).filter(
      (f) =>
        f.endsWith('.json') &&
        !isPhotoResult(f) &&
        !isLighthouseResult(f) &&
        !isAbuseResult(f) &&
        !isPhotoHashResult(f) &&
        !isMatchingResult(f) &&
        !isFirstVisitBytesResult(f) &&
        !isCompressionResult(f),
    );
  } catch {
    return [];
  }
  const newest = new Map<string, DatasetReport>();
  for (const file of files) {
    const stored = JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')) as DatasetReport;
    // Named by how it was measured: a result from before the distinct mode, stored as
    // `<dataset>`, repeated one URL and shows as `<dataset>-repeated`.
    const name = resultName(baseDataset(stored.dataset), resultMode(stored));
    const report = { ...stored, dataset: name };
    const seen = newest.get(name);
    if (!seen || seen.date < report.date) newest.set(name, report);
  }
  return datasetOrder.flatMap((id) => newest.get(id) ?? []);
}

const isCompressionResult = (file: string) => file.endsWith('-compression.json');

export function writeCompressionResult(report: CompressionReport): string {
  return writeNamedResult(report, 'compression');
}

/** A block of lines after a blank one, or nothing when there are none. */
const lines = (block: string[]): string[] => (block.length > 0 ? ['', ...block] : []);

/** Formats the README as the repository's Prettier settings say (tables aligned). */
function formatReadme(): void {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('prettier/package.json');
    const { bin } = JSON.parse(readFileSync(pkg, 'utf8')) as { bin: string };
    const result = spawnSync(
      process.execPath,
      [path.join(path.dirname(pkg), bin), '--write', readmePath],
      {
        encoding: 'utf8',
      },
    );
    if (result.status !== 0)
      console.warn(`[bench] prettier left bench/README.md as written: ${result.stderr}`);
  } catch (error) {
    console.warn(`[bench] no prettier to format bench/README.md: ${String(error)}`);
  }
}

/**
 * Rewrites the generated part of bench/README.md from the newest result of each result name
 * (`<dataset>`, `<dataset>-repeated`), in the order given, and of each part.
 */
export function updateReadme(datasetOrder: readonly string[]): void {
  const reports = latestResults(datasetOrder);
  const sections = reports.map((r) => {
    const machine = `${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGiB} GiB, ${r.machine.os}, Node ${r.machine.node}${r.machine.postgres ? `, PostgreSQL ${r.machine.postgres}` : ''}`;
    const mode = resultMode(r);
    return [
      `### ${r.dataset}: ${r.listings.toLocaleString('en-US')} listings on ${r.database === 'pglite' ? 'embedded PGlite' : 'the PostgreSQL server'}; ${modeLabel(mode)}`,
      '',
      `Measured ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${machine}; per case a ${r.settings.warmupSec} s warm-up, ${r.settings.connections} connections × ${r.settings.durationSec} s, then 1 connection × ${r.settings.singleSec ?? 0} s.${mode === 'distinct' ? ' Every request of a case is another URL of its family (the route column says what varies), so the page cache misses.' : ' Every request of a case is the same URL: the page cache answers all but the first of every 5 s (detail pages are never cached). Reported, not judged.'}`,
      '',
      caseTable(r),
      ...lines(verdicts({ ...r, bundle: null }).map((v) => `- ${v}`)),
    ].join('\n');
  });
  const bundleReport = reports.find((r) => r.bundle);
  if (bundleReport?.bundle) {
    sections.push(
      `### Home page JavaScript\n\n${formatKb(bundleReport.bundle.homeJsGzipBytes)} gzip (target ≤ ${formatKb(TARGETS.homeJsGzipBytes)}), measured ${bundleReport.date.slice(0, 10)} with \`apps/web/scripts/bundle-size.mjs\`.`,
    );
  }
  const photos = latestPartResult<PhotoReport>(isPhotoResult);
  if (photos) sections.push(photoSection(photos));
  const photoHashes = latestPartResult<PhotoHashReport>(isPhotoHashResult);
  if (photoHashes) sections.push(photoHashSection(photoHashes));
  const lighthouse = latestPartResult<LighthouseReport>(isLighthouseResult);
  if (lighthouse) sections.push(lighthouseSection(lighthouse));
  const compression = latestPartResult<CompressionReport>(isCompressionResult);
  if (compression) sections.push(compressionSection(compression));
  const abuse = latestPartResult<AbuseReport>(isAbuseResult);
  if (abuse) sections.push(abuseSection(abuse));
  const matching = latestPartResult<MatchingReport>(isMatchingResult);
  if (matching) {
    sections.push(
      `### Saved-search matching

Measured ${matching.date.slice(0, 10)} on ${matching.database} (\`npm run bench -- saved-searches\`, bench/saved-search-matching.ts).

${matchingVerdicts(matching)
  .map((v) => `- ${v}`)
  .join('\n')}`,
    );
  }
  const firstVisit = latestPartResult<FirstVisitBytesReport>(isFirstVisitBytesResult);
  if (firstVisit) {
    sections.push(
      `### First-visit bytes

Measured ${firstVisit.date.slice(0, 10)} (\`npm run bench -- first-visit-bytes\`, bench/first-visit-bytes.ts): ${firstVisit.page}, ${firstVisit.device.width}×${firstVisit.device.height} at DPR ${firstVisit.device.deviceScaleFactor}, a fresh profile, bytes on the wire until the network is idle.

\`\`\`
${firstVisitTable(firstVisit).join('\n')}
\`\`\`

${firstVisitVerdicts(firstVisit)
  .map((v) => `- ${v}`)
  .join('\n')}`,
    );
  }
  const generated =
    sections.length > 0 ? sections.join('\n\n') : '_No results yet: run `npm run bench`._';

  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start === -1 || end < start) throw new Error(`bench/README.md lacks the result markers`);
  const next = `${readme.slice(0, start + START_MARKER.length)}\n\n${generated}\n\n${readme.slice(end)}`;
  writeFileSync(readmePath, next);
  formatReadme();
}

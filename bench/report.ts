import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { abuseSection, type AbuseReport } from './abuse-report';
import { lighthouseSection, type LighthouseReport } from './lighthouse-report';
import type { LoadResult, LoadSettings } from './load';
import { photoSection, type PhotoReport } from './photo-report';

export const resultsDir = fileURLToPath(new URL('./results', import.meta.url));
const readmePath = fileURLToPath(new URL('./README.md', import.meta.url));

export const START_MARKER = '<!-- bench:results:start -->';
export const END_MARKER = '<!-- bench:results:end -->';

/** Targets of issue 2. */
export const TARGETS = {
  p99MsAtMillion: 50,
  minRatioToHealth: 0.25,
  /** 170 KiB, the budget apps/web/scripts/bundle-size.mjs also checks. */
  homeJsGzipBytes: 170 * 1024,
} as const;

export interface CaseResult extends LoadResult {
  name: string;
  path: string;
  /** This case's req/s over /api/health's req/s in the same run. */
  ratioToHealth: number;
  /** Listings the route returned when probed (list routes only). */
  matches?: number;
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
  dataset: string;
  /** false: measured with CATALOGUE_CACHE_MS=0. Results from before the cache lack it. */
  pageCache?: boolean;
  database: 'pglite' | 'postgres';
  listings: number;
  date: string;
  machine: Machine;
  settings: LoadSettings;
  cases: CaseResult[];
  bundle: BundleSize | null;
}

/** Cases whose throughput the targets hold to a quarter of /api/health's. */
const throughputCases = new Set(['list', 'search common', 'search rare']);

export function verdicts(report: DatasetReport): string[] {
  const lines: string[] = [];
  for (const c of report.cases) {
    if (c.name === 'health') continue;
    if (throughputCases.has(c.name)) {
      const ok = c.ratioToHealth >= TARGETS.minRatioToHealth;
      lines.push(
        `${ok ? 'PASS' : 'FAIL'} ${report.dataset} ${c.name}: ${c.ratioToHealth.toFixed(2)} × health req/s (target ≥ ${TARGETS.minRatioToHealth})`,
      );
    }
    if (report.dataset.startsWith('pg-1m')) {
      const ok = c.p99Ms < TARGETS.p99MsAtMillion;
      lines.push(
        `${ok ? 'PASS' : 'FAIL'} ${report.dataset} ${c.name}: p99 ${c.p99Ms} ms (target < ${TARGETS.p99MsAtMillion} ms)`,
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

export function caseTable(cases: CaseResult[], connections: number): string {
  const header = `| case | route | req/s | × health | p50 ms | p99 ms | p50 / p99 ms, 1 conn | results |`;
  const rule = '|---|---|--:|--:|--:|--:|--:|--:|';
  const rows = cases.map(
    (c) =>
      `| ${c.name} | \`${c.path}\` | ${c.reqPerSec.toLocaleString('en-US')} | ${c.ratioToHealth.toFixed(2)} | ${c.p50Ms} | ${c.p99Ms} | ${single(c)} | ${c.matches ?? ''} |`,
  );
  return [
    `req/s, p50 and p99 with ${connections} connections; the 1-connection column is a request's own latency, without queueing.`,
    '',
    header,
    rule,
    ...rows,
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

/** The newest stored result of every dataset, in the order given. */
function latestResults(datasetOrder: readonly string[]): DatasetReport[] {
  let files: string[] = [];
  try {
    files = readdirSync(resultsDir).filter(
      (f) =>
        f.endsWith('.json') && !isPhotoResult(f) && !isLighthouseResult(f) && !isAbuseResult(f),
    );
  } catch {
    return [];
  }
  const newest = new Map<string, DatasetReport>();
  for (const file of files) {
    const report = JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8')) as DatasetReport;
    const seen = newest.get(report.dataset);
    if (!seen || seen.date < report.date) newest.set(report.dataset, report);
  }
  return datasetOrder.flatMap((id) => newest.get(id) ?? []);
}

/** Rewrites the generated part of bench/README.md from the newest result of each dataset. */
export function updateReadme(datasetOrder: readonly string[]): void {
  const reports = latestResults(datasetOrder);
  const sections = reports.map((r) => {
    const machine = `${r.machine.cpus} cores (${r.machine.cpuModel}), ${r.machine.memoryGiB} GiB, ${r.machine.os}, Node ${r.machine.node}${r.machine.postgres ? `, PostgreSQL ${r.machine.postgres}` : ''}`;
    return [
      `### ${r.dataset}: ${r.listings.toLocaleString('en-US')} listings on ${r.database === 'pglite' ? 'embedded PGlite' : 'the PostgreSQL server'}${r.pageCache === false ? ', catalogue page cache off' : ''}`,
      '',
      `Measured ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${machine}; per case a ${r.settings.warmupSec} s warm-up, ${r.settings.connections} connections × ${r.settings.durationSec} s, then 1 connection × ${r.settings.singleSec ?? 0} s.`,
      '',
      caseTable(r.cases, r.settings.connections),
      '',
      ...verdicts({ ...r, bundle: null }).map((v) => `- ${v}`),
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
  const lighthouse = latestPartResult<LighthouseReport>(isLighthouseResult);
  if (lighthouse) sections.push(lighthouseSection(lighthouse));
  const abuse = latestPartResult<AbuseReport>(isAbuseResult);
  if (abuse) sections.push(abuseSection(abuse));
  const generated =
    sections.length > 0 ? sections.join('\n\n') : '_No results yet: run `npm run bench`._';

  const readme = readFileSync(readmePath, 'utf8');
  const start = readme.indexOf(START_MARKER);
  const end = readme.indexOf(END_MARKER);
  if (start === -1 || end < start) throw new Error(`bench/README.md lacks the result markers`);
  const next = `${readme.slice(0, start + START_MARKER.length)}\n\n${generated}\n\n${readme.slice(end)}`;
  writeFileSync(readmePath, next);
}

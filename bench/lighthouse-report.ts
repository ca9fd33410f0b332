/*
 * The front end's Lighthouse result (bench/lighthouse.ts) as stored in
 * bench/results/<date>-lighthouse.json and shown in bench/README.md.
 */

/** Issue targets for the public pages, judged on Lighthouse's mobile profile. */
export const LIGHTHOUSE_TARGETS = {
  /** Issue 19: server-rendered pages. */
  minScore: 98,
  maxFcpMs: 1200,
  maxLcpMs: 1500,
  maxTbtMs: 50,
  maxCls: 0,
  /** "A card image under 25 KB", counted as KiB like the 170 KB JavaScript budget. */
  maxCardImageBytes: 25 * 1024,
} as const;

export type PageName = 'home' | 'list' | 'detail';

export interface PageMetrics {
  /** Performance score, 0–100. */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes over the wire (compressed), from the resource-summary audit. */
  totalBytes: number;
  scriptBytes: number;
  imageBytes: number;
  requests: number;
}

/** An audit of the median run that costs score or bytes. */
export interface Finding {
  id: string;
  title: string;
  displayValue?: string;
  score: number | null;
  /** Lighthouse's own estimate of what fixing it would save. */
  savings: { lcpMs?: number; fcpMs?: number; tbtMs?: number; cls?: number; bytes?: number };
  /** Its first rows: the URLs or elements it is about. */
  top: string[];
}

export interface CardImage {
  url: string;
  /** The variant's width in pixels, from the photo's variants. */
  variantWidth: number;
  transferBytes: number;
}

export interface CardImages {
  /** Card images the median run downloaded (lazy loading fetches only those near the viewport). */
  loaded: CardImage[];
  largest: CardImage | null;
  /** The largest card photo's 320 px variant, the card thumbnail a narrow column would use. */
  largestThumbnail: CardImage | null;
}

export interface LighthousePageResult {
  name: PageName;
  path: string;
  finalUrl: string;
  /** Detail pages are for signed-in visitors only; the run signs in first. */
  signedIn: boolean;
  runs: PageMetrics[];
  /** Runs Lighthouse failed (a runtime error such as NO_NAVSTART) and that were run again. */
  retries: number;
  /** Index into runs of the run Lighthouse's computeMedianRun picked. */
  medianRun: number;
  median: PageMetrics;
  /** The LCP element's CSS selector and its HTML, as Lighthouse shortens it. */
  lcpElement: { selector: string; snippet: string } | null;
  /** LCP broken down into TTFB, load delay, load time and render delay, ms. */
  lcpPhases: Record<string, number> | null;
  findings: Finding[];
  cardImages?: CardImages;
}

export interface LighthouseReport {
  kind: 'lighthouse';
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  /** The 1-minute load average when the runs began: other work slows the simulated phone too. */
  loadAverage: number;
  lighthouseVersion: string;
  userAgent: string;
  /** Lighthouse's CPU benchmark of this machine (a mid-range phone is about 1000 slower). */
  benchmarkIndex: number;
  settings: {
    formFactor: string;
    throttlingMethod: string;
    runsPerPage: number;
    median: string;
  };
  pages: LighthousePageResult[];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** PASS/FAIL lines against the issue's targets, on each page's median run. */
export function lighthouseVerdicts(report: LighthouseReport): string[] {
  const t = LIGHTHOUSE_TARGETS;
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const lines: string[] = [];
  for (const page of report.pages) {
    const m = page.median;
    const label = `lighthouse ${page.name} (${page.path})`;
    lines.push(
      `${verdict(m.score >= t.minScore)} ${label}: score ${m.score} (target ≥ ${t.minScore})`,
    );
    lines.push(
      `${verdict(m.fcpMs <= t.maxFcpMs)} ${label}: FCP ${seconds(m.fcpMs)} (target ≤ ${seconds(t.maxFcpMs)})`,
    );
    lines.push(
      `${verdict(m.lcpMs <= t.maxLcpMs)} ${label}: LCP ${seconds(m.lcpMs)} (target ≤ ${seconds(t.maxLcpMs)})`,
    );
    lines.push(
      `${verdict(m.tbtMs <= t.maxTbtMs)} ${label}: TBT ${Math.round(m.tbtMs)} ms (target ≤ ${t.maxTbtMs} ms)`,
    );
    // Lighthouse reports CLS to three decimals: 0 is 0.000.
    lines.push(`${verdict(m.cls < 0.0005)} ${label}: CLS ${m.cls.toFixed(3)} (target ${t.maxCls})`);
    const largest = page.cardImages?.largest;
    if (largest) {
      lines.push(
        `${verdict(largest.transferBytes < t.maxCardImageBytes)} ${label}: largest card image ${kib(largest.transferBytes)}, the ${largest.variantWidth} px variant (target < ${kib(t.maxCardImageBytes)})`,
      );
    }
  }
  return lines;
}

function metricsRow(name: string, m: PageMetrics): string {
  return `| ${name} | ${m.score} | ${seconds(m.fcpMs)} | ${seconds(m.lcpMs)} | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${seconds(m.speedIndexMs)} | ${kib(m.totalBytes)} | ${kib(m.scriptBytes)} | ${kib(m.imageBytes)} | ${m.requests} |`;
}

function savingsText(f: Finding): string {
  const parts = [
    f.savings.lcpMs ? `LCP −${Math.round(f.savings.lcpMs)} ms` : '',
    f.savings.fcpMs ? `FCP −${Math.round(f.savings.fcpMs)} ms` : '',
    f.savings.tbtMs ? `TBT −${Math.round(f.savings.tbtMs)} ms` : '',
    f.savings.cls ? `CLS −${f.savings.cls.toFixed(3)}` : '',
    f.savings.bytes ? `−${kib(f.savings.bytes)}` : '',
  ].filter(Boolean);
  return parts.join(', ');
}

/** The selector, with the attributes that decide how early an image loads. */
function describeElement(element: { selector: string; snippet: string }): string {
  const attributes = ['loading', 'fetchpriority', 'src']
    .map((name) => new RegExp(`\\s${name}="([^"]*)"`).exec(element.snippet))
    .flatMap((match) => (match ? [match[0].trim()] : []));
  return `\`${element.selector}\`${attributes.length > 0 ? ` (${attributes.join(' ')})` : ''}`;
}

function pageDetails(page: LighthousePageResult): string[] {
  const head = `**${page.name}** \`${page.path}\`${page.signedIn ? ' (signed in)' : ''}:`;
  // Every run's figures: the median run can hide a shift or a stall that came and went.
  const runs = page.runs;
  const parts = [
    `the ${runs.length} runs: score ${runs.map((r) => r.score).join(', ')}, LCP ${runs.map((r) => seconds(r.lcpMs)).join(', ')}, CLS ${runs.map((r) => r.cls.toFixed(3)).join(', ')}${page.retries > 0 ? ` (${page.retries} failed runs redone)` : ''}, median run ${page.medianRun + 1}`,
  ];
  if (page.lcpElement) {
    const phases = Object.entries(page.lcpPhases ?? {}).map(([k, v]) => `${k} ${Math.round(v)} ms`);
    parts.push(
      `LCP element ${describeElement(page.lcpElement)}${phases.length > 0 ? `, ${phases.join(', ')}` : ''}`,
    );
  }
  const cards = page.cardImages;
  if (cards?.largest) {
    const widths = [...new Set(cards.loaded.map((c) => c.variantWidth))].join(', ');
    parts.push(
      `${cards.loaded.length} card images loaded (the ${widths} px variants), largest ${kib(cards.largest.transferBytes)}` +
        (cards.largestThumbnail
          ? `, that photo's 320 px thumbnail ${kib(cards.largestThumbnail.transferBytes)}`
          : ''),
    );
  }
  // Only what Lighthouse expects to pay off; the JSON keeps every failing audit.
  const findings = page.findings
    .filter((f) => savingsText(f))
    .map(
      (f) =>
        `  - ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}: ${savingsText(f)}${f.top.length > 0 ? `; ${f.top.map((t) => `\`${t}\``).join(', ')}` : ''}`,
    );
  return [`- ${head} ${parts.join('; ')}.`, ...findings];
}

export function lighthouseSection(report: LighthouseReport): string {
  const m = report.machine;
  return [
    '### Front end (Lighthouse)',
    '',
    `Measured ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}; Lighthouse ${report.lighthouseVersion}, ${report.settings.formFactor} profile, ${report.settings.throttlingMethod} throttling, CPU benchmark index ${report.benchmarkIndex}, load average ${report.loadAverage} at the start. ${report.settings.runsPerPage} runs per page, ${report.settings.median}; bytes are what the phone downloaded (compressed, with headers, lazy chunks and locale files included); the issue's home-page JavaScript budget is judged on the bundle-size figure above.`,
    '',
    '| page | score | FCP | LCP | TBT | CLS | Speed Index | total | JS | images | requests |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...report.pages.map((p) => metricsRow(`${p.name} \`${p.path}\``, p.median)),
    '',
    'The median run of each page, with what Lighthouse says costs it:',
    '',
    ...report.pages.flatMap(pageDetails),
    '',
    ...lighthouseVerdicts(report).map((v) => `- ${v}`),
  ].join('\n');
}

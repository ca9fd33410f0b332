import type { Machine } from './report';

/*
 * The first-visit bytes measurement (bench/first-visit-bytes.ts) as stored in
 * bench/results/<date>-first-visit-bytes.json and shown in bench/README.md.
 */

/** Issue 22: a first visit to /home with data saver, every byte on the wire, KiB. */
export const DATA_SAVER_TARGET_KIB = 150;

export type FirstVisitMode = 'off' | 'on';

export interface ResourceBytes {
  url: string;
  type: string;
  /** Bytes on the wire (CDP encodedDataLength: headers and the compressed body). */
  bytes: number;
}

export interface FirstVisitRun {
  mode: FirstVisitMode;
  /** How data saver was asked for: nothing, or the Save-Data header and navigator.connection. */
  how: string;
  totalBytes: number;
  requests: number;
  byType: Record<string, { bytes: number; count: number }>;
  /** The largest resources, largest first. */
  largest: ResourceBytes[];
}

export interface FirstVisitBytesReport {
  date: string;
  machine: Machine;
  page: string;
  device: { width: number; height: number; deviceScaleFactor: number; userAgent: string };
  runs: FirstVisitRun[];
}

const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line per run and type, largest type first. */
export function firstVisitTable(report: FirstVisitBytesReport): string[] {
  const lines: string[] = [];
  for (const run of report.runs) {
    lines.push(
      `data saver ${run.mode} (${run.how}): ${kib(run.totalBytes)} KiB in ${run.requests} requests`,
    );
    const types = Object.entries(run.byType).sort(([, a], [, b]) => b.bytes - a.bytes);
    for (const [type, { bytes, count }] of types) {
      lines.push(`  ${type.padEnd(11)} ${kib(bytes).padStart(7)} KiB  ${count} requests`);
    }
  }
  return lines;
}

export function firstVisitVerdicts(report: FirstVisitBytesReport): string[] {
  const on = report.runs.find((run) => run.mode === 'on');
  const off = report.runs.find((run) => run.mode === 'off');
  if (!on) return ['FAIL no run with data saver'];
  const saved = off ? `, ${kib(off.totalBytes - on.totalBytes)} KiB less than without` : '';
  const pass = on.totalBytes / 1024 < DATA_SAVER_TARGET_KIB;
  return [
    `${pass ? 'PASS' : 'FAIL'} first visit to ${report.page} with data saver: ${kib(on.totalBytes)} KiB${saved} (target < ${DATA_SAVER_TARGET_KIB} KiB)`,
  ];
}

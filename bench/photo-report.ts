/*
 * The photo pipeline's result (bench/photos.ts) as stored in bench/results/<date>-photos.json and
 * shown in bench/README.md.
 */

/** Issue 4: a full 8-photo house listing processed in under 3 s on 2 cores. */
export const LISTING_TARGET_SECONDS = 3;

export interface PipelineCase {
  input: string;
  photos: number;
  averageInputKiB: number;
  concurrency: number;
  /** Median of the runs. */
  seconds: number;
  photosPerSecond: number;
}

export interface HttpCase {
  input: string;
  photos: number;
  requestMiB: number;
  /** Every run's time from sending the request to the 201, seconds. */
  runs: number[];
  medianSeconds: number;
}

export interface PhotoReport {
  kind: 'photos';
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string };
  pipeline: PipelineCase[];
  /** null when the server could not take a listing (the reason is in httpSkipped). */
  http: HttpCase[] | null;
  httpSkipped?: string;
  serverMemory: { baselineMiB: number; afterMiB: number; peakMiB: number } | null;
}

/** PASS/FAIL lines against the target. */
export function photoVerdicts(report: PhotoReport): string[] {
  const lines: string[] = [];
  const overHttp = report.http?.find((c) => c.input.startsWith('1024'));
  const inProcess = report.pipeline.find((c) => c.input.startsWith('1024') && c.concurrency === 2);
  const measured = overHttp
    ? { seconds: overHttp.medianSeconds, how: 'over HTTP' }
    : inProcess
      ? { seconds: inProcess.seconds, how: 'in process' }
      : undefined;
  if (measured) {
    const ok = measured.seconds < LISTING_TARGET_SECONDS;
    lines.push(
      `${ok ? 'PASS' : 'FAIL'} photos: 8-photo house listing (1024×768) in ${measured.seconds} s ${measured.how} on ${report.machine.cpus} cores (target < ${LISTING_TARGET_SECONDS} s on 2 cores)`,
    );
  }
  return lines;
}

export function photoSection(report: PhotoReport): string {
  const m = report.machine;
  const rows = report.pipeline.map(
    (c) =>
      `| ${c.input} | ${c.averageInputKiB.toLocaleString('en-US')} | ${c.concurrency} | ${c.photosPerSecond} | ${c.seconds} |`,
  );
  const http = report.http
    ? [
        '',
        'A whole house listing (8 photos, one multipart request) through the built server: multipart, sharp, upload journal, disk, database, owner view.',
        '',
        '| input | request MiB | median s | runs s |',
        '|---|--:|--:|--:|',
        ...report.http.map(
          (c) => `| ${c.input} | ${c.requestMiB} | ${c.medianSeconds} | ${c.runs.join(', ')} |`,
        ),
      ]
    : ['', `Over HTTP: skipped (${report.httpSkipped ?? 'no reason recorded'}).`];
  const memory = report.serverMemory
    ? [
        '',
        `Server RSS: ${report.serverMemory.baselineMiB} MiB idle, ${report.serverMemory.afterMiB} MiB after the uploads, peak ${report.serverMemory.peakMiB} MiB.`,
      ]
    : [];
  return [
    '### Photo pipeline',
    '',
    `Measured ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}. processPhoto (sniff, decode, WebP 320/768/1280) and the disk store, in process; median of 5 runs (1024×768) and 3 (4000×3000), 8 photos each.`,
    '',
    '| input | average KiB | at a time | photos/s | 8 photos s |',
    '|---|--:|--:|--:|--:|',
    ...rows,
    ...http,
    ...memory,
    '',
    ...photoVerdicts(report).map((v) => `- ${v}`),
  ].join('\n');
}

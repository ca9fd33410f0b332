/*
 * The perceptual-hash measurement (bench/photo-hashes.ts) as stored in
 * bench/results/<date>-photo-hashes.json and shown in bench/README.md.
 */

/** Issue 20: duplicate-photo candidates of a listing at 1,000,000 photos, and hashing's cost. */
export const PHOTO_HASH_TARGETS = {
  /** p99 of one listing's candidate search on the PostgreSQL server, ms. */
  searchP99Ms: 20,
  /** The photo pipeline with hashing over without, wall time. */
  pipelineRatio: 1.1,
} as const;

export interface SearchCase {
  /** What was asked. */
  name: string;
  /** Listings per call (1, or a page of the admin list). */
  listings: number;
  /** Hashes asked about per call, on average (each listing's photos). */
  hashesPerCall: number;
  calls: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Candidates found per call, on average. */
  candidatesPerCall: number;
}

export interface PipelineComparison {
  input: string;
  photos: number;
  concurrency: number;
  runs: number;
  /** Median wall time of the 8 photos, seconds, without and with hashing. */
  withoutSeconds: number;
  withSeconds: number;
  /** with ÷ without, wall time: the median of the ratios of runs side by side. */
  ratio: number;
  /** The same of the process's CPU time (every thread: libvips's too). */
  cpuRatio: number;
}

export interface PhotoHashReport {
  kind: 'photo-hashes';
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; postgres?: string };
  dataset: {
    database: string;
    photos: number;
    listings: number;
    publishers: number;
    /** Near-duplicate pairs planted on listings of other publishers (distance 0–6). */
    planted: number;
    /** Planted pairs the search found, of those whose source listing is not archived. */
    plantedFound: number;
    plantedSearchable: number;
    /** Planted pairs found whose source listing is archived: must be none. */
    archivedFound: number;
    maxDistance: number;
    indexMiB: number;
  };
  search: SearchCase[];
  /** One photo's hash alone (decode excluded: from the pipeline's pixels), median, ms. */
  hashMs: number;
  pipeline: PipelineComparison[];
}

const fixed = (value: number, digits = 2) => value.toFixed(digits);

export function photoHashVerdicts(report: PhotoHashReport): string[] {
  const lines: string[] = [];
  const single = report.search.find((c) => c.listings === 1 && c.name.startsWith('a listing'));
  if (single) {
    const ok = single.p99Ms < PHOTO_HASH_TARGETS.searchP99Ms;
    lines.push(
      `${ok ? 'PASS' : 'FAIL'} photo hashes: a listing's duplicate candidates at ${report.dataset.photos.toLocaleString('en-US')} photos, p99 ${fixed(single.p99Ms, 1)} ms (target < ${PHOTO_HASH_TARGETS.searchP99Ms} ms)`,
    );
  }
  const d = report.dataset;
  const found = d.plantedFound === d.plantedSearchable && d.archivedFound === 0;
  lines.push(
    `${found ? 'PASS' : 'FAIL'} photo hashes: ${d.plantedFound} of ${d.plantedSearchable} planted near-duplicates found, ${d.archivedFound} of the ${d.planted - d.plantedSearchable} on archived listings`,
  );
  for (const c of report.pipeline) {
    const ok = c.ratio < PHOTO_HASH_TARGETS.pipelineRatio;
    lines.push(
      `${ok ? 'PASS' : 'FAIL'} photo hashes: pipeline with hashing ${fixed(c.ratio, 3)} × without (${c.input}, ${c.concurrency} at a time; target < ${PHOTO_HASH_TARGETS.pipelineRatio})`,
    );
  }
  return lines;
}

export function photoHashSection(report: PhotoHashReport): string {
  const m = report.machine;
  const d = report.dataset;
  return [
    '### Photo hashes',
    '',
    `Measured ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}. Database \`${d.database}\`: ${d.photos.toLocaleString('en-US')} photo hashes on ${d.listings.toLocaleString('en-US')} listings of ${d.publishers.toLocaleString('en-US')} publishers, ${d.planted.toLocaleString('en-US')} near-duplicates planted; distance ≤ ${d.maxDistance}; the four band indexes ${d.indexMiB.toLocaleString('en-US')} MiB together. Each call is the repository's candidate search from the bench process (its queries and their round trips).`,
    '',
    '| search | listings a call | hashes a call | calls | p50 ms | p99 ms | max ms | candidates a call |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...report.search.map(
      (c) =>
        `| ${c.name} | ${c.listings} | ${fixed(c.hashesPerCall, 1)} | ${c.calls} | ${fixed(c.p50Ms, 1)} | ${fixed(c.p99Ms, 1)} | ${fixed(c.maxMs, 1)} | ${fixed(c.candidatesPerCall, 2)} |`,
    ),
    '',
    `The photo pipeline (processPhoto: sniff, decode, WebP 320/768/1280, and the hash, then the disk store) with and without the hash, in pairs of runs side by side; the ratios are the median of the pairs' ratios. One hash from decoded pixels takes ${fixed(report.hashMs)} ms.`,
    '',
    '| input | photos | at a time | runs | without s | with s | wall ratio | CPU ratio |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
    ...report.pipeline.map(
      (c) =>
        `| ${c.input} | ${c.photos} | ${c.concurrency} | ${c.runs} | ${fixed(c.withoutSeconds, 3)} | ${fixed(c.withSeconds, 3)} | ${fixed(c.ratio, 3)} | ${fixed(c.cpuRatio, 3)} |`,
    ),
    '',
    ...photoHashVerdicts(report).map((v) => `- ${v}`),
  ].join('\n');
}

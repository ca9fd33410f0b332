import type { Machine } from './report';

/*
 * The saved-search matching measurement (bench/saved-search-matching.ts) as stored in
 * bench/results/<date>-saved-search-matching.json and shown in bench/README.md.
 */

/** Issue 21: matching one approved listing, p99 on the PostgreSQL server, ms. */
export const MATCHING_P99_TARGET_MS = 50;
export interface MatchingReport {
  date: string;
  machine: Machine;
  database: string;
  listings: number;
  savedSearches: number;
  calls: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Saved searches a listing matched, on average. */
  matchesPerListing: number;
}

export function matchingVerdicts(report: MatchingReport): string[] {
  const line = `matching one listing against ${report.savedSearches.toLocaleString('en-US')} saved searches at ${report.listings.toLocaleString('en-US')} listings: p50 ${report.p50Ms} ms, p95 ${report.p95Ms} ms, p99 ${report.p99Ms} ms, max ${report.maxMs} ms (${report.calls} listings, ${report.matchesPerListing} matches each)`;
  return [
    `${report.p99Ms < MATCHING_P99_TARGET_MS ? 'PASS' : 'FAIL'} ${line} (target p99 < ${MATCHING_P99_TARGET_MS} ms)`,
  ];
}

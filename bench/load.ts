import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cpuPerRequest, type CpuPerRequest, type CpuProbe } from './cpu';
import type { LoadJob, LoadWorkerResult } from './load-worker';

const workerScript = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
/** tsx's loader by file URL, so the worker starts the same from any working directory. */
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface LoadSettings {
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Length of the one-connection run that measures a request's own latency, without queueing. */
  singleSec: number;
}

export interface LoadResult extends Partial<CpuPerRequest> {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  avgMs: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Latency with one connection: the time a request takes when it waits for no other. */
  singleP50Ms: number;
  singleP99Ms: number;
  /** Bytes on the wire per response of the 10-connection run, status line and headers included. */
  bytesPerResponse?: number;
  /** Paths handed out over the warm-up and both runs (distinct URLs: the next one starts here). */
  urlsSent?: number;
}

/**
 * What to load: one path repeated, or a family of distinct paths handed out in turn (every
 * request the next one, each run going on where the previous one stopped).
 */
export interface LoadTarget {
  baseUrl: string;
  paths: string[];
  /** Index of the first path to send: another load of the same family goes on after this one's. */
  start?: number;
  headers?: Record<string, string>;
}

/** Runs autocannon in its own process (bench/load-worker.ts) and answers what it printed. */
function autocannon(job: LoadJob): Promise<LoadWorkerResult> {
  // The paths can be tens of thousands: a file, not the command line.
  const dir = mkdtempSync(path.join(tmpdir(), 'makazi-load-'));
  const jobFile = path.join(dir, 'job.json');
  writeFileSync(jobFile, JSON.stringify(job));
  return new Promise<LoadWorkerResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', tsxLoader, workerScript, jobFile], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`the load worker exited ${String(code)}: ${stderr.slice(-500)}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as LoadWorkerResult);
      } catch {
        reject(new Error(`the load worker printed no JSON: ${stdout.slice(0, 200)}`));
      }
    });
  }).finally(() => rmSync(dir, { recursive: true, force: true }));
}

/**
 * A warm-up, the measured run with `settings.connections`, then the one-connection run. With a
 * CPU probe, CPU time per request of the measured run (read just before and just after it).
 */
export async function measure(
  target: LoadTarget,
  settings: LoadSettings,
  cpu?: CpuProbe,
): Promise<LoadResult> {
  const first = target.start ?? 0;
  let start = first;
  const load = async (connections: number, durationSec: number): Promise<LoadWorkerResult> => {
    const result = await autocannon({
      baseUrl: target.baseUrl,
      paths: target.paths,
      start,
      connections,
      durationSec,
      ...(target.headers ? { headers: target.headers } : {}),
    });
    start += result.used;
    return result;
  };
  // Warm-up: JIT, connection pool, the database's buffer cache for this query's index pages.
  if (settings.warmupSec > 0) await load(settings.connections, settings.warmupSec);
  const before = cpu?.();
  const run = await load(settings.connections, settings.durationSec);
  const after = cpu?.();
  const single = settings.singleSec > 0 ? await load(1, settings.singleSec) : undefined;
  return {
    reqPerSec: Math.round(run.requests.average),
    p50Ms: run.latency.p50,
    p99Ms: run.latency.p99,
    avgMs: run.latency.average,
    total: run.requests.total,
    non2xx: run.non2xx + (single?.non2xx ?? 0),
    errors: run.errors + (single?.errors ?? 0),
    timeouts: run.timeouts + (single?.timeouts ?? 0),
    singleP50Ms: single?.latency.p50 ?? Number.NaN,
    singleP99Ms: single?.latency.p99 ?? Number.NaN,
    bytesPerResponse:
      run.requests.total > 0 ? Math.round(run.bytes / run.requests.total) : Number.NaN,
    ...(target.paths.length > 1 ? { urlsSent: start - first } : {}),
    ...(before && after ? cpuPerRequest(before, after, run.requests.total) : {}),
  };
}

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

export interface LoadSettings {
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** Length of the one-connection run that measures a request's own latency, without queueing. */
  singleSec: number;
}

export interface LoadResult {
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
}

interface AutocannonJson {
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number; average: number };
  requests: { average: number; total: number };
}

/**
 * Runs autocannon in its own process: on a two-core machine the load generator and the server
 * then compete as two processes the OS schedules, rather than sharing the bench's event loop.
 */
function autocannon(
  url: string,
  connections: number,
  durationSec: number,
): Promise<AutocannonJson> {
  return new Promise((resolve, reject) => {
    const args = [
      autocannonCli,
      '--json',
      '-c',
      String(connections),
      '-d',
      String(durationSec),
      url,
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon exited ${String(code)}: ${stderr.slice(-500)}`));
        return;
      }
      try {
        resolve(JSON.parse(stdout) as AutocannonJson);
      } catch {
        reject(new Error(`autocannon printed no JSON: ${stdout.slice(0, 200)}`));
      }
    });
  });
}

export async function measure(url: string, settings: LoadSettings): Promise<LoadResult> {
  // Warm-up: JIT, connection pool, the database's buffer cache for this query's index pages.
  if (settings.warmupSec > 0) await autocannon(url, settings.connections, settings.warmupSec);
  const run = await autocannon(url, settings.connections, settings.durationSec);
  const single = settings.singleSec > 0 ? await autocannon(url, 1, settings.singleSec) : undefined;
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
  };
}

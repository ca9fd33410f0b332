/**
 * The load generator, in a process of its own (bench/load.ts starts it): on a two-core machine it
 * and the server then compete as two processes the OS schedules. Reads a job (JSON, the file named
 * by its one argument), runs autocannon on it and prints one line of JSON: what the run measured.
 *
 * With more than one path, every request takes the next path of the list from `start` on, wrapping
 * around at its end; autocannon's CLI can only repeat one URL.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadJob {
  baseUrl: string;
  paths: string[];
  /** Index of the first path: a run goes on where the one before it stopped. */
  start: number;
  connections: number;
  durationSec: number;
  headers?: Record<string, string>;
}

export interface LoadWorkerResult {
  errors: number;
  timeouts: number;
  non2xx: number;
  latency: { p50: number; p99: number; average: number };
  requests: { average: number; total: number; sent: number };
  /** Bytes read from the sockets: status lines, headers and bodies as sent. */
  bytes: number;
  /** Paths handed out, to start the next run after them. */
  used: number;
}

async function run(job: LoadJob): Promise<LoadWorkerResult> {
  const { paths } = job;
  if (paths.length === 0) throw new Error('a load job needs at least one path');
  let next = job.start;
  const result = await autocannon({
    url: `${job.baseUrl}${paths[job.start % paths.length]}`,
    connections: job.connections,
    duration: job.durationSec,
    ...(job.headers ? { headers: job.headers } : {}),
    ...(paths.length > 1
      ? {
          requests: [
            {
              setupRequest: (request) => {
                request.path = paths[next % paths.length];
                next += 1;
                return request;
              },
            },
          ],
        }
      : {}),
  });
  return {
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    latency: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      average: result.latency.average,
    },
    requests: {
      average: result.requests.average,
      total: result.requests.total,
      sent: result.requests.sent,
    },
    bytes: result.throughput.total,
    used: next - job.start,
  };
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node --import tsx bench/load-worker.ts <job.json>');
  process.exit(2);
}
run(JSON.parse(readFileSync(file, 'utf8')) as LoadJob).then(
  (result) => console.log(JSON.stringify(result)),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);

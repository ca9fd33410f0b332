import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { ensureBuilt } from '@makazi/bench/app-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The app's DATA_DIR: specs read one-time codes from its SMS outbox, as people read SMS. */
    dataDir: string;
    /** The admin the app creates at start from ADMIN_USERNAME / ADMIN_PASSWORD. */
    admin: { username: string; password: string };
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const tmpDir = fileURLToPath(new URL('../.tmp', import.meta.url));

// A cold start may build the web app and the server first, then seed the demo catalogue with photos.
const startDeadlineMs = 8 * 60_000;
const stopDeadlineMs = 30_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

function timeout(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

function logTail(logFile: string): string {
  try {
    return readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no server log)';
  }
}

/** Polls the health route until it answers 200, the process dies, or the deadline passes. */
async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + startDeadlineMs;
  const dead = exited(child);
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    const outcome = await Promise.race([dead, timeout(250)]);
    if (outcome !== 'timeout') {
      throw new Error(
        `the app exited before it was healthy (code ${String(outcome.code)}, signal ${String(outcome.signal)}):\n${logTail(logFile)}`,
      );
    }
  }
  throw new Error(`the app was not healthy within ${startDeadlineMs} ms:\n${logTail(logFile)}`);
}

/** Children of a process, from Linux procfs; empty elsewhere. */
function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The environment a user's shell would give `npm start`: without what vitest sets for itself. */
function appEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_ENV' || key.startsWith('VITEST') || key === 'TEST') continue;
    env[key] = value;
  }
  return { ...env, ...overrides };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(tmpDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-e2e-'));
  // One app per project (vitest.config.ts), each with its log.
  const logFile = path.join(tmpDir, `server-${project.name.replace(/\W+/g, '-')}.log`);
  // Synchronous, so two projects' setups never build at once: the second finds the build fresh.
  ensureBuilt();
  const log = createWriteStream(logFile);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const admin = { username: 'e2e-admin', password: randomBytes(18).toString('base64url') };

  // Exactly what `npm start` runs; it builds first when the build is missing or stale.
  const app = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: appEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The embedded default with its demo catalogue, whatever the calling shell has set.
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      // The specs play a reverse proxy and give every visitor an address (support/client-address.ts).
      TRUST_PROXY: '1',
      // Several people in several specs pay from the simulator's one silent number (0700000003):
      // more prompts to that phone than a real one gets in an hour.
      PUSHES_PER_PAYER_PHONE_PER_HOUR: '20',
      // Reporters are accounts a spec made a moment ago: their reports must count towards a hold
      // (admin-reports spec), which by default only accounts a day old do.
      REPORTER_MIN_ACCOUNT_AGE_HOURS: '0',
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout.pipe(log);
  app.stderr.pipe(log);

  try {
    await waitForHealth(baseUrl, app, logFile);
  } catch (error) {
    app.kill('SIGKILL');
    for (const pid of childPids(app.pid ?? 0)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  project.provide('admin', admin);

  return async () => {
    const serverPids = childPids(app.pid ?? 0);
    app.kill('SIGTERM');
    const outcome = await Promise.race([exited(app), timeout(stopDeadlineMs)]);
    rmSync(dataDir, { recursive: true, force: true });
    let problem: string | undefined;
    if (outcome === 'timeout') {
      for (const pid of [app.pid ?? 0, ...serverPids]) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      problem = `the app did not stop within ${stopDeadlineMs} ms of SIGTERM`;
    } else if (outcome.code !== 0) {
      problem = `the app did not shut down cleanly on SIGTERM (code ${String(outcome.code)}, signal ${String(outcome.signal)}):\n${logTail(logFile)}`;
    }
    if (problem) {
      // Vitest reports an error thrown by a global teardown but still exits 0: fail the run ourselves.
      console.error(`[e2e] ${problem}`);
      process.exitCode = 1;
    }
  };
}

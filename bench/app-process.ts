import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const serverEntry = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url));

export function freePort(): Promise<number> {
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

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

function delay(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

function tail(file: string): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-30).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The environment for the API and the seed CLI: ours, minus what would change their behaviour. */
export function appEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (key === 'NODE_ENV' || key === 'INIT_CWD' || key.startsWith('npm_')) continue;
    env[key] = value;
  }
  return { ...env, ...overrides };
}

/** Builds the web app and the server when missing or stale (the same check `npm start` makes). */
export function ensureBuilt(): void {
  const result = spawnSync(process.execPath, ['scripts/ensure-built.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the build failed');
}

/** Runs the seed CLI (`npm run seed -- --listings N`) against the given database settings. */
export function seedListings(count: number, env: Record<string, string>): void {
  const result = spawnSync('npm', ['run', 'seed', '--', '--listings', String(count)], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: appEnv(env),
  });
  if (result.status !== 0) throw new Error(`seeding ${count} listings failed`);
}

export interface RunningApp {
  baseUrl: string;
  /** The server process, to read its memory. */
  pid: number | undefined;
  stop: () => Promise<void>;
}

export interface StartAppOptions {
  /** Listen here instead of on a free port: a restarted process takes its old place behind a proxy. */
  port?: number;
}

/** Starts the built server and resolves once /api/health answers. */
export async function startApp(
  env: Record<string, string>,
  logFile: string,
  options: StartAppOptions = {},
): Promise<RunningApp> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: appEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);

  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    if ((await Promise.race([exited(child), delay(30_000)])) === 'timeout') {
      child.kill('SIGKILL');
      throw new Error('the API did not stop within 30 s of SIGTERM');
    }
  };

  // Migrations on a large database can take a while on the first start after a schema change.
  const deadline = Date.now() + 5 * 60_000;
  const dead = exited(child);
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { baseUrl, pid: child.pid, stop };
    } catch {
      // Not listening yet.
    }
    if ((await Promise.race([dead, delay(250)])) !== 'timeout') {
      throw new Error(`the API exited before it was healthy:\n${tail(logFile)}`);
    }
  }
  await stop();
  throw new Error(`the API was not healthy within 5 minutes:\n${tail(logFile)}`);
}

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedListings, startApp, type RunningApp } from '@makazi/bench/app-process';
import { latencyTable, runVisitors, type Sample } from '../support/load-users';
import { PrivatePostgres, withClient } from '../support/postgres';

/*
 * The database restarts under load (an operator's restart, a failover): while it is down every
 * request gets a prompt 503 with Retry-After (never a 500, never a hang, never a crash), and once
 * it is back the API serves again within 5 s, without being restarted itself.
 */
const VISITORS = 30;
const LOAD_MS = 24_000;
const DOWN_MS = 4_000;
const RECOVERY_LIMIT_MS = 5_000;

let postgres: PrivatePostgres | undefined;
let dataDir: string | undefined;
let app: RunningApp | undefined;

beforeAll(async () => {
  postgres = await PrivatePostgres.create();
  await withClient(postgres.url(), (client) => client.query('CREATE DATABASE makazi'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-restart-'));
  const env = {
    DATABASE_URL: postgres.url('makazi'),
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'error',
  };
  seedListings(2_000, env);
  app = await startApp(env, path.join(dataDir, 'server.log'));
});

afterAll(async () => {
  await app?.stop();
  await postgres?.destroy();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('PostgreSQL restarted during load', () => {
  it('answers 503 with Retry-After while it is down and recovers within 5 s', async () => {
    if (!app?.pid || !dataDir || !postgres) throw new Error('the server did not start');
    const server = postgres;
    const logFile = path.join(dataDir, 'server.log');
    const pid = app.pid;
    const runStart = performance.now();
    const load = runVisitors({
      baseUrl: app.baseUrl,
      users: VISITORS,
      durationMs: LOAD_MS,
      thinkMs: [50, 150],
      dataDir,
      searchTerms: ['Dar', 'Arusha', 'Mwanza', 'Dodoma'],
      requestTimeoutMs: 12_000,
      addressPerSignIn: true,
    });

    // The outage: after 6 s of normal service, down for 4 s, then started again.
    const outage = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const downAt = performance.now() - runStart;
      await server.stop();
      await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
      await server.start();
      return { downAt, upAt: performance.now() - runStart };
    })();
    const [run, { downAt, upAt }] = await Promise.all([load, outage]);

    const failed = (s: Sample): boolean => s.status === 0 || s.status >= 400;
    const unavailable = run.samples.filter((s) => s.status === 503);
    const otherFailures = run.samples.filter((s) => failed(s) && s.status !== 503);
    const lastFailure = Math.max(...run.samples.filter(failed).map((s) => s.startMs + s.ms));
    const servedAfter = run.samples.filter((s) => s.startMs > upAt && s.status < 400);
    console.log(
      [
        `restart: down at ${(downAt / 1000).toFixed(1)} s, up at ${(upAt / 1000).toFixed(1)} s; ${run.samples.length} requests`,
        `${unavailable.length} answered 503 (slowest ${Math.max(...unavailable.map((s) => s.ms)).toFixed(0)} ms); last failure answered ${((lastFailure - upAt) / 1000).toFixed(2)} s after the database was back`,
        latencyTable(run.samples),
      ].join('\n'),
    );

    // The API process survived and was never restarted.
    const logTail = (): string => readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
    expect(isAlive(pid), logTail()).toBe(true);
    // The outage was seen, and seen only as 503s that say when to retry, answered promptly.
    expect(unavailable.length).toBeGreaterThan(20);
    expect(otherFailures.map((s) => `${s.kind}: ${s.status} ${s.error ?? ''}`)).toEqual([]);
    for (const sample of unavailable) {
      expect(sample.error).toBe('SERVICE_UNAVAILABLE');
      expect(Number(sample.retryAfter)).toBeGreaterThan(0);
      expect(sample.ms).toBeLessThan(2_000);
    }
    // Failures are confined to the outage, and service is back within 5 s of the database.
    expect(Math.min(...unavailable.map((s) => s.startMs + s.ms))).toBeGreaterThan(downAt);
    expect(lastFailure - upAt).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(servedAfter.length).toBeGreaterThan(100);
  });
});

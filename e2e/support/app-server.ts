import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { startApp } from '@makazi/bench/app-process';
// The `inject` types are declared there; read for types only, never run from here.
import type {} from './global-setup';

/** An app the specs talk to: where it listens, where its SMS outbox is, and its admin. */
export interface AppServer {
  baseUrl: string;
  dataDir: string;
  admin: { username: string; password: string };
}

/** The suite's app (global-setup.ts). */
export function mainServer(): AppServer {
  return { baseUrl: inject('baseUrl'), dataDir: inject('dataDir'), admin: inject('admin') };
}

export interface OwnServer extends AppServer {
  /**
   * Stops the app and starts it again on the same data (database, photos, SMS outbox), with
   * `env` over the first start's: a spec moves the app's clock this way (TEST_CLOCK_START) instead
   * of waiting for it. It listens on the same port again.
   */
  restart(env: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A spec's own app, the built server on a fresh embedded database (locations and plans, no demo
 * listings), for what the suite's app cannot show: another clock (TEST_CLOCK_START), other limits.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-e2e-own-'));
  const admin = { username: 'e2e-own-admin', password: randomBytes(18).toString('base64url') };
  let currentEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_DEMO: 'false',
    TRUST_PROXY: '1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    ...env,
  };
  let starts = 0;
  let port: number | undefined;
  const launch = async () => {
    starts += 1;
    const app = await startApp(
      currentEnv,
      path.join(dataDir, `server-${starts}.log`),
      port === undefined ? {} : { port },
    );
    port = Number(new URL(app.baseUrl).port);
    return app;
  };
  try {
    let app = await launch();
    const server: OwnServer = {
      baseUrl: app.baseUrl,
      dataDir,
      admin,
      async restart(more) {
        await app.stop();
        currentEnv = { ...currentEnv, ...more };
        app = await launch();
      },
      async stop() {
        try {
          await app.stop();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
    return server;
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

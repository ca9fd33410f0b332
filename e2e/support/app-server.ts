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
  stop(): Promise<void>;
}

/**
 * A spec's own app, the built server on a fresh embedded database (locations and plans, no demo
 * listings), for what the suite's app cannot show: another clock (TEST_CLOCK_START), other limits.
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-e2e-own-'));
  const admin = { username: 'e2e-own-admin', password: randomBytes(18).toString('base64url') };
  try {
    const app = await startApp(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'false',
        TRUST_PROXY: '1',
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: 'warn',
        ...env,
      },
      path.join(dataDir, 'server.log'),
    );
    return {
      baseUrl: app.baseUrl,
      dataDir,
      admin,
      async stop() {
        try {
          await app.stop();
        } finally {
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

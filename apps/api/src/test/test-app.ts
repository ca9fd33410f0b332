import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';
import type { PaymentGateway } from '../gateways/payments/payment-gateway';
import {
  createSimulatorPayments,
  type SimulatorPayments,
} from '../gateways/payments/simulator-payments';
import { SMS_OUTBOX_FILE } from '../gateways/sms/create-sms-gateway';
import { createOutboxSms } from '../gateways/sms/outbox-sms';
import type { SmsGateway } from '../gateways/sms/sms-gateway';
import { createDiskStorage } from '../gateways/storage/disk-storage';
import type { StorageGateway } from '../gateways/storage/storage-gateway';
import type { Clock } from '../lib/clock';
import { adminQuery, databaseUrl } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** '' on the PGlite run; the server's URL on the TEST_DATABASE_URL run. */
    testDatabaseUrl: string;
    /** TEST_REDIS_URL, or '' (then *.redis.test.ts are not run). */
    testRedisUrl: string;
  }
}

export interface TestDatabase {
  handle: DatabaseHandle;
  db: Database;
  /** Closes the connection and, on a server, drops the database made for this test file. */
  dispose(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** An empty database instead of the migrated template: for the tests of the migrations. */
  empty?: boolean;
}

let pgliteTemplateBytes: Promise<Blob> | undefined;

/** The run's migrated PGlite dump, read once per worker (database files share their modules). */
function pgliteTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplateFile');
  if (!file) throw new Error('no migrated template: this vitest project has no database');
  pgliteTemplateBytes ??= readFile(file).then((bytes) => new Blob([bytes]));
  return pgliteTemplateBytes;
}

/**
 * A fresh database of this test file's own: in-memory PGlite, or (on the server run) a uniquely
 * named database on the TEST_DATABASE_URL server, dropped by dispose(). Unless `empty`, it is a
 * copy of the run's migrated template (test/database-template.ts). Same suite, either backend.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = inject('testDatabaseUrl');
  if (!serverUrl) {
    const handle = await openDatabase(
      options.empty ? {} : { pgliteTemplate: await pgliteTemplate() },
    );
    return { handle, db: handle.db, dispose: () => handle.close() };
  }

  const name = `makazi_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = options.empty ? '' : ` TEMPLATE "${inject('serverTemplateDatabase')}"`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"${template}`);
  const drop = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolMax: 4 });
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    handle,
    db: handle.db,
    async dispose() {
      await handle.close();
      await drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  storage: StorageGateway;
  config: AppConfig;
  /** The temp DATA_DIR; the SMS outbox is `${dataDir}/sms-outbox.jsonl` (see test/outbox.ts). */
  dataDir: string;
  /** The secret access tokens are signed with, for tests that forge tokens. */
  jwtSecret: string;
  sms: SmsGateway;
  /** The payment gateway the app was built with. */
  payments: PaymentGateway;
  /** The default simulator (undefined when `payments` was given): signs forged callbacks. */
  simulator: SimulatorPayments | undefined;
  /**
   * Listens on 127.0.0.1 at a free port, so the simulator's callbacks (sent over HTTP, as a real
   * provider's) reach the app. Returns the base URL.
   */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** A built web app to serve (a temp dir with an index.html); default: none, so SPA paths are 404 JSON. */
  webDistDir?: string;
  /** Extra environment for loadConfig (PUBLIC_URL …). */
  env?: Record<string, string>;
  /** Runs after buildApp and before ready(): a place to add test-only routes. */
  extend?: (app: FastifyInstance) => void;
  /** Fastify logger options (e.g. a stream capturing lines); default: silent. */
  logger?: AppDeps['logger'];
  /** Reuse another test app's database (not closed by this app's close()), sparing a fresh one. */
  database?: DatabaseHandle;
  /** Default: the outbox fake writing to `${dataDir}/sms-outbox.jsonl`, as in development. */
  sms?: SmsGateway;
  /** Default: the system clock. Pass a FakeClock (test/fake-clock.ts) to move time. */
  clock?: Clock;
  /** Default: a fresh random secret. */
  jwtSecret?: string;
  /**
   * Default: the simulator, calling back this app once it listens (see TestApp.listen), after
   * `paymentDelayMs`. Closed by close() either way.
   */
  payments?: PaymentGateway;
  /** The default simulator's payer delay; default 10 ms. */
  paymentDelayMs?: number;
  /** Shared rate-limit counters (the caller owns the connection); default: in the process. */
  sharedState?: AppDeps['sharedState'];
  /** Whether the app is shutting down (health answers 503); default: never. */
  draining?: AppDeps['draining'];
  /** Renders the public pages; default: none (without a web build), every page is the shell. */
  pageRenderer?: AppDeps['pageRenderer'];
}

/** The real application over a fresh database and a temp media store; close() removes all of it. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'makazi-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: options.webDistDir ?? path.join(dataDir, 'no-web-dist'),
    // Most tests write rows straight into the database, which no request invalidates: the
    // catalogue cache is on only where a test asks for it (properties/catalogue-cache.test.ts).
    CATALOGUE_CACHE_MS: '0',
    // Every test reads the catalogue from one address; catalogue-abuse.test.ts sets its own.
    CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: '1000000',
    // Tests write photo rows without files or hashes, which the backfill would mark blank under
    // their feet: on only where a test asks (media/photo-hash-backfill.test.ts).
    PHOTO_HASH_BACKFILL_BATCH: '0',
    ...options.env,
  });
  const database: TestDatabase = options.database
    ? { handle: options.database, db: options.database.db, dispose: () => Promise.resolve() }
    : await createTestDatabase();
  const storage = createDiskStorage(path.join(dataDir, 'media'));
  const sms = options.sms ?? createOutboxSms({ file: path.join(dataDir, SMS_OUTBOX_FILE) });
  const jwtSecret = options.jwtSecret ?? randomBytes(48).toString('base64url');
  let app: FastifyInstance | undefined;
  let simulator: SimulatorPayments | undefined;
  const payments =
    options.payments ??
    (simulator = createSimulatorPayments({
      delayMs: options.paymentDelayMs ?? 10,
      retryDelaysMs: [50, 200, 1000],
      // Read at each delivery: the port is known once the app listens.
      get callbackUrl() {
        const address = app?.server.address();
        const port = typeof address === 'object' && address ? address.port : 9;
        return `http://127.0.0.1:${port}/api/payments/callback/simulator`;
      },
    }));
  try {
    app = await buildApp({
      config,
      database: database.handle,
      storage,
      sms,
      payments,
      jwtSecret,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.sharedState ? { sharedState: options.sharedState } : {}),
      ...(options.draining ? { draining: options.draining } : {}),
      pageRenderer: options.pageRenderer ?? null,
      logger: options.logger ?? false,
    });
    options.extend?.(app);
    await app.ready();
  } catch (err) {
    await payments.close();
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const built = app;
  return {
    app: built,
    db: database.db,
    database: database.handle,
    storage,
    config,
    dataDir,
    jwtSecret,
    sms,
    payments,
    simulator,
    async listen() {
      return built.listen({ host: '127.0.0.1', port: 0 });
    },
    async close() {
      await built.close();
      await payments.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

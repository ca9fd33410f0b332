import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { migrateDatabase } from './db/migrate';
import { ensureCatalogueCards } from './modules/properties/catalogue-cards';
import { seedOnStart } from './db/seed/seed-on-start';
import { createPaymentGateway } from './gateways/payments/create-payment-gateway';
import type { PaymentGateway } from './gateways/payments/payment-gateway';
import { createSmsGateway } from './gateways/sms/create-sms-gateway';
import { closeRedisClient, createRedisClient } from './gateways/shared-state/redis-client';
import { createStorage } from './gateways/storage/create-storage';
import { clockStartingAt, systemClock } from './lib/clock';
import { loadOrCreateSecret } from './lib/secret-file';
import { bootstrapAdmins } from './modules/admin-auth/admin-accounts';
import { createAdminAuthRepository } from './modules/admin-auth/admin-auth.repository';

/** In-flight requests get this long after a signal; then (or on a second signal) the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      // A configuration mistake is the operator's to fix: the message says what, a stack adds noise.
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const clock = config.testClockStart ? clockStartingAt(config.testClockStart) : systemClock;
  await mkdir(config.dataDir, { recursive: true });

  let app: FastifyInstance | undefined;
  let payments: PaymentGateway | undefined;
  let redis: Redis | undefined;
  let draining = false;
  /** The port the server listens on: config.port, or the one the system chose for PORT=0. */
  let listeningPort = config.port;
  const database: DatabaseHandle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (err) => {
      if (app) app.log.error({ err }, 'idle PostgreSQL connection failed');
      else console.error(`idle PostgreSQL connection failed: ${err.message}`);
    },
  });

  try {
    console.log(
      database.kind === 'pglite'
        ? `[makazi] embedded database in ${path.join(config.dataDir, 'pglite')}`
        : '[makazi] PostgreSQL server from DATABASE_URL',
    );
    await migrateDatabase(database);
    await ensureCatalogueCards(database, (count) =>
      console.log(`[makazi] catalogue cards built for ${count} listings`),
    );
    const storage = createStorage(config.mediaStorage, { dataDir: config.dataDir });
    await seedOnStart(database, storage, config, (message) => console.log(`[makazi] ${message}`));
    // ADMIN_USERNAME/ADMIN_PASSWORD made true, or a first admin for an empty database.
    await bootstrapAdmins(createAdminAuthRepository(database.db), {
      configured: config.admin,
      dataDir: config.dataDir,
      clock,
      print: (message) => console.log(`[makazi] ${message}`),
    });
    // Unset outside production: made once and kept, so sign-ins survive restarts.
    const jwtSecret =
      config.jwtSecret ?? (await loadOrCreateSecret(path.join(config.dataDir, 'jwt-secret')));
    const sms = createSmsGateway(config.sms, {
      dataDir: config.dataDir,
      // The development fake: the code shows in the server's output as well as in the outbox file.
      logOutbox: (line) => app?.log.info({ to: line.to }, `[sms outbox] ${line.text}`),
    });
    // The simulator calls this process back: through PUBLIC_URL when set, else directly.
    const loopback = ['0.0.0.0', '::'].includes(config.host)
      ? '127.0.0.1'
      : config.host.includes(':')
        ? `[${config.host}]`
        : config.host;
    const callbackOrigin = (): string =>
      config.publicUrl?.replace(/\/+$/, '') ?? `http://${loopback}:${listeningPort}`;
    // Unset outside production, like the JWT secret: any process verifies any other's callbacks.
    const simulatorSecret =
      config.payments.gateway.provider === 'simulator'
        ? (config.payments.gateway.secret ??
          (await loadOrCreateSecret(path.join(config.dataDir, 'payment-simulator-secret'))))
        : undefined;
    payments = createPaymentGateway(config.payments.gateway, {
      simulatorSecret,
      // Read at each delivery, so it names the port actually listened on.
      get simulatorCallbackUrl() {
        return `${callbackOrigin()}/api/payments/callback/simulator`;
      },
      onSimulatorDeliveryFailure: (info) =>
        app?.log.warn(info, 'simulated payment callback not delivered'),
    });
    if (config.redis) {
      redis = createRedisClient(config.redis.url, {
        warn: (details, message) => app?.log.warn(details, message),
        info: (details, message) => app?.log.info(details, message),
      });
    }
    app = await buildApp({
      config,
      database,
      storage,
      sms,
      payments,
      jwtSecret,
      clock,
      draining: () => draining,
      ...(redis && config.redis ? { sharedState: { redis, prefix: config.redis.prefix } } : {}),
    });
  } catch (err) {
    await payments?.close();
    if (redis) await closeRedisClient(redis);
    await database.close();
    throw err;
  }
  const shared = redis;

  const running = app;
  const gateway = payments;
  closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) running.log.error({ err }, 'fatal error: shutting down');
    else running.log.info(`${signal ?? 'shutdown'} received: finishing in-flight requests`);
    // Out of the load balancer's rotation first (health says 503), then stop accepting.
    draining = true;
    if (!err && config.shutdownDrainMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    // Stop accepting, let in-flight requests finish, then release the database.
    await running.close();
    await gateway.close();
    if (shared) await closeRedisClient(shared);
    await database.close();
  });

  try {
    await running.listen({ host: config.host, port: config.port });
  } catch (err) {
    // Port taken or host unknown: leave the embedded database cleanly closed behind us.
    await running.close();
    await gateway.close();
    if (shared) await closeRedisClient(shared);
    await database.close();
    throw err;
  }
  const address = running.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  listeningPort = port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  running.log.info(`Makazi is ready at http://${host}:${port}`);
}

main().catch((err: unknown) => {
  console.error('[makazi] failed to start:', err instanceof Error ? err.message : err);
  // System errors (EADDRINUSE, ECONNREFUSED …) say all in their message; anything else is a bug.
  const systemError = err instanceof Error && typeof (err as { code?: unknown }).code === 'string';
  if (err instanceof Error && !systemError && err.stack) console.error(err.stack);
  process.exit(1);
});

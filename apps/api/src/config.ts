import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PAYMENT_PROVIDERS } from '@makazi/contracts/payment-values';

/*
 * The one place that reads process.env. Everything has a safe default for a first run;
 * production refuses the defaults that would be unsafe there (SMS outbox, payment simulator, generated JWT secret).
 */

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * How long clients and shared caches may keep a public catalogue answer (Cache-Control max-age);
 * the in-process page cache may not keep one longer.
 */
export const CATALOGUE_MAX_AGE_SECONDS = 10;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: booleanFromEnv.optional(),
  MEDIA_STORAGE: z.enum(['disk', 's3']).default('disk'),
  // The bucket name alone: a URL or s3:// path here is a common slip that would sign the wrong host.
  S3_BUCKET: z
    .string()
    .regex(/^[^/:\s]+$/, 'must be a bucket name, not a URL or path')
    .optional(),
  // AWS needs the bucket's real region; S3-compatible services accept us-east-1 (R2 takes it for 'auto').
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
  // Slashes at either end are dropped; what remains is plain segments, like a storage key's.
  S3_PREFIX: z
    .string()
    .transform((v) => v.replace(/^\/+|\/+$/g, ''))
    .pipe(
      z
        .string()
        .regex(
          /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/,
          'must be plain path segments such as makazi/media',
        ),
    )
    .optional(),
  // Unset: generated once into DATA_DIR (refused in production, where it must be managed).
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // Who may say who the client is: a number of proxy hops, or the proxies' addresses and CIDRs.
  // Never "every hop": X-Forwarded-For is written by whoever sends it, so trusting all of it
  // would let any client choose the address its per-address limits count against.
  TRUST_PROXY: z
    .union(
      [
        z.literal('false').transform(() => false as const),
        z.coerce.number().int().min(1).max(10),
        z
          .string()
          .transform((v) => v.split(',').map((part) => part.trim()))
          .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])).min(1)),
      ],
      {
        error:
          "must be 'false', a number of proxy hops from 1 to 10, or the proxies' addresses or CIDRs separated by commas (e.g. 10.0.0.0/8,127.0.0.1)",
      },
    )
    .default(false),
  SMS_PROVIDER: z.enum(['outbox', 'beem', 'africastalking']).optional(),
  BEEM_API_KEY: z.string().min(1).optional(),
  BEEM_SECRET_KEY: z.string().min(1).optional(),
  BEEM_SENDER_ID: z.string().min(1).max(11).default('INFO'),
  BEEM_API_URL: z.url().default('https://apisms.beem.africa'),
  AFRICASTALKING_USERNAME: z.string().min(1).optional(),
  AFRICASTALKING_API_KEY: z.string().min(1).optional(),
  AFRICASTALKING_SENDER_ID: z.string().min(1).max(11).optional(),
  AFRICASTALKING_API_URL: z.url().default('https://api.africastalking.com'),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  // Signs the simulator's callbacks, so any process can verify a callback another one's push
  // caused. Unset: generated once into DATA_DIR, like JWT_SECRET.
  PAYMENT_SIMULATOR_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYMENT_SIMULATOR_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  CLICKPESA_CLIENT_ID: z.string().min(1).optional(),
  CLICKPESA_API_KEY: z.string().min(1).optional(),
  CLICKPESA_CHECKSUM_KEY: z.string().min(1).optional(),
  CLICKPESA_API_URL: z.url().default('https://api.clickpesa.com'),
  AZAMPAY_APP_NAME: z.string().min(1).optional(),
  AZAMPAY_CLIENT_ID: z.string().min(1).optional(),
  AZAMPAY_CLIENT_SECRET: z.string().min(1).optional(),
  AZAMPAY_API_KEY: z.string().min(1).optional(),
  // Our own shared secret, expected in the x-callback-secret header of AzamPay callbacks.
  AZAMPAY_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  AZAMPAY_AUTH_URL: z.url().default('https://authenticator-sandbox.azampay.co.tz'),
  AZAMPAY_CHECKOUT_URL: z.url().default('https://sandbox.azampay.co.tz'),
  // Both or neither: that admin exists with that password after every start (see the README).
  ADMIN_USERNAME: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9][a-z0-9._@-]{0,63}$/,
      'must be 1 to 64 letters, digits, dots, dashes, underscores or @',
    )
    .optional(),
  ADMIN_PASSWORD: z.string().max(256, 'must be at most 256 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  // Public catalogue pages kept in memory (decision 014); 0 turns it off. Clients are already told
  // max-age, so a page may never be older than that.
  CATALOGUE_CACHE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(
      CATALOGUE_MAX_AGE_SECONDS * 1000,
      `must be at most ${CATALOGUE_MAX_AGE_SECONDS * 1000} (catalogue answers say max-age=${CATALOGUE_MAX_AGE_SECONDS})`,
    )
    .default(5_000),
  // A request body silent this long while the server reads it is answered 408 and its connection
  // closed (plugins/body-deadline.ts). Long enough for a phone's signal to come back on a bus.
  BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  // Shared state for several processes (rate-limit counters); unset keeps them in the process.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Put before every key, so several apps (or test runs) can share one Redis.
  REDIS_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9:_-]{1,64}$/,
      'must be 1 to 64 letters, digits, colons, dashes or underscores',
    )
    .default('makazi:'),
  // Coarse flood guards per client address. Tanzanian carriers put thousands of subscribers
  // behind one public address (carrier-grade NAT): the real guards are per phone and the SMS budget.
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(500),
  CODES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  // Contact-form messages from one client address an hour (decision 025): no SMS is sent, so
  // it guards only the support inbox; the guard that matters is per phone and per account.
  SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // The SMS bill's ceiling: sign-in codes sent in any clock hour and East Africa day, across
  // every process. Past it, codes are refused with a 503 (decision 016).
  SMS_BUDGET_PER_HOUR: z.coerce.number().int().min(1).default(3000),
  SMS_BUDGET_PER_DAY: z.coerce.number().int().min(1).default(20_000),
  // Anonymous catalogue reads from one client address a minute: a carrier address carries
  // thousands of people browsing, so this only stops a flood; signed-in reads count per account.
  CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Every catalogue query is cancelled past this, and the visitor told to try again (503).
  CATALOGUE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  // Sign-in code requests for numbers without an account, per client address an hour: past it,
  // such a number is answered as one with an account, so nobody can list who is registered.
  UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(200),
  // Wrong sign-in codes for one number in 24 hours, across every code sent; past it the number
  // cannot sign in until the 24 hours are over, and its owner gets one SMS saying so.
  WRONG_CODES_PER_DAY: z.coerce.number().int().min(1).default(20),
  // However often its refresh token was rotated, a sign-in ends this many days after the code.
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // Mobile-money prompts pushed to one payer phone an hour, whoever asks: the phone's owner is
  // not the one paying for the abuse.
  PUSHES_PER_PAYER_PHONE_PER_HOUR: z.coerce.number().int().min(1).default(3),
  CHECKOUTS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Distinct listings whose owner's phone one subscriber may see in an East Africa day.
  CONTACT_REVEALS_PER_DAY: z.coerce.number().int().min(1).default(50),
  // Favourites saved, removed or merged by one account a minute: a person tapping hearts down a
  // list stays far below it; a script filling the table does not.
  FAVOURITE_WRITES_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // How often the typical prices per area (price_insights) are computed again from the catalogue.
  PRICE_INSIGHTS_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  // Trust (issue 20, decision 040).
  REPORTS_TO_HOLD: z.coerce.number().int().min(1).default(3),
  REPORTER_MIN_ACCOUNT_AGE_HOURS: z.coerce.number().min(0).default(24),
  REPORTS_PER_USER_PER_DAY: z.coerce.number().int().min(1).default(20),
  LISTING_STALE_AFTER_DAYS: z.coerce.number().int().min(2).default(30),
  LISTING_REMINDER_DAYS_BEFORE: z.coerce.number().int().min(1).default(5),
  DEAD_END_CLAIM_HOURS: z.coerce.number().int().min(1).default(72),
  GUARANTEE_CREDIT_DAYS: z.coerce.number().int().min(1).default(1),
  GUARANTEE_CREDITS_PER_PERIOD: z.coerce.number().int().min(0).default(3),
  // Duplicate photos (issue 20, decision 041): photos whose 64-bit perceptual hashes differ in at
  // most this many bits are flagged as the same picture. 6 holds re-encoding, resizing, another
  // format, a caption and mild light changes, and stays far from different pictures (about 32);
  // hashes differ in an even number of bits, so 7 is 6. From 8 a search probes 8 times as much.
  PHOTO_DUPLICATE_MAX_DISTANCE: z.coerce.number().int().min(0).max(11).default(6),
  // Photos stored before hashing, hashed per minute by the backfill job (0: none).
  PHOTO_HASH_BACKFILL_BATCH: z.coerce.number().int().min(0).max(10_000).default(200),
  // Tests of rules about the time of day against a real server (e2e quiet hours): the server's
  // clock starts here and runs on in real time. Refused in production.
  TEST_CLOCK_START: z.iso.datetime({ offset: true, error: 'must be a date and time' }).optional(),
  // Saved-search alerts (issue 21, decision 042): how often new listings are matched and alerts
  // sent; an instant alert goes within this long of the approval.
  SAVED_SEARCH_ALERTS_EVERY_SECONDS: z.coerce.number().int().min(1).max(60).default(20),
  // The payment simulator and the SMS outbox (codes written to a file and the log) are demo
  // conveniences: production refuses them unless this says so on purpose (a public demo).
  ALLOW_DEMO_IN_PRODUCTION: booleanFromEnv.default(false),
  // On SIGTERM, how long /api/health answers 503 before the server stops accepting connections:
  // behind a load balancer, long enough for its health checks to take the process out (HAProxy
  // checking every 0.5 s, two failures: 1 s), so a rolling restart drops no request.
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(8_000).default(0),
  // CPU threads one process may spend re-encoding photos. Unset: every core (two photos at once,
  // each spread over all cores). Several processes on one machine each take their share (cores ÷
  // processes), so photo uploads leave room for every other request.
  PHOTO_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  // Resumable photo uploads (tus, decision 043): where the parts received so far are kept. Every
  // API process behind the load balancer must see the same directory. Unset: DATA_DIR/uploads.
  UPLOADS_DIR: z.string().min(1).optional(),
  // An upload not attached to its listing this long after it began is deleted, file and record.
  UPLOAD_ABANDONED_AFTER_HOURS: z.coerce.number().min(1).max(720).default(24),
  // Uploads one account may have begun and not attached yet: bounds the disk one account can fill
  // (each at most 10 MB); a listing needs at most nine photos.
  UPLOADS_OPEN_PER_USER: z.coerce.number().int().min(1).default(40),
  // Uploads one account may begin an hour: each photo is one upload, retries resume rather than
  // begin again.
  UPLOAD_CREATIONS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(120),
  // Disk the uploads' file system keeps free, whoever uploads: past it, no upload begins (503). One
  // account's share is bounded above; this bounds all of them together.
  UPLOADS_MIN_FREE_MB: z.coerce.number().int().min(0).default(512),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: one readable line a request when a person watches a terminal (outside production), JSON
  // for log collectors otherwise.
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  // Set by npm to the directory it was invoked from; `npm run … -w` runs scripts inside the workspace.
  INIT_CWD: z.string().optional(),
});

/** Which SMS gateway sends one-time codes, with its credentials. */
export type SmsConfig =
  | { provider: 'outbox' }
  | { provider: 'beem'; apiUrl: string; apiKey: string; secretKey: string; senderId: string }
  | {
      provider: 'africastalking';
      apiUrl: string;
      username: string;
      apiKey: string;
      senderId: string | undefined;
    };

/** Which payment aggregator collects mobile money, with its credentials. */
export type PaymentProviderConfig =
  | {
      provider: 'simulator';
      delayMs: number;
      /** Unset: the server generates one into `${dataDir}/payment-simulator-secret`. */
      secret: string | undefined;
    }
  | {
      provider: 'clickpesa';
      apiUrl: string;
      clientId: string;
      apiKey: string;
      checksumKey: string;
    }
  | {
      provider: 'azampay';
      authUrl: string;
      checkoutUrl: string;
      appName: string;
      clientId: string;
      clientSecret: string;
      apiKey: string;
      callbackSecret: string;
    };

/** Where state shared by several processes lives: Redis, or (unset) each process alone. */
export interface RedisConfig {
  url: string;
  /** Put before every key. */
  prefix: string;
}

/** Per-address flood guards, per-phone and per-account limits, and the global SMS budget. */
export interface LimitsConfig {
  signupsPerAddressPerHour: number;
  codesPerAddressPerHour: number;
  supportMessagesPerAddressPerHour: number;
  smsPerHour: number;
  smsPerDay: number;
  catalogueReadsPerAddressPerMinute: number;
  unknownNumberLookupsPerAddressPerHour: number;
  wrongCodesPerDay: number;
  pushesPerPayerPhonePerHour: number;
  checkoutsPerUserPerHour: number;
  contactRevealsPerDay: number;
  favouriteWritesPerUserPerMinute: number;
}

/** Reports, freshness and the dead-end guarantee (issue 20, decision 040). */
export interface TrustConfig {
  /** Distinct reporters (with accounts old enough) that take a listing out until an admin looks. */
  reportsToHold: number;
  /** Reports by younger accounts are kept for the admin but do not count to a hold. */
  reporterMinAccountAgeMs: number;
  /** New reports one user may file per East Africa day. */
  reportsPerUserPerDay: number;
  /** A listing not confirmed for this long leaves the catalogue until its owner confirms. */
  staleAfterMs: number;
  /** The one reminder goes this long before a listing would go stale. */
  reminderBeforeMs: number;
  /** How long after a reveal the subscriber may claim the contact was a dead end. */
  claimWindowMs: number;
  /** What an upheld claim adds to the subscription. */
  creditMs: number;
  /** Upheld credits per paid subscription period. */
  creditsPerPeriod: number;
}

/** Perceptual photo hashes (issue 20, decision 041). */
export interface PhotoHashConfig {
  /** Hamming distance at or under which two photos are duplicate candidates. */
  maxDistance: number;
  /** Unhashed photos the backfill hashes per run; 0 turns it off. */
  backfillBatch: number;
}

export interface PaymentConfig {
  gateway: PaymentProviderConfig;
  /** A payment still pending after this long is checked with the provider, else expires. */
  timeoutMs: number;
}

/** Resumable photo uploads (tus, decision 043). */
export interface UploadsConfig {
  /** Absolute. The parts of uploads received so far; shared by every process. */
  dir: string;
  /** An upload not attached this long after it began is deleted by the sweep. */
  abandonedAfterMs: number;
  /** Uploads begun and not attached, per account. */
  openPerUser: number;
  /** Uploads one account may begin an hour. */
  creationsPerUserPerHour: number;
  /** Bytes the uploads' file system keeps free: past it, no upload begins. */
  minFreeBytes: number;
}

/** Where photos are stored: local disk, or an S3 bucket on AWS or an S3-compatible service. */
export type MediaStorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** Unset: AWS itself; else MinIO, Cloudflare R2, Wasabi, DigitalOcean Spaces … */
      endpoint: string | undefined;
      /** bucket in the path (endpoint/bucket/key) rather than in the host name. */
      forcePathStyle: boolean;
      accessKeyId: string;
      secretAccessKey: string;
      /** Put before every key with a slash; '' for none. */
      prefix: string;
    };

/** The admin the server makes sure of at start-up (ADMIN_USERNAME and ADMIN_PASSWORD). */
export interface ConfiguredAdmin {
  /** Lower-case. */
  username: string;
  password: string;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Absolute. Holds the embedded database, media, generated secrets and the SMS outbox. */
  dataDir: string;
  /** Unset: embedded PGlite in `${dataDir}/pglite`. */
  databaseUrl: string | undefined;
  /** Seed the demo catalogue on first run: default on for the embedded database only. */
  seedDemo: boolean;
  mediaStorage: MediaStorageConfig;
  /** Unset: the server generates one into `${dataDir}/jwt-secret` on first start. */
  jwtSecret: string | undefined;
  /** false, a number of trusted proxy hops, or the trusted proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** Unset: rate-limit counters are kept in the process. */
  redis: RedisConfig | undefined;
  limits: LimitsConfig;
  trust: TrustConfig;
  photoHashes: PhotoHashConfig;
  /** Between runs of the saved-search alerts job. */
  savedSearchAlertsEveryMs: number;
  /** Where the server's clock starts (tests only); unset: the system's. */
  testClockStart: Date | undefined;
  /** Between two computations of the typical prices per area. */
  priceInsightsEveryMs: number;
  sms: SmsConfig;
  payments: PaymentConfig;
  /** Unset: an empty database gets an 'admin' with a generated password at start-up. */
  admin: ConfiguredAdmin | undefined;
  publicUrl: string | undefined;
  /** How long a public catalogue page is answered from memory; 0: never. */
  catalogueCacheMs: number;
  /** Catalogue queries running longer are cancelled and answered 503. */
  catalogueStatementTimeoutMs: number;
  /** A user's sign-in ends this long after its code was answered, however often refreshed. */
  sessionMaxAgeMs: number;
  /**
   * Whether a demo convenience is on (payment simulator, SMS outbox): every page then carries
   * the demo banner. In production only with ALLOW_DEMO_IN_PRODUCTION.
   */
  demo: boolean;
  /** A request body silent this long while it is being read is answered 408. */
  bodyIdleTimeoutMs: number;
  /** On a shutdown signal, how long health answers 503 before connections are refused. */
  shutdownDrainMs: number;
  /** CPU threads for re-encoding photos in this process; undefined: every core. */
  photoThreads: number | undefined;
  uploads: UploadsConfig;
  logLevel: string;
  logFormat: 'pretty' | 'json';
  /** Built web app served at /. */
  webDistDir: string;
}

export class ConfigError extends Error {}

// apps/api/src/config.ts and apps/api/dist/server.js sit at the same depth, so one relative path serves both.
const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** `terminal`: whether standard output is a terminal a person reads. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  terminal = process.stdout.isTTY === true,
): AppConfig {
  // `JWT_SECRET=` in an env file means "not set", as it does for every variable.
  const parsed = ZEnv.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const sms = smsConfig(e, problems);
  const mediaStorage = mediaStorageConfig(e, problems);
  const payments = paymentConfig(e, problems);
  const demoRefused = production && !e.ALLOW_DEMO_IN_PRODUCTION;
  if (demoRefused && sms.provider === 'outbox') {
    problems.push(
      'SMS_PROVIDER: set a real SMS gateway (beem or africastalking) in production, or ALLOW_DEMO_IN_PRODUCTION=true for a public demo whose codes go to the outbox',
    );
  }
  if (production && e.TEST_CLOCK_START) {
    problems.push('TEST_CLOCK_START: for tests only, never in production');
  }
  if (production && !e.PUBLIC_URL) {
    // Without it, canonical and Open Graph links, sitemaps and SMS links would take their origin
    // from the Host header, which any client writes.
    problems.push(
      'PUBLIC_URL: required in production (the site’s public origin, e.g. https://makazi.co.tz): links in pages, sitemaps and SMS are made from it, never from the Host header',
    );
  }
  if (production && !e.JWT_SECRET) {
    problems.push('JWT_SECRET: required in production (at least 32 random characters)');
  }
  if (demoRefused && payments.gateway.provider === 'simulator') {
    problems.push(
      'PAYMENT_PROVIDER: set a real payment provider (clickpesa or azampay) in production, or ALLOW_DEMO_IN_PRODUCTION=true for a public demo with simulated payments',
    );
  }
  const admin = adminConfig(e, production, problems);
  if (e.LISTING_REMINDER_DAYS_BEFORE >= e.LISTING_STALE_AFTER_DAYS) {
    problems.push(
      'LISTING_REMINDER_DAYS_BEFORE: must be fewer days than LISTING_STALE_AFTER_DAYS (the reminder comes before a listing goes stale)',
    );
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  // Relative paths mean "relative to where the user typed the command", also under `npm -w`.
  const baseDir = e.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(baseDir, e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    mediaStorage,
    jwtSecret: e.JWT_SECRET,
    trustProxy: e.TRUST_PROXY,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_PREFIX } : undefined,
    limits: {
      signupsPerAddressPerHour: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
      codesPerAddressPerHour: e.CODES_PER_ADDRESS_PER_HOUR,
      supportMessagesPerAddressPerHour: e.SUPPORT_MESSAGES_PER_ADDRESS_PER_HOUR,
      smsPerHour: e.SMS_BUDGET_PER_HOUR,
      smsPerDay: e.SMS_BUDGET_PER_DAY,
      catalogueReadsPerAddressPerMinute: e.CATALOGUE_READS_PER_ADDRESS_PER_MINUTE,
      unknownNumberLookupsPerAddressPerHour: e.UNKNOWN_NUMBER_LOOKUPS_PER_ADDRESS_PER_HOUR,
      wrongCodesPerDay: e.WRONG_CODES_PER_DAY,
      pushesPerPayerPhonePerHour: e.PUSHES_PER_PAYER_PHONE_PER_HOUR,
      checkoutsPerUserPerHour: e.CHECKOUTS_PER_USER_PER_HOUR,
      contactRevealsPerDay: e.CONTACT_REVEALS_PER_DAY,
      favouriteWritesPerUserPerMinute: e.FAVOURITE_WRITES_PER_USER_PER_MINUTE,
    },
    trust: {
      reportsToHold: e.REPORTS_TO_HOLD,
      reporterMinAccountAgeMs: e.REPORTER_MIN_ACCOUNT_AGE_HOURS * HOUR_MS,
      reportsPerUserPerDay: e.REPORTS_PER_USER_PER_DAY,
      staleAfterMs: e.LISTING_STALE_AFTER_DAYS * DAY_MS,
      reminderBeforeMs: e.LISTING_REMINDER_DAYS_BEFORE * DAY_MS,
      claimWindowMs: e.DEAD_END_CLAIM_HOURS * HOUR_MS,
      creditMs: e.GUARANTEE_CREDIT_DAYS * DAY_MS,
      creditsPerPeriod: e.GUARANTEE_CREDITS_PER_PERIOD,
    },
    photoHashes: {
      maxDistance: e.PHOTO_DUPLICATE_MAX_DISTANCE,
      backfillBatch: e.PHOTO_HASH_BACKFILL_BATCH,
    },
    savedSearchAlertsEveryMs: e.SAVED_SEARCH_ALERTS_EVERY_SECONDS * 1000,
    testClockStart: e.TEST_CLOCK_START ? new Date(e.TEST_CLOCK_START) : undefined,
    priceInsightsEveryMs: e.PRICE_INSIGHTS_EVERY_MINUTES * 60_000,
    sms,
    payments,
    admin,
    publicUrl: e.PUBLIC_URL,
    catalogueCacheMs: e.CATALOGUE_CACHE_MS,
    catalogueStatementTimeoutMs: e.CATALOGUE_STATEMENT_TIMEOUT_MS,
    sessionMaxAgeMs: e.SESSION_MAX_AGE_DAYS * 24 * 60 * 60 * 1000,
    demo: sms.provider === 'outbox' || payments.gateway.provider === 'simulator',
    bodyIdleTimeoutMs: e.BODY_IDLE_TIMEOUT_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    photoThreads: e.PHOTO_THREADS,
    uploads: {
      // Beside the disk media store (DATA_DIR/media), outside the web root.
      dir: e.UPLOADS_DIR ? path.resolve(baseDir, e.UPLOADS_DIR) : path.join(dataDir, 'uploads'),
      abandonedAfterMs: e.UPLOAD_ABANDONED_AFTER_HOURS * HOUR_MS,
      openPerUser: e.UPLOADS_OPEN_PER_USER,
      creationsPerUserPerHour: e.UPLOAD_CREATIONS_PER_USER_PER_HOUR,
      minFreeBytes: e.UPLOADS_MIN_FREE_MB * 1024 * 1024,
    },
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (terminal && !production ? 'pretty' : 'json'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(baseDir, e.WEB_DIST_DIR) : defaultWebDist,
  };
}

/** The first admin of an empty database when no ADMIN_USERNAME is configured (development only). */
export const DEFAULT_ADMIN_USERNAME = 'admin';

/** Shortest ADMIN_PASSWORD production accepts (admin-passwords.ts ADMIN_PASSWORD_MIN_LENGTH). */
const ADMIN_PASSWORD_MIN_LENGTH_IN_PRODUCTION = 12;

function adminConfig(
  e: z.infer<typeof ZEnv>,
  production: boolean,
  problems: string[],
): ConfiguredAdmin | undefined {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = e;
  if (username === undefined && password === undefined) {
    // A generated 'admin' is a development convenience; a public site names its first admin.
    if (production) {
      problems.push(
        "ADMIN_USERNAME and ADMIN_PASSWORD: required in production (the first admin's name and password; not 'admin')",
      );
    }
    return undefined;
  }
  if (username === undefined || password === undefined) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither');
    return undefined;
  }
  // The first name anyone guessing tries: in production half the guess must not be given away.
  if (production && username === DEFAULT_ADMIN_USERNAME) {
    problems.push(
      `ADMIN_USERNAME: choose another name than '${DEFAULT_ADMIN_USERNAME}' in production`,
    );
  }
  // The length only, never the value: the message is printed and may reach a log.
  if (production && password.length < ADMIN_PASSWORD_MIN_LENGTH_IN_PRODUCTION) {
    problems.push(
      `ADMIN_PASSWORD: must be at least ${ADMIN_PASSWORD_MIN_LENGTH_IN_PRODUCTION} characters in production`,
    );
  }
  return { username, password };
}

/**
 * ADMIN_NEW_PASSWORD, for the admin CLI only (`npm run admin`): the password it sets, when given.
 * Read here because this file is the one place that reads the environment.
 */
export function readAdminNewPassword(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.ADMIN_NEW_PASSWORD;
  return value === undefined || value === '' ? undefined : value;
}

function smsConfig(e: z.infer<typeof ZEnv>, problems: string[]): SmsConfig {
  const provider = e.SMS_PROVIDER ?? 'outbox';
  const require = (name: keyof typeof e, value: string | undefined): string => {
    if (!value) problems.push(`${name}: required when SMS_PROVIDER=${provider}`);
    return value ?? '';
  };
  switch (provider) {
    case 'outbox':
      return { provider };
    case 'beem':
      return {
        provider,
        apiUrl: e.BEEM_API_URL,
        apiKey: require('BEEM_API_KEY', e.BEEM_API_KEY),
        secretKey: require('BEEM_SECRET_KEY', e.BEEM_SECRET_KEY),
        senderId: e.BEEM_SENDER_ID,
      };
    case 'africastalking':
      return {
        provider,
        apiUrl: e.AFRICASTALKING_API_URL,
        username: require('AFRICASTALKING_USERNAME', e.AFRICASTALKING_USERNAME),
        apiKey: require('AFRICASTALKING_API_KEY', e.AFRICASTALKING_API_KEY),
        senderId: e.AFRICASTALKING_SENDER_ID,
      };
  }
}

function paymentConfig(e: z.infer<typeof ZEnv>, problems: string[]): PaymentConfig {
  const provider = e.PAYMENT_PROVIDER ?? 'simulator';
  // Only the variable's name goes into the message: never a value, which may be a secret.
  const require = (name: keyof typeof e, value: string | undefined): string => {
    if (!value) problems.push(`${name}: required when PAYMENT_PROVIDER=${provider}`);
    return value ?? '';
  };
  const gateway = ((): PaymentProviderConfig => {
    switch (provider) {
      case 'simulator':
        return {
          provider,
          delayMs: e.PAYMENT_SIMULATOR_DELAY_MS,
          secret: e.PAYMENT_SIMULATOR_SECRET,
        };
      case 'clickpesa':
        return {
          provider,
          apiUrl: e.CLICKPESA_API_URL,
          clientId: require('CLICKPESA_CLIENT_ID', e.CLICKPESA_CLIENT_ID),
          apiKey: require('CLICKPESA_API_KEY', e.CLICKPESA_API_KEY),
          checksumKey: require('CLICKPESA_CHECKSUM_KEY', e.CLICKPESA_CHECKSUM_KEY),
        };
      case 'azampay':
        return {
          provider,
          authUrl: e.AZAMPAY_AUTH_URL,
          checkoutUrl: e.AZAMPAY_CHECKOUT_URL,
          appName: require('AZAMPAY_APP_NAME', e.AZAMPAY_APP_NAME),
          clientId: require('AZAMPAY_CLIENT_ID', e.AZAMPAY_CLIENT_ID),
          clientSecret: require('AZAMPAY_CLIENT_SECRET', e.AZAMPAY_CLIENT_SECRET),
          apiKey: require('AZAMPAY_API_KEY', e.AZAMPAY_API_KEY),
          callbackSecret: require('AZAMPAY_CALLBACK_SECRET', e.AZAMPAY_CALLBACK_SECRET),
        };
    }
  })();
  return { gateway, timeoutMs: e.PAYMENT_TIMEOUT_MS };
}

function mediaStorageConfig(e: z.infer<typeof ZEnv>, problems: string[]): MediaStorageConfig {
  if (e.MEDIA_STORAGE === 'disk') return { kind: 'disk' };
  // Only the variable's name goes into the message: never a value, which may be a secret.
  const require = (name: keyof typeof e, value: string | undefined): string => {
    if (!value) problems.push(`${name}: required when MEDIA_STORAGE=s3`);
    return value ?? '';
  };
  return {
    kind: 's3',
    bucket: require('S3_BUCKET', e.S3_BUCKET),
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    // Most S3-compatible services (MinIO above all) address buckets by path; AWS by host name.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    accessKeyId: require('S3_ACCESS_KEY_ID', e.S3_ACCESS_KEY_ID),
    secretAccessKey: require('S3_SECRET_ACCESS_KEY', e.S3_SECRET_ACCESS_KEY),
    prefix: e.S3_PREFIX ?? '',
  };
}

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readAdminNewPassword } from './config';

describe('loadConfig', () => {
  it('has safe first-run defaults: embedded database with the demo catalogue on 127.0.0.1:3000', () => {
    const config = loadConfig({ INIT_CWD: '/srv/makazi' });
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/makazi', 'data'),
      databaseUrl: undefined,
      seedDemo: true,
      catalogueCacheMs: 5_000,
      // One process on its own: nothing shared, limits sized for carrier-grade NAT.
      redis: undefined,
      limits: {
        signupsPerAddressPerHour: 500,
        codesPerAddressPerHour: 1000,
        supportMessagesPerAddressPerHour: 20,
        smsPerHour: 3000,
        smsPerDay: 20_000,
      },
      bodyIdleTimeoutMs: 30_000,
      shutdownDrainMs: 0,
      photoThreads: undefined,
    });
  });

  it('logs readable lines to a terminal outside production, JSON otherwise unless told', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('computes the price insights hourly and takes a favourite heart tapped twice a second', () => {
    const config = loadConfig({});
    expect(config.priceInsightsEveryMs).toBe(3_600_000);
    expect(config.limits.favouriteWritesPerUserPerMinute).toBe(120);
    expect(loadConfig({ PRICE_INSIGHTS_EVERY_MINUTES: '15' }).priceInsightsEveryMs).toBe(900_000);
    expect(() => loadConfig({ PRICE_INSIGHTS_EVERY_MINUTES: '0' })).toThrow(
      /PRICE_INSIGHTS_EVERY_MINUTES/,
    );
    expect(() => loadConfig({ FAVOURITE_WRITES_PER_USER_PER_MINUTE: '0' })).toThrow(
      /FAVOURITE_WRITES_PER_USER_PER_MINUTE/,
    );
  });

  describe('trust (decision 040)', () => {
    const HOUR = 3_600_000;
    const DAY = 24 * HOUR;

    it('holds after 3 reporters a day old, hides after 30 days with a reminder 5 before, credits a day 3 times', () => {
      expect(loadConfig({}).trust).toEqual({
        reportsToHold: 3,
        reporterMinAccountAgeMs: 24 * HOUR,
        reportsPerUserPerDay: 20,
        staleAfterMs: 30 * DAY,
        reminderBeforeMs: 5 * DAY,
        claimWindowMs: 72 * HOUR,
        creditMs: DAY,
        creditsPerPeriod: 3,
      });
    });

    it('reads each setting into its own rule', () => {
      const trust = loadConfig({
        REPORTS_TO_HOLD: '4',
        REPORTER_MIN_ACCOUNT_AGE_HOURS: '1.5',
        REPORTS_PER_USER_PER_DAY: '7',
        LISTING_STALE_AFTER_DAYS: '14',
        LISTING_REMINDER_DAYS_BEFORE: '2',
        DEAD_END_CLAIM_HOURS: '48',
        GUARANTEE_CREDIT_DAYS: '2',
        GUARANTEE_CREDITS_PER_PERIOD: '0',
      }).trust;
      expect(trust).toEqual({
        reportsToHold: 4,
        reporterMinAccountAgeMs: 1.5 * HOUR,
        reportsPerUserPerDay: 7,
        staleAfterMs: 14 * DAY,
        reminderBeforeMs: 2 * DAY,
        claimWindowMs: 48 * HOUR,
        creditMs: 2 * DAY,
        creditsPerPeriod: 0,
      });
    });

    it('refuses a reminder that would not come before the listing goes stale', () => {
      const reminderLate =
        /LISTING_REMINDER_DAYS_BEFORE: must be fewer days than LISTING_STALE_AFTER_DAYS/;
      expect(() =>
        loadConfig({ LISTING_STALE_AFTER_DAYS: '10', LISTING_REMINDER_DAYS_BEFORE: '10' }),
      ).toThrow(reminderLate);
      // Against the default reminder, 5 days before.
      expect(() => loadConfig({ LISTING_STALE_AFTER_DAYS: '4' })).toThrow(reminderLate);
      expect(
        loadConfig({ LISTING_STALE_AFTER_DAYS: '10', LISTING_REMINDER_DAYS_BEFORE: '9' }).trust
          .reminderBeforeMs,
      ).toBe(9 * DAY);
    });
  });

  it('keeps resumable uploads beside the disk media, for a day, 40 open per account, 512 MB free', () => {
    const config = loadConfig({ INIT_CWD: '/srv/makazi' });
    expect(config.uploads).toEqual({
      dir: path.resolve('/srv/makazi', 'data', 'uploads'),
      abandonedAfterMs: 24 * 3_600_000,
      openPerUser: 40,
      creationsPerUserPerHour: 120,
      minFreeBytes: 512 * 1024 * 1024,
    });
    expect(loadConfig({ UPLOADS_MIN_FREE_MB: '2048' }).uploads.minFreeBytes).toBe(
      2048 * 1024 * 1024,
    );
    expect(loadConfig({ INIT_CWD: '/srv', UPLOADS_DIR: 'shared/up' }).uploads.dir).toBe(
      path.resolve('/srv', 'shared/up'),
    );
    expect(() => loadConfig({ UPLOAD_ABANDONED_AFTER_HOURS: '0' })).toThrow(
      /UPLOAD_ABANDONED_AFTER_HOURS/,
    );
  });

  it('reads Redis with its key prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({
      url: 'redis://cache:6379/2',
      prefix: 'makazi:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://c', REDIS_PREFIX: 'm2:' }).redis?.prefix).toBe('m2:');
  });

  it('does not seed demo listings into a PostgreSQL server unless asked', () => {
    const url = 'postgres://postgres@127.0.0.1:5432/makazi';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: '', BEEM_API_KEY: '' }).jwtSecret).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
  });

  it('resolves relative paths against the directory npm was invoked from, not the workspace', () => {
    const config = loadConfig({
      INIT_CWD: '/home/amina/makazi',
      DATA_DIR: './var',
      WEB_DIST_DIR: 'web',
    });
    expect(config.dataDir).toBe('/home/amina/makazi/var');
    expect(config.webDistDir).toBe('/home/amina/makazi/web');
    expect(loadConfig({ INIT_CWD: '/x', DATA_DIR: '/abs/data' }).dataDir).toBe('/abs/data');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    // A cached page may not outlive the max-age=10 its answers carry.
    [{ CATALOGUE_CACHE_MS: '10001' }, 'CATALOGUE_CACHE_MS'],
    [{ CATALOGUE_CACHE_MS: '-1' }, 'CATALOGUE_CACHE_MS'],
    [{ REDIS_URL: 'http://127.0.0.1:6379' }, 'REDIS_URL'],
    [{ REDIS_PREFIX: 'has space' }, 'REDIS_PREFIX'],
    [{ SIGNUPS_PER_ADDRESS_PER_HOUR: '0' }, 'SIGNUPS_PER_ADDRESS_PER_HOUR'],
    [{ CODES_PER_ADDRESS_PER_HOUR: 'many' }, 'CODES_PER_ADDRESS_PER_HOUR'],
    [{ SMS_BUDGET_PER_HOUR: '0' }, 'SMS_BUDGET_PER_HOUR'],
    [{ SMS_BUDGET_PER_DAY: '1.5' }, 'SMS_BUDGET_PER_DAY'],
    [{ PAYMENT_SIMULATOR_SECRET: 'short' }, 'PAYMENT_SIMULATOR_SECRET'],
    [{ BODY_IDLE_TIMEOUT_MS: '50' }, 'BODY_IDLE_TIMEOUT_MS'],
    // The drain must end well within the 10 s shutdown grace.
    [{ SHUTDOWN_DRAIN_MS: '9000' }, 'SHUTDOWN_DRAIN_MS'],
    [{ PHOTO_THREADS: '0' }, 'PHOTO_THREADS'],
  ])('refuses %o with an error naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable}:`));
  });

  describe('SMS provider', () => {
    const beem = { SMS_PROVIDER: 'beem', BEEM_API_KEY: 'beem-key', BEEM_SECRET_KEY: 'beem-secret' };
    const africastalking = {
      SMS_PROVIDER: 'africastalking',
      AFRICASTALKING_USERNAME: 'makazi',
      AFRICASTALKING_API_KEY: 'at-key',
    };

    it('defaults to the outbox', () => {
      expect(loadConfig({}).sms).toEqual({ provider: 'outbox' });
    });

    it('builds the Beem config with its default sender id and API URL', () => {
      expect(loadConfig(beem).sms).toEqual({
        provider: 'beem',
        apiUrl: 'https://apisms.beem.africa',
        apiKey: 'beem-key',
        secretKey: 'beem-secret',
        senderId: 'INFO',
      });
      expect(loadConfig({ ...beem, BEEM_SENDER_ID: 'MAKAZI' }).sms).toMatchObject({
        senderId: 'MAKAZI',
      });
    });

    it("builds the Africa's Talking config, with no sender id unless one is set", () => {
      expect(loadConfig(africastalking).sms).toEqual({
        provider: 'africastalking',
        apiUrl: 'https://api.africastalking.com',
        username: 'makazi',
        apiKey: 'at-key',
        senderId: undefined,
      });
      expect(
        loadConfig({ ...africastalking, AFRICASTALKING_SENDER_ID: 'MAKAZI' }).sms,
      ).toMatchObject({ senderId: 'MAKAZI' });
    });

    it.each([
      [{ ...beem, BEEM_API_KEY: undefined }, 'BEEM_API_KEY'],
      [{ ...beem, BEEM_SECRET_KEY: undefined }, 'BEEM_SECRET_KEY'],
      [{ ...africastalking, AFRICASTALKING_USERNAME: undefined }, 'AFRICASTALKING_USERNAME'],
      [{ ...africastalking, AFRICASTALKING_API_KEY: undefined }, 'AFRICASTALKING_API_KEY'],
    ])('refuses %o without its credentials, naming %s', (env, variable) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        `Invalid configuration: ${variable}: required when SMS_PROVIDER=${env.SMS_PROVIDER}`,
      );
    });

    it('names every missing credential at once', () => {
      expect(() => loadConfig({ SMS_PROVIDER: 'beem' })).toThrow(
        /BEEM_API_KEY: required .*; BEEM_SECRET_KEY: required/,
      );
    });

    it.each([
      [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER'],
      [{ ...beem, BEEM_SENDER_ID: 'MAKAZI-HOMES-TZ' }, 'BEEM_SENDER_ID'],
      [{ ...beem, BEEM_API_URL: 'not a url' }, 'BEEM_API_URL'],
      [{ ...africastalking, AFRICASTALKING_API_URL: 'not a url' }, 'AFRICASTALKING_API_URL'],
    ])('refuses %o with an error naming %s', (env, variable) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable}:`));
    });
  });

  describe('media storage', () => {
    const s3 = {
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'makazi-media',
      S3_ACCESS_KEY_ID: 'AKIAMAKAZI',
      S3_SECRET_ACCESS_KEY: 's3-secret',
    };

    it('defaults to disk', () => {
      expect(loadConfig({}).mediaStorage).toEqual({ kind: 'disk' });
    });

    it('builds the AWS S3 config: us-east-1, host-style buckets, no prefix', () => {
      expect(loadConfig(s3).mediaStorage).toEqual({
        kind: 's3',
        bucket: 'makazi-media',
        region: 'us-east-1',
        endpoint: undefined,
        forcePathStyle: false,
        accessKeyId: 'AKIAMAKAZI',
        secretAccessKey: 's3-secret',
        prefix: '',
      });
    });

    it('uses path-style buckets with an endpoint unless told otherwise', () => {
      const minio = { ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' };
      expect(loadConfig(minio).mediaStorage).toMatchObject({
        endpoint: 'http://127.0.0.1:9000',
        forcePathStyle: true,
      });
      expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).mediaStorage).toMatchObject({
        forcePathStyle: false,
      });
      expect(
        loadConfig({ ...s3, S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'true' }).mediaStorage,
      ).toMatchObject({ region: 'auto', forcePathStyle: true });
    });

    it('drops the slashes around S3_PREFIX', () => {
      expect(loadConfig({ ...s3, S3_PREFIX: '/makazi/media/' }).mediaStorage).toMatchObject({
        prefix: 'makazi/media',
      });
    });

    it.each([
      [{ ...s3, S3_BUCKET: undefined }, 'S3_BUCKET'],
      [{ ...s3, S3_ACCESS_KEY_ID: undefined }, 'S3_ACCESS_KEY_ID'],
      [{ ...s3, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY'],
    ])('refuses %o without its settings, naming %s', (env, variable) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        `Invalid configuration: ${variable}: required when MEDIA_STORAGE=s3`,
      );
    });

    it('names every missing setting at once and never echoes a secret', () => {
      const load = () => loadConfig({ MEDIA_STORAGE: 's3', S3_SECRET_ACCESS_KEY: 'hunter2' });
      expect(load).toThrow(/S3_BUCKET: required .*; S3_ACCESS_KEY_ID: required/);
      expect(load).not.toThrow(/hunter2/);
    });

    it('ignores the S3 settings with disk storage', () => {
      expect(loadConfig({ S3_BUCKET: 'makazi-media' }).mediaStorage).toEqual({ kind: 'disk' });
    });

    it.each([
      [{ MEDIA_STORAGE: 'gcs' }, 'MEDIA_STORAGE'],
      [{ ...s3, S3_BUCKET: 's3://makazi-media' }, 'S3_BUCKET'],
      [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
      [{ ...s3, S3_FORCE_PATH_STYLE: 'sometimes' }, 'S3_FORCE_PATH_STYLE'],
      [{ ...s3, S3_PREFIX: 'media/../secrets' }, 'S3_PREFIX'],
    ])('refuses %o with an error naming %s', (env, variable) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable}:`));
    });
  });

  describe('payment provider', () => {
    const clickpesa = {
      PAYMENT_PROVIDER: 'clickpesa',
      CLICKPESA_CLIENT_ID: 'cp-id',
      CLICKPESA_API_KEY: 'cp-key',
      CLICKPESA_CHECKSUM_KEY: 'cp-checksum',
    };
    const azampay = {
      PAYMENT_PROVIDER: 'azampay',
      AZAMPAY_APP_NAME: 'makazi',
      AZAMPAY_CLIENT_ID: 'az-id',
      AZAMPAY_CLIENT_SECRET: 'az-secret',
      AZAMPAY_API_KEY: 'az-key',
      AZAMPAY_CALLBACK_SECRET: 'az-callback-secret-0123',
    };

    it('defaults to the simulator answering after 2 s, payments expiring after 2 min', () => {
      expect(loadConfig({}).payments).toEqual({
        gateway: { provider: 'simulator', delayMs: 2000 },
        timeoutMs: 120_000,
      });
    });

    it('reads PAYMENT_SIMULATOR_DELAY_MS and PAYMENT_TIMEOUT_MS', () => {
      const { payments } = loadConfig({
        PAYMENT_SIMULATOR_DELAY_MS: '50',
        PAYMENT_TIMEOUT_MS: '5000',
      });
      expect(payments).toEqual({
        gateway: { provider: 'simulator', delayMs: 50 },
        timeoutMs: 5000,
      });
    });

    it('builds the ClickPesa config with its default API URL', () => {
      expect(loadConfig(clickpesa).payments.gateway).toEqual({
        provider: 'clickpesa',
        apiUrl: 'https://api.clickpesa.com',
        clientId: 'cp-id',
        apiKey: 'cp-key',
        checksumKey: 'cp-checksum',
      });
    });

    it('builds the AzamPay config with the sandbox URLs by default', () => {
      expect(loadConfig(azampay).payments.gateway).toEqual({
        provider: 'azampay',
        authUrl: 'https://authenticator-sandbox.azampay.co.tz',
        checkoutUrl: 'https://sandbox.azampay.co.tz',
        appName: 'makazi',
        clientId: 'az-id',
        clientSecret: 'az-secret',
        apiKey: 'az-key',
        callbackSecret: 'az-callback-secret-0123',
      });
      expect(
        loadConfig({ ...azampay, AZAMPAY_CHECKOUT_URL: 'https://checkout.azampay.co.tz' }).payments
          .gateway,
      ).toMatchObject({ checkoutUrl: 'https://checkout.azampay.co.tz' });
    });

    it.each([
      [clickpesa, 'CLICKPESA_CLIENT_ID'],
      [clickpesa, 'CLICKPESA_API_KEY'],
      [clickpesa, 'CLICKPESA_CHECKSUM_KEY'],
      [azampay, 'AZAMPAY_APP_NAME'],
      [azampay, 'AZAMPAY_CLIENT_ID'],
      [azampay, 'AZAMPAY_CLIENT_SECRET'],
      [azampay, 'AZAMPAY_API_KEY'],
      [azampay, 'AZAMPAY_CALLBACK_SECRET'],
    ])('refuses %o without %s, naming it', (full, variable) => {
      const env: Record<string, string> = { ...full };
      delete env[variable];
      expect(() => loadConfig(env)).toThrow(
        `Invalid configuration: ${variable}: required when PAYMENT_PROVIDER=${full.PAYMENT_PROVIDER}`,
      );
    });

    it('names every missing credential at once and never echoes a secret', () => {
      const load = () => loadConfig({ PAYMENT_PROVIDER: 'azampay', AZAMPAY_API_KEY: 'az-key' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        /AZAMPAY_APP_NAME.*AZAMPAY_CLIENT_ID.*AZAMPAY_CLIENT_SECRET.*AZAMPAY_CALLBACK_SECRET/,
      );
      expect(load).not.toThrow(/az-key/);
    });

    it.each([
      [{ PAYMENT_PROVIDER: 'mpesa' }, 'PAYMENT_PROVIDER'],
      [{ PAYMENT_SIMULATOR_DELAY_MS: '-1' }, 'PAYMENT_SIMULATOR_DELAY_MS'],
      [{ PAYMENT_TIMEOUT_MS: 'soon' }, 'PAYMENT_TIMEOUT_MS'],
      [{ ...clickpesa, CLICKPESA_API_URL: 'not a url' }, 'CLICKPESA_API_URL'],
      [{ ...azampay, AZAMPAY_CALLBACK_SECRET: 'short' }, 'AZAMPAY_CALLBACK_SECRET'],
    ])('refuses %o with an error naming %s', (env, variable) => {
      expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable}:`));
    });
  });

  describe('production', () => {
    const jwtSecret = 'x'.repeat(32);
    // Every production start names its origin (asserted below); spread into each case.
    const origin = { PUBLIC_URL: 'https://makazi.example' };
    const beem = {
      ...origin,
      SMS_PROVIDER: 'beem',
      BEEM_API_KEY: 'beem-key',
      BEEM_SECRET_KEY: 'beem-secret',
    };

    it('refuses the SMS outbox and a missing JWT_SECRET, naming both', () => {
      const load = () => loadConfig({ NODE_ENV: 'production' });
      expect(load).toThrow(ConfigError);
      expect(load).toThrow(
        /SMS_PROVIDER: set a real SMS gateway .*; JWT_SECRET: required in production/,
      );
    });

    it('refuses an explicit outbox even with JWT_SECRET', () => {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'outbox', JWT_SECRET: jwtSecret }),
      ).toThrow(/^Invalid configuration: SMS_PROVIDER: set a real SMS gateway/);
    });

    it('refuses a real SMS gateway without JWT_SECRET', () => {
      expect(() => loadConfig({ NODE_ENV: 'production', ...beem })).toThrow(
        /^Invalid configuration: JWT_SECRET: required in production/,
      );
    });

    it('refuses an injected test clock', () => {
      expect(() =>
        loadConfig({
          NODE_ENV: 'production',
          ...beem,
          JWT_SECRET: jwtSecret,
          ALLOW_DEMO_IN_PRODUCTION: 'true',
          TEST_CLOCK_START: '2026-03-02T07:58:30+03:00',
        }),
      ).toThrow(/^Invalid configuration: TEST_CLOCK_START: for tests only/);
      expect(loadConfig({ TEST_CLOCK_START: '2026-03-02T07:58:30+03:00' }).testClockStart).toEqual(
        new Date('2026-03-02T04:58:30.000Z'),
      );
    });

    const clickpesa = {
      PAYMENT_PROVIDER: 'clickpesa',
      CLICKPESA_CLIENT_ID: 'cp-id',
      CLICKPESA_API_KEY: 'cp-key',
      CLICKPESA_CHECKSUM_KEY: 'cp-checksum',
    };

    it('refuses the payment simulator, explicit or by default, naming PAYMENT_PROVIDER', () => {
      for (const env of [{}, { PAYMENT_PROVIDER: 'simulator' }]) {
        expect(() =>
          loadConfig({ NODE_ENV: 'production', ...beem, JWT_SECRET: jwtSecret, ...env }),
        ).toThrow(/^Invalid configuration: PAYMENT_PROVIDER: set a real payment provider/);
      }
    });

    const firstAdmin = { ADMIN_USERNAME: 'amina', ADMIN_PASSWORD: 'a long enough password' };

    it('requires a named first admin, and refuses the name admin', () => {
      const env = { NODE_ENV: 'production', ...beem, ...clickpesa, JWT_SECRET: jwtSecret };
      expect(() => loadConfig(env)).toThrow(
        /^Invalid configuration: ADMIN_USERNAME and ADMIN_PASSWORD: required in production/,
      );
      expect(() => loadConfig({ ...env, ...firstAdmin, ADMIN_USERNAME: ' Admin ' })).toThrow(
        /^Invalid configuration: ADMIN_USERNAME: choose another name than 'admin' in production/,
      );
      // Development keeps its generated first admin, named admin.
      expect(loadConfig({}).admin).toBeUndefined();
      expect(loadConfig({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'pw' }).admin?.username).toBe(
        'admin',
      );
    });

    it('requires PUBLIC_URL, demo or not: links are never made from the Host header', () => {
      const { PUBLIC_URL: _origin, ...withoutOrigin } = beem;
      const env = {
        NODE_ENV: 'production',
        ...withoutOrigin,
        ...clickpesa,
        ...firstAdmin,
        JWT_SECRET: jwtSecret,
      };
      for (const demo of [{}, { ALLOW_DEMO_IN_PRODUCTION: 'true' }]) {
        expect(() => loadConfig({ ...env, ...demo })).toThrow(
          /^Invalid configuration: PUBLIC_URL: required in production/,
        );
      }
      expect(loadConfig({ ...env, ...origin }).publicUrl).toBe('https://makazi.example');
      // Development and tests keep working without it.
      expect(loadConfig({}).publicUrl).toBeUndefined();
    });

    it('accepts a full Beem setup with JWT_SECRET', () => {
      const config = loadConfig({
        NODE_ENV: 'production',
        ...beem,
        ...clickpesa,
        ...firstAdmin,
        JWT_SECRET: jwtSecret,
      });
      expect(config.nodeEnv).toBe('production');
      expect(config.jwtSecret).toBe(jwtSecret);
      expect(config.sms).toMatchObject({ provider: 'beem', apiKey: 'beem-key' });
    });

    it('runs the demo conveniences only when ALLOW_DEMO_IN_PRODUCTION says so on purpose', () => {
      const env = { NODE_ENV: 'production', ...origin, ...firstAdmin, JWT_SECRET: jwtSecret };
      expect(() => loadConfig(env)).toThrow(/ALLOW_DEMO_IN_PRODUCTION=true/);
      const demo = loadConfig({ ...env, ALLOW_DEMO_IN_PRODUCTION: 'true' });
      expect(demo.sms.provider).toBe('outbox');
      expect(demo.payments.gateway.provider).toBe('simulator');
      expect(demo.demo).toBe(true);
      // Either convenience alone is a demo, and says so on every page.
      const simulatedPayments = loadConfig({ ...env, ...beem, ALLOW_DEMO_IN_PRODUCTION: 'yes' });
      expect(simulatedPayments.demo).toBe(true);
      expect(loadConfig({ ...env, ...beem, ...clickpesa }).demo).toBe(false);
      expect(() => loadConfig({ ...env, ALLOW_DEMO_IN_PRODUCTION: 'maybe' })).toThrow(
        /ALLOW_DEMO_IN_PRODUCTION/,
      );
    });

    it('logs JSON even to a terminal', () => {
      const env = {
        NODE_ENV: 'production',
        ...beem,
        ...clickpesa,
        ...firstAdmin,
        JWT_SECRET: jwtSecret,
      };
      expect(loadConfig(env, true).logFormat).toBe('json');
    });
  });

  describe('ADMIN_USERNAME and ADMIN_PASSWORD', () => {
    it('are unset by default: the server then generates a first admin', () => {
      expect(loadConfig({}).admin).toBeUndefined();
    });

    it('name the admin made sure of at start-up, the username lower-cased', () => {
      expect(loadConfig({ ADMIN_USERNAME: ' Amina ', ADMIN_PASSWORD: 'pw' }).admin).toEqual({
        username: 'amina',
        password: 'pw',
      });
    });

    it.each([{ ADMIN_USERNAME: 'amina' }, { ADMIN_PASSWORD: 'a long enough password' }])(
      'refuses %o alone, naming both, never the value',
      (env) => {
        const load = () => loadConfig(env);
        expect(load).toThrow(ConfigError);
        expect(load).toThrow(
          'Invalid configuration: ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither',
        );
      },
    );

    it('refuses a username with spaces or symbols', () => {
      expect(() => loadConfig({ ADMIN_USERNAME: 'ami na', ADMIN_PASSWORD: 'pw' })).toThrow(
        /^Invalid configuration: ADMIN_USERNAME:/,
      );
    });

    it('refuses a password under 12 characters in production only, without showing it', () => {
      const production = {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://makazi.example',
        SMS_PROVIDER: 'beem',
        BEEM_API_KEY: 'beem-key',
        BEEM_SECRET_KEY: 'beem-secret',
        PAYMENT_PROVIDER: 'clickpesa',
        CLICKPESA_CLIENT_ID: 'cp-id',
        CLICKPESA_API_KEY: 'cp-key',
        CLICKPESA_CHECKSUM_KEY: 'cp-checksum',
        JWT_SECRET: 'x'.repeat(32),
        ADMIN_USERNAME: 'amina',
      };
      const short = () => loadConfig({ ...production, ADMIN_PASSWORD: 'elevenchars' });
      expect(short).toThrow(
        'Invalid configuration: ADMIN_PASSWORD: must be at least 12 characters in production',
      );
      expect(short).not.toThrow(/elevenchars/);
      expect(loadConfig({ ...production, ADMIN_PASSWORD: 'twelve chars' }).admin?.password).toBe(
        'twelve chars',
      );
      expect(loadConfig({ ADMIN_USERNAME: 'amina', ADMIN_PASSWORD: 'short' }).admin).toBeDefined();
    });

    it('leaves ADMIN_NEW_PASSWORD to the CLI, empty meaning unset', () => {
      expect(readAdminNewPassword({ ADMIN_NEW_PASSWORD: 'new one' })).toBe('new one');
      expect(readAdminNewPassword({ ADMIN_NEW_PASSWORD: '' })).toBeUndefined();
      expect(readAdminNewPassword({})).toBeUndefined();
    });
  });

  describe('JWT_SECRET', () => {
    it('is unset by default, for the server to generate one into DATA_DIR', () => {
      expect(loadConfig({}).jwtSecret).toBeUndefined();
    });

    it('accepts 32 characters and refuses fewer', () => {
      expect(loadConfig({ JWT_SECRET: 'a'.repeat(32) }).jwtSecret).toBe('a'.repeat(32));
      expect(() => loadConfig({ JWT_SECRET: 'a'.repeat(31) })).toThrow(
        'Invalid configuration: JWT_SECRET: must be at least 32 characters',
      );
    });
  });

  describe('TRUST_PROXY', () => {
    it.each([
      [undefined, false],
      ['false', false],
      ['1', 1],
      ['2', 2],
    ])('reads %j as %j', (value, expected) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
    });

    it('reads the proxies as addresses and CIDRs', () => {
      expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
        '10.0.0.0/8',
        '127.0.0.1',
        '::1',
      ]);
    });

    // 'true' would trust every hop: any client could then choose its own address.
    it.each(['true', 'yes', '0', '11', '1.5', 'loopback', '10.0.0.0/33', '127.0.0.1,'])(
      'refuses %j, naming TRUST_PROXY',
      (value) => {
        expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
          /^Invalid configuration: TRUST_PROXY:/,
        );
      },
    );
  });
});

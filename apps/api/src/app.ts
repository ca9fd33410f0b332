import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openCatalogueDatabase, type DatabaseHandle } from './db/client';
import { createChangeFeed } from './db/change-feed';
import { createPeriodicJobLock } from './db/periodic-job-lock';
import type { PaymentGateway } from './gateways/payments/payment-gateway';
import type { SmsGateway } from './gateways/sms/sms-gateway';
import type { StorageGateway } from './gateways/storage/storage-gateway';
import { systemClock, type Clock } from './lib/clock';
import { createTtlCache } from './lib/ttl-cache';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { createAdminAuthRepository } from './modules/admin-auth/admin-auth.repository';
import { adminAuthRoutes } from './modules/admin-auth/admin-auth.routes';
import { createAdminAuthService } from './modules/admin-auth/admin-auth.service';
import { adminTwoStepRoutes } from './modules/admin-auth/admin-two-step.routes';
import { createAdminAuditRepository } from './modules/admin/admin-audit.repository';
import { adminAuditRoutes } from './modules/admin/admin-audit.routes';
import { createAdminAuditService } from './modules/admin/admin-audit.service';
import { createAdminContactRevealsRepository } from './modules/admin/admin-contact-reveals.repository';
import { adminContactRevealsRoutes } from './modules/admin/admin-contact-reveals.routes';
import { createAdminContactRevealsService } from './modules/admin/admin-contact-reveals.service';
import { createAdminDashboardRepository } from './modules/admin/admin-dashboard.repository';
import { adminDashboardRoutes } from './modules/admin/admin-dashboard.routes';
import { createAdminDashboardService } from './modules/admin/admin-dashboard.service';
import { createAdminPaymentsRepository } from './modules/admin/admin-payments.repository';
import { adminPaymentsRoutes } from './modules/admin/admin-payments.routes';
import { createAdminPaymentsService } from './modules/admin/admin-payments.service';
import { createAdminPropertiesRepository } from './modules/admin/admin-properties.repository';
import { adminPropertiesRoutes } from './modules/admin/admin-properties.routes';
import { createAdminPropertiesService } from './modules/admin/admin-properties.service';
import { createAdminSupportRepository } from './modules/admin/admin-support.repository';
import { adminSupportRoutes } from './modules/admin/admin-support.routes';
import { createAdminSupportService } from './modules/admin/admin-support.service';
import { createAdminUsersRepository } from './modules/admin/admin-users.repository';
import { adminUsersRoutes } from './modules/admin/admin-users.routes';
import { createAdminUsersService } from './modules/admin/admin-users.service';
import { createAuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { createFavouritesRepository } from './modules/favourites/favourites.repository';
import { favouritesRoutes } from './modules/favourites/favourites.routes';
import { createFavouritesService } from './modules/favourites/favourites.service';
import { createHealthRepository } from './modules/health/health.repository';
import { healthRoutes } from './modules/health/health.routes';
import { siteRoutes } from './modules/site/site.routes';
import { createSiteService } from './modules/site/site.service';
import { createHealthService } from './modules/health/health.service';
import { createListingsRepository } from './modules/listings/listings.repository';
import { listingsRoutes } from './modules/listings/listings.routes';
import { createListingsService } from './modules/listings/listings.service';
import { registerPriceInsightsJob } from './modules/insights/price-insights-job';
import { createPriceInsightsRepository } from './modules/insights/price-insights.repository';
import { priceInsightsRoutes } from './modules/insights/price-insights.routes';
import { createPriceInsightsService } from './modules/insights/price-insights.service';
import { createLocationsRepository } from './modules/locations/locations.repository';
import { locationsRoutes } from './modules/locations/locations.routes';
import { createLocationsService } from './modules/locations/locations.service';
import { createMediaRepository } from './modules/media/media.repository';
import { createDuplicatePhotosRepository } from './modules/media/duplicate-photos.repository';
import { mediaRoutes, socialImageRoutes } from './modules/media/media.routes';
import { createMediaService } from './modules/media/media.service';
import { limitPhotoThreads } from './modules/media/photo-processing';
import { registerUploadSweeper } from './modules/media/upload-sweeper';
import { registerPhotoHashBackfill } from './modules/media/photo-hash-backfill';
import { createUploadFiles } from './modules/uploads/upload-files';
import { createUploadLocker } from './modules/uploads/upload-locker';
import { registerUploadSweep } from './modules/uploads/upload-sweep-job';
import { createUploadLeases, createUploadsRepository } from './modules/uploads/uploads.repository';
import { attachUploadRoutes, uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { createAccessRepository } from './modules/access/access.repository';
import { registerFreshnessJob } from './modules/trust/freshness-job';
import { createOwnerPhonesRepository } from './modules/owner-phones/owner-phones.repository';
import { ownerPhonesRoutes } from './modules/owner-phones/owner-phones.routes';
import { createOwnerPhonesService } from './modules/owner-phones/owner-phones.service';
import { createOtpHasher } from './modules/auth/otp';
import { createTrustRepository } from './modules/trust/trust.repository';
import { trustRoutes } from './modules/trust/trust.routes';
import { createReporterKey } from './modules/trust/reporter-key';
import { createTrustService } from './modules/trust/trust.service';
import { createAlertLinkSigner } from './modules/saved-searches/alert-links';
import { listingLinkRoutes } from './modules/saved-searches/listing-link.routes';
import { registerSavedSearchAlertsJob } from './modules/saved-searches/saved-search-alerts-job';
import { createSavedSearchesRepository } from './modules/saved-searches/saved-searches.repository';
import { savedSearchesRoutes } from './modules/saved-searches/saved-searches.routes';
import { createSavedSearchesService } from './modules/saved-searches/saved-searches.service';
import { adminReportsRoutes } from './modules/admin/admin-reports.routes';
import { createAdminReportsService } from './modules/admin/admin-reports.service';
import { registerPaymentExpirySweeper } from './modules/payments/payment-expiry-sweeper';
import { createPaymentsRepository } from './modules/payments/payments.repository';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { createPaymentsService } from './modules/payments/payments.service';
import { createPlansRepository } from './modules/plans/plans.repository';
import { plansRoutes } from './modules/plans/plans.routes';
import { createPlansService } from './modules/plans/plans.service';
import { createCatalogueRepository } from './modules/properties/catalogue.repository';
import { createPropertiesRepository } from './modules/properties/properties.repository';
import { createCatalogueGuard } from './modules/properties/catalogue-guard';
import { propertiesRoutes } from './modules/properties/properties.routes';
import {
  createPropertiesService,
  type PropertyPage,
} from './modules/properties/properties.service';
import { createSeoRepository } from './modules/seo/seo.repository';
import { seoRoutes } from './modules/seo/seo.routes';
import { createSeoService, createSitemapRangeSigner } from './modules/seo/seo.service';
import { createSubscriptionsRepository } from './modules/subscriptions/subscriptions.repository';
import { subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createSupportRepository } from './modules/support/support.repository';
import { supportRoutes } from './modules/support/support.routes';
import { createSupportService } from './modules/support/support.service';
import { createUsersRepository } from './modules/users/users.repository';
import { usersRoutes } from './modules/users/users.routes';
import { createUsersService } from './modules/users/users.service';
import { createRequireAdmin, registerAdminAuthentication } from './plugins/admin-authentication';
import {
  createOptionalSignIn,
  createRequireSignIn,
  registerAuthentication,
} from './plugins/authentication';
import { registerBodyDeadline } from './plugins/body-deadline';
import { registerCatalogueCacheReset } from './plugins/catalogue-cache';
import { registerDocs } from './plugins/docs';
import { handleError, registerErrorHandler } from './plugins/error-handler';
import { registerMediaFiles } from './plugins/media-files';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { loadPageRenderer, registerWebApp } from './plugins/web-app';
import { createPagesService, type PageAnswer } from './modules/pages/pages.service';
import { createSiteOrigin } from './lib/site-origin';
import { createCatalogueReadBudget } from './plugins/rate-limit';
import type { PageRenderer } from '@makazi/contracts/page-rendering';

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  storage: StorageGateway;
  sms: SmsGateway;
  /** Collects mobile money; the caller owns it and closes it after app.close(). */
  payments: PaymentGateway;
  /** Signs access tokens (HS256); the one-time-code pepper is derived from it. */
  jwtSecret: string;
  /** Where sign-in rules read the time; tests pass a clock they can move. */
  clock?: Clock;
  /**
   * State several processes share (REDIS_URL): rate-limit counters. Unset: each process counts
   * alone. The caller owns the connection and closes it after app.close().
   */
  sharedState?: { redis: Redis; prefix: string };
  /**
   * true once the server is shutting down (server.ts): /api/health answers 503, so the load
   * balancer takes the process out of rotation before it stops accepting connections.
   */
  draining?: () => boolean;
  /** true: log at config.logLevel; false: silent (tests); an object: Fastify/pino logger options. */
  logger?: FastifyServerOptions['logger'];
  /**
   * Renders the public pages (decision 034). Unset: the web build's own renderer, when the build
   * has one; null: none, every page is the client-rendered shell.
   */
  pageRenderer?: PageRenderer | null;
}

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 ignores a bare hop count (it cannot tell a proxy from
 * a client that forged X-Forwarded-For), so the count becomes "trust the nearest n addresses":
 * TRUST_PROXY=1 is right only when the server is reachable through that one proxy alone. A list of
 * addresses and CIDRs trusts exactly those proxies (proxy-addr), wherever the server is reachable.
 */
function trustProxyOption(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** The longest a request may take to arrive, body included. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** A proxy's request id is kept when it looks like one, so log lines can be followed across hops. */
const INCOMING_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Distinct catalogue queries kept at once: a few hundred pages of ~25 listings each. */
const CATALOGUE_CACHE_ENTRIES = 500;
/**
 * Catalogue queries one process runs at once, and its catalogue connections: on a small server
 * (2 cores) a few queries keep the database busy; more only queue inside it.
 */
const CATALOGUE_QUERY_SLOTS = 4;
/** Catalogue reads waiting for a slot before the next is turned away (about a second's worth). */
const CATALOGUE_QUERIES_WAITING = 64;

/** The database of each built app: for test helpers handed only the app (test/admin.ts). */
const appDatabases = new WeakMap<FastifyInstance, DatabaseHandle>();

export function databaseOf(app: FastifyInstance): DatabaseHandle {
  const database = appDatabases.get(app);
  if (!database) throw new Error('databaseOf: this app was not made by buildApp');
  return database;
}

/** pino's options: pino-pretty's single lines (in a worker thread, off the request path) or JSON. */
function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    },
  };
}

/**
 * The whole HTTP application, without listen(): the server and the tests build it the same way.
 * The caller owns the database and storage and closes them after app.close().
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, storage, sms, jwtSecret } = deps;
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger ?? true;

  const app = Fastify({
    logger: logger === true ? loggerOptions(config) : logger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && INCOMING_REQUEST_ID.test(incoming)
        ? incoming
        : randomUUID();
    },
    // Photo uploads set their own limit through multipart; JSON bodies stay small.
    bodyLimit: 1_048_576,
    // Fastify disables Node's whole-request deadline (0); a client that stalls mid-body would hold
    // its connection for ever. Five minutes still lets a listing's photos (about 8 MB after the
    // browser shrinks them) arrive over a slow 3G link.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Per-address limits need the client's address, which behind a proxy is in X-Forwarded-For.
    trustProxy: trustProxyOption(config.trustProxy),
    // A URL the router cannot decode, or a path parameter over maxParamLength, is answered before
    // any handler: through the error handler, so it too is { statusCode, code, message }.
    frameworkErrors: (error, request, reply) => {
      void handleError(error, request, reply);
    },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ checkWithZod: config.nodeEnv === 'test' }),
  );
  registerErrorHandler(app);
  registerAuthentication(app);
  registerAdminAuthentication(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });

  registerBodyDeadline(app, config.bodyIdleTimeoutMs);
  registerSecurity(app, config);
  await app.register(compress, { global: true, threshold: 1024 });
  await registerRateLimit(app, deps.sharedState);
  await registerDocs(app);

  const db = database.db;
  const health = createHealthService(createHealthRepository(db), database.kind, deps.draining);
  // Pages of the public catalogue, shared by every visitor for a few seconds (decision 014),
  // forgotten in every process when any process writes (decision 015).
  const catalogueChanges =
    config.catalogueCacheMs > 0
      ? createChangeFeed(database, 'makazi_catalogue', app.log)
      : undefined;
  const cataloguePages = createTtlCache<PropertyPage>({
    ttlMs: config.catalogueCacheMs,
    maxEntries: CATALOGUE_CACHE_ENTRIES,
    clock,
    ...(catalogueChanges ? { trusted: () => catalogueChanges.live } : {}),
  });
  // The pages rendered on the server are made of the catalogue's pages: forgotten with them.
  const renderedPages = createTtlCache<PageAnswer>({
    ttlMs: config.catalogueCacheMs,
    maxEntries: CATALOGUE_CACHE_ENTRIES,
    clock,
    ...(catalogueChanges ? { trusted: () => catalogueChanges.live } : {}),
  });
  const forgetCatalogue = {
    clear() {
      cataloguePages.clear();
      renderedPages.clear();
    },
  };
  if (catalogueChanges) {
    catalogueChanges.subscribe(() => forgetCatalogue.clear());
    registerCatalogueCacheReset(app, forgetCatalogue, catalogueChanges);
    // Listening before the first request, so the first pages can be cached.
    app.addHook('onReady', () => catalogueChanges.ready());
    app.addHook('onClose', () => catalogueChanges.close());
  }
  const catalogueDatabase = openCatalogueDatabase(database, {
    poolMax: CATALOGUE_QUERY_SLOTS,
    statementTimeoutMs: config.catalogueStatementTimeoutMs,
    onPoolError: (err) => app.log.error({ err }, 'idle catalogue connection failed'),
  });
  app.addHook('onClose', () => catalogueDatabase.close());
  const properties = createPropertiesService(
    {
      catalogue: createCatalogueRepository(catalogueDatabase),
      listings: createPropertiesRepository(catalogueDatabase.db, clock),
      ownerListings: createPropertiesRepository(db, clock),
    },
    {
      pageCache: cataloguePages,
      guard: createCatalogueGuard({
        slots: CATALOGUE_QUERY_SLOTS,
        maxWaiting: CATALOGUE_QUERIES_WAITING,
        timeoutMs: config.catalogueStatementTimeoutMs,
      }),
    },
  );
  const site = createSiteService(config);
  // One budget for the catalogue's API routes and the pages rendered from them: a page read
  // costs what the API reads it is made of.
  const countRead = createCatalogueReadBudget(app, config.limits.catalogueReadsPerAddressPerMinute);
  const locations = createLocationsService(createLocationsRepository(db));
  const plans = createPlansService(createPlansRepository(db));
  const auth = createAuthService({
    repository: createAuthRepository(db),
    sms,
    jwtSecret,
    clock,
    publicUrl: config.publicUrl,
    limits: config.limits,
    sessionMaxAgeMs: config.sessionMaxAgeMs,
    log: app.log,
  });
  const requireSignIn = createRequireSignIn(auth);
  const adminAuth = createAdminAuthService({
    repository: createAdminAuthRepository(db),
    jwtSecret,
    clock,
    // In production an admin's second step is required (decision 029).
    requireTwoStep: config.nodeEnv === 'production',
  });
  // Every /api/admin route but login: 401 anonymous, 403 for a user's token.
  const requireAdmin = createRequireAdmin(adminAuth, auth);
  // Resumable photo uploads' files (decision 043), in UPLOADS_DIR: an account's go with it.
  const uploadFiles = createUploadFiles(config.uploads.dir);
  const users = createUsersService(createUsersRepository(db), clock, uploadFiles);
  const optionalSignIn = createOptionalSignIn(auth);
  const subscriptions = createSubscriptionsService(
    createSubscriptionsRepository(db),
    clock,
    config.limits,
  );
  const listings = createListingsService({
    repository: createListingsRepository(db),
    views: properties,
    storage,
    clock,
    log: app.log,
  });

  const media = createMediaService({
    repository: createMediaRepository(db),
    storage,
    ownerView: (id, ownerId) => properties.getOwnerView(id, ownerId),
    clock,
    log: app.log,
    ...(config.photoThreads
      ? { concurrency: limitPhotoThreads(config.photoThreads).photosAtOnce }
      : {}),
  });
  const jobLock = createPeriodicJobLock(database, clock);
  registerUploadSweeper(app, media, { clock, lock: jobLock });
  if (config.photoHashes.backfillBatch > 0) {
    registerPhotoHashBackfill(app, media, {
      batch: config.photoHashes.backfillBatch,
      lock: jobLock,
    });
  }

  // Resumable photo uploads (decision 043): locks as leases in PostgreSQL.
  const uploadLeases = createUploadLeases(db);
  const uploads = createUploadsService({
    repository: createUploadsRepository(db),
    onTransaction: (transaction) => createUploadsRepository(transaction),
    listings: createMediaRepository(db),
    access: createAccessRepository(db),
    media,
    ownerView: (id, ownerId) => properties.getOwnerView(id, ownerId),
    files: uploadFiles,
    expireLocks: (olderThanMs) => uploadLeases.deleteExpired(olderThanMs),
    clock,
    log: app.log,
    limits: {
      openPerUser: config.uploads.openPerUser,
      minFreeBytes: config.uploads.minFreeBytes,
    },
  });
  registerUploadSweep(app, uploads, {
    clock,
    abandonedAfterMs: config.uploads.abandonedAfterMs,
    lock: jobLock,
  });

  const payments = createPaymentsService({
    repository: createPaymentsRepository(db),
    gateway: deps.payments,
    clock,
    log: app.log,
    timeoutMs: config.payments.timeoutMs,
    limits: config.limits,
  });
  registerPaymentExpirySweeper(app, payments, { lock: jobLock });

  const adminUsers = createAdminUsersService({
    repository: createAdminUsersRepository(db),
    subscriptions: createSubscriptionsRepository(db),
    clock,
  });
  const adminPayments = createAdminPaymentsService({
    repository: createAdminPaymentsRepository(db),
    clock,
  });

  const adminProperties = createAdminPropertiesService({
    repository: createAdminPropertiesRepository(db),
    views: properties,
    sms,
    clock,
    log: app.log,
    duplicates: createDuplicatePhotosRepository(db),
    maxPhotoDistance: config.photoHashes.maxDistance,
  });
  const adminDashboard = createAdminDashboardService(createAdminDashboardRepository(db), clock);
  const adminAudit = createAdminAuditService(createAdminAuditRepository(db));
  const adminContactReveals = createAdminContactRevealsService({
    repository: createAdminContactRevealsRepository(db),
    clock,
  });
  // A job has no request to take an origin from: texts link to PUBLIC_URL (a path without it).
  const textOrigin = config.publicUrl ? new URL(config.publicUrl).origin : '';
  const trustRepository = createTrustRepository(db);
  const trust = createTrustService({
    repository: trustRepository,
    views: properties,
    sms,
    clock,
    trust: config.trust,
    siteOrigin: textOrigin,
    reporterKey: createReporterKey(jwtSecret),
    log: app.log,
  });
  registerFreshnessJob(app, trust, { lock: jobLock });
  const ownerPhones = createOwnerPhonesService({
    repository: createOwnerPhonesRepository(db),
    sms,
    hasher: createOtpHasher(jwtSecret),
    clock,
    limits: config.limits,
  });
  const adminReports = createAdminReportsService({
    repository: trustRepository,
    sms,
    clock,
    trust: config.trust,
    log: app.log,
  });
  const savedSearches = createSavedSearchesService({
    repository: createSavedSearchesRepository(db),
    sms,
    links: createAlertLinkSigner(jwtSecret),
    clock,
    limits: config.limits,
    siteOrigin: textOrigin,
    log: app.log,
  });
  registerSavedSearchAlertsJob(app, savedSearches, {
    everyMs: config.savedSearchAlertsEveryMs,
    lock: jobLock,
  });
  const support = createSupportService(createSupportRepository(db), clock);
  const favourites = createFavouritesService({ repository: createFavouritesRepository(db), clock });
  const priceInsights = createPriceInsightsService({
    reads: createPriceInsightsRepository(catalogueDatabase.db),
    writes: createPriceInsightsRepository(db),
    clock,
  });
  registerPriceInsightsJob(app, priceInsights, {
    everyMs: config.priceInsightsEveryMs,
    lock: jobLock,
  });
  const adminSupport = createAdminSupportService({
    repository: createAdminSupportRepository(db),
    clock,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { service: health });
      await api.register(siteRoutes, { service: site });
      await api.register(propertiesRoutes, { service: properties, optionalSignIn, countRead });
      await api.register(listingsRoutes, { service: listings, requireSignIn });
      await api.register(locationsRoutes, { service: locations });
      await api.register(plansRoutes, { service: plans });
      await api.register(authRoutes, { service: auth, limits: config.limits });
      await api.register(usersRoutes, { service: users, requireSignIn });
      await api.register(mediaRoutes, { service: media, requireSignIn });
      await api.register(uploadsRoutes, {
        service: uploads,
        requireSignIn,
        files: uploadFiles,
        locker: createUploadLocker(uploadLeases, { log: app.log }),
        creationsPerUserPerHour: config.uploads.creationsPerUserPerHour,
      });
      await api.register(attachUploadRoutes, { service: uploads, requireSignIn });
      await api.register(paymentsRoutes, { service: payments, requireSignIn, admins: adminAuth });
      await api.register(subscriptionsRoutes, {
        service: subscriptions,
        requireSignIn,
        admins: adminAuth,
      });
      await api.register(adminAuthRoutes, { service: adminAuth, requireAdmin });
      await api.register(adminTwoStepRoutes, { service: adminAuth, requireAdmin });
      await api.register(adminUsersRoutes, { service: adminUsers, requireAdmin });
      await api.register(adminPaymentsRoutes, { service: adminPayments, requireAdmin });
      await api.register(adminDashboardRoutes, { service: adminDashboard, requireAdmin });
      await api.register(adminPropertiesRoutes, { service: adminProperties, requireAdmin });
      await api.register(adminAuditRoutes, { service: adminAudit, requireAdmin });
      await api.register(adminContactRevealsRoutes, {
        service: adminContactReveals,
        requireAdmin,
      });
      await api.register(supportRoutes, {
        service: support,
        optionalSignIn,
        limits: config.limits,
      });
      await api.register(adminSupportRoutes, { service: adminSupport, requireAdmin });
      await api.register(trustRoutes, { service: trust, requireSignIn });
      await api.register(ownerPhonesRoutes, { service: ownerPhones, requireSignIn });
      await api.register(adminReportsRoutes, { service: adminReports, requireAdmin });
      await api.register(savedSearchesRoutes, { service: savedSearches, requireSignIn });
      await api.register(favouritesRoutes, {
        service: favourites,
        requireSignIn,
        limits: config.limits,
      });
      await api.register(priceInsightsRoutes, { service: priceInsights, countRead });
    },
    { prefix: '/api' },
  );

  const siteOrigin = createSiteOrigin(config.publicUrl);
  // robots.txt and the sitemaps, at the root, matched before the web app's catch-all (decision 036).
  await app.register(seoRoutes, {
    service: createSeoService(createSeoRepository(catalogueDatabase), {
      clock,
      ranges: createSitemapRangeSigner(jwtSecret),
    }),
    siteOrigin,
  });
  registerMediaFiles(app, storage);
  await app.register(listingLinkRoutes, { service: properties });
  await app.register(socialImageRoutes, { service: media });
  const pageRenderer =
    deps.pageRenderer === undefined ? await loadPageRenderer(config.webDistDir) : deps.pageRenderer;
  await registerWebApp(
    app,
    config.webDistDir,
    pageRenderer
      ? {
          service: createPagesService({
            renderer: pageRenderer,
            properties,
            site,
            cache: renderedPages,
          }),
          siteOrigin,
          countRead,
        }
      : undefined,
  );

  appDatabases.set(app, database);
  return app;
}

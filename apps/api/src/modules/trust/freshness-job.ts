import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob, type PeriodicJobLock } from '../../lib/periodic-job';
import type { TrustService } from './trust.service';

/** Staleness is counted in days: a run every ten minutes hides a listing within minutes of it. */
export const FRESHNESS_EVERY_MS = 10 * 60_000;

/**
 * Sends the reminders that are due and takes listings not confirmed for too long out of the
 * catalogue, once across every process (the job lock), at start-up and then every ten minutes.
 */
export function registerFreshnessJob(
  app: FastifyInstance,
  service: TrustService,
  options: { everyMs?: number; lock?: PeriodicJobLock } = {},
): void {
  registerPeriodicJob(app, {
    name: 'listing-freshness',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: options.everyMs ?? FRESHNESS_EVERY_MS,
    failureMessage: 'checking listings’ freshness failed',
    async run() {
      const { reminded, staled } = await service.refreshListings();
      if (reminded + staled > 0) app.log.info({ reminded, staled }, 'checked listings’ freshness');
    },
  });
}

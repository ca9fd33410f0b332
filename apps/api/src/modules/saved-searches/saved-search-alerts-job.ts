import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob, type PeriodicJobLock } from '../../lib/periodic-job';
import type { SavedSearchesService } from './saved-searches.service';

/**
 * Matches the listings that came into the catalogue against the saved searches and texts the
 * alerts that are due, once across every process (the job lock), every `everyMs`: an instant
 * alert goes within that long of the approval.
 */
export function registerSavedSearchAlertsJob(
  app: FastifyInstance,
  service: SavedSearchesService,
  options: { everyMs: number; lock?: PeriodicJobLock },
): void {
  registerPeriodicJob(app, {
    name: 'saved-search-alerts',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: options.everyMs,
    failureMessage: 'matching saved searches or sending their alerts failed',
    async run() {
      const { matched, texted } = await service.runAlerts();
      if (matched + texted > 0) app.log.info({ matched, texted }, 'saved-search alerts');
    },
  });
  // A scan of every match: daily, not with every run of the alerts.
  registerPeriodicJob(app, {
    name: 'saved-search-matches-prune',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: 24 * 60 * 60 * 1000,
    failureMessage: 'forgetting old saved-search matches failed',
    run: () => service.pruneMatches(),
  });
}

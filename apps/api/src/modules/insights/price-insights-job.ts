import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob, type PeriodicJobLock } from '../../lib/periodic-job';
import type { PriceInsightsService } from './price-insights.service';

/**
 * Computes the typical prices per area again from the catalogue, once across every process (the
 * job lock), at start-up and then every PRICE_INSIGHTS_EVERY_MINUTES (an hour): a price moves a
 * quartile only when many listings come and go, which takes longer than that.
 */
export function registerPriceInsightsJob(
  app: FastifyInstance,
  service: PriceInsightsService,
  options: { everyMs: number; lock?: PeriodicJobLock },
): void {
  registerPeriodicJob(app, {
    name: 'price-insights',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: options.everyMs,
    failureMessage: 'computing the typical prices per area failed',
    async run() {
      const started = performance.now();
      const { groups } = await service.recompute();
      const ms = Math.round(performance.now() - started);
      app.log.info({ groups, ms }, 'computed the typical prices per area');
    },
  });
}

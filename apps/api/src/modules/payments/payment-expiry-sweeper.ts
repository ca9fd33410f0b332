import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob, type PeriodicJobLock } from '../../lib/periodic-job';
import type { PaymentsService } from './payments.service';

export const PAYMENT_SWEEP_EVERY_MS = 30_000;

/**
 * Settles or expires pending payments past the timeout (see expireStale) once the app is ready,
 * which is at start-up for the server (a restart loses no payment), then every 30 seconds. The
 * timer never keeps the process alive; app.close() stops it and waits for a sweep under way.
 */
export function registerPaymentExpirySweeper(
  app: FastifyInstance,
  service: PaymentsService,
  options: { everyMs?: number; lock?: PeriodicJobLock } = {},
): void {
  registerPeriodicJob(app, {
    name: 'payment-expiry',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: options.everyMs ?? PAYMENT_SWEEP_EVERY_MS,
    failureMessage: 'checking overdue pending payments failed',
    async run() {
      const { checked, settled } = await service.expireStale();
      if (checked > 0) app.log.info({ checked, settled }, 'checked overdue pending payments');
    },
  });
}

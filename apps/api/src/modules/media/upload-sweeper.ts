import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../../lib/clock';
import { registerPeriodicJob, type PeriodicJobLock } from '../../lib/periodic-job';
import type { MediaService } from './media.service';

/**
 * How old a journal entry must be before its file counts as orphaned. An upload journals its
 * keys seconds before it records them, and Node ends a request whose body takes longer than 5
 * minutes: an hour leaves a wide margin for uploads still running in any process.
 */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;
export const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface UploadSweeperOptions {
  clock?: Clock;
  orphanAfterMs?: number;
  everyMs?: number;
  /** Once across processes (db/periodic-job-lock.ts); default: every tick. */
  lock?: PeriodicJobLock;
}

/**
 * Sweeps orphan uploads (see sweepOrphanUploads) once the app is ready, which is at start-up for
 * the server, then every hour. The timer never keeps the process alive; app.close() stops it and
 * waits for a sweep under way. A failed sweep is logged and retried at the next tick.
 */
export function registerUploadSweeper(
  app: FastifyInstance,
  service: MediaService,
  options: UploadSweeperOptions = {},
): void {
  const clock = options.clock ?? systemClock;
  const orphanAfterMs = options.orphanAfterMs ?? ORPHAN_AFTER_MS;
  registerPeriodicJob(app, {
    name: 'upload-sweep',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: options.everyMs ?? SWEEP_EVERY_MS,
    failureMessage: 'sweeping orphan uploads failed',
    async run() {
      const olderThan = new Date(clock().getTime() - orphanAfterMs);
      const { deleted, failed } = await service.sweepOrphanUploads(olderThan);
      if (deleted > 0 || failed > 0) {
        app.log.info({ deleted, failed }, 'swept orphan uploads');
      }
    },
  });
}

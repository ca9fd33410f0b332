import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import { registerPeriodicJob, type PeriodicJobLock } from '../../lib/periodic-job';
import type { UploadsService } from './uploads.service';

export const UPLOAD_SWEEP_EVERY_MS = 60 * 60 * 1000;
/**
 * A file in UPLOADS_DIR without a row is deleted once untouched this long: its row is written
 * before tus creates the file, so only a creation under way (seconds) has a file without a row
 * for a moment, and a PATCH touches its file as it writes.
 */
export const ORPHAN_UPLOAD_FILE_AFTER_MS = 60 * 60 * 1000;

export interface UploadSweepOptions {
  clock: Clock;
  /** UPLOAD_ABANDONED_AFTER_HOURS. */
  abandonedAfterMs: number;
  /** Once across processes (db/periodic-job-lock.ts); default: every tick. */
  lock?: PeriodicJobLock;
  everyMs?: number;
}

/**
 * Deletes abandoned resumable uploads (uploads.service sweep) once the app is ready, then hourly,
 * in one process at a time across the load balancer.
 */
export function registerUploadSweep(
  app: FastifyInstance,
  service: Pick<UploadsService, 'sweep'>,
  options: UploadSweepOptions,
): void {
  const { clock, abandonedAfterMs } = options;
  registerPeriodicJob(app, {
    name: 'photo-upload-sweep',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: options.everyMs ?? UPLOAD_SWEEP_EVERY_MS,
    failureMessage: 'sweeping abandoned photo uploads failed',
    async run() {
      const now = clock().getTime();
      const { uploads, files } = await service.sweep(
        new Date(now - abandonedAfterMs),
        new Date(now - ORPHAN_UPLOAD_FILE_AFTER_MS),
      );
      if (uploads > 0 || files > 0) {
        app.log.info({ uploads, files }, 'swept abandoned photo uploads');
      }
    },
  });
}

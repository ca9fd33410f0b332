import type { FastifyInstance } from 'fastify';
import { registerPeriodicJob, type PeriodicJobLock } from '../../lib/periodic-job';
import type { MediaService } from './media.service';

/**
 * A minute between runs: with the default batch (PHOTO_HASH_BACKFILL_BATCH, 200 photos of about
 * 10 ms each) a run keeps one photo slot of one process busy for a few seconds a minute, and
 * a catalogue of 100,000 photos stored before hashing is caught up in under nine hours.
 */
export const BACKFILL_EVERY_MS = 60_000;

export interface PhotoHashBackfillOptions {
  /** Photos hashed per run. */
  batch: number;
  everyMs?: number;
  /** Once across processes (db/periodic-job-lock.ts); default: every tick. */
  lock?: PeriodicJobLock;
}

/**
 * Hashes photos stored before perceptual hashes existed (decision 041), a batch per run, once
 * across every process (the job lock), at start-up and then every minute. Once every photo has its
 * hash a run is one indexed read that finds nothing.
 */
export function registerPhotoHashBackfill(
  app: FastifyInstance,
  service: MediaService,
  options: PhotoHashBackfillOptions,
): void {
  registerPeriodicJob(app, {
    name: 'photo-hash-backfill',
    ...(options.lock ? { lock: options.lock } : {}),
    everyMs: options.everyMs ?? BACKFILL_EVERY_MS,
    failureMessage: 'hashing stored photos failed',
    async run() {
      const { hashed, blank, failed } = await service.hashUnhashedPhotos(options.batch);
      if (hashed + blank + failed > 0) {
        app.log.info({ hashed, blank, failed }, 'hashed photos stored before hashing');
      }
    },
  });
}

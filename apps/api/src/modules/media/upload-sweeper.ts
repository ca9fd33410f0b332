import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '../../lib/clock';
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
  const everyMs = options.everyMs ?? SWEEP_EVERY_MS;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function sweep(): Promise<void> {
    try {
      const olderThan = new Date(clock().getTime() - orphanAfterMs);
      const { deleted, failed } = await service.sweepOrphanUploads(olderThan);
      if (deleted > 0 || failed > 0) {
        app.log.info({ deleted, failed }, 'swept orphan uploads');
      }
    } catch (err) {
      app.log.error({ err }, 'sweeping orphan uploads failed');
    }
  }

  function tick(): void {
    // One sweep at a time: a slow store must not stack them up.
    if (running) return;
    running = sweep().finally(() => {
      running = undefined;
    });
  }

  app.addHook('onReady', (done) => {
    tick();
    timer = setInterval(tick, everyMs);
    timer.unref();
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

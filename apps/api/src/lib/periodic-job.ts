import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  /** Milliseconds between runs. */
  everyMs: number;
  /** One run. A thrown error is logged with `failureMessage` and the job runs again next tick. */
  run: () => Promise<void>;
  failureMessage: string;
}

/**
 * Runs a background job once the app is ready (at start-up for the server), then every
 * `everyMs`. One run at a time: a slow run is not stacked up behind. The timer never keeps the
 * process alive; app.close() stops it and waits for a run under way.
 */
export function registerPeriodicJob(app: FastifyInstance, job: PeriodicJob): void {
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function tick(): void {
    if (running) return;
    running = job
      .run()
      .catch((err: unknown) => {
        app.log.error({ err }, job.failureMessage);
      })
      .finally(() => {
        running = undefined;
      });
  }

  app.addHook('onReady', (done) => {
    tick();
    timer = setInterval(tick, job.everyMs);
    timer.unref();
    done();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

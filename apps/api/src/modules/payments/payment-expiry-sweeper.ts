import type { FastifyInstance } from 'fastify';
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
  options: { everyMs?: number } = {},
): void {
  const everyMs = options.everyMs ?? PAYMENT_SWEEP_EVERY_MS;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function sweep(): Promise<void> {
    try {
      const { checked, settled } = await service.expireStale();
      if (checked > 0) app.log.info({ checked, settled }, 'checked overdue pending payments');
    } catch (err) {
      app.log.error({ err }, 'checking overdue pending payments failed');
    }
  }

  function tick(): void {
    // One sweep at a time: a slow provider must not stack them up.
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

import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { TtlCache } from '../lib/ttl-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write route that cannot change what the public catalogue shows (sign-in, starting a
     * payment): its success leaves the cached catalogue pages in place.
     */
    keepsCatalogue?: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The cached public catalogue pages (decision 014) are forgotten by every successful write this
 * process answers, before its answer goes out: whoever wrote sees the change at once. A write
 * route opts out with `config: { keepsCatalogue: true }`; new routes invalidate by default, so
 * forgetting to mark one costs a little speed, never a stale page. Other processes and changes
 * made outside a request (the payment sweep) show within the cache's time to live.
 *
 * Which routes forget is fixed when they are declared, so the hook goes on those routes alone
 * (registered before them), not on every response. Must be called before the routes exist.
 */
export function registerCatalogueCacheReset(
  app: FastifyInstance,
  cache: Pick<TtlCache<unknown>, 'clear'>,
): void {
  const forgetOnSuccess: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 400) cache.clear();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => READS.has(method))) return;
    if (route.config?.keepsCatalogue) return;
    const existing = route.onSend;
    route.onSend = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), forgetOnSuccess]
      : [forgetOnSuccess];
  });
}

import type { FastifyInstance } from 'fastify';
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

/**
 * The cached public catalogue pages (decision 014) are forgotten by every successful write this
 * process answers, before its answer goes out: whoever wrote sees the change at once. A write
 * route opts out with `config: { keepsCatalogue: true }`; new routes invalidate by default, so
 * forgetting to mark one costs a little speed, never a stale page. Other processes and changes
 * made outside a request (the payment sweep) show within the cache's time to live.
 */
export function registerCatalogueCacheReset(
  app: FastifyInstance,
  cache: Pick<TtlCache<unknown>, 'clear'>,
): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (!read && reply.statusCode < 400 && !request.routeOptions.config.keepsCatalogue) {
      cache.clear();
    }
    done(null, payload);
  });
}

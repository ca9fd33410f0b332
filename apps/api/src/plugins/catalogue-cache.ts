import type { FastifyInstance, onSendAsyncHookHandler } from 'fastify';
import type { ChangeFeed } from '../db/change-feed';
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
 * The cached public catalogue pages (decisions 014, 015) are forgotten by every successful write
 * any process answers, before its answer goes out: this process clears its own pages, and the
 * change feed tells every other process to clear theirs, so whoever wrote sees the change at once
 * wherever their next request lands. A write route opts out with
 * `config: { keepsCatalogue: true }`; new routes invalidate by default, so forgetting to mark one
 * costs a little speed, never a stale page. Changes made outside a request (the payment sweep)
 * show within the cache's time to live.
 *
 * Which routes forget is fixed when they are declared, so the hook goes on those routes alone
 * (registered before them), not on every response. Must be called before the routes exist.
 */
export function registerCatalogueCacheReset(
  app: FastifyInstance,
  cache: Pick<TtlCache<unknown>, 'clear'>,
  changes: Pick<ChangeFeed, 'publish'>,
): void {
  const forgetOnSuccess: onSendAsyncHookHandler = async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    cache.clear();
    try {
      await changes.publish();
    } catch (err) {
      // The write stands; the other processes' pages age out within the cache's time to live.
      request.log.warn({ err }, 'could not tell the other processes the catalogue changed');
    }
    return payload;
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

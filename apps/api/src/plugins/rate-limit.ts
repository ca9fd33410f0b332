import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimitedError, waitInWords } from '../lib/rate-limited-error';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in, OTP
 * and payment routes need it; catalogue reads and /api/health must not pay for it (health is the
 * benchmark baseline). These are coarse outer guards per client address (or per account); the
 * limits that matter most (codes per phone, wrong tries per code, the SMS budget) are counted in
 * the database by their service.
 *
 * With Redis (REDIS_URL) the counters are shared, so a limit holds across every process behind
 * the load balancer; without it each process counts alone. While Redis is unreachable the limits
 * fail open (skipOnError): the guards behind them still hold, and an outage of the counter store
 * must not become an outage of sign-in. The Redis client logs the outage (redis-client.ts).
 *
 * Every 429, from this plugin or from a service, is a RateLimitedError: the error handler sends its
 * Retry-After.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  shared: { redis: Redis; prefix: string } | undefined,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
    ...(shared
      ? { redis: shared.redis, nameSpace: `${shared.prefix}rate-limit:`, skipOnError: true }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new RateLimitedError(
        `Too many requests. Try again in ${waitInWords(context.ttl / 1000)}.`,
        context.ttl / 1000,
      ),
  });
}

/**
 * The client a per-address limit counts against: its IP (behind TRUST_PROXY, the forwarded one),
 * an IPv6 address widened to its /64, since one subscriber usually holds a whole /64.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

/**
 * The budget of catalogue reads per client address a minute (per account when signed in),
 * shared by the API's catalogue routes and the server-rendered pages made of them (in Redis when
 * there is one). Sized for a carrier address with thousands of people browsing behind it: it
 * stops a flood from one address, while the catalogue guard bounds what a flood from many costs.
 */
export function createCatalogueReadBudget(
  app: FastifyInstance,
  perMinute: number,
): (request: FastifyRequest) => Promise<void> {
  const perReader = app.createRateLimit({
    max: perMinute,
    timeWindow: '1 minute',
    // The keys of createRateLimit carry no route name: the prefix keeps them apart from others.
    keyGenerator: (request) =>
      request.actor
        ? `catalogue-reads:user:${request.actor.userId}`
        : `catalogue-reads:address:${clientAddress(request)}`,
  });
  return async (request) => {
    const verdict = await perReader(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw new RateLimitedError(
        `Too many listing pages were asked for from your network. Try again in ${waitInWords(verdict.ttlInSeconds)}.`,
        verdict.ttlInSeconds,
      );
    }
  };
}

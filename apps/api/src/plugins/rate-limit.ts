import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RateLimitedError, waitInWords } from '../lib/rate-limited-error';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in, OTP
 * and payment routes need it; catalogue reads and /api/health must not pay for it (health is the
 * benchmark baseline). These counters are in-process: a coarse outer guard per client address.
 * Limits that must hold across restarts and processes (OTP sends per phone and per address) are
 * counted in the database by their service. The scale-out path moves these counters to Redis.
 *
 * Every 429, from this plugin or from a service, is a RateLimitedError: the error handler sends its
 * Retry-After.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    keyGenerator: clientAddress,
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

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * Rate limiting is opt-in per route (`config: { rateLimit: { max, timeWindow } }`): sign-in, OTP
 * and payment routes of later issues need it; catalogue reads and /api/health must not pay for it
 * (health is the benchmark baseline). Counters are in-process; the scale-out path moves them to Redis.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests: try again in ${context.after}`),
  });
}

import { AppError } from './errors';

/**
 * A 429 that says when to come back: the error handler turns retryAfterSeconds into the
 * Retry-After header, and the message says it in words.
 */
export class RateLimitedError extends AppError {
  override readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

/** Whole seconds from `now` until `until`, at least 1 (a Retry-After of 0 invites a busy loop). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** "45 seconds", "1 minute", "27 minutes", "1 hour": rounded up, so waiting that long is enough. */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

import { describe, expect, it } from 'vitest';
import { RateLimitedError, secondsUntil, waitInWords } from './rate-limited-error';

describe('RateLimitedError', () => {
  it('is a 429 whose Retry-After is whole seconds, at least one', () => {
    const error = new RateLimitedError('Wait.', 0.2);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429, retryAfterSeconds: 1 });
    expect(new RateLimitedError('Wait.', 59.1).retryAfterSeconds).toBe(60);
  });

  it('counts whole seconds up to a time, never less than one', () => {
    const now = new Date('2025-01-01T00:00:00.000Z');
    expect(secondsUntil(new Date('2025-01-01T00:00:14.200Z'), now)).toBe(15);
    expect(secondsUntil(now, now)).toBe(1);
  });

  it('words a wait, rounded up', () => {
    expect(waitInWords(1)).toBe('1 second');
    expect(waitInWords(15)).toBe('15 seconds');
    expect(waitInWords(60)).toBe('1 minute');
    expect(waitInWords(61)).toBe('2 minutes');
    expect(waitInWords(29 * 60)).toBe('29 minutes');
    expect(waitInWords(3600)).toBe('1 hour');
  });
});

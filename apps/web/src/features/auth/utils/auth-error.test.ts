import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { formatClock } from '../../../lib/use-countdown';
import { describeAuthError } from './auth-error';

function apiError(status: number, code: ConstructorParameters<typeof ApiError>[1]) {
  return new ApiError(status, code, 'English only');
}

describe('describeAuthError', () => {
  it('reads the code and status, never the English message', () => {
    expect(describeAuthError(apiError(404, 'NOT_FOUND'), 'login')).toEqual({
      kind: 'notFound',
      offer: 'register',
    });
    expect(describeAuthError(apiError(409, 'CONFLICT'), 'signup')).toEqual({
      kind: 'conflict',
      offer: 'login',
    });
    expect(describeAuthError(apiError(400, 'OTP_INVALID'), 'verify')).toEqual({
      kind: 'otpInvalid',
    });
    expect(describeAuthError(apiError(400, 'OTP_EXPIRED'), 'verify')).toEqual({
      kind: 'otpExpired',
    });
    expect(describeAuthError(apiError(503, 'SERVICE_UNAVAILABLE'), 'login')).toEqual({
      kind: 'smsUnavailable',
      retryAfterSeconds: undefined,
    });
    expect(describeAuthError(apiError(0, 'NETWORK'), 'signup')).toEqual({ kind: 'network' });
    expect(describeAuthError(apiError(0, 'TIMEOUT'), 'login')).toEqual({ kind: 'timeout' });
    expect(describeAuthError(new Error('boom'), 'login')).toEqual({ kind: 'generic' });
  });

  it('keeps "try again" (generic) for the server failing, never for a refusal it would repeat', () => {
    expect(describeAuthError(apiError(500, 'INTERNAL'), 'verify')).toEqual({ kind: 'generic' });
    expect(describeAuthError(apiError(503, 'SERVICE_UNAVAILABLE'), 'signup')).toEqual({
      kind: 'generic',
    });
    expect(describeAuthError(apiError(200, 'BAD_RESPONSE'), 'login')).toEqual({ kind: 'generic' });
    expect(describeAuthError(apiError(403, 'FORBIDDEN'), 'login')).toEqual({ kind: 'validation' });
    expect(describeAuthError(apiError(404, 'NOT_FOUND'), 'signup')).toEqual({
      kind: 'validation',
    });
  });

  it('carries the Retry-After of a 503 on sending a code (the SMS budget spent)', () => {
    const error = apiError(503, 'SERVICE_UNAVAILABLE');
    error.retryAfterSeconds = 1800;
    expect(describeAuthError(error, 'login')).toEqual({
      kind: 'smsUnavailable',
      retryAfterSeconds: 1800,
    });
  });

  it('carries the Retry-After of a 429', () => {
    const error = apiError(429, 'RATE_LIMITED');
    error.retryAfterSeconds = 90;
    expect(describeAuthError(error, 'verify')).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: 90,
    });
  });

  it('tells the day’s lock after too many wrong codes from other 429s, by its opening words', () => {
    const lock = new ApiError(
      429,
      'RATE_LIMITED',
      'Too many wrong codes today. Try again in 23 hours.',
    );
    lock.retryAfterSeconds = 82_800;
    expect(describeAuthError(lock, 'login')).toEqual({
      kind: 'signInLocked',
      retryAfterSeconds: 82_800,
    });
    expect(describeAuthError(lock, 'verify')).toEqual({
      kind: 'signInLocked',
      retryAfterSeconds: 82_800,
    });
    const perCode = new ApiError(
      429,
      'RATE_LIMITED',
      'Too many wrong codes. Try again in 30 minutes.',
    );
    expect(describeAuthError(perCode, 'verify')).toEqual({
      kind: 'rateLimited',
      retryAfterSeconds: undefined,
    });
  });

  it('names a refused phone number', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [
      { field: 'phoneNumber', message: 'is not a Tanzanian mobile number' },
    ]);
    expect(describeAuthError(error, 'signup')).toEqual({ kind: 'invalidPhone' });
  });
});

describe('formatClock', () => {
  it.each([
    [42, '0:42'],
    [5, '0:05'],
    [60, '1:00'],
    [125, '2:05'],
    [0, '0:00'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});

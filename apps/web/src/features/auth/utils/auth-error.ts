import { SIGN_IN_LOCKED_MESSAGE_START } from '@makazi/contracts/auth-values';
import { isApiError } from '../../../lib/api-client';

/*
 * Why a sign-in call failed, in terms the forms can put into words (hooks/use-reason-text.ts).
 * The server's own message is English only, so it is never shown: the code and status decide,
 * and for a 429 the opening words the contracts share tell the day's lock from other limits.
 */
export type AuthReason =
  /** No account uses this phone: offer to register. */
  | { kind: 'notFound'; offer: 'register' }
  /** The phone is already registered: offer to sign in. */
  | { kind: 'conflict'; offer: 'login' }
  | { kind: 'rateLimited'; retryAfterSeconds: number | undefined }
  /** Too many wrong codes for this number in 24 hours: no sign-in until the day is over. */
  | { kind: 'signInLocked'; retryAfterSeconds: number | undefined }
  /**
   * No code could be sent: a provider's hiccup (try again in a moment), or the SMS budget spent
   * (Retry-After until the hour or the day ends).
   */
  | { kind: 'smsUnavailable'; retryAfterSeconds: number | undefined }
  | {
      kind:
        | 'otpInvalid'
        | 'otpExpired'
        | 'invalidPhone'
        | 'validation'
        | 'network'
        | 'timeout'
        | 'generic';
    };

/** Which call failed: sending the code, checking it, or creating the account. */
export type AuthCall = 'login' | 'verify' | 'signup';

export function describeAuthError(error: unknown, call: AuthCall): AuthReason {
  if (!isApiError(error)) return { kind: 'generic' };
  const { code } = error;
  if (code === 'NETWORK') return { kind: 'network' };
  if (code === 'TIMEOUT') return { kind: 'timeout' };
  if (code === 'OTP_INVALID') return { kind: 'otpInvalid' };
  if (code === 'OTP_EXPIRED') return { kind: 'otpExpired' };
  if (code === 'VALIDATION_FAILED') {
    return error.details.some((detail) => detail.field === 'phoneNumber')
      ? { kind: 'invalidPhone' }
      : { kind: 'validation' };
  }
  if (error.code === 'RATE_LIMITED' || error.status === 429) {
    const kind = error.message.startsWith(SIGN_IN_LOCKED_MESSAGE_START)
      ? 'signInLocked'
      : 'rateLimited';
    return { kind, retryAfterSeconds: error.retryAfterSeconds };
  }
  if (call !== 'signup' && (error.code === 'NOT_FOUND' || error.status === 404)) {
    return { kind: 'notFound', offer: 'register' };
  }
  if (call === 'signup' && (error.code === 'CONFLICT' || error.status === 409)) {
    return { kind: 'conflict', offer: 'login' };
  }
  if (call === 'login' && (error.code === 'SERVICE_UNAVAILABLE' || error.status === 503)) {
    return { kind: 'smsUnavailable', retryAfterSeconds: error.retryAfterSeconds };
  }
  // Any other refusal: the same request would be refused again, so 'generic' (which says to try
  // again) is only for the server's own failures and answers of the wrong shape.
  if (error.status >= 400 && error.status < 500) return { kind: 'validation' };
  return { kind: 'generic' };
}

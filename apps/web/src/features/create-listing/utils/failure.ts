import { isApiError } from '../../../lib/api-client';

/*
 * Why a wizard call failed, in terms the screen puts into words (hooks/use-failure-text.ts). The
 * server's message is English only, so the code and status decide what the reader is told.
 */

export type TFailureKind =
  | 'network'
  | 'timeout'
  /** 403 on creating: an admin switched off this account's publishing. */
  | 'forbiddenPost'
  /** 403 on changing a listing: not theirs, or their editing is switched off. */
  | 'forbiddenEdit'
  /** 401 after the refresh: the session ended and the login guard takes over. */
  | 'signedOut'
  | 'notFound'
  /** A 400 about something the form cannot point at. */
  | 'validation'
  | 'tooLarge'
  | 'unsupported'
  | 'rateLimited'
  | 'generic';

/** What the failed call was doing: creating decides between the two kinds of 403. */
export type TFailedCall = 'create' | 'change' | 'load';

const BY_CODE: Partial<Record<string, TFailureKind>> = {
  NETWORK: 'network',
  TIMEOUT: 'timeout',
  // The server gave up on a body that stopped arriving: to the reader, the same slow connection.
  REQUEST_TIMEOUT: 'timeout',
  UNAUTHORIZED: 'signedOut',
  NOT_FOUND: 'notFound',
  VALIDATION_FAILED: 'validation',
  PAYLOAD_TOO_LARGE: 'tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported',
  RATE_LIMITED: 'rateLimited',
};

export function describeFailure(error: unknown, call: TFailedCall): TFailureKind {
  if (!isApiError(error)) return 'generic';
  if (error.code === 'FORBIDDEN') return call === 'create' ? 'forbiddenPost' : 'forbiddenEdit';
  return BY_CODE[error.code] ?? 'generic';
}

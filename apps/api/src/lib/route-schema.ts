import { ZErrorResponse } from '@makazi/contracts/common';

/*
 * What every routes file declares alike, declared once: the API document (/api/docs/json) is what
 * partners and generated clients build on, so an error status or a sign-in requirement must read
 * the same on every operation. docs.ts defines the security schemes named here.
 */

/** The security schemes of the document: a user's access token, and an administrator's. */
export const SECURITY_SCHEMES = { user: 'bearerAuth', admin: 'adminBearerAuth' } as const;

type SecurityRequirement = Record<string, string[]>;

/** An operation's `security`: which token it takes, if any. */
export const security: Record<
  'public' | 'user' | 'optionalUser' | 'admin' | 'userOrAdmin',
  SecurityRequirement[]
> = {
  /** Anyone, without a token. Declared, not left out: an operation without it reads as forgotten. */
  public: [],
  /** A user's access token. */
  user: [{ [SECURITY_SCHEMES.user]: [] }],
  /** Anonymous or a user's token: the owner is answered more (`{}` is "no token"). */
  optionalUser: [{}, { [SECURITY_SCHEMES.user]: [] }],
  /** An administrator's token. */
  admin: [{ [SECURITY_SCHEMES.admin]: [] }],
  /** A user's token, or an administrator's, who may read anyone's. */
  userOrAdmin: [{ [SECURITY_SCHEMES.user]: [] }, { [SECURITY_SCHEMES.admin]: [] }],
};

/*
 * What each status means on any route, as the document's response description. An operation's
 * own description says what is special about it (which conflict, which limit).
 */
const ERROR_MEANINGS = {
  400: 'Not a valid request; on VALIDATION_FAILED, `details` names each field at fault',
  401: 'No valid token: refresh it (users) or sign in again, then retry',
  402: 'Needs an active viewing subscription',
  403: 'The token is valid but may not do this',
  404: 'Not found, or not visible with this token',
  409: 'Not possible in the current state',
  413: 'Too large',
  415: 'Not a content type this route accepts',
  429: 'Too many requests: retry after the Retry-After seconds',
  503: 'Unavailable for now: retry later (after Retry-After, when sent)',
} as const;

type ErrorStatus = keyof typeof ERROR_MEANINGS;

const ERROR_RESPONSES = Object.fromEntries(
  Object.entries(ERROR_MEANINGS).map(([status, meaning]) => [
    status,
    ZErrorResponse.describe(meaning),
  ]),
) as Record<ErrorStatus, typeof ZErrorResponse>;

/**
 * The error answers a route may give, each the AppError body:
 * `response: { 200: ZThing, ...errors(400, 401, 404) }`.
 */
export function errors<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof ZErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ERROR_RESPONSES[status]])) as Record<
    S,
    typeof ZErrorResponse
  >;
}

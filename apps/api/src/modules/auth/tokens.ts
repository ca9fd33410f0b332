import { createHash, randomBytes } from 'node:crypto';
import { createSessionTokens } from '../../lib/session-tokens';
import type { Clock } from '../../lib/clock';

/*
 * Access tokens are short JWTs (HS256 under JWT_SECRET) naming the user and the session; every
 * request that presents one also checks the session in the database (auth.service authenticate),
 * so logout and reuse detection end access at once rather than when the token expires.
 * Refresh tokens are opaque random strings stored only as their SHA-256.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const JWT_AUDIENCE = 'makazi-api';
/** RFC 9068's type for access tokens: a JWT minted for another purpose is never taken for one. */
export const JWT_TYPE = 'at+jwt';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token; null for anything else. */
  verify(token: string): Promise<AccessClaims | null>;
}

export function createAccessTokens(jwtSecret: string, clock: Clock): AccessTokens {
  const tokens = createSessionTokens({
    secret: jwtSecret,
    clock,
    audience: JWT_AUDIENCE,
    type: JWT_TYPE,
    ttlSeconds: ACCESS_TOKEN_TTL_SECONDS,
  });
  return {
    sign: ({ userId, sessionId }) => tokens.sign({ subject: userId, sessionId }),
    async verify(token) {
      const claims = await tokens.verify(token);
      return claims && { userId: claims.subject, sessionId: claims.sessionId };
    },
  };
}

export interface NewRefreshToken {
  /** Given to the client once; never stored. */
  token: string;
  /** What the database keeps. */
  hash: string;
}

/** 32 random bytes: unguessable, so a plain SHA-256 is enough to store it. */
export function newRefreshToken(): NewRefreshToken {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

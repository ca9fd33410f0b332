import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock';

/*
 * Access tokens are short JWTs (HS256 under JWT_SECRET) naming the user and the session; every
 * request that presents one also checks the session in the database (auth.service authenticate),
 * so logout and reuse detection end access at once rather than when the token expires.
 * Refresh tokens are opaque random strings stored only as their SHA-256.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

export const JWT_ISSUER = 'makazi';
export const JWT_AUDIENCE = 'makazi-api';
/** RFC 9068's type for access tokens: a JWT minted for another purpose is never taken for one. */
export const JWT_TYPE = 'at+jwt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const key = new TextEncoder().encode(jwtSecret);
  return {
    async sign({ userId, sessionId }) {
      const now = clock();
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: JWT_TYPE })
        .setSubject(userId)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          typ: JWT_TYPE,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
          currentDate: clock(),
        });
        const { sub, sid } = payload;
        // Ids go into SQL as uuids: anything else would be a database error, not a 401.
        if (
          typeof sub !== 'string' ||
          typeof sid !== 'string' ||
          !UUID.test(sub) ||
          !UUID.test(sid)
        ) {
          return null;
        }
        return { userId: sub, sessionId: sid };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
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

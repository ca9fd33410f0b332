import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from './clock';

/*
 * The one place that signs and checks session access tokens (HS256 JWTs naming a subject and a
 * session). User tokens (auth/tokens.ts) and admin tokens (admin-auth/admin-tokens.ts) share the
 * key and the issuer but each passes its own audience and typ, and the check insists on both, so
 * one kind is never accepted as the other. Keeping a single implementation means a hardening
 * (algorithm pinning, required claims, id checks) can never reach one kind and miss the other.
 */

export const JWT_ISSUER = 'makazi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface SessionClaims {
  subject: string;
  sessionId: string;
}

/** What a checked token says: its claims and when it was issued. */
export interface VerifiedSessionClaims extends SessionClaims {
  issuedAt: Date;
}

export interface SessionTokenOptions {
  secret: string;
  clock: Clock;
  audience: string;
  /** The JOSE header's typ, checked on verify. */
  type: string;
  ttlSeconds: number;
}

export interface SessionTokens {
  /** A token valid from `issuedAt` (the clock's now when omitted) for the configured lifetime. */
  sign(claims: SessionClaims, issuedAt?: Date): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired token of this kind; else null. */
  verify(token: string): Promise<VerifiedSessionClaims | null>;
}

export function createSessionTokens({
  secret,
  clock,
  audience,
  type,
  ttlSeconds,
}: SessionTokenOptions): SessionTokens {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ subject, sessionId }, issuedAt = clock()) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: type })
        .setSubject(subject)
        .setIssuer(JWT_ISSUER)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(new Date(issuedAt.getTime() + ttlSeconds * 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience,
          typ: type,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
          currentDate: clock(),
        });
        const { sub, sid, iat } = payload;
        // Ids go into SQL as uuids: anything else would be a database error, not a 401.
        if (
          typeof sub !== 'string' ||
          typeof sid !== 'string' ||
          typeof iat !== 'number' ||
          !UUID.test(sub) ||
          !UUID.test(sid)
        ) {
          return null;
        }
        return { subject: sub, sessionId: sid, issuedAt: new Date(iat * 1000) };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}

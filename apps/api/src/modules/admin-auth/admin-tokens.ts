import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock';
import { JWT_ISSUER } from '../auth/tokens';

/*
 * Admin access tokens: HS256 under the same JWT_SECRET as user tokens, but of another audience and
 * another typ, and each check (here and in auth/tokens.ts) insists on its own. A user token is
 * therefore never an admin token and an admin token never acts as a user, even though one key
 * signs both. Every request also checks the token's admin_sessions row (admin-auth.service), so
 * logout and a password reset end access at once.
 */

/**
 * Eight hours: a moderator's working day. Admins have no refresh token (one less secret to keep
 * in a browser), so a shorter token would sign them out mid-queue; a longer one would outlive the
 * shift on a shared office computer. The session row ends it sooner when they log out.
 */
export const ADMIN_TOKEN_TTL_SECONDS = 8 * 60 * 60;

export const ADMIN_JWT_AUDIENCE = 'makazi-admin';
/** Not RFC 9068's at+jwt: the user-token check refuses this type, and this check refuses that one. */
export const ADMIN_JWT_TYPE = 'admin+jwt';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AdminClaims {
  adminId: string;
  sessionId: string;
}

export interface AdminTokens {
  /** A token valid from `issuedAt` for ADMIN_TOKEN_TTL_SECONDS. */
  sign(claims: AdminClaims, issuedAt: Date): Promise<string>;
  /** The claims of a well-formed, correctly signed, unexpired admin token; null for anything else. */
  verify(token: string): Promise<AdminClaims | null>;
}

export function createAdminTokens(jwtSecret: string, clock: Clock): AdminTokens {
  const key = new TextEncoder().encode(jwtSecret);
  return {
    async sign({ adminId, sessionId }, issuedAt) {
      return new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: ADMIN_JWT_TYPE })
        .setSubject(adminId)
        .setIssuer(JWT_ISSUER)
        .setAudience(ADMIN_JWT_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(new Date(issuedAt.getTime() + ADMIN_TOKEN_TTL_SECONDS * 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: ADMIN_JWT_AUDIENCE,
          typ: ADMIN_JWT_TYPE,
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
        return { adminId: sub, sessionId: sid };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return null;
        throw err;
      }
    },
  };
}

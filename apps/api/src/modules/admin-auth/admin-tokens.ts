import type { Clock } from '../../lib/clock';
import { createSessionTokens } from '../../lib/session-tokens';

/*
 * Admin access tokens: HS256 under the same JWT_SECRET as user tokens, but of another audience and
 * another typ, and the shared check (lib/session-tokens.ts) insists on the kind it was asked for.
 * A user token is therefore never an admin token and an admin token never acts as a user, even
 * though one key signs both. Every request also checks the token's admin_sessions row (admin-auth.service), so
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
  const tokens = createSessionTokens({
    secret: jwtSecret,
    clock,
    audience: ADMIN_JWT_AUDIENCE,
    type: ADMIN_JWT_TYPE,
    ttlSeconds: ADMIN_TOKEN_TTL_SECONDS,
  });
  return {
    sign: ({ adminId, sessionId }, issuedAt) =>
      tokens.sign({ subject: adminId, sessionId }, issuedAt),
    async verify(token) {
      const claims = await tokens.verify(token);
      return claims && { adminId: claims.subject, sessionId: claims.sessionId };
    },
  };
}

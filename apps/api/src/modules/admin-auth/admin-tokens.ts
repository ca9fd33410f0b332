import { randomUUID } from 'node:crypto';
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

/**
 * Five minutes between the password and the code: time to open the app and type six digits, too
 * short for a token caught on the way to outlive the sign-in it was made for.
 */
export const ADMIN_MFA_TOKEN_TTL_SECONDS = 5 * 60;

export const ADMIN_MFA_JWT_AUDIENCE = 'makazi-admin-mfa';
/** Neither an admin token nor a user token: it opens the second step and nothing else. */
export const ADMIN_MFA_JWT_TYPE = 'admin-mfa+jwt';

export interface AdminMfaTokens {
  /** A token naming the admin who gave the right password at `issuedAt`. */
  sign(adminId: string, issuedAt: Date): Promise<string>;
  /** The admin and when the password was given; null for anything but a live token of this kind. */
  verify(token: string): Promise<{ adminId: string; issuedAt: Date } | null>;
}

/*
 * The token of the password step when the admin has two-step sign-in on. It starts no session:
 * the shared check (lib/session-tokens.ts) insists on its own audience and typ, so it never opens
 * an admin route, and its sid is a random name for this one sign-in attempt, stored nowhere.
 */
export function createAdminMfaTokens(jwtSecret: string, clock: Clock): AdminMfaTokens {
  const tokens = createSessionTokens({
    secret: jwtSecret,
    clock,
    audience: ADMIN_MFA_JWT_AUDIENCE,
    type: ADMIN_MFA_JWT_TYPE,
    ttlSeconds: ADMIN_MFA_TOKEN_TTL_SECONDS,
  });
  return {
    sign: (adminId, issuedAt) =>
      tokens.sign({ subject: adminId, sessionId: randomUUID() }, issuedAt),
    async verify(token) {
      const claims = await tokens.verify(token);
      return claims && { adminId: claims.subject, issuedAt: claims.issuedAt };
    },
  };
}

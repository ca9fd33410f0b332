import type { TAdminLoginBody, TAdminLoginResponse, TAdminMe } from '@makazi/contracts/admin';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { RateLimitedError, secondsUntil, waitInWords } from '../../lib/rate-limited-error';
import type { AdminTokenAuthenticator } from '../../plugins/admin-authentication';
import type { AdminActor } from '../access/access';
import type { AdminAccount, AdminAuthRepository } from './admin-auth.repository';
import { hashAdminPassword, verifyAdminPassword } from './admin-passwords';
import { ADMIN_TOKEN_TTL_SECONDS, createAdminTokens } from './admin-tokens';

/** Wrong passwords in a row that lock an account. */
export const ADMIN_MAX_FAILED_LOGINS = 5;
/**
 * How long a lock lasts: 5 guesses per 15 minutes is under 500 a day against one account, hopeless
 * against any real password, while an admin who fumbled theirs waits a coffee break, not a day.
 */
export const ADMIN_LOCKOUT_SECONDS = 15 * 60;

export const WRONG_CREDENTIALS = 'Wrong username or password.';
/** Long enough to tell browsers apart in an audit, short enough to never bloat a row. */
const USER_AGENT_MAX_LENGTH = 200;

export interface AdminLoginContext {
  ip: string;
  userAgent: string | undefined;
}

export interface AdminAuthService extends AdminTokenAuthenticator {
  login(body: TAdminLoginBody, context: AdminLoginContext): Promise<TAdminLoginResponse>;
  logout(admin: AdminActor): Promise<void>;
  me(admin: AdminActor): TAdminMe;
}

export interface AdminAuthServiceDeps {
  repository: AdminAuthRepository;
  jwtSecret: string;
  clock: Clock;
}

/** Usernames are one account whatever their case (admins.username is stored lower-case). */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

const wrongCredentials = () => new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);

function lockedOut(lockedUntil: Date, now: Date): RateLimitedError {
  const seconds = secondsUntil(lockedUntil, now);
  return new RateLimitedError(
    `Too many wrong passwords: this account is locked. Try again in ${waitInWords(seconds)}.`,
    seconds,
  );
}

const isLocked = (account: AdminAccount, now: Date) =>
  account.lockedUntil !== null && account.lockedUntil > now;

export function createAdminAuthService(deps: AdminAuthServiceDeps): AdminAuthService {
  const { repository, clock } = deps;
  const tokens = createAdminTokens(deps.jwtSecret, clock);
  // An unknown username is checked against this, so it costs the same time as a known one and
  // the answer's timing does not say which usernames exist. Made once, on first use.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashAdminPassword('makazi-no-such-admin'));

  return {
    async login(body, { ip, userAgent }) {
      const username = normaliseUsername(body.username);
      const now = clock();
      const account = await repository.findAdminByUsername(username);
      // A locked account is refused before its password is tried: no guess counts while locked.
      if (account && isLocked(account, now)) throw lockedOut(account.lockedUntil!, now);

      const matches = await verifyAdminPassword(
        account?.passwordHash ?? (await dummy()),
        body.password,
      );
      if (!account) throw wrongCredentials();

      if (!matches) {
        const lockUntil = new Date(now.getTime() + ADMIN_LOCKOUT_SECONDS * 1000);
        const failed = await repository.transaction(async (tx) => {
          const counted = await tx.recordFailedLogin(
            account.id,
            now,
            ADMIN_MAX_FAILED_LOGINS,
            lockUntil,
          );
          if (counted?.lockedUntil && counted.lockedUntil > now) {
            await tx.recordAudit({
              adminId: null,
              actor: 'system',
              action: 'admin.lockout',
              targetType: 'admin',
              targetId: account.id,
              after: { lockedUntil: counted.lockedUntil.toISOString() },
              ip,
              at: now,
            });
          }
          return counted;
        });
        // undefined: a concurrent guess locked it meanwhile.
        if (failed === undefined) {
          const current = await repository.findAdminByUsername(username);
          throw lockedOut(current?.lockedUntil ?? lockUntil, now);
        }
        if (failed.lockedUntil && failed.lockedUntil > now)
          throw lockedOut(failed.lockedUntil, now);
        throw wrongCredentials();
      }

      const sessionId = await repository.transaction(async (tx) => {
        // The row is held from here to commit: a password reset either happened before (and the
        // hash just checked is stale) or waits and then revokes this session with the others.
        const current = await tx.lockAdmin(account.id);
        if (!current || current.passwordHash !== account.passwordHash) return undefined;
        if (isLocked(current, now)) throw lockedOut(current.lockedUntil!, now);
        await tx.recordSuccessfulLogin(account.id, now);
        const session = await tx.createSession({
          adminId: account.id,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ADMIN_TOKEN_TTL_SECONDS * 1000),
          userAgent: userAgent ? userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
          ip,
        });
        await tx.recordAudit({
          adminId: account.id,
          actor: account.username,
          action: 'admin.login',
          targetType: 'admin',
          targetId: account.id,
          ip,
          at: now,
        });
        return session.sessionId;
      });
      if (sessionId === undefined) throw wrongCredentials();

      return {
        access_token: await tokens.sign({ adminId: account.id, sessionId }, now),
        expires_in: ADMIN_TOKEN_TTL_SECONDS,
        username: account.username,
      };
    },

    async logout(admin) {
      await repository.revokeSession(admin.sessionId, clock());
    },

    me(admin) {
      return { id: admin.adminId, username: admin.username };
    },

    async authenticateAdmin(accessToken) {
      const claims = await tokens.verify(accessToken);
      if (!claims) return null;
      const session = await repository.findActiveSession(claims.sessionId, claims.adminId, clock());
      if (!session) return null;
      return { adminId: claims.adminId, username: session.username, sessionId: claims.sessionId };
    },
  };
}

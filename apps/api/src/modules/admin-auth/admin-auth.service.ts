import type { TAdminLoginBody, TAdminLoginResponse, TAdminMe } from '@makazi/contracts/admin';
import type {
  TAdminLoginAnswer,
  TAdminRecoveryCodes,
  TAdminSecondFactorBody,
  TAdminTwoStepSetup,
  TAdminTwoStepStatus,
} from '@makazi/contracts/admin-two-step';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { AdminSession, AdminTokenAuthenticator } from '../../plugins/admin-authentication';
import type { AdminActor } from '../access/access';
import type { AdminAccount, AdminAuthRepository, LoginFailures } from './admin-auth.repository';
import { hashAdminPassword, verifyAdminPassword } from './admin-passwords';
import { ADMIN_TOKEN_TTL_SECONDS, createAdminMfaTokens, createAdminTokens } from './admin-tokens';
import {
  createTotpCipher,
  enrolmentOf,
  generateRecoveryCodes,
  generateTotpSecret,
  hashRecoveryCode,
  matchingStep,
} from './admin-totp';

/** Wrong tries in a row that lock a (username, client address) pair. */
export const ADMIN_MAX_FAILED_LOGINS = 5;
/**
 * How long a lock lasts: 5 guesses per 15 minutes is under 500 a day against one account, hopeless
 * against any real password, while an admin who fumbled theirs waits a coffee break, not a day.
 */
export const ADMIN_LOCKOUT_SECONDS = 15 * 60;

/**
 * The one answer to a wrong password, an unknown username and a locked pair alike: telling them
 * apart would say which usernames exist, or which ones someone is guessing. It names the lock
 * rule, so an admin who fumbled their password knows to wait or to sign in from elsewhere.
 */
export const WRONG_CREDENTIALS =
  'Wrong username or password. After 5 wrong tries, this username is paused from this address for 15 minutes.';
/** The second step's one answer to a wrong code, a used one and a locked pair alike. */
export const WRONG_CODE =
  'Wrong code. After 5 wrong tries, this username is paused from this address for 15 minutes.';
export const SIGN_IN_EXPIRED = 'This sign-in has expired. Enter your password again.';
export const TWO_STEP_REQUIRED_IN_PRODUCTION =
  'Two-step sign-in is required on this server: it cannot be turned off.';

/** Long enough to tell browsers apart in an audit, short enough to never bloat a row. */
const USER_AGENT_MAX_LENGTH = 200;
/** Counts of pairs that have not moved for a day are forgotten when any admin signs in. */
const STALE_FAILURES_MS = 24 * 60 * 60 * 1000;

export interface AdminLoginContext {
  ip: string;
  userAgent: string | undefined;
}

export interface AdminAuthService extends AdminTokenAuthenticator {
  login(body: TAdminLoginBody, context: AdminLoginContext): Promise<TAdminLoginAnswer>;
  secondFactor(
    body: TAdminSecondFactorBody,
    context: AdminLoginContext,
  ): Promise<TAdminLoginResponse>;
  logout(admin: AdminActor): Promise<void>;
  me(admin: AdminActor): TAdminMe;

  twoStepStatus(admin: AdminActor): Promise<TAdminTwoStepStatus>;
  startTwoStepSetup(admin: AdminActor): Promise<TAdminTwoStepSetup>;
  confirmTwoStep(admin: AdminActor, code: string, ip: string): Promise<TAdminRecoveryCodes>;
  regenerateRecoveryCodes(
    admin: AdminActor,
    code: string,
    ip: string,
  ): Promise<TAdminRecoveryCodes>;
  disableTwoStep(admin: AdminActor, code: string, ip: string): Promise<void>;
}

export interface AdminAuthServiceDeps {
  repository: AdminAuthRepository;
  jwtSecret: string;
  clock: Clock;
  /**
   * Production: an admin without two-step sign-in reaches only their profile, the enrolment
   * routes and logout, and nobody may turn it off.
   */
  requireTwoStep: boolean;
}

/** Usernames are one account whatever their case (admins.username is stored lower-case). */
export function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

const wrongCredentials = () => new AppError('UNAUTHORIZED', WRONG_CREDENTIALS);
const wrongCode = () => new AppError('UNAUTHORIZED', WRONG_CODE);
const signInExpired = () => new AppError('UNAUTHORIZED', SIGN_IN_EXPIRED);
/** A wrong code from a signed-in admin: their session stays, so not a 401. */
const wrongCodeOfSession = () =>
  new AppError('OTP_INVALID', 'That code is not right (or was used already). Try the next one.');

const isLocked = (failures: LoginFailures | undefined, now: Date) =>
  failures?.lockedUntil != null && failures.lockedUntil > now;

/** "123 456" as apps show it is "123456". */
const digitsOf = (code: string) => code.replace(/\s/g, '');

export function createAdminAuthService(deps: AdminAuthServiceDeps): AdminAuthService {
  const { repository, clock, requireTwoStep } = deps;
  const tokens = createAdminTokens(deps.jwtSecret, clock);
  const mfaTokens = createAdminMfaTokens(deps.jwtSecret, clock);
  const cipher = createTotpCipher(deps.jwtSecret);
  // An unknown username is checked against this, so it costs the same time as a known one and
  // the answer's timing does not say which usernames exist. Made once, on first use.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashAdminPassword('makazi-no-such-admin'));

  /**
   * Counts a wrong try against the pair (a no-op while it is locked, so every refusal does the
   * same work), and audits the moment a real admin's pair locks.
   */
  async function countFailure(
    username: string,
    ip: string,
    account: AdminAccount | undefined,
    now: Date,
  ): Promise<void> {
    const lockUntil = new Date(now.getTime() + ADMIN_LOCKOUT_SECONDS * 1000);
    await repository.transaction(async (tx) => {
      const counted = await tx.recordLoginFailure(
        { username, ip },
        now,
        ADMIN_MAX_FAILED_LOGINS,
        lockUntil,
      );
      // Unknown names are not audited: anyone could fill the log with made-up ones.
      if (account && counted?.lockedUntil && counted.lockedUntil > now) {
        await tx.recordAudit({
          adminId: null,
          actor: 'system',
          action: 'admin.lockout',
          targetType: 'admin',
          targetId: account.id,
          after: { lockedUntil: counted.lockedUntil.toISOString(), ip },
          ip,
          at: now,
        });
      }
    });
  }

  /** The TOTP step of `code` when it is right for this admin's secret at `now`. */
  function stepOf(account: AdminAccount, code: string, now: Date): number | undefined {
    if (!account.totpSecret) return undefined;
    // A secret this key cannot open (JWT_SECRET changed) matches no code: recovery codes still do.
    const secret = cipher.decrypt(account.totpSecret, account.id);
    return secret === undefined ? undefined : matchingStep(secret, digitsOf(code), now);
  }

  /**
   * The session of a sign-in that passed every step, in `tx`: the pair's count cleared, an
   * audit entry, the token. undefined when `stillValid` says the account changed meanwhile.
   */
  async function startSession(
    tx: AdminAuthRepository,
    account: AdminAccount,
    context: AdminLoginContext,
    now: Date,
    secondFactor: 'totp' | 'recovery-code' | null,
    stillValid: (current: AdminAccount) => boolean,
  ): Promise<TAdminLoginResponse | undefined> {
    // The row is held from here to commit: a password reset either happened before (and what was
    // just checked is stale) or waits and then revokes this session with the others.
    const current = await tx.lockAdmin(account.id);
    if (!current || !stillValid(current)) return undefined;
    await tx.clearLoginFailures(
      { username: account.username, ip: context.ip },
      now,
      new Date(now.getTime() - STALE_FAILURES_MS),
    );
    await tx.recordSuccessfulLogin(account.id, now);
    const session = await tx.createSession({
      adminId: account.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ADMIN_TOKEN_TTL_SECONDS * 1000),
      userAgent: context.userAgent ? context.userAgent.slice(0, USER_AGENT_MAX_LENGTH) : null,
      ip: context.ip,
    });
    await tx.recordAudit({
      adminId: account.id,
      actor: account.username,
      action: 'admin.login',
      targetType: 'admin',
      targetId: account.id,
      ...(secondFactor ? { after: { secondFactor } } : {}),
      ip: context.ip,
      at: now,
    });
    return {
      access_token: await tokens.sign({ adminId: account.id, sessionId: session.sessionId }, now),
      expires_in: ADMIN_TOKEN_TTL_SECONDS,
      username: account.username,
    };
  }

  /** The signed-in admin's account, with two-step sign-in on (409 otherwise). */
  async function enabledAccount(admin: AdminActor): Promise<AdminAccount> {
    const account = await repository.findAdminById(admin.adminId);
    if (!account)
      throw new AppError('UNAUTHORIZED', 'Your admin session has ended. Sign in again.');
    if (!account.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is off.');
    return account;
  }

  async function newRecoveryCodes(
    tx: AdminAuthRepository,
    adminId: string,
    now: Date,
  ): Promise<string[]> {
    const codes = generateRecoveryCodes();
    await tx.replaceRecoveryCodes(adminId, codes.map(hashRecoveryCode), now);
    return codes;
  }

  const audit = (
    tx: AdminAuthRepository,
    admin: AdminActor,
    action: string,
    ip: string,
    now: Date,
    after?: unknown,
  ) =>
    tx.recordAudit({
      adminId: admin.adminId,
      actor: admin.username,
      action,
      targetType: 'admin',
      targetId: admin.adminId,
      ...(after === undefined ? {} : { after }),
      ip,
      at: now,
    });

  return {
    async login(body, context) {
      const username = normaliseUsername(body.username);
      const now = clock();
      const [failures, account] = await Promise.all([
        repository.findLoginFailures(username, context.ip),
        repository.findAdminByUsername(username),
      ]);
      // The password is checked whatever happens next (an unknown name against a dummy hash, a
      // locked pair too), so the time taken says nothing about the name or the lock.
      const matches = await verifyAdminPassword(
        account?.passwordHash ?? (await dummy()),
        body.password,
      );
      // A locked pair is refused even with the right password; the try does not count again.
      if (isLocked(failures, now) || !account || !matches) {
        await countFailure(username, context.ip, account, now);
        throw wrongCredentials();
      }

      if (account.totpEnabledAt) {
        // No session and no cleared count yet: only the whole sign-in succeeding clears the
        // count, or the right password would buy endless guesses at the code.
        return { mfaRequired: true, mfaToken: await mfaTokens.sign(account.id, now) };
      }

      const answer = await repository.transaction((tx) =>
        startSession(
          tx,
          account,
          context,
          now,
          null,
          (current) => current.passwordHash === account.passwordHash && !current.totpEnabledAt,
        ),
      );
      if (answer === undefined) throw wrongCredentials();
      return answer;
    },

    async secondFactor(body, context) {
      const now = clock();
      const claims = await mfaTokens.verify(body.mfaToken);
      if (!claims) throw signInExpired();
      const account = await repository.findAdminById(claims.adminId);
      // A password changed since the first step (whole seconds: the token's iat is in seconds).
      const changedSince = (current: AdminAccount) =>
        Math.floor(current.passwordChangedAt.getTime() / 1000) >
        Math.floor(claims.issuedAt.getTime() / 1000);
      if (!account?.totpEnabledAt || changedSince(account)) throw signInExpired();

      const failures = await repository.findLoginFailures(account.username, context.ip);
      const answer = isLocked(failures, now)
        ? undefined
        : await repository.transaction(async (tx) => {
            if (body.code !== undefined) {
              const step = stepOf(account, body.code, now);
              if (step === undefined || !(await tx.acceptTotpStep(account.id, step, now))) {
                return undefined;
              }
            } else {
              const used = await tx.useRecoveryCode(
                account.id,
                hashRecoveryCode(body.recoveryCode ?? ''),
                now,
              );
              if (!used) return undefined;
              await tx.recordAudit({
                adminId: account.id,
                actor: account.username,
                action: 'admin.recovery-code-use',
                targetType: 'admin',
                targetId: account.id,
                after: { recoveryCodesLeft: await tx.countRecoveryCodesLeft(account.id) },
                ip: context.ip,
                at: now,
              });
            }
            return startSession(
              tx,
              account,
              context,
              now,
              body.code !== undefined ? 'totp' : 'recovery-code',
              (current) => current.totpEnabledAt !== null && !changedSince(current),
            );
          });
      if (answer === undefined) {
        // Outside the transaction above, which rolled back or changed nothing: the count stays.
        await countFailure(account.username, context.ip, account, now);
        throw wrongCode();
      }
      return answer;
    },

    async logout(admin) {
      await repository.revokeSession(admin.sessionId, clock());
    },

    me(admin) {
      return { id: admin.adminId, username: admin.username };
    },

    async authenticateAdmin(accessToken): Promise<AdminSession | null> {
      const claims = await tokens.verify(accessToken);
      if (!claims) return null;
      const session = await repository.findActiveSession(claims.sessionId, claims.adminId, clock());
      if (!session) return null;
      return {
        admin: { adminId: claims.adminId, username: session.username, sessionId: claims.sessionId },
        // Read from the admin row on every request, so enrolling opens everything at once.
        twoStepSetupRequired: requireTwoStep && session.totpEnabledAt === null,
      };
    },

    async twoStepStatus(admin) {
      const account = await repository.findAdminById(admin.adminId);
      const enabledAt = account?.totpEnabledAt ?? null;
      return {
        enabled: enabledAt !== null,
        enabledAt: enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabledAt ? await repository.countRecoveryCodesLeft(admin.adminId) : 0,
        required: requireTwoStep,
      };
    },

    async startTwoStepSetup(admin) {
      const secret = generateTotpSecret();
      const started = await repository.setPendingTotpSecret(
        admin.adminId,
        cipher.encrypt(secret, admin.adminId),
        clock(),
      );
      // Its secret is the one in use: replacing it would sign the admin out of their own app.
      if (!started) {
        throw new AppError('CONFLICT', 'Two-step sign-in is on already. Turn it off first.');
      }
      return { ...(await enrolmentOf(secret, admin.username)), secret };
    },

    async confirmTwoStep(admin, code, ip) {
      const now = clock();
      const account = await repository.findAdminById(admin.adminId);
      if (account?.totpEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is on already.');
      if (!account?.totpSecret) {
        throw new AppError('CONFLICT', 'Start the setup first: no secret is waiting for a code.');
      }
      const step = stepOf(account, code, now);
      if (step === undefined) throw wrongCodeOfSession();
      const pending = account.totpSecret;
      const codes = await repository.transaction(async (tx) => {
        // Another setup started meanwhile shows a new secret: this code belongs to the old one.
        if (!(await tx.enableTotp(admin.adminId, pending, step, now))) return undefined;
        const fresh = await newRecoveryCodes(tx, admin.adminId, now);
        await audit(tx, admin, 'admin.two-step-enable', ip, now);
        return fresh;
      });
      if (!codes) throw new AppError('CONFLICT', 'The setup changed meanwhile. Start it again.');
      return { recoveryCodes: codes };
    },

    async regenerateRecoveryCodes(admin, code, ip) {
      const now = clock();
      const account = await enabledAccount(admin);
      const step = stepOf(account, code, now);
      if (step === undefined) throw wrongCodeOfSession();
      const codes = await repository.transaction(async (tx) => {
        if (!(await tx.acceptTotpStep(admin.adminId, step, now))) return undefined;
        const fresh = await newRecoveryCodes(tx, admin.adminId, now);
        await audit(tx, admin, 'admin.recovery-codes-regenerate', ip, now);
        return fresh;
      });
      if (!codes) throw wrongCodeOfSession();
      return { recoveryCodes: codes };
    },

    async disableTwoStep(admin, code, ip) {
      if (requireTwoStep) throw new AppError('FORBIDDEN', TWO_STEP_REQUIRED_IN_PRODUCTION);
      const now = clock();
      const account = await enabledAccount(admin);
      const step = stepOf(account, code, now);
      if (step === undefined) throw wrongCodeOfSession();
      const done = await repository.transaction(async (tx) => {
        if (!(await tx.acceptTotpStep(admin.adminId, step, now))) return false;
        await tx.disableTotp(admin.adminId, now);
        await audit(tx, admin, 'admin.two-step-disable', ip, now);
        return true;
      });
      if (!done) throw wrongCodeOfSession();
    },
  };
}

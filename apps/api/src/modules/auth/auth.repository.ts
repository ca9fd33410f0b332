import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { TLocale } from '@makazi/contracts/common';
import type { Database } from '../../db/client';
import { countSmsInBudget, returnSmsToBudget, type SmsBudgetWindow } from '../../db/sms-budget';
import { authSessions, otpChallenges, refreshTokens, smsBudget, users } from '../../db/schema';
import { transactionRefreshingCards } from '../properties/catalogue-cards';

export interface AuthUser {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  locale: TLocale;
  /** Until then no code is sent or accepted: too many wrong codes in a day. */
  signInLockedUntil: Date | null;
}

export interface NewSignup {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  locale: TLocale;
}

/** A user's wrong codes in the current 24-hour window, after counting one more. */
export interface WrongCodeCount {
  count: number;
  /** Set once the count reached the day's limit. */
  lockedUntil: Date | null;
}

export interface ChallengeRow {
  id: string;
  codeHash: string;
  failedAttempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

export interface NewChallenge {
  userId: string;
  codeHash: string;
  failedAttempts: number;
  createdAt: Date;
  expiresAt: Date;
  requestIp: string;
}

export interface NewSession {
  userId: string;
  userAgent: string | null;
  createdAt: Date;
  refreshTokenHash: string;
  refreshExpiresAt: Date;
}

export interface RotatedToken {
  sessionId: string;
  userId: string;
  /** When the session's code was answered: its absolute lifetime runs from here. */
  sessionCreatedAt: Date;
}

export type { SmsBudgetWindow };

export type RevokedReason = 'logout' | 'refresh_token_reuse' | 'account_deleted';

/** All SQL of sign-in. Times come from the caller (the application clock), never from now(). */
export interface AuthRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T>;

  /** The row holding the number, whether or not its phone is proven yet. */
  findUserByPhone(phoneNumber: string): Promise<AuthUser | undefined>;
  /**
   * Creates the user, unverified; or, when an unverified row holds the number, gives it these
   * names and locale (its counters and codes stay). undefined: a verified account holds the
   * number, and nothing was written. One statement, so concurrent sign-ups of a number agree.
   */
  saveSignup(values: NewSignup, now: Date): Promise<{ id: string } | undefined>;
  setUserLocale(userId: string, locale: TLocale): Promise<void>;

  /**
   * Holds the user's row until the transaction ends, so one user's sends happen one at a time;
   * returns its day lock as it stands once held.
   */
  lockUserForSend(userId: string): Promise<{ signInLockedUntil: Date | null }>;
  newestChallenge(userId: string): Promise<ChallengeRow | undefined>;
  /** When the newest `limit` codes since `since` were sent, newest first. */
  recentSendsToUser(userId: string, since: Date, limit: number): Promise<Date[]>;
  /**
   * When the `n`th newest code since `since` was asked for from this address, or undefined when
   * fewer were: one row read however busy the address (a carrier's, with thousands of people).
   */
  nthRecentSendFromAddress(requestIp: string, since: Date, n: number): Promise<Date | undefined>;
  /** true when the user has signed in before: their number is proven, they are not a newcomer. */
  hasSignedInBefore(userId: string): Promise<boolean>;
  /**
   * Counts one SMS in each window if every one has room below its limit; else counts nothing
   * (the caller rolls back) and names the first full window.
   */
  takeSmsBudget(windows: readonly SmsBudgetWindow[]): Promise<SmsBudgetWindow | undefined>;
  /** Gives back what takeSmsBudget counted, for an SMS that could not be sent. */
  returnSmsBudget(windows: readonly SmsBudgetWindow[]): Promise<void>;
  /** Marks a window as having refused a code: true only for the first caller, who logs it. */
  markSmsBudgetExhausted(window: SmsBudgetWindow, now: Date): Promise<boolean>;
  insertChallenge(challenge: NewChallenge): Promise<{ id: string }>;
  /** For a code that could not be sent: as if it had never been asked for. */
  deleteChallenge(id: string): Promise<void>;
  /** The new count, or undefined when the challenge was already spent or locked meanwhile. */
  recordFailedAttempt(id: string, maxFailedAttempts: number): Promise<number | undefined>;
  /**
   * Counts one wrong code against the user's 24-hour window (a window older than `windowMs`
   * starts afresh at `now`), in one statement: concurrent wrong codes are counted one after the
   * other, so exactly one of them sees the count reach `limit`. That one also sets the lock, to
   * the window's end.
   */
  recordWrongCode(
    userId: string,
    now: Date,
    windowMs: number,
    limit: number,
  ): Promise<WrongCodeCount>;
  /**
   * A code was answered: proves the number (the first time), clears the wrong codes. false, and
   * nothing written, when the day lock holds at `now` (set by a wrong code meanwhile).
   */
  markSignedIn(userId: string, now: Date): Promise<boolean>;
  /**
   * Spends the challenge if it is still the user's newest, unspent, unexpired and not locked:
   * true for exactly one of any number of concurrent callers.
   */
  consumeChallenge(
    challenge: { id: string; userId: string },
    now: Date,
    maxFailedAttempts: number,
  ): Promise<boolean>;

  /** A session and its first refresh token. */
  createSession(session: NewSession): Promise<{ sessionId: string }>;
  /**
   * Marks the token rotated if it is live: unrotated, unexpired, its session not revoked and
   * started after `sessionsStartedAfter` (sessions end at an absolute age, however refreshed).
   */
  rotateRefreshToken(
    tokenHash: string,
    now: Date,
    sessionsStartedAfter: Date,
  ): Promise<RotatedToken | undefined>;
  insertRefreshToken(
    sessionId: string,
    tokenHash: string,
    now: Date,
    expiresAt: Date,
  ): Promise<void>;
  findRefreshToken(
    tokenHash: string,
  ): Promise<{ sessionId: string; rotatedAt: Date | null } | undefined>;
  revokeSession(sessionId: string, reason: RevokedReason, now: Date): Promise<void>;
  /**
   * true when the session exists, is not revoked, started after `sessionsStartedAfter`, and
   * belongs to this existing, undeleted user.
   */
  isSessionActive(sessionId: string, userId: string, sessionsStartedAfter: Date): Promise<boolean>;
}

const challengeColumns = {
  id: otpChallenges.id,
  codeHash: otpChallenges.codeHash,
  failedAttempts: otpChallenges.failedAttempts,
  createdAt: otpChallenges.createdAt,
  expiresAt: otpChallenges.expiresAt,
  consumedAt: otpChallenges.consumedAt,
};

/** An instant as a query parameter: the application's clock, never the database's now(). */
const timestamp = (instant: Date) => sql`${instant.toISOString()}::timestamptz`;

export function createAuthRepository(db: Database): AuthRepository {
  return {
    transaction: (work) => transactionRefreshingCards(db, (tx) => work(createAuthRepository(tx))),

    async findUserByPhone(phoneNumber) {
      // A deleted account has no phone number: it is never found, and the number is free.
      const [row] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          locale: users.locale,
          signInLockedUntil: users.signInLockedUntil,
        })
        .from(users)
        .where(eq(users.phoneNumber, phoneNumber));
      return row && { ...row, phoneNumber };
    },

    async saveSignup(values, now) {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoUpdate({
          target: users.phoneNumber,
          set: {
            firstName: values.firstName,
            lastName: values.lastName,
            locale: values.locale,
            updatedAt: now,
          },
          // A proven number is someone's account: never touched by a sign-up.
          setWhere: isNull(users.phoneVerifiedAt),
        })
        .returning({ id: users.id });
      return row;
    },

    async setUserLocale(userId, locale) {
      await db.update(users).set({ locale }).where(eq(users.id, userId));
    },

    async lockUserForSend(userId) {
      // NO KEY UPDATE: serialises sends per user without blocking the foreign-key checks of
      // concurrent inserts that reference the user (sessions, challenges).
      const [row] = await db
        .select({ signInLockedUntil: users.signInLockedUntil })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
      return { signInLockedUntil: row?.signInLockedUntil ?? null };
    },

    async newestChallenge(userId) {
      const [row] = await db
        .select(challengeColumns)
        .from(otpChallenges)
        .where(eq(otpChallenges.userId, userId))
        .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
        .limit(1);
      return row;
    },

    async recentSendsToUser(userId, since, limit) {
      const rows = await db
        .select({ createdAt: otpChallenges.createdAt })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.userId, userId), gt(otpChallenges.createdAt, since)))
        .orderBy(desc(otpChallenges.createdAt))
        .limit(limit);
      return rows.map((r) => r.createdAt);
    },

    async nthRecentSendFromAddress(requestIp, since, n) {
      const [row] = await db
        .select({ createdAt: otpChallenges.createdAt })
        .from(otpChallenges)
        .where(and(eq(otpChallenges.requestIp, requestIp), gt(otpChallenges.createdAt, since)))
        .orderBy(desc(otpChallenges.createdAt))
        .offset(n - 1)
        .limit(1);
      return row?.createdAt;
    },

    async hasSignedInBefore(userId) {
      const [row] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.userId, userId))
        .limit(1);
      return row !== undefined;
    },

    takeSmsBudget: (windows) => countSmsInBudget(db, windows),
    returnSmsBudget: (windows) => returnSmsToBudget(db, windows),

    async markSmsBudgetExhausted(window, now) {
      const rows = await db
        .update(smsBudget)
        .set({ exhaustedAt: now })
        .where(
          and(
            eq(smsBudget.span, window.span),
            eq(smsBudget.windowStart, window.start),
            isNull(smsBudget.exhaustedAt),
          ),
        )
        .returning({ span: smsBudget.span });
      return rows.length > 0;
    },

    async insertChallenge(challenge) {
      const [row] = await db
        .insert(otpChallenges)
        .values(challenge)
        .returning({ id: otpChallenges.id });
      return row!;
    },

    async deleteChallenge(id) {
      await db.delete(otpChallenges).where(eq(otpChallenges.id, id));
    },

    async recordFailedAttempt(id, maxFailedAttempts) {
      const [row] = await db
        .update(otpChallenges)
        .set({ failedAttempts: sql`${otpChallenges.failedAttempts} + 1` })
        .where(
          and(
            eq(otpChallenges.id, id),
            lt(otpChallenges.failedAttempts, maxFailedAttempts),
            isNull(otpChallenges.consumedAt),
          ),
        )
        .returning({ failedAttempts: otpChallenges.failedAttempts });
      return row?.failedAttempts;
    },

    async recordWrongCode(userId, now, windowMs, limit) {
      const at = timestamp(now);
      const window = sql`make_interval(secs => ${windowMs / 1000}::double precision)`;
      const fresh = sql`(${users.wrongCodesSince} is null
        or ${users.wrongCodesSince} <= ${at} - ${window})`;
      const count = sql`(case when ${fresh} then 1 else ${users.wrongCodes} + 1 end)`;
      const since = sql`(case when ${fresh} then ${at} else ${users.wrongCodesSince} end)`;
      // Every right-hand side reads the row as it was before this update.
      const [row] = await db
        .update(users)
        .set({
          wrongCodes: count,
          wrongCodesSince: since,
          signInLockedUntil: sql`case when ${count} >= ${limit}::int
            then ${since} + ${window}
            else ${users.signInLockedUntil} end`,
        })
        .where(eq(users.id, userId))
        .returning({ count: users.wrongCodes, lockedUntil: users.signInLockedUntil });
      if (!row) throw new Error(`recordWrongCode: no user ${userId}`);
      return row;
    },

    async markSignedIn(userId, now) {
      const rows = await db
        .update(users)
        .set({
          phoneVerifiedAt: sql`coalesce(${users.phoneVerifiedAt}, ${timestamp(now)})`,
          wrongCodes: 0,
          wrongCodesSince: null,
          signInLockedUntil: null,
        })
        .where(
          and(
            eq(users.id, userId),
            or(isNull(users.signInLockedUntil), lte(users.signInLockedUntil, now)),
          ),
        )
        .returning({ id: users.id });
      return rows.length === 1;
    },

    async consumeChallenge({ id, userId }, now, maxFailedAttempts) {
      const rows = await db
        .update(otpChallenges)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpChallenges.id, id),
            isNull(otpChallenges.consumedAt),
            lt(otpChallenges.failedAttempts, maxFailedAttempts),
            gt(otpChallenges.expiresAt, now),
            // Only the newest challenge can be answered, also when a resend raced this answer.
            sql`not exists (select 1 from otp_challenges as newer
                where newer.user_id = ${userId} and newer.created_at > otp_challenges.created_at)`,
          ),
        )
        .returning({ id: otpChallenges.id });
      return rows.length === 1;
    },

    async createSession({ userId, userAgent, createdAt, refreshTokenHash, refreshExpiresAt }) {
      const [session] = await db
        .insert(authSessions)
        .values({ userId, userAgent, createdAt })
        .returning({ id: authSessions.id });
      await db.insert(refreshTokens).values({
        sessionId: session!.id,
        tokenHash: refreshTokenHash,
        createdAt,
        expiresAt: refreshExpiresAt,
      });
      return { sessionId: session!.id };
    },

    async rotateRefreshToken(tokenHash, now, sessionsStartedAfter) {
      const [row] = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .from(authSessions)
        .where(
          and(
            eq(refreshTokens.tokenHash, tokenHash),
            isNull(refreshTokens.rotatedAt),
            gt(refreshTokens.expiresAt, now),
            eq(authSessions.id, refreshTokens.sessionId),
            isNull(authSessions.revokedAt),
            gt(authSessions.createdAt, sessionsStartedAfter),
          ),
        )
        .returning({
          sessionId: refreshTokens.sessionId,
          userId: authSessions.userId,
          sessionCreatedAt: authSessions.createdAt,
        });
      return row;
    },

    async insertRefreshToken(sessionId, tokenHash, now, expiresAt) {
      await db.insert(refreshTokens).values({ sessionId, tokenHash, createdAt: now, expiresAt });
    },

    async findRefreshToken(tokenHash) {
      const [row] = await db
        .select({ sessionId: refreshTokens.sessionId, rotatedAt: refreshTokens.rotatedAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },

    async revokeSession(sessionId, reason, now) {
      await db
        .update(authSessions)
        .set({ revokedAt: now, revokedReason: reason })
        .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    },

    async isSessionActive(sessionId, userId, sessionsStartedAfter) {
      const [row] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authSessions.id, sessionId),
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            gt(authSessions.createdAt, sessionsStartedAfter),
            isNull(users.deletedAt),
          ),
        );
      return row !== undefined;
    },
  };
}

import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TLocale } from '@makazi/contracts/common';
import type { Database } from '../../db/client';
import { authSessions, otpChallenges, refreshTokens, smsBudget, users } from '../../db/schema';

export interface AuthUser {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  locale: TLocale;
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
}

export interface SmsBudgetWindow {
  span: 'hour' | 'day';
  start: Date;
  /** The most SMS this window may count. */
  limit: number;
}

export type RevokedReason = 'logout' | 'refresh_token_reuse' | 'account_deleted';

/** All SQL of sign-in. Times come from the caller (the application clock), never from now(). */
export interface AuthRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AuthRepository) => Promise<T>): Promise<T>;

  findUserByPhone(phoneNumber: string): Promise<AuthUser | undefined>;
  /** undefined: the phone number is already registered (also when another insert just won). */
  insertUser(values: Omit<AuthUser, 'id'>): Promise<{ id: string } | undefined>;
  setUserLocale(userId: string, locale: TLocale): Promise<void>;

  /** Holds the user's row until the transaction ends, so one user's sends happen one at a time. */
  lockUserForSend(userId: string): Promise<void>;
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
  /** Marks the token rotated if it is live (unrotated, unexpired, session not revoked). */
  rotateRefreshToken(tokenHash: string, now: Date): Promise<RotatedToken | undefined>;
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
  /** true when the session exists, is not revoked, and belongs to this existing, undeleted user. */
  isSessionActive(sessionId: string, userId: string): Promise<boolean>;
}

const challengeColumns = {
  id: otpChallenges.id,
  codeHash: otpChallenges.codeHash,
  failedAttempts: otpChallenges.failedAttempts,
  createdAt: otpChallenges.createdAt,
  expiresAt: otpChallenges.expiresAt,
  consumedAt: otpChallenges.consumedAt,
};

export function createAuthRepository(db: Database): AuthRepository {
  return {
    transaction: (work) => db.transaction((tx) => work(createAuthRepository(tx))),

    async findUserByPhone(phoneNumber) {
      // A deleted account has no phone number: it is never found, and the number is free.
      const [row] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          locale: users.locale,
        })
        .from(users)
        .where(eq(users.phoneNumber, phoneNumber));
      return row && { ...row, phoneNumber };
    },

    async insertUser(values) {
      const [row] = await db
        .insert(users)
        .values(values)
        .onConflictDoNothing({ target: users.phoneNumber })
        .returning({ id: users.id });
      return row;
    },

    async setUserLocale(userId, locale) {
      await db.update(users).set({ locale }).where(eq(users.id, userId));
    },

    async lockUserForSend(userId) {
      // NO KEY UPDATE: serialises sends per user without blocking the foreign-key checks of
      // concurrent inserts that reference the user (sessions, challenges).
      await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .for('no key update');
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

    async takeSmsBudget(windows) {
      for (const window of windows) {
        // The conditional upsert counts only below the limit: concurrent senders in any process
        // queue on the window's row, and exactly `limit` of them are counted.
        const counted = await db
          .insert(smsBudget)
          .values({ span: window.span, windowStart: window.start, sent: 1 })
          .onConflictDoUpdate({
            target: [smsBudget.span, smsBudget.windowStart],
            set: { sent: sql`${smsBudget.sent} + 1` },
            setWhere: lt(smsBudget.sent, window.limit),
          })
          .returning({ sent: smsBudget.sent });
        if (counted.length === 0 || window.limit < 1) return window;
      }
      return undefined;
    },

    async returnSmsBudget(windows) {
      for (const window of windows) {
        await db
          .update(smsBudget)
          .set({ sent: sql`${smsBudget.sent} - 1` })
          .where(
            and(
              eq(smsBudget.span, window.span),
              eq(smsBudget.windowStart, window.start),
              gt(smsBudget.sent, 0),
            ),
          );
      }
    },

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

    async rotateRefreshToken(tokenHash, now) {
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
          ),
        )
        .returning({ sessionId: refreshTokens.sessionId, userId: authSessions.userId });
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

    async isSessionActive(sessionId, userId) {
      const [row] = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(users, eq(users.id, authSessions.userId))
        .where(
          and(
            eq(authSessions.id, sessionId),
            eq(authSessions.userId, userId),
            isNull(authSessions.revokedAt),
            isNull(users.deletedAt),
          ),
        );
      return row !== undefined;
    },
  };
}

import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminLoginFailures, adminRecoveryCodes, adminSessions, admins } from '../../db/schema';
import { recordAudit, type AuditEntry } from '../admin/audit.repository';

export interface AdminAccount {
  id: string;
  username: string;
  passwordHash: string;
  passwordChangedAt: Date;
  /** Encrypted (admin-totp.ts); set from the start of enrolment. */
  totpSecret: string | null;
  /** Set once enrolment is confirmed: from then on the password alone signs in no more. */
  totpEnabledAt: Date | null;
}

export interface NewAdminSession {
  adminId: string;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

/** The wrong tries of one (username, client address) pair. */
export interface LoginFailures {
  /** Wrong tries in a row; 0 once the last one locked the pair. */
  failures: number;
  lockedUntil: Date | null;
}

/** All SQL of admin sign-in and admin accounts. Times come from the caller's clock, never now(). */
export interface AdminAuthRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AdminAuthRepository) => Promise<T>): Promise<T>;

  /** `username` already lower-case. */
  findAdminByUsername(username: string): Promise<AdminAccount | undefined>;
  findAdminById(id: string): Promise<AdminAccount | undefined>;
  /** The same, holding the row until the transaction ends (login against a concurrent reset). */
  lockAdmin(id: string): Promise<AdminAccount | undefined>;
  countAdmins(): Promise<number>;
  /** undefined: the username is taken (also when a concurrent insert just won). */
  insertAdmin(values: {
    username: string;
    passwordHash: string;
    now: Date;
  }): Promise<{ id: string } | undefined>;
  /** New hash, every open session revoked. */
  setPassword(id: string, passwordHash: string, now: Date): Promise<void>;

  /** The pair's count, undefined when it has none. `username` lower-case, known or not. */
  findLoginFailures(username: string, ip: string): Promise<LoginFailures | undefined>;
  /**
   * Counts a wrong try of the pair unless it is locked at `now`. The `maxFailures`-th in a row
   * locks it until `lockUntil` and starts the count again. undefined: it was already locked.
   */
  recordLoginFailure(
    pair: { username: string; ip: string },
    now: Date,
    maxFailures: number,
    lockUntil: Date,
  ): Promise<LoginFailures | undefined>;
  /**
   * Forgets the pair's count, and every pair's that has not moved since `staleBefore` and holds
   * no running lock (guessed names from everywhere would otherwise pile up).
   */
  clearLoginFailures(
    pair: { username: string; ip: string },
    now: Date,
    staleBefore: Date,
  ): Promise<void>;
  recordSuccessfulLogin(id: string, now: Date): Promise<void>;

  /** Starts enrolment with a new secret. false: two-step sign-in is on already. */
  setPendingTotpSecret(id: string, encryptedSecret: string, now: Date): Promise<boolean>;
  /**
   * Turns two-step sign-in on with `step` as the last code used, if the pending secret is still
   * `encryptedSecret` (no new enrolment started meanwhile). false otherwise or when on already.
   */
  enableTotp(id: string, encryptedSecret: string, step: number, now: Date): Promise<boolean>;
  /** Takes `step` as used, if it is above the last one used. false: used already (a replay). */
  acceptTotpStep(id: string, step: number, now: Date): Promise<boolean>;
  /** Secret, times and recovery codes gone. */
  disableTotp(id: string, now: Date): Promise<void>;
  /** The old codes gone, these hashes the new ones. */
  replaceRecoveryCodes(adminId: string, codeHashes: string[], now: Date): Promise<void>;
  /** Spends the unused code with this hash; false when there is none. */
  useRecoveryCode(adminId: string, codeHash: string, now: Date): Promise<boolean>;
  countRecoveryCodesLeft(adminId: string): Promise<number>;

  createSession(session: NewAdminSession): Promise<{ sessionId: string }>;
  revokeSession(sessionId: string, now: Date): Promise<void>;
  /** The session's admin when it exists, is not revoked, has not expired and is this admin's. */
  findActiveSession(
    sessionId: string,
    adminId: string,
    now: Date,
  ): Promise<{ username: string; totpEnabledAt: Date | null } | undefined>;

  recordAudit(entry: AuditEntry): Promise<void>;
}

const accountColumns = {
  id: admins.id,
  username: admins.username,
  passwordHash: admins.passwordHash,
  passwordChangedAt: admins.passwordChangedAt,
  totpSecret: admins.totpSecret,
  totpEnabledAt: admins.totpEnabledAt,
};

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export function createAdminAuthRepository(db: Database): AdminAuthRepository {
  return {
    transaction: (work) => db.transaction((tx) => work(createAdminAuthRepository(tx))),

    async findAdminByUsername(username) {
      const [row] = await db
        .select(accountColumns)
        .from(admins)
        .where(eq(admins.username, username));
      return row;
    },

    async findAdminById(id) {
      const [row] = await db.select(accountColumns).from(admins).where(eq(admins.id, id));
      return row;
    },

    async lockAdmin(id) {
      const [row] = await db
        .select(accountColumns)
        .from(admins)
        .where(eq(admins.id, id))
        .for('no key update');
      return row;
    },

    async countAdmins() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
      return row?.n ?? 0;
    },

    async insertAdmin({ username, passwordHash, now }) {
      const [row] = await db
        .insert(admins)
        .values({ username, passwordHash, passwordChangedAt: now, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: admins.username })
        .returning({ id: admins.id });
      return row;
    },

    async setPassword(id, passwordHash, now) {
      await db
        .update(admins)
        .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
        .where(eq(admins.id, id));
      await db
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt)));
    },

    async findLoginFailures(username, ip) {
      const [row] = await db
        .select({
          failures: adminLoginFailures.failures,
          lockedUntil: adminLoginFailures.lockedUntil,
        })
        .from(adminLoginFailures)
        .where(and(eq(adminLoginFailures.username, username), eq(adminLoginFailures.ip, ip)));
      return row;
    },

    async recordLoginFailure({ username, ip }, now, maxFailures, lockUntil) {
      // One statement, so concurrent wrong tries each count: the upsert reads the row it updates.
      const reachesLimit = sql`${adminLoginFailures.failures} + 1 >= ${maxFailures}`;
      const first = maxFailures <= 1;
      const [row] = await db
        .insert(adminLoginFailures)
        .values({
          username,
          ip,
          failures: first ? 0 : 1,
          lockedUntil: first ? lockUntil : null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [adminLoginFailures.username, adminLoginFailures.ip],
          set: {
            failures: sql`case when ${reachesLimit} then 0 else ${adminLoginFailures.failures} + 1 end`,
            lockedUntil: sql`case when ${reachesLimit} then ${at(lockUntil)} else ${adminLoginFailures.lockedUntil} end`,
            updatedAt: now,
          },
          // A locked pair counts nothing more: the lock ends when it said it would.
          setWhere: or(
            isNull(adminLoginFailures.lockedUntil),
            sql`${adminLoginFailures.lockedUntil} <= ${at(now)}`,
          ),
        })
        .returning({
          failures: adminLoginFailures.failures,
          lockedUntil: adminLoginFailures.lockedUntil,
        });
      return row;
    },

    async clearLoginFailures({ username, ip }, now, staleBefore) {
      await db
        .delete(adminLoginFailures)
        .where(
          or(
            and(eq(adminLoginFailures.username, username), eq(adminLoginFailures.ip, ip)),
            and(
              lt(adminLoginFailures.updatedAt, staleBefore),
              or(
                isNull(adminLoginFailures.lockedUntil),
                sql`${adminLoginFailures.lockedUntil} <= ${at(now)}`,
              ),
            ),
          ),
        );
    },

    async recordSuccessfulLogin(id, now) {
      await db.update(admins).set({ lastLoginAt: now, updatedAt: now }).where(eq(admins.id, id));
    },

    async setPendingTotpSecret(id, encryptedSecret, now) {
      const rows = await db
        .update(admins)
        .set({ totpSecret: encryptedSecret, totpLastStep: null, updatedAt: now })
        .where(and(eq(admins.id, id), isNull(admins.totpEnabledAt)))
        .returning({ id: admins.id });
      return rows.length > 0;
    },

    async enableTotp(id, encryptedSecret, step, now) {
      const rows = await db
        .update(admins)
        .set({ totpEnabledAt: now, totpLastStep: step, updatedAt: now })
        .where(
          and(
            eq(admins.id, id),
            isNull(admins.totpEnabledAt),
            eq(admins.totpSecret, encryptedSecret),
          ),
        )
        .returning({ id: admins.id });
      return rows.length > 0;
    },

    async acceptTotpStep(id, step, now) {
      // Conditional, so of two requests with one code only the first gets in.
      const rows = await db
        .update(admins)
        .set({ totpLastStep: step, updatedAt: now })
        .where(
          and(
            eq(admins.id, id),
            isNotNull(admins.totpEnabledAt),
            or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step)),
          ),
        )
        .returning({ id: admins.id });
      return rows.length > 0;
    },

    async disableTotp(id, now) {
      await db
        .update(admins)
        .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
        .where(eq(admins.id, id));
      await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
    },

    async replaceRecoveryCodes(adminId, codeHashes, now) {
      await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
      await db
        .insert(adminRecoveryCodes)
        .values(codeHashes.map((codeHash) => ({ adminId, codeHash, createdAt: now })));
    },

    async useRecoveryCode(adminId, codeHash, now) {
      const rows = await db
        .update(adminRecoveryCodes)
        .set({ usedAt: now })
        .where(
          and(
            eq(adminRecoveryCodes.adminId, adminId),
            eq(adminRecoveryCodes.codeHash, codeHash),
            isNull(adminRecoveryCodes.usedAt),
          ),
        )
        .returning({ id: adminRecoveryCodes.id });
      return rows.length > 0;
    },

    async countRecoveryCodesLeft(adminId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
      return row?.n ?? 0;
    },

    async createSession(session) {
      const [row] = await db
        .insert(adminSessions)
        .values(session)
        .returning({ id: adminSessions.id });
      return { sessionId: row!.id };
    },

    async revokeSession(sessionId, now) {
      await db
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.id, sessionId), isNull(adminSessions.revokedAt)));
    },

    async findActiveSession(sessionId, adminId, now) {
      const [row] = await db
        .select({ username: admins.username, totpEnabledAt: admins.totpEnabledAt })
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .where(
          and(
            eq(adminSessions.id, sessionId),
            eq(adminSessions.adminId, adminId),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, now),
          ),
        );
      return row;
    },

    recordAudit: (entry) => recordAudit(db, entry),
  };
}

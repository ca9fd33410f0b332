import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adminSessions, admins } from '../../db/schema';
import { recordAudit, type AuditEntry } from '../admin/audit.repository';

export interface AdminAccount {
  id: string;
  username: string;
  passwordHash: string;
  failedLogins: number;
  lockedUntil: Date | null;
}

export interface NewAdminSession {
  adminId: string;
  createdAt: Date;
  expiresAt: Date;
  userAgent: string | null;
  ip: string | null;
}

export interface FailedLogin {
  /** Wrong passwords in a row after this one; 0 once this one locked the account. */
  failedLogins: number;
  lockedUntil: Date | null;
}

/** All SQL of admin sign-in and admin accounts. Times come from the caller's clock, never now(). */
export interface AdminAuthRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AdminAuthRepository) => Promise<T>): Promise<T>;

  /** `username` already lower-case. */
  findAdminByUsername(username: string): Promise<AdminAccount | undefined>;
  /** The same, holding the row until the transaction ends (login against a concurrent reset). */
  lockAdmin(id: string): Promise<AdminAccount | undefined>;
  countAdmins(): Promise<number>;
  /** undefined: the username is taken (also when a concurrent insert just won). */
  insertAdmin(values: {
    username: string;
    passwordHash: string;
    now: Date;
  }): Promise<{ id: string } | undefined>;
  /** New hash, lock and failures cleared, every open session revoked. */
  setPassword(id: string, passwordHash: string, now: Date): Promise<void>;

  /**
   * Counts a wrong password unless the account is locked at `now`. The `maxFailures`-th in a row
   * locks it until `lockUntil` and starts the count again. undefined: it was already locked.
   */
  recordFailedLogin(
    id: string,
    now: Date,
    maxFailures: number,
    lockUntil: Date,
  ): Promise<FailedLogin | undefined>;
  recordSuccessfulLogin(id: string, now: Date): Promise<void>;

  createSession(session: NewAdminSession): Promise<{ sessionId: string }>;
  revokeSession(sessionId: string, now: Date): Promise<void>;
  /** The session's admin when it exists, is not revoked, has not expired and is this admin's. */
  findActiveSession(
    sessionId: string,
    adminId: string,
    now: Date,
  ): Promise<{ username: string } | undefined>;

  recordAudit(entry: AuditEntry): Promise<void>;
}

const accountColumns = {
  id: admins.id,
  username: admins.username,
  passwordHash: admins.passwordHash,
  failedLogins: admins.failedLogins,
  lockedUntil: admins.lockedUntil,
};

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
        .set({
          passwordHash,
          passwordChangedAt: now,
          failedLogins: 0,
          lockedUntil: null,
          updatedAt: now,
        })
        .where(eq(admins.id, id));
      await db
        .update(adminSessions)
        .set({ revokedAt: now })
        .where(and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt)));
    },

    async recordFailedLogin(id, now, maxFailures, lockUntil) {
      // One statement, so concurrent wrong guesses each count: every SET reads the row before it.
      const reachesLimit = sql`${admins.failedLogins} + 1 >= ${maxFailures}`;
      const [row] = await db
        .update(admins)
        .set({
          failedLogins: sql`case when ${reachesLimit} then 0 else ${admins.failedLogins} + 1 end`,
          lockedUntil: sql`case when ${reachesLimit} then ${lockUntil.toISOString()}::timestamptz else ${admins.lockedUntil} end`,
          updatedAt: now,
        })
        .where(
          and(
            eq(admins.id, id),
            sql`(${admins.lockedUntil} is null or ${admins.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
          ),
        )
        .returning({ failedLogins: admins.failedLogins, lockedUntil: admins.lockedUntil });
      return row;
    },

    async recordSuccessfulLogin(id, now) {
      await db
        .update(admins)
        .set({ failedLogins: 0, lockedUntil: null, lastLoginAt: now, updatedAt: now })
        .where(eq(admins.id, id));
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
        .select({ username: admins.username })
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

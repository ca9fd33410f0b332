import { count, desc, eq, sql } from 'drizzle-orm';
import type { TSupportMessageStatus, TSupportTopic } from '@makazi/contracts/support-values';
import type { Database } from '../../db/client';
import { millisIso } from '../../db/iso-text';
import { admins, supportMessages } from '../../db/schema';
import { recordAudit, type AuditEntry } from './audit.repository';

/* SQL of the admin's support inbox: the messages of the contact form, and closing them. */

export interface SupportMessageRecord {
  id: string;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  userId: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  topic: TSupportTopic;
  message: string;
  status: TSupportMessageStatus;
  closedAt: string | null;
  /** The closing admin's username; null while open or once that admin is gone. */
  closedBy: string | null;
}

export interface AdminSupportRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AdminSupportRepository) => Promise<T>): Promise<T>;
  /** One page of one status, newest first (support_messages_status_created_idx), and the count. */
  list(
    status: TSupportMessageStatus,
    offset: number,
    limit: number,
  ): Promise<{ rows: SupportMessageRecord[]; total: number }>;
  find(id: string): Promise<SupportMessageRecord | undefined>;
  /** The message's status, its row locked until the transaction ends so two admins act in turn. */
  lockStatus(id: string): Promise<TSupportMessageStatus | undefined>;
  /** Closed by `adminId` at `now`, or open again (no closing time, no closer). */
  setStatus(
    id: string,
    change: { status: 'closed'; adminId: string; now: Date } | { status: 'open' },
  ): Promise<void>;
  recordAudit(entry: AuditEntry): Promise<void>;
}

const m = supportMessages;

const columns = {
  id: m.id,
  // As text: the two drivers disagree on parsing timestamps (Date or string).
  createdAt: millisIso(sql`${m.createdAt}`),
  userId: m.userId,
  name: m.name,
  phone: m.phone,
  email: m.email,
  topic: m.topic,
  message: m.message,
  status: m.status,
  closedAt: sql<
    string | null
  >`case when ${m.closedAt} is null then null else ${millisIso(sql`${m.closedAt}`)} end`,
  closedBy: admins.username,
};

export function createAdminSupportRepository(db: Database): AdminSupportRepository {
  return {
    transaction: (work) => db.transaction((tx) => work(createAdminSupportRepository(tx))),

    async list(status, offset, limit) {
      const where = eq(m.status, status);
      const [rows, counted] = await Promise.all([
        db
          .select(columns)
          .from(m)
          .leftJoin(admins, eq(admins.id, m.closedBy))
          .where(where)
          .orderBy(desc(m.createdAt), desc(m.id))
          .limit(limit)
          .offset(offset),
        db.select({ total: count() }).from(m).where(where),
      ]);
      return { rows, total: counted[0]?.total ?? 0 };
    },

    async find(id) {
      const [row] = await db
        .select(columns)
        .from(m)
        .leftJoin(admins, eq(admins.id, m.closedBy))
        .where(eq(m.id, id));
      return row;
    },

    async lockStatus(id) {
      const [row] = await db.select({ status: m.status }).from(m).where(eq(m.id, id)).for('update');
      return row?.status;
    },

    async setStatus(id, change) {
      await db
        .update(m)
        .set(
          change.status === 'closed'
            ? { status: 'closed', closedAt: change.now, closedBy: change.adminId }
            : { status: 'open', closedAt: null, closedBy: null },
        )
        .where(eq(m.id, id));
    },

    recordAudit: (entry) => recordAudit(db, entry),
  };
}

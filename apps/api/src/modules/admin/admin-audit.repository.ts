import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { millisIso } from '../../db/iso-text';

/* Reading the audit log; entries are written by recordAudit (audit.repository.ts). */

export interface AuditFilters {
  action: string | undefined;
  targetType: string | undefined;
  targetId: string | undefined;
}

export interface AuditRow {
  id: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string | null;
  before: unknown;
  after: unknown;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
}

export interface AdminAuditRepository {
  /** One page, newest first (audit_log_created_idx, or audit_log_target_idx for one target), and the count. */
  list(
    filters: AuditFilters,
    offset: number,
    limit: number,
  ): Promise<{ rows: AuditRow[]; total: number }>;
}

const a = auditLog;

function conditions(filters: AuditFilters): SQL | undefined {
  const where: SQL[] = [];
  if (filters.action !== undefined) where.push(eq(a.action, filters.action));
  if (filters.targetType !== undefined) where.push(eq(a.targetType, filters.targetType));
  if (filters.targetId !== undefined) where.push(eq(a.targetId, filters.targetId));
  return where.length === 0 ? undefined : and(...where);
}

export function createAdminAuditRepository(db: Database): AdminAuditRepository {
  return {
    async list(filters, offset, limit) {
      const where = conditions(filters);
      const [rows, count] = await Promise.all([
        db
          .select({
            id: a.id,
            actor: a.actor,
            action: a.action,
            targetType: a.targetType,
            targetId: a.targetId,
            before: a.before,
            after: a.after,
            // As text: the two drivers disagree on parsing timestamps (Date or string).
            createdAt: millisIso(sql`${a.createdAt}`),
          })
          .from(a)
          .where(where)
          .orderBy(desc(a.createdAt), desc(a.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(a)
          .where(where),
      ]);
      return { rows, total: count[0]?.total ?? 0 };
    },
  };
}

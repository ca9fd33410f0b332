import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditTargetType = 'property' | 'user' | 'admin' | 'payment' | 'support-message';

export interface AuditEntry {
  /** Null for the system itself (the CLI, the start-up bootstrap). */
  adminId: string | null;
  /** The admin's username, or 'system'. */
  actor: string;
  /** Dotted verb: property.approve, property.disapprove, user.permissions, admin.login … */
  action: string;
  targetType: AuditTargetType;
  targetId: string | null;
  /** The changed fields before and after; never secrets (no password hashes, no tokens). */
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  at: Date;
}

/**
 * Appends one audit entry. Pass the transaction that makes the change, so the change and its
 * entry are written together or not at all.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    adminId: entry.adminId,
    actor: entry.actor,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: entry.ip ?? null,
    createdAt: entry.at,
  });
}

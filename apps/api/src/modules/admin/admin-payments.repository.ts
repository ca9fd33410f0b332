import { and, count, desc, eq, gte, lt, sql, sum, type SQL } from 'drizzle-orm';
import type {
  TMobileMoneyNetwork,
  TPaymentPurpose,
  TPaymentStatus,
} from '@makazi/contracts/payment-values';
import type { Database } from '../../db/client';
import { payments, plans, users } from '../../db/schema';

/*
 * SQL of the admin's finance records: a page of payments with their payer and plan, totals over
 * every matching payment, and keyset batches for the CSV export.
 */

export interface PaymentFilters {
  /** created_at ≥ this. */
  from?: Date;
  /** created_at < this. */
  before?: Date;
  status?: TPaymentStatus;
  network?: TMobileMoneyNetwork;
  purpose?: TPaymentPurpose;
}

export interface AdminPaymentRecord {
  id: string;
  createdAt: Date;
  completedAt: Date | null;
  userId: string;
  firstName: string;
  lastName: string;
  /** Null once the payer deleted their account, as are payerPhone and the names (empty). */
  userPhone: string | null;
  /** When the payer deleted their account: the payment stays, without their name or number. */
  userDeletedAt: Date | null;
  purpose: TPaymentPurpose;
  planId: string;
  planDays: number;
  propertyId: string | null;
  /** Null for a guarantee credit: nobody paid. */
  network: TMobileMoneyNetwork | null;
  amountTzs: number;
  status: TPaymentStatus;
  statusReason: string | null;
  payerPhone: string | null;
  providerReference: string | null;
}

export interface StatusTotal {
  status: TPaymentStatus;
  count: number;
  amountTzs: number;
}

export interface AdminPaymentsRepository {
  /** Newest first (ties by id, so pages never overlap). */
  listPage(filters: PaymentFilters, limit: number, offset: number): Promise<AdminPaymentRecord[]>;
  /** Count and amount per status present among the matching payments. */
  totalsByStatus(filters: PaymentFilters): Promise<StatusTotal[]>;
  /**
   * The next `limit` matching payments, newest first, after the payment `afterId` in that order
   * (from the newest when undefined). Keyset, not offset: the hundredth batch costs what the first did.
   */
  batchAfter(
    filters: PaymentFilters,
    afterId: string | undefined,
    limit: number,
  ): Promise<AdminPaymentRecord[]>;
}

const recordColumns = {
  id: payments.id,
  createdAt: payments.createdAt,
  completedAt: payments.completedAt,
  userId: payments.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  userPhone: users.phoneNumber,
  userDeletedAt: users.deletedAt,
  purpose: payments.purpose,
  planId: payments.planId,
  planDays: plans.durationDays,
  propertyId: payments.propertyId,
  network: payments.network,
  amountTzs: payments.amountTzs,
  status: payments.status,
  statusReason: payments.statusReason,
  payerPhone: payments.payerPhone,
  providerReference: payments.providerReference,
};

function conditions(filters: PaymentFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.from) where.push(gte(payments.createdAt, filters.from));
  if (filters.before) where.push(lt(payments.createdAt, filters.before));
  if (filters.status) where.push(eq(payments.status, filters.status));
  if (filters.network) where.push(eq(payments.network, filters.network));
  if (filters.purpose) where.push(eq(payments.purpose, filters.purpose));
  return where;
}

const newestFirst = [desc(payments.createdAt), desc(payments.id)];

export function createAdminPaymentsRepository(db: Database): AdminPaymentsRepository {
  const selectRecords = (where: SQL[]) =>
    db
      .select(recordColumns)
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .innerJoin(plans, eq(plans.id, payments.planId))
      .where(and(...where))
      .orderBy(...newestFirst);

  return {
    async listPage(filters, limit, offset) {
      return selectRecords(conditions(filters)).limit(limit).offset(offset);
    },

    async totalsByStatus(filters) {
      const rows = await db
        .select({
          status: payments.status,
          count: count(),
          // sum() of a bigint is numeric, which both drivers hand back as a string.
          amountTzs: sum(payments.amountTzs).mapWith(Number),
        })
        .from(payments)
        .where(and(...conditions(filters)))
        .groupBy(payments.status);
      return rows;
    },

    async batchAfter(filters, afterId, limit) {
      const where = conditions(filters);
      if (afterId !== undefined) {
        // Compared with the cursor row's own stored values, so no precision is lost on the way
        // through a JavaScript Date (PostgreSQL keeps microseconds).
        where.push(
          sql`(${payments.createdAt}, ${payments.id}) < (select c.created_at, c.id from payments c where c.id = ${afterId})`,
        );
      }
      return selectRecords(where).limit(limit);
    },
  };
}

import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type {
  TMobileMoneyNetwork,
  TPaymentProvider,
  TPaidPurpose,
  TPaymentStatus,
} from '@makazi/contracts/payment-values';
import type { TPropertyStatus, TPropertyType } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import {
  paymentEvents,
  payments,
  plans,
  promotions,
  properties,
  subscriptions,
  users,
} from '../../db/schema';
import { transactionRefreshingCards } from '../properties/catalogue-cards';

/*
 * SQL of payments: checkouts (plans, listings, the payment row), provider callbacks (the event
 * journal) and the one transaction that settles a payment and grants what it bought.
 */

export interface PlanRow {
  id: string;
  kind: 'subscription' | 'promotion';
  durationDays: number;
  priceTzs: number;
  active: boolean;
}

export interface ListingRow {
  id: string;
  publishedBy: string;
  type: TPropertyType;
  status: TPropertyStatus;
}

export interface PaymentRow {
  id: string;
  userId: string;
  purpose: TPaidPurpose;
  planId: string;
  propertyId: string | null;
  amountTzs: number;
  provider: TPaymentProvider;
  network: TMobileMoneyNetwork;
  status: TPaymentStatus;
  statusReason: string | null;
  providerReference: string | null;
  /** E.164; null once the payer deleted their account. */
  payerPhone: string | null;
  createdAt: Date;
  completedAt: Date | null;
}

export interface NewPayment {
  userId: string;
  purpose: TPaidPurpose;
  planId: string;
  propertyId: string | null;
  amountTzs: number;
  provider: TPaymentProvider;
  network: TMobileMoneyNetwork;
  payerPhone: string;
  idempotencyKey: string;
  createdAt: Date;
}

export interface NewPaymentEvent {
  provider: TPaymentProvider;
  eventId: string;
  paymentId: string | null;
  receivedAt: Date;
  payload: unknown;
}

export interface PaymentsRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: PaymentsRepository) => Promise<T>): Promise<T>;
  findPlan(id: string): Promise<PlanRow | undefined>;
  findListing(id: string): Promise<ListingRow | undefined>;
  findPayment(id: string): Promise<PaymentRow | undefined>;
  findPaymentByKey(userId: string, idempotencyKey: string): Promise<PaymentRow | undefined>;
  /** The user's payment waiting for the payer, if any (payments_one_pending_per_user_idx). */
  findPendingPayment(userId: string): Promise<PaymentRow | undefined>;
  /**
   * Holds the checkout lock of one payer phone until the transaction ends: checkouts pushing to
   * that phone count its pushes one at a time, in every process.
   */
  lockPayerPhone(payerPhone: string): Promise<void>;
  /**
   * When the `n`th newest payment created after `since` was created, for one user or one payer
   * phone; undefined when fewer than `n` were. Once it is an hour old, fewer than `n` remain.
   */
  nthNewestCreatedAfter(
    of: { userId: string } | { payerPhone: string },
    since: Date,
    n: number,
  ): Promise<Date | undefined>;
  /**
   * undefined when the row would break a unique index: (user, idempotency key) already exists,
   * or the user already has a pending payment.
   */
  insertPayment(values: NewPayment): Promise<PaymentRow | undefined>;
  setProviderReference(id: string, providerReference: string, at: Date): Promise<void>;
  /**
   * Moves a payment from `from` (pending, or expired or cancelled for a late success) to its
   * outcome; false when it was no longer in `from`.
   */
  completePayment(
    id: string,
    from: 'pending' | 'expired' | 'cancelled',
    status: Exclude<TPaymentStatus, 'pending'>,
    reason: string | null,
    providerReference: string | undefined,
    at: Date,
  ): Promise<boolean>;
  /** Pending payments created before `createdBefore`, oldest first. */
  listPendingBefore(createdBefore: Date, limit: number): Promise<PaymentRow[]>;
  /** false when this provider's event id was recorded before (a replay or a duplicate). */
  insertEvent(event: NewPaymentEvent): Promise<boolean>;
  /** The payment row, held until the transaction ends. */
  lockPayment(id: string): Promise<PaymentRow | undefined>;
  /** Holds the user's row: one user's subscriptions are granted one at a time. */
  lockUser(id: string): Promise<void>;
  /** Holds the listing's row: one listing's promotions are granted one at a time. */
  lockListing(id: string): Promise<void>;
  latestSubscriptionEnd(userId: string): Promise<Date | undefined>;
  latestPromotionEnd(propertyId: string): Promise<Date | undefined>;
  /** false when this payment already granted one (the unique payment_id). */
  insertSubscription(values: {
    userId: string;
    paymentId: string;
    startsAt: Date;
    endsAt: Date;
    createdAt: Date;
  }): Promise<boolean>;
  insertPromotion(values: {
    propertyId: string;
    paymentId: string;
    startsAt: Date;
    endsAt: Date;
    createdAt: Date;
  }): Promise<boolean>;
  setPromotionEnd(propertyId: string, endsAt: Date): Promise<void>;
}

/*
 * The payer's flow reads paid payments only: a guarantee credit (no provider, no network) is a
 * record for the finance pages, never checked out, pushed or settled. `paid` keeps it out.
 */
const paid = sql`${payments.provider} IS NOT NULL`;
const paymentColumns = {
  id: payments.id,
  userId: payments.userId,
  purpose: sql<TPaidPurpose>`${payments.purpose}`,
  planId: payments.planId,
  propertyId: payments.propertyId,
  amountTzs: payments.amountTzs,
  provider: sql<TPaymentProvider>`${payments.provider}`,
  network: sql<TMobileMoneyNetwork>`${payments.network}`,
  status: payments.status,
  statusReason: payments.statusReason,
  providerReference: payments.providerReference,
  payerPhone: payments.payerPhone,
  createdAt: payments.createdAt,
  completedAt: payments.completedAt,
};

/**
 * Names "checkouts pushing to one payer phone" among the two-key advisory locks (a key space of
 * its own); the second key is a hash of the phone. Two phones whose numbers hash alike only wait
 * for each other a moment.
 */
const PAYER_PHONE_LOCK = 27_001;

export function createPaymentsRepository(db: Database): PaymentsRepository {
  return {
    transaction: (work) =>
      transactionRefreshingCards(db, (tx) => work(createPaymentsRepository(tx))),

    async findPlan(id) {
      const [row] = await db
        .select({
          id: plans.id,
          kind: plans.kind,
          durationDays: plans.durationDays,
          priceTzs: plans.priceTzs,
          active: plans.active,
        })
        .from(plans)
        .where(eq(plans.id, id));
      return row;
    },

    async findListing(id) {
      const [row] = await db
        .select({
          id: properties.id,
          publishedBy: properties.publishedBy,
          type: properties.type,
          status: properties.status,
        })
        .from(properties)
        .where(and(eq(properties.id, id), sql`${properties.deletedAt} IS NULL`));
      return row;
    },

    async findPayment(id) {
      const [row] = await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.id, id), paid));
      return row;
    },

    async findPaymentByKey(userId, idempotencyKey) {
      const [row] = await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, idempotencyKey), paid));
      return row;
    },

    async findPendingPayment(userId) {
      const [row] = await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')))
        .limit(1);
      return row;
    },

    async lockPayerPhone(payerPhone) {
      await db.execute(
        sql`select pg_advisory_xact_lock(${sql.raw(String(PAYER_PHONE_LOCK))}, hashtext(${payerPhone}::text))`,
      );
    },

    async nthNewestCreatedAfter(of, since, n) {
      const whose =
        'userId' in of ? eq(payments.userId, of.userId) : eq(payments.payerPhone, of.payerPhone);
      // payments_user_created_idx or payments_payer_phone_created_idx, read newest first.
      const [row] = await db
        .select({ createdAt: payments.createdAt })
        .from(payments)
        .where(and(whose, gt(payments.createdAt, since)))
        .orderBy(desc(payments.createdAt))
        .offset(n - 1)
        .limit(1);
      return row?.createdAt;
    },

    async insertPayment(values) {
      // No conflict target: the idempotency key's index and the one-pending-payment-per-user
      // index both turn a second row into nothing, and a concurrent insert waits for the first.
      const [row] = await db
        .insert(payments)
        .values({ ...values, status: 'pending', updatedAt: values.createdAt })
        .onConflictDoNothing()
        .returning(paymentColumns);
      return row;
    },

    async setProviderReference(id, providerReference, at) {
      await db
        .update(payments)
        .set({ providerReference, updatedAt: at })
        .where(and(eq(payments.id, id), sql`${payments.providerReference} IS NULL`));
    },

    async completePayment(id, from, status, reason, providerReference, at) {
      const rows = await db
        .update(payments)
        .set({
          status,
          statusReason: reason,
          updatedAt: at,
          completedAt: at,
          ...(providerReference ? { providerReference } : {}),
        })
        .where(and(eq(payments.id, id), eq(payments.status, from)))
        .returning({ id: payments.id });
      return rows.length > 0;
    },

    async listPendingBefore(createdBefore, limit) {
      return db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.status, 'pending'), lt(payments.createdAt, createdBefore)))
        .orderBy(asc(payments.createdAt))
        .limit(limit);
    },

    async insertEvent(event) {
      const rows = await db
        .insert(paymentEvents)
        .values(event)
        .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
        .returning({ id: paymentEvents.id });
      return rows.length > 0;
    },

    async lockPayment(id) {
      const [row] = await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.id, id), paid))
        .for('update');
      return row;
    },

    async lockUser(id) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    },

    async lockListing(id) {
      await db
        .select({ id: properties.id })
        .from(properties)
        .where(eq(properties.id, id))
        .for('update');
    },

    async latestSubscriptionEnd(userId) {
      const [row] = await db
        .select({ endsAt: subscriptions.endsAt })
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(desc(subscriptions.endsAt))
        .limit(1);
      return row?.endsAt;
    },

    async latestPromotionEnd(propertyId) {
      const [row] = await db
        .select({ endsAt: promotions.endsAt })
        .from(promotions)
        .where(eq(promotions.propertyId, propertyId))
        .orderBy(desc(promotions.endsAt))
        .limit(1);
      return row?.endsAt;
    },

    async insertSubscription(values) {
      const rows = await db
        .insert(subscriptions)
        .values(values)
        .onConflictDoNothing({ target: subscriptions.paymentId })
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    async insertPromotion(values) {
      const rows = await db
        .insert(promotions)
        .values(values)
        .onConflictDoNothing({ target: promotions.paymentId })
        .returning({ id: promotions.id });
      return rows.length > 0;
    },

    async setPromotionEnd(propertyId, endsAt) {
      await db
        .update(properties)
        .set({ promotionEndsAt: endsAt })
        .where(eq(properties.id, propertyId));
    },
  };
}

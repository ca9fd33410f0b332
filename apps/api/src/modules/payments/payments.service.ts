import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  TCreateSubscriptionBody,
  TPayment,
  TPaymentAccepted,
  TPromotePropertyBody,
} from '@makazi/contracts/payments';
import {
  CHECKOUT_LIMIT_MESSAGE,
  PAYER_PHONE_LIMIT_MESSAGE,
  PAYMENT_WAITING_MESSAGE,
  type TPaidPurpose,
  type TPaymentStatus,
} from '@makazi/contracts/payment-values';
import type { LimitsConfig } from '../../config';
import {
  PaymentCallbackRejectedError,
  maskPhone,
  type CallbackRequest,
  type PaymentGateway,
  type ReportedMoney,
} from '../../gateways/payments/payment-gateway';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { RateLimitedError, secondsUntil, waitInWords } from '../../lib/rate-limited-error';
import { requireOwnListing, type Actor } from '../access/access';
import { paymentFailure } from './payment-failures';
import { REASONS } from './payment-reasons';
import type { PaymentRow, PaymentsRepository, PlanRow } from './payments.repository';

/*
 * Mobile-money checkouts (issue 5): a payment is recorded pending, then the provider is asked for
 * a USSD push; it is settled by the provider's callback or, when none came in time, by a status
 * query. Settling is one transaction that grants exactly one subscription or promotion.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The rolling window of the per-phone and per-user checkout limits. */
const HOUR_MS = 60 * 60 * 1000;
/** Pending payments settled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 100;
/** Every order is priced in Tanzanian shillings. */
const ORDER_CURRENCY = 'TZS';

/** How a status reads in a sentence ("this one is held for review"). */
const STATUS_WORDS: Record<TPaymentStatus, string> = {
  pending: 'pending',
  succeeded: 'succeeded',
  failed: 'failed',
  expired: 'expired',
  cancelled: 'cancelled',
  needs_review: 'held for review',
};

/** A checkout refused while the user's earlier payment waits for the payer: 409 naming it. */
export class PaymentWaitingError extends AppError {
  override readonly paymentId: string;

  constructor(paymentId: string) {
    super('CONFLICT', PAYMENT_WAITING_MESSAGE);
    this.name = 'PaymentWaitingError';
    this.paymentId = paymentId;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAYMENT_NOT_FOUND = 'No payment has this id';
const PLAN_NOT_FOUND = 'No plan has this id';

export type SettleOutcome =
  | ({ status: 'succeeded'; providerReference?: string } & ReportedMoney)
  | { status: 'failed' | 'expired'; reason: string; providerReference?: string };

export interface PaymentsServiceDeps {
  repository: PaymentsRepository;
  gateway: PaymentGateway;
  clock: Clock;
  log: FastifyBaseLogger;
  /** config.payments.timeoutMs: a pending payment older than this is checked, else expires. */
  timeoutMs: number;
  /** Pushes to one payer phone and checkouts of one user, each in a rolling hour. */
  limits: Pick<LimitsConfig, 'pushesPerPayerPhonePerHour' | 'checkoutsPerUserPerHour'>;
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** '0712345678' or '+255712345678' (already checked by the contract) → '+255712345678'. */
export function payerPhoneE164(phone: string): string {
  const trimmed = phone.trim();
  return trimmed.startsWith('0') ? `+255${trimmed.slice(1)}` : trimmed;
}

function toPayment(row: PaymentRow): TPayment {
  return {
    id: row.id,
    purpose: row.purpose,
    status: row.status,
    reason: row.statusReason,
    failure: paymentFailure(row.status, row.statusReason),
    amount: row.amountTzs,
    provider: row.network,
    planId: row.planId,
    propertyId: row.propertyId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

function activePlan(plan: PlanRow | undefined, kind: TPaidPurpose): PlanRow {
  if (!plan || !plan.active || plan.kind !== kind) throw notFound(PLAN_NOT_FOUND);
  return plan;
}

/** Why the money a provider reported is not the order's; undefined when it is. */
function moneyProblem(reported: ReportedMoney, expectedTzs: number): string | undefined {
  if (reported.amount === null) return REASONS.amountMissing;
  if (reported.amount !== expectedTzs) return REASONS.amountMismatch;
  if (reported.currency !== ORDER_CURRENCY) return REASONS.currencyMismatch;
  return undefined;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repository, gateway, clock, log, timeoutMs, limits } = deps;

  /**
   * The checkout's rules, in the transaction that records the payment, with the payer phone's
   * lock held: one waiting payment per user (409 naming it), then the per-user and per-phone
   * limits of the rolling hour (429 saying when). Counted in PostgreSQL, so every process
   * shares them; a refused checkout records nothing.
   */
  async function recordCheckout(
    tx: PaymentsRepository,
    values: Parameters<PaymentsRepository['insertPayment']>[0],
  ): Promise<{ payment: PaymentRow; isNew: boolean }> {
    const { userId, payerPhone, idempotencyKey, createdAt: now } = values;
    await tx.lockPayerPhone(payerPhone);
    // Asked again under the lock: the same attempt may have been recorded meanwhile.
    const sameAttempt = await tx.findPaymentByKey(userId, idempotencyKey);
    if (sameAttempt) return { payment: sameAttempt, isNew: false };
    const waiting = await tx.findPendingPayment(userId);
    if (waiting) throw new PaymentWaitingError(waiting.id);
    const since = new Date(now.getTime() - HOUR_MS);
    const userFull = await tx.nthNewestCreatedAfter(
      { userId },
      since,
      limits.checkoutsPerUserPerHour,
    );
    if (userFull) {
      const seconds = secondsUntil(new Date(userFull.getTime() + HOUR_MS), now);
      throw new RateLimitedError(
        `${CHECKOUT_LIMIT_MESSAGE} Try again in ${waitInWords(seconds)}.`,
        seconds,
      );
    }
    const phoneFull = await tx.nthNewestCreatedAfter(
      { payerPhone },
      since,
      limits.pushesPerPayerPhonePerHour,
    );
    if (phoneFull) {
      const seconds = secondsUntil(new Date(phoneFull.getTime() + HOUR_MS), now);
      log.warn({ phone: maskPhone(payerPhone), userId }, 'payment pushes to one phone limited');
      throw new RateLimitedError(
        `${PAYER_PHONE_LIMIT_MESSAGE} Try again in ${waitInWords(seconds)}.`,
        seconds,
      );
    }
    const inserted = await tx.insertPayment(values);
    if (inserted) return { payment: inserted, isNew: true };
    // A unique index refused the row: the same attempt, or another checkout of this user that
    // committed its pending payment first (a request that did not take this phone's lock).
    const sameKey = await tx.findPaymentByKey(userId, idempotencyKey);
    if (sameKey) return { payment: sameKey, isNew: false };
    const other = await tx.findPendingPayment(userId);
    if (other) throw new PaymentWaitingError(other.id);
    throw new Error('payment insert refused by no index we know');
  }

  /** Records the payment (or finds the one with this key), then asks for the push once. */
  async function checkout(
    actor: Actor,
    input: {
      purpose: TPaidPurpose;
      plan: PlanRow;
      propertyId: string | null;
      phoneNumber: string;
      network: TCreateSubscriptionBody['provider'];
      idempotencyKey: string | undefined;
    },
  ): Promise<TPaymentAccepted> {
    // No key: a server-made one, so every request is its own payment.
    const idempotencyKey = input.idempotencyKey ?? `server:${randomUUID()}`;
    // The same checkout attempt again (a double click, a retried request) is answered first,
    // whatever the limits say now: never a second push, never a refusal of what was accepted.
    const known = await repository.findPaymentByKey(actor.userId, idempotencyKey);
    if (known) return { paymentId: known.id, status: known.status };
    const payerPhone = payerPhoneE164(input.phoneNumber);
    const recorded = await repository.transaction((tx) =>
      recordCheckout(tx, {
        userId: actor.userId,
        purpose: input.purpose,
        planId: input.plan.id,
        propertyId: input.propertyId,
        amountTzs: input.plan.priceTzs,
        provider: gateway.provider,
        network: input.network,
        payerPhone,
        idempotencyKey,
        createdAt: clock(),
      }),
    );
    if (!recorded.isNew) {
      return { paymentId: recorded.payment.id, status: recorded.payment.status };
    }
    const inserted = recorded.payment;
    // The payment is committed before the network call: no transaction waits on a provider.
    try {
      const accepted = await gateway.requestPush({
        reference: inserted.id,
        amountTzs: inserted.amountTzs,
        phoneE164: payerPhone,
        network: input.network,
      });
      await repository.setProviderReference(inserted.id, accepted.providerReference, clock());
    } catch (err) {
      log.warn(
        { err, paymentId: inserted.id, phone: maskPhone(payerPhone) },
        'payment push request failed',
      );
      await repository.completePayment(
        inserted.id,
        'pending',
        'failed',
        REASONS.unreachable,
        undefined,
        clock(),
      );
      throw new AppError('SERVICE_UNAVAILABLE', REASONS.unreachable, undefined, err);
    }
    return { paymentId: inserted.id, status: 'pending' };
  }

  /**
   * Settles a pending payment in one transaction, with the payment row locked: a payment already
   * settled is left as it is, and a success grants exactly one subscription or promotion, which
   * starts where the latest one ends. A success whose money is not the order's (another amount,
   * another currency, none said) grants nothing: it is held for review. With `event`, the
   * provider's event is journaled in the same transaction, and a duplicate changes nothing.
   */
  async function settle(
    paymentId: string,
    outcome: SettleOutcome,
    event?: { eventId: string; payload: unknown },
  ): Promise<'settled' | 'unchanged' | 'duplicate'> {
    return repository.transaction(async (tx) => {
      const now = clock();
      // The payment row is locked before the event is journaled: the event's foreign key takes a
      // share lock on the payment, and two callbacks each holding one would deadlock on the update.
      const payment = await tx.lockPayment(paymentId);
      if (event) {
        const first = await tx.insertEvent({
          provider: gateway.provider,
          eventId: event.eventId,
          paymentId,
          receivedAt: now,
          payload: event.payload,
        });
        if (!first) return 'duplicate';
      }
      if (!payment) return 'unchanged';
      // `expired` only means we stopped waiting, and `cancelled` that the payer stopped waiting:
      // a provider's later word that the money was taken still grants what was paid for, or the
      // payer loses it. Any other settled payment stays.
      const from = payment.status;
      const lateSuccess =
        (from === 'expired' || from === 'cancelled') && outcome.status === 'succeeded';
      if (from !== 'pending' && !lateSuccess) return 'unchanged';
      if (outcome.status !== 'succeeded') {
        await tx.completePayment(
          payment.id,
          from,
          outcome.status,
          outcome.reason,
          outcome.providerReference,
          now,
        );
        return 'settled';
      }
      const problem = moneyProblem(outcome, payment.amountTzs);
      if (problem) {
        log.warn(
          {
            paymentId,
            expected: { amount: payment.amountTzs, currency: ORDER_CURRENCY },
            reported: { amount: outcome.amount, currency: outcome.currency },
            phone: maskPhone(payment.payerPhone ?? ''),
          },
          'payment confirmed with other money than the order: held for review',
        );
        await tx.completePayment(
          payment.id,
          from,
          'needs_review',
          problem,
          outcome.providerReference,
          now,
        );
        return 'settled';
      }
      const plan = await tx.findPlan(payment.planId);
      if (!plan) throw new Error(`payment ${payment.id} names a missing plan`);
      await tx.completePayment(payment.id, from, 'succeeded', null, outcome.providerReference, now);
      if (payment.purpose === 'subscription') {
        await tx.lockUser(payment.userId);
        const latest = await tx.latestSubscriptionEnd(payment.userId);
        const startsAt = latest && latest > now ? latest : now;
        await tx.insertSubscription({
          userId: payment.userId,
          paymentId: payment.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + plan.durationDays * DAY_MS),
          createdAt: now,
        });
      } else {
        const propertyId = payment.propertyId;
        if (!propertyId) throw new Error(`promotion payment ${payment.id} has no listing`);
        await tx.lockListing(propertyId);
        const latest = await tx.latestPromotionEnd(propertyId);
        const startsAt = latest && latest > now ? latest : now;
        const endsAt = new Date(startsAt.getTime() + plan.durationDays * DAY_MS);
        await tx.insertPromotion({
          propertyId,
          paymentId: payment.id,
          startsAt,
          endsAt,
          createdAt: now,
        });
        await tx.setPromotionEnd(propertyId, endsAt);
      }
      return 'settled';
    });
  }

  return {
    provider: gateway.provider,

    async createSubscription(
      actor: Actor,
      body: TCreateSubscriptionBody,
    ): Promise<TPaymentAccepted> {
      if (body.userId !== actor.userId) {
        throw new AppError('FORBIDDEN', 'You can only buy a subscription for yourself.');
      }
      const plan = activePlan(await repository.findPlan(body.planId), 'subscription');
      return checkout(actor, {
        purpose: 'subscription',
        plan,
        propertyId: null,
        phoneNumber: body.phoneNumber,
        network: body.provider,
        idempotencyKey: body.idempotencyKey,
      });
    },

    async promote(
      actor: Actor,
      propertyId: string,
      body: TPromotePropertyBody,
    ): Promise<TPaymentAccepted> {
      const listing = requireOwnListing(actor.userId, await repository.findListing(propertyId));
      if (listing.status !== 'approved') {
        throw new AppError(
          'CONFLICT',
          'Only approved listings can be promoted. Wait for the review, then try again.',
        );
      }
      const plan = activePlan(await repository.findPlan(body.promotionPlanId), 'promotion');
      return checkout(actor, {
        purpose: 'promotion',
        plan,
        propertyId: listing.id,
        phoneNumber: body.phoneNumber,
        network: body.provider,
        idempotencyKey: body.idempotencyKey,
      });
    },

    /** The payer's own payment; anyone else's is as unknown as a missing one. */
    async get(actor: Actor, paymentId: string): Promise<TPayment> {
      const row = await repository.findPayment(paymentId);
      if (!row || row.userId !== actor.userId) throw notFound(PAYMENT_NOT_FOUND);
      return toPayment(row);
    },

    /**
     * The payer stops waiting: their pending payment is cancelled at once, so a new checkout is
     * possible. The push may still be on the phone; if the payer approves it after all, the
     * provider's success still grants what was paid for (see settle). Anyone else's payment is
     * as unknown as a missing one; a payment no longer pending is a 409 naming its status.
     */
    async cancel(actor: Actor, paymentId: string): Promise<TPayment> {
      return repository.transaction(async (tx) => {
        const payment = await tx.lockPayment(paymentId);
        if (!payment || payment.userId !== actor.userId) throw notFound(PAYMENT_NOT_FOUND);
        if (payment.status !== 'pending') {
          throw new AppError(
            'CONFLICT',
            `Only a payment waiting for an answer can be cancelled; this one is ${STATUS_WORDS[payment.status]}.`,
          );
        }
        const now = clock();
        await tx.completePayment(
          payment.id,
          'pending',
          'cancelled',
          REASONS.cancelled,
          undefined,
          now,
        );
        log.info({ paymentId: payment.id }, 'payment cancelled by the payer');
        return toPayment({
          ...payment,
          status: 'cancelled',
          statusReason: REASONS.cancelled,
          completedAt: now,
        });
      });
    },

    /** Any payment, whoever paid it: admins answer payers' questions about them. */
    async getForAdmin(paymentId: string): Promise<TPayment> {
      const row = await repository.findPayment(paymentId);
      if (!row) throw notFound(PAYMENT_NOT_FOUND);
      return toPayment(row);
    },

    /** A provider callback: verified, journaled once, then applied. */
    async handleCallback(provider: string, request: CallbackRequest): Promise<void> {
      if (provider !== gateway.provider) throw notFound('No such payment provider');
      let callback;
      try {
        callback = gateway.parseCallback(request);
      } catch (err) {
        if (err instanceof PaymentCallbackRejectedError) {
          log.warn({ err }, 'payment callback rejected');
          throw new AppError('VALIDATION_FAILED', 'The callback could not be verified.');
        }
        throw err;
      }
      const payment = UUID.test(callback.reference)
        ? await repository.findPayment(callback.reference)
        : undefined;
      if (!payment) {
        // Acknowledged so the provider stops retrying; there is nothing of ours to settle.
        log.warn({ reference: callback.reference }, 'payment callback for an unknown payment');
        return;
      }
      const outcome: SettleOutcome =
        callback.status === 'succeeded'
          ? {
              status: 'succeeded',
              ...(callback.providerReference
                ? { providerReference: callback.providerReference }
                : {}),
              amount: callback.amount,
              currency: callback.currency,
            }
          : {
              status: 'failed',
              reason: callback.reason ?? REASONS.declined,
              ...(callback.providerReference
                ? { providerReference: callback.providerReference }
                : {}),
            };
      const result = await settle(payment.id, outcome, {
        eventId: callback.eventId,
        payload: callback,
      });
      if (result === 'settled') {
        log.info({ paymentId: payment.id, status: outcome.status }, 'payment settled by callback');
      }
    },

    /**
     * Pending payments older than the timeout are asked about: a confirmed one is settled as a
     * callback would have; one still pending (or that the provider cannot tell) expires.
     */
    async expireStale(): Promise<{ checked: number; settled: number }> {
      const stale = await repository.listPendingBefore(
        new Date(clock().getTime() - timeoutMs),
        SWEEP_BATCH,
      );
      let settled = 0;
      for (const payment of stale) {
        let outcome: SettleOutcome;
        try {
          const answer = await gateway.queryStatus({
            reference: payment.id,
            ...(payment.providerReference ? { providerReference: payment.providerReference } : {}),
          });
          const providerReference = answer.providerReference ?? undefined;
          const ref = providerReference ? { providerReference } : {};
          outcome =
            answer.status === 'succeeded'
              ? { status: 'succeeded', ...ref, amount: answer.amount, currency: answer.currency }
              : answer.status === 'failed'
                ? { status: 'failed', reason: answer.reason ?? REASONS.declined, ...ref }
                : { status: 'expired', reason: REASONS.timedOut, ...ref };
        } catch (err) {
          log.warn({ err, paymentId: payment.id }, 'payment status query failed');
          outcome = { status: 'expired', reason: REASONS.timedOut };
        }
        if ((await settle(payment.id, outcome)) === 'settled') settled += 1;
      }
      return { checked: stale.length, settled };
    },
  };
}

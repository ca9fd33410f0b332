import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type {
  TCreateSubscriptionBody,
  TPayment,
  TPaymentAccepted,
  TPromotePropertyBody,
} from '@makazi/contracts/payments';
import type { TPaymentPurpose } from '@makazi/contracts/payment-values';
import {
  PaymentCallbackRejectedError,
  maskPhone,
  type CallbackRequest,
  type PaymentGateway,
} from '../../gateways/payments/payment-gateway';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { requireOwnListing, type Actor } from '../access/access';
import type { PaymentRow, PaymentsRepository, PlanRow } from './payments.repository';

/*
 * Mobile-money checkouts (issue 5): a payment is recorded pending, then the provider is asked for
 * a USSD push; it is settled by the provider's callback or, when none came in time, by a status
 * query. Settling is one transaction that grants exactly one subscription or promotion.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Pending payments settled per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

export const REASONS = {
  unreachable: 'The payment provider could not be reached. Please try again.',
  timedOut: 'The payment was not confirmed in time. Please try again.',
  amountMismatch: 'The amount paid did not match the price. Please contact support.',
  declined: 'The payment was declined.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PAYMENT_NOT_FOUND = 'No payment has this id';
const PLAN_NOT_FOUND = 'No plan has this id';

export type SettleOutcome =
  | { status: 'succeeded'; providerReference?: string; amountTzs?: number }
  | { status: 'failed' | 'expired'; reason: string; providerReference?: string };

export interface PaymentsServiceDeps {
  repository: PaymentsRepository;
  gateway: PaymentGateway;
  clock: Clock;
  log: FastifyBaseLogger;
  /** config.payments.timeoutMs: a pending payment older than this is checked, else expires. */
  timeoutMs: number;
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
    amount: row.amountTzs,
    provider: row.network,
    planId: row.planId,
    propertyId: row.propertyId,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

function activePlan(plan: PlanRow | undefined, kind: TPaymentPurpose): PlanRow {
  if (!plan || !plan.active || plan.kind !== kind) throw notFound(PLAN_NOT_FOUND);
  return plan;
}

export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { repository, gateway, clock, log, timeoutMs } = deps;

  /** Records the payment (or finds the one with this key), then asks for the push once. */
  async function checkout(
    actor: Actor,
    input: {
      purpose: TPaymentPurpose;
      plan: PlanRow;
      propertyId: string | null;
      phoneNumber: string;
      network: TCreateSubscriptionBody['provider'];
      idempotencyKey: string | undefined;
    },
  ): Promise<TPaymentAccepted> {
    // No key: a server-made one, so every request is its own payment.
    const idempotencyKey = input.idempotencyKey ?? `server:${randomUUID()}`;
    const payerPhone = payerPhoneE164(input.phoneNumber);
    const inserted = await repository.insertPayment({
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
    });
    if (!inserted) {
      // The same checkout attempt again (a double click, a retried request): never a second push.
      const existing = await repository.findPaymentByKey(actor.userId, idempotencyKey);
      if (!existing) throw new Error('payment with this idempotency key vanished');
      return { paymentId: existing.id, status: existing.status };
    }
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
   * starts where the latest one ends. With `event`, the provider's event is journaled in the same
   * transaction, and a duplicate changes nothing.
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
      // `expired` only means we stopped waiting: a provider's later word that the money was taken
      // still grants what was paid for, or the payer loses it. Any other settled payment stays.
      const lateSuccess = payment.status === 'expired' && outcome.status === 'succeeded';
      if (payment.status !== 'pending' && !lateSuccess) return 'unchanged';
      const from = lateSuccess ? 'expired' : 'pending';
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
      if (outcome.amountTzs !== undefined && outcome.amountTzs !== payment.amountTzs) {
        log.error(
          { paymentId, expected: payment.amountTzs, received: outcome.amountTzs },
          'payment confirmed with a different amount',
        );
        await tx.completePayment(
          payment.id,
          from,
          'failed',
          REASONS.amountMismatch,
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
              ...(callback.amountTzs !== undefined ? { amountTzs: callback.amountTzs } : {}),
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
              ? { status: 'succeeded', ...ref }
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

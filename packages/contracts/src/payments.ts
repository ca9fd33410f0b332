import { z } from 'zod';
import {
  MOBILE_MONEY_NETWORKS,
  PAYMENT_PHONE_MESSAGE,
  PAYMENT_PHONE_PATTERN,
  PAYMENT_PURPOSES,
  PAYMENT_FAILURES,
  PAYMENT_STATUSES,
} from './payment-values';

/*
 * Money calls (issue 5): a checkout asks the provider for a USSD push and answers 202
 * at once; the payment is confirmed later by the provider's callback (or a status query), and only
 * then is anything granted.
 */

export const ZMobileMoneyNetwork = z.enum(MOBILE_MONEY_NETWORKS);
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
export const ZPaymentPurpose = z.enum(PAYMENT_PURPOSES);

const ZPayerPhone = z.string().trim().regex(PAYMENT_PHONE_PATTERN, PAYMENT_PHONE_MESSAGE);
/**
 * One per checkout attempt, made by the client: a double click or a retried request with the same
 * key is the same payment, never a second charge.
 */
const ZIdempotencyKey = z.uuid('must be a uuid made once per checkout attempt').optional();

/** POST /api/subscription/create: `userId` must be the caller (else 403). */
export const ZCreateSubscriptionBody = z.object({
  userId: z.uuid('must be a user id'),
  planId: z.uuid('must be a plan id'),
  phoneNumber: ZPayerPhone,
  /** The payer's network, one of MOBILE_MONEY_NETWORKS. */
  provider: ZMobileMoneyNetwork,
  idempotencyKey: ZIdempotencyKey,
});
export type TCreateSubscriptionBody = z.infer<typeof ZCreateSubscriptionBody>;

/** POST /api/properties/{id}/promote: owner only. */
export const ZPromotePropertyBody = z.object({
  promotionPlanId: z.uuid('must be a plan id'),
  phoneNumber: ZPayerPhone,
  provider: ZMobileMoneyNetwork,
  idempotencyKey: ZIdempotencyKey,
});
export type TPromotePropertyBody = z.infer<typeof ZPromotePropertyBody>;

/** 202 answer of both checkouts: accepted, not paid. */
export const ZPaymentAccepted = z.object({
  paymentId: z.uuid(),
  status: ZPaymentStatus,
});
export type TPaymentAccepted = z.infer<typeof ZPaymentAccepted>;

/** GET /api/payments/{paymentId}: the payer (and admins). */
export const ZPayment = z.object({
  id: z.uuid(),
  purpose: ZPaymentPurpose,
  status: ZPaymentStatus,
  /**
   * Why it failed, expired, was cancelled or is held for review, in words a payer understands;
   * null otherwise.
   */
  reason: z.string().nullable(),
  /** Why it failed or expired, as one of ours (the web words it); null for any other status. */
  failure: z.enum(PAYMENT_FAILURES).nullable(),
  /** Whole TZS, from the plan. */
  amount: z.number().int(),
  provider: ZMobileMoneyNetwork,
  planId: z.uuid(),
  /** The promoted listing; null for a subscription. */
  propertyId: z.uuid().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;
/** GET /api/payments/{paymentId} and POST /api/payments/{paymentId}/cancel (the payer's own). */
export const ZPaymentIdParams = z.object({ paymentId: z.uuid('must be a payment id') });

/**
 * GET /api/subscription/status/{userId}: clients (the web app's subscription guard among them)
 * decide on data.isActive.
 */
export const ZSubscriptionStatusResponse = z.object({
  data: z.object({
    isActive: z.boolean(),
    /** When the running subscription (and any queued after it) ends; null when none. */
    endsAt: z.string().nullable(),
  }),
});
export type TSubscriptionStatusResponse = z.infer<typeof ZSubscriptionStatusResponse>;
export const ZUserIdParams = z.object({ userId: z.uuid('must be a user id') });

/** GET /api/properties/{id}/contact: the owner, an admin, or a subscriber; else 401 / 402. */
export const ZContactResponse = z.object({
  ownerName: z.string(),
  /** E.164: +255712345678. */
  phoneNumber: z.string(),
});
export type TContactResponse = z.infer<typeof ZContactResponse>;

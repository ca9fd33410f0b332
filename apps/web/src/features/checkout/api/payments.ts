import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPayment, TPaymentAccepted } from '@makazi/contracts/payments';
import {
  PAYMENT_FAILURES,
  PAYMENT_STATUSES,
  type TMobileMoneyNetwork,
  type TPaymentStatus,
} from '@makazi/contracts/payment-values';
import { apiGet, apiSend, isApiError } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { accountQueryKey } from '../../../lib/sign-out';

function isStatus(value: unknown): value is TPaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

function isAccepted(body: unknown): body is TPaymentAccepted {
  return isRecord(body) && typeof body.paymentId === 'string' && isStatus(body.status);
}

function isPayment(body: unknown): body is TPayment {
  return (
    isRecord(body) &&
    typeof body.id === 'string' &&
    isStatus(body.status) &&
    (body.reason === null || typeof body.reason === 'string') &&
    (body.failure === null || (PAYMENT_FAILURES as readonly unknown[]).includes(body.failure)) &&
    typeof body.amount === 'number' &&
    typeof body.provider === 'string'
  );
}

/** What both checkouts send besides the plan. */
export interface PayerDetails {
  phoneNumber: string;
  provider: TMobileMoneyNetwork;
  /** One per checkout attempt: the same key again is the same payment, never a second charge. */
  idempotencyKey: string;
}

/** POST /api/subscription/create: 202 {paymentId, status}; the user approves the push on the phone. */
export function createSubscriptionPayment(
  body: PayerDetails & { userId: string; planId: string },
): Promise<TPaymentAccepted> {
  return apiSend('POST', '/subscription/create', body, isAccepted, { auth: true });
}

/** POST /api/properties/{id}/promote (owner only, approved listings): 202 {paymentId, status}. */
export function createPromotionPayment(
  propertyId: string,
  body: PayerDetails & { promotionPlanId: string },
): Promise<TPaymentAccepted> {
  return apiSend(
    'POST',
    `/properties/${encodeURIComponent(propertyId)}/promote`,
    body,
    isAccepted,
    { auth: true },
  );
}

export async function getPayment(paymentId: string, signal?: AbortSignal): Promise<TPayment> {
  return (
    await apiGet(`/payments/${encodeURIComponent(paymentId)}`, isPayment, { auth: true, signal })
  ).data;
}

/**
 * POST /api/payments/{id}/cancel: the payer stops waiting for their pending payment, so a new
 * checkout can start. 409 when it is no longer pending (it ended meanwhile).
 */
export async function cancelPayment(paymentId: string): Promise<TPayment> {
  return apiSend(
    'POST',
    `/payments/${encodeURIComponent(paymentId)}/cancel`,
    undefined,
    isPayment,
    { auth: true },
  );
}

/** The server does not know the payment (or it is someone else's): asking again will not help. */
export function isPaymentGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403);
}

/** How often a pending payment is asked about: the user is looking at their phone meanwhile. */
export const PAYMENT_POLL_MS = 2_000;

export function paymentQueryOptions(userId: string, paymentId: string) {
  return queryOptions({
    // Under the account scope: signing out forgets it with the rest of the user's data.
    queryKey: [...accountQueryKey(userId), 'payment', paymentId],
    queryFn: ({ signal }) => getPayment(paymentId, signal),
    staleTime: 0,
    // The poll is the retry: a failed check is simply asked again at the next tick.
    retry: false,
    // Ask again while the payment is pending or not known yet (also after a failed check);
    // a settled payment is never asked about again.
    refetchInterval: (query) => {
      if (isPaymentGone(query.state.error)) return false;
      const { data } = query.state;
      return data === undefined || data.status === 'pending' ? PAYMENT_POLL_MS : false;
    },
  });
}

/** GET /api/payments/{id} every two seconds while the payment is pending; stops on unmount. */
export function usePayment(userId: string, paymentId: string) {
  return useQuery(paymentQueryOptions(userId, paymentId));
}

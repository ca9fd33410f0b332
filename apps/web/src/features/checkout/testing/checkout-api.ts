import type { TPlan } from '@makazi/contracts/plans';
import { PAYMENT_WAITING_MESSAGE } from '@makazi/contracts/payment-values';
import type { TPayment } from '@makazi/contracts/payments';
import { USER, USER_SUB, apiErrorResponse } from '../../../testing/account';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../testing/test-utils';

/*
 * The payments API as the checkout tests' fetch mock serves it. Checkouts and payment checks answer
 * from queues (the last answer repeats), so a test can make the first try fail and the next succeed.
 */

export const LISTING_ID = '0d7f6c2a-3b4e-4c5d-8e9f-a0b1c2d3e4f5';
export const PAYMENT_ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
/** Another payment of the user's, still waiting for the payer: a checkout's 409 names it. */
export const WAITING_ID = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';

export const SUBSCRIPTION_PLANS: TPlan[] = [
  {
    id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    durationInDays: 1,
    price: 1000,
    features: ['See contacts for a day'],
  },
  {
    id: '6e2d3c4b-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
    durationInDays: 30,
    price: 20000,
    features: ['See contacts', 'Call and chat'],
  },
];

export const PROMOTION_PLANS: TPlan[] = [
  {
    id: '7f3e4d5c-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
    durationInDays: 7,
    price: 5000,
    features: ['Shown first for a week'],
  },
  {
    id: '8a4f5e6d-7b8c-4d9e-9f0a-2b3c4d5e6f7a',
    durationInDays: 14,
    price: 9000,
    features: ['Shown first for two weeks'],
  },
];

export function payment(status: TPayment['status'], overrides: Partial<TPayment> = {}): TPayment {
  return {
    id: PAYMENT_ID,
    purpose: 'subscription',
    status,
    reason: null,
    failure: null,
    amount: 20000,
    provider: 'mpesa',
    planId: SUBSCRIPTION_PLANS[1]!.id,
    propertyId: null,
    createdAt: '2026-11-22T10:00:00.000Z',
    completedAt: status === 'pending' ? null : '2026-11-22T10:01:00.000Z',
    ...overrides,
  };
}

type Answer = Response | (() => Response | Promise<Response>);

export interface CheckoutAnswers {
  /** Answers of POST /api/subscription/create and /api/properties/{id}/promote, in turn. */
  checkout?: Answer[];
  /** Answers of GET /api/payments/{id}, in turn. */
  payments?: Answer[];
  /** Answers of GET /api/payments/{WAITING_ID}, in turn; pending by default. */
  waiting?: Answer[];
  /** Answers of POST /api/payments/{id}/cancel, in turn; the waiting payment, cancelled, by default. */
  cancel?: Answer[];
  /** GET /api/users/{sub}; the signed-in user by default. */
  user?: Answer;
  /** Anything else (the sign-in of the contact step); a 404 by default. */
  otherwise?: FetchHandler;
}

function next(queue: Answer[], fallback: () => Response): Response | Promise<Response> {
  const answer = queue.length > 1 ? queue.shift() : queue[0];
  if (!answer) return fallback();
  return typeof answer === 'function' ? answer() : answer.clone();
}

export const accepted = () =>
  jsonResponse({ paymentId: PAYMENT_ID, status: 'pending' }, { status: 202 });

/** The checkout's 409 while WAITING_ID waits for the payer, as the API words it. */
export const refusedForWaiting = () =>
  jsonResponse(
    {
      statusCode: 409,
      code: 'CONFLICT',
      message: PAYMENT_WAITING_MESSAGE,
      paymentId: WAITING_ID,
    },
    { status: 409 },
  );

/** The waiting payment, as GET /api/payments/{WAITING_ID} answers it. */
export const waitingPayment = (status: TPayment['status']) =>
  payment(status, { id: WAITING_ID, amount: 5000, provider: 'tigopesa', purpose: 'promotion' });

export function serveCheckout(answers: CheckoutAnswers = {}) {
  const checkout = [...(answers.checkout ?? [accepted])];
  const payments = [...(answers.payments ?? [jsonResponse(payment('pending'))])];
  const waiting = [...(answers.waiting ?? [jsonResponse(waitingPayment('pending'))])];
  const cancels = [...(answers.cancel ?? [jsonResponse(waitingPayment('cancelled'))])];
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/subscription-plan') return jsonResponse(SUBSCRIPTION_PLANS);
    if (url.pathname === '/api/promotion-plan') return jsonResponse(PROMOTION_PLANS);
    if (url.pathname === `/api/users/${USER_SUB}`) {
      const user = answers.user ?? jsonResponse(USER);
      return typeof user === 'function' ? user() : user.clone();
    }
    if (
      method === 'POST' &&
      (url.pathname === '/api/subscription/create' ||
        /^\/api\/properties\/[^/]+\/promote$/.test(url.pathname))
    ) {
      return next(checkout, accepted);
    }
    if (method === 'POST' && /^\/api\/payments\/[^/]+\/cancel$/.test(url.pathname)) {
      return next(cancels, () => jsonResponse(waitingPayment('cancelled')));
    }
    if (url.pathname === `/api/payments/${WAITING_ID}`) {
      return next(waiting, () => jsonResponse(waitingPayment('pending')));
    }
    if (url.pathname.startsWith('/api/payments/')) {
      return next(payments, () => jsonResponse(payment('pending')));
    }
    return answers.otherwise?.(url, init) ?? apiErrorResponse(404, 'NOT_FOUND');
  });
}

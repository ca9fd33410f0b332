/*
 * Payment values shared by API and web, free of zod so the checkout screens can use them without
 * shipping a schema library. payments.ts builds its schemas from these.
 */

/**
 * The mobile-money networks a payer chooses from, in the order the checkout lists them. The values
 * are what clients send as `provider`.
 */
export const MOBILE_MONEY_NETWORKS = [
  'mpesa',
  'halopesa',
  'airtelmoney',
  'tpesa',
  'tigopesa',
] as const;
export type TMobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number];

/** How each network is written for people. */
export const MOBILE_MONEY_NETWORK_NAMES = {
  mpesa: 'M-Pesa',
  halopesa: 'Halopesa',
  airtelmoney: 'Airtel Money',
  tpesa: 'T-pesa',
  tigopesa: 'Tigo Pesa',
} as const satisfies Record<TMobileMoneyNetwork, string>;

/** The payer's phone: +255 or 0 followed by exactly nine digits. */
export const PAYMENT_PHONE_PATTERN = /^(\+255|0)\d{9}$/;
/**
 * What a bad payer phone is told, word for word, by the API's 400 and the checkout form alike: the
 * web app recognises the API's answer by this text to show it in the reader's language.
 */
export const PAYMENT_PHONE_MESSAGE =
  'Invalid phone number format. Please use +255xxxxxxxxx or 0xxxxxxxxx.';

/**
 * A checkout's refusals, word for word as the API sends them (the 429s add " Try again in …"): the
 * web app recognises them by this text to say them in the reader's language.
 */
export const PAYMENT_WAITING_MESSAGE =
  'You already have a payment waiting for an answer on your phone. Cancel it or wait for it to end.';
export const PAYER_PHONE_LIMIT_MESSAGE = 'Too many payment requests were sent to this phone.';
export const CHECKOUT_LIMIT_MESSAGE = 'You have started too many payments.';

/** What a payer can buy. */
export const PAID_PURPOSES = ['subscription', 'promotion'] as const;
export type TPaidPurpose = (typeof PAID_PURPOSES)[number];
/**
 * What the finance records hold: payments, and guarantee_credit, a day of subscription given
 * back for an upheld dead-end claim (amount 0, no provider: nobody paid).
 */
export const PAYMENT_PURPOSES = [...PAID_PURPOSES, 'guarantee_credit'] as const;
export type TPaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * pending until the provider confirms; expired when it never answered within PAYMENT_TIMEOUT_MS;
 * cancelled by the payer before an answer; needs_review when the provider reported money that
 * does not match the order (another amount, another currency, no amount): held for an admin.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'succeeded',
  'failed',
  'expired',
  'cancelled',
  'needs_review',
] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The aggregators the server can be configured with (PAYMENT_PROVIDER). */
export const PAYMENT_PROVIDERS = ['simulator', 'clickpesa', 'azampay'] as const;
export type TPaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Why a payment failed or expired, in our own words (issue 41): a provider's text (English, its
 * own wording, "Declined by the payer") never reaches a payer's screen; the web says each of these
 * in the reader's language. The provider's words stay in `reason`, for the finance records.
 */
export const PAYMENT_FAILURES = [
  'declined',
  'insufficient_funds',
  'wrong_pin',
  'no_answer',
  'unreachable',
  'other',
] as const;
export type TPaymentFailure = (typeof PAYMENT_FAILURES)[number];

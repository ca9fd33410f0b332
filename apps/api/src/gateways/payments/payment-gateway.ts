import type { TMobileMoneyNetwork, TPaymentProvider } from '@makazi/contracts/payment-values';

export type PaymentProviderName = TPaymentProvider;
/** The mobile-money networks a payer chooses from (the list is in the contracts). */
export type MobileMoneyNetwork = TMobileMoneyNetwork;

export interface PushRequest {
  /** Our payment id: the idempotency reference the provider echoes back in callbacks. */
  reference: string;
  /** Whole Tanzanian shillings. */
  amountTzs: number;
  /** E.164: +255712345678. */
  phoneE164: string;
  network: MobileMoneyNetwork;
}

/** The provider accepted the request and pushed a USSD prompt: accepted, not paid. */
export interface PushAccepted {
  providerReference: string;
  status: 'pending';
}

export interface StatusQuery {
  reference: string;
  providerReference?: string;
}

/**
 * The money a provider says it collected, as it said it: checked against the order before
 * anything is granted (another amount, another currency or none at all is held for review).
 */
export interface ReportedMoney {
  /** The amount as reported, never rounded; null when missing or not a number. */
  amount: number | null;
  /** The ISO 4217 code as reported (upper case); null when missing. */
  currency: string | null;
}

export type PaymentStatusAnswer =
  | { status: 'pending' | 'failed'; providerReference?: string; reason?: string }
  | ({ status: 'succeeded'; providerReference?: string } & ReportedMoney);

export interface CallbackRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures cover these bytes. */
  rawBody: string | Buffer;
}

/** A verified, final callback, with the money it reports (read on a failure too, unused). */
export interface PaymentCallback extends ReportedMoney {
  /** The provider's unique id of this event: deduplicate on it. */
  eventId: string;
  /** Our payment id, as given to requestPush. */
  reference: string;
  status: 'succeeded' | 'failed';
  providerReference?: string;
  reason?: string;
}

/**
 * The only way the application collects mobile money: the simulator (development, tests, demos) or
 * an aggregator (ClickPesa, AzamPay). requestPush only means "accepted"; the result comes by
 * callback (parseCallback), with queryStatus as the fallback.
 */
export interface PaymentGateway {
  readonly provider: PaymentProviderName;
  requestPush(request: PushRequest): Promise<PushAccepted>;
  /**
   * The fallback when no callback came. By our reference (the payment id given to requestPush);
   * providers that can only look up their own id (AzamPay) also use providerReference.
   */
  queryStatus(query: StatusQuery): Promise<PaymentStatusAnswer>;
  /** Verifies and reads a callback; throws PaymentCallbackRejectedError otherwise. */
  parseCallback(request: CallbackRequest): PaymentCallback;
  /** Stops timers and pending work (the simulator's callbacks); a no-op for real providers. */
  close(): Promise<void>;
}

/** The provider refused the request, answered with an error, or did not answer in time. */
export class PaymentGatewayError extends Error {
  readonly provider: PaymentProviderName;
  constructor(provider: PaymentProviderName, message: string, cause?: unknown) {
    super(`${provider}: ${message}`, cause === undefined ? undefined : { cause });
    this.name = 'PaymentGatewayError';
    this.provider = provider;
  }
}

/** A callback whose signature is missing or wrong, or whose body cannot be read: change nothing. */
export class PaymentCallbackRejectedError extends Error {
  readonly provider: PaymentProviderName;
  constructor(provider: PaymentProviderName, message: string) {
    super(`${provider} callback rejected: ${message}`);
    this.name = 'PaymentCallbackRejectedError';
    this.provider = provider;
  }
}

/** '+255712345678' → '255712345678', as the aggregators want it. */
export function msisdn(phoneE164: string): string {
  return phoneE164.replace(/^\+/, '');
}

/** '+255712345678' → '+255712***678': enough to recognise, never the whole number in a log. */
export function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, -6)}***${phone.slice(-3)}` : '***';
}

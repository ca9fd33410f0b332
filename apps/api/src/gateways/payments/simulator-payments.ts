import { randomBytes, randomUUID } from 'node:crypto';
import {
  PaymentCallbackRejectedError,
  PaymentGatewayError,
  type PaymentCallback,
  type PaymentGateway,
  type StatusQuery,
} from './payment-gateway';
import {
  header,
  hmacSha256Hex,
  parseObject,
  reportedAmount,
  reportedCurrency,
  sameHex,
} from './payment-http';

/** The header carrying hex HMAC-SHA256(secret, raw body) on every simulator callback. */
export const SIMULATOR_SIGNATURE_HEADER = 'x-simulator-signature';
/** Payers whose number decides the outcome, so tests and demos can fail a payment; others pay. */
export const SIMULATOR_DECLINED_PHONE = '+255700000002';
export const SIMULATOR_SILENT_PHONE = '+255700000003';

export interface SimulatorPaymentsOptions {
  /** The API's own callback route, e.g. http://127.0.0.1:3000/api/payments/callback/simulator. */
  callbackUrl: string;
  /** How long the "payer" takes to enter the PIN (PAYMENT_SIMULATOR_DELAY_MS). */
  delayMs: number;
  /**
   * Signs callbacks. Several API processes must share it (server.ts passes
   * PAYMENT_SIMULATOR_SECRET or the one generated into DATA_DIR); unset: random, for one process.
   */
  secret?: string;
  /** Waits before each further delivery attempt after a non-2xx answer or a network error. */
  retryDelaysMs?: number[];
  /** How long one delivery attempt may take. */
  deliveryTimeoutMs?: number;
  /** Told about each failed delivery attempt (never holds the whole phone number). */
  onDeliveryFailure?: (info: { reference: string; attempt: number; reason: string }) => void;
}

/** The body the simulator POSTs; signed as sent. */
export interface SimulatorCallbackBody {
  eventId: string;
  reference: string;
  providerReference: string;
  status: 'succeeded' | 'failed';
  amountTzs: number;
  /** Always TZS from the simulator; a forged callback may say otherwise. */
  currency: string;
  reason?: string;
}

interface SimulatedPayment {
  reference: string;
  providerReference: string;
  amountTzs: number;
  outcome: 'succeeded' | 'failed' | 'silent';
  /** Set once the payer "answered" (after delayMs); silent payers never do. */
  decided: boolean;
  /** The callback's event id: one per payment, the same on every retry (receivers dedupe on it). */
  eventId: string;
}

const DECLINE_REASON = 'Declined by the payer (simulated)';

/**
 * The provider's reference carries the payment's fate, when the payer answers and the amount, as
 * a real aggregator keeps them on its side: any process's status query can then tell (and report
 * what was collected), not only the one that took the push (whose timers die with it).
 */
const REFERENCE_PATTERN = /^SIM-(succeeded|failed|silent)-(\d{13})-(\d+)-[0-9a-f-]{36}$/;

function providerReferenceFor(
  outcome: SimulatedPayment['outcome'],
  decidesAt: number,
  amountTzs: number,
): string {
  return `SIM-${outcome}-${String(decidesAt).padStart(13, '0')}-${amountTzs}-${randomUUID()}`;
}

/**
 * Behaves like a Tanzanian aggregator: requestPush is accepted at once, then after `delayMs` a
 * signed callback goes over HTTP to `callbackUrl`, retried with backoff until it is answered 2xx.
 * State lives in this process only: it is a fake for development, tests and demos.
 */
export class SimulatorPayments implements PaymentGateway {
  readonly provider = 'simulator' as const;
  private readonly secret: string;
  private readonly retryDelaysMs: number[];
  private readonly deliveryTimeoutMs: number;
  private readonly payments = new Map<string, SimulatedPayment>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(private readonly options: SimulatorPaymentsOptions) {
    this.secret = options.secret ?? randomBytes(32).toString('hex');
    this.retryDelaysMs = options.retryDelaysMs ?? [1000, 5000, 25_000];
    this.deliveryTimeoutMs = options.deliveryTimeoutMs ?? 5000;
  }

  requestPush({ reference, amountTzs, phoneE164 }: Parameters<PaymentGateway['requestPush']>[0]) {
    if (this.closed) {
      return Promise.reject(new PaymentGatewayError('simulator', 'the simulator is closed'));
    }
    // The same reference twice is one payment (a provider's idempotency), with one callback.
    const existing = this.payments.get(reference);
    if (existing) {
      return Promise.resolve({
        providerReference: existing.providerReference,
        status: 'pending' as const,
      });
    }
    const outcome =
      phoneE164 === SIMULATOR_DECLINED_PHONE
        ? 'failed'
        : phoneE164 === SIMULATOR_SILENT_PHONE
          ? 'silent'
          : 'succeeded';
    const payment: SimulatedPayment = {
      reference,
      providerReference: providerReferenceFor(
        outcome,
        Date.now() + this.options.delayMs,
        amountTzs,
      ),
      amountTzs,
      outcome,
      decided: false,
      eventId: randomUUID(),
    };
    this.payments.set(reference, payment);
    this.schedule(this.options.delayMs, () => {
      payment.decided = true;
      if (payment.outcome !== 'silent') this.deliver(payment, 0);
    });
    return Promise.resolve({
      providerReference: payment.providerReference,
      status: 'pending' as const,
    });
  }

  queryStatus({ reference, providerReference: theirs }: StatusQuery) {
    const payment = this.payments.get(reference) ?? fromProviderReference(theirs);
    if (!payment) {
      return Promise.reject(new PaymentGatewayError('simulator', 'unknown payment reference'));
    }
    const { providerReference } = payment;
    if (!payment.decided || payment.outcome === 'silent') {
      return Promise.resolve({ status: 'pending' as const, providerReference });
    }
    return Promise.resolve(
      payment.outcome === 'failed'
        ? { status: 'failed' as const, providerReference, reason: DECLINE_REASON }
        : {
            status: 'succeeded' as const,
            providerReference,
            amount: payment.amountTzs,
            currency: 'TZS',
          },
    );
  }

  parseCallback({
    headers,
    rawBody,
  }: Parameters<PaymentGateway['parseCallback']>[0]): PaymentCallback {
    const reject = (reason: string) => new PaymentCallbackRejectedError('simulator', reason);
    const signature = header(headers, SIMULATOR_SIGNATURE_HEADER);
    if (!signature) throw reject('missing signature');
    if (!sameHex(hmacSha256Hex(this.secret, rawBody), signature)) throw reject('bad signature');
    const body = parseObject(rawBody.toString());
    if (!body) throw reject('body is not a JSON object');
    const { eventId, reference, providerReference, status, amountTzs, currency, reason } = body;
    if (typeof eventId !== 'string' || !eventId) throw reject('missing eventId');
    if (typeof reference !== 'string' || !reference) throw reject('missing reference');
    if (status !== 'succeeded' && status !== 'failed') throw reject('unknown status');
    return {
      eventId,
      reference,
      status,
      ...(typeof providerReference === 'string' ? { providerReference } : {}),
      amount: reportedAmount(amountTzs),
      currency: reportedCurrency(currency),
      ...(typeof reason === 'string' ? { reason } : {}),
    };
  }

  /** The raw body and headers of a callback, signed: what deliver() sends (and tests forge from). */
  signCallback(body: SimulatorCallbackBody | Record<string, unknown>): {
    rawBody: string;
    headers: Record<string, string>;
  } {
    const rawBody = JSON.stringify(body);
    return {
      rawBody,
      headers: {
        'content-type': 'application/json',
        [SIMULATOR_SIGNATURE_HEADER]: hmacSha256Hex(this.secret, rawBody),
      },
    };
  }

  close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
    this.inFlight.clear();
    return Promise.resolve();
  }

  private schedule(ms: number, run: () => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) run();
    }, ms);
    // A pending simulated payment never keeps the process alive.
    timer.unref();
    this.timers.add(timer);
  }

  private deliver(payment: SimulatedPayment, attempt: number): void {
    const body: SimulatorCallbackBody = {
      eventId: payment.eventId,
      reference: payment.reference,
      providerReference: payment.providerReference,
      status: payment.outcome === 'failed' ? 'failed' : 'succeeded',
      amountTzs: payment.amountTzs,
      currency: 'TZS',
      ...(payment.outcome === 'failed' ? { reason: DECLINE_REASON } : {}),
    };
    const { rawBody, headers } = this.signCallback(body);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.deliveryTimeoutMs);
    timeout.unref();
    fetch(this.options.callbackUrl, {
      method: 'POST',
      headers,
      body: rawBody,
      signal: controller.signal,
    })
      .then(async (response) => {
        await response.arrayBuffer().catch(() => undefined);
        return response.ok ? undefined : `HTTP ${response.status}`;
      })
      .catch((error: unknown) => {
        const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
        return typeof code === 'string' ? `request failed (${code})` : 'request failed';
      })
      .then((failure) => {
        clearTimeout(timeout);
        this.inFlight.delete(controller);
        if (failure === undefined || this.closed) return;
        this.options.onDeliveryFailure?.({
          reference: payment.reference,
          attempt: attempt + 1,
          reason: failure,
        });
        const wait = this.retryDelaysMs[attempt];
        if (wait !== undefined) this.schedule(wait, () => this.deliver(payment, attempt + 1));
      })
      .catch(() => undefined);
  }
}

/** A payment another process pushed, as its reference tells; undefined for one not ours. */
function fromProviderReference(
  providerReference: string | undefined,
): Pick<SimulatedPayment, 'providerReference' | 'outcome' | 'decided' | 'amountTzs'> | undefined {
  const match = providerReference ? REFERENCE_PATTERN.exec(providerReference) : null;
  if (!match || !providerReference) return undefined;
  return {
    providerReference,
    outcome: match[1] as SimulatedPayment['outcome'],
    decided: Number(match[2]) <= Date.now(),
    amountTzs: Number(match[3]),
  };
}

export function createSimulatorPayments(options: SimulatorPaymentsOptions): SimulatorPayments {
  return new SimulatorPayments(options);
}

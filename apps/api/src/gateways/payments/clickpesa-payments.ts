import type { PaymentProviderConfig } from '../../config';
import {
  msisdn,
  PaymentCallbackRejectedError,
  PaymentGatewayError,
  type PaymentCallback,
  type PaymentGateway,
  type PaymentStatusAnswer,
} from './payment-gateway';
import {
  callProvider,
  hmacSha256Hex,
  isObject,
  parseObject,
  providerDetail,
  reportedAmount,
  reportedCurrency,
  sameHex,
  type ProviderAnswer,
} from './payment-http';

export type ClickPesaConfig = Extract<PaymentProviderConfig, { provider: 'clickpesa' }>;

export interface ClickPesaOptions {
  /** How long to wait for one answer, body included. Tests shorten it. */
  timeoutMs?: number;
  /** The clock for token expiry. */
  now?: () => number;
}

/** ClickPesa's JWT lasts 1 h; it is renewed a little before. */
const TOKEN_LIFETIME_MS = 55 * 60_000;

/**
 * JSON with the keys of every object sorted, compact: the text ClickPesa's checksum covers
 * (docs.clickpesa.com/home/checksum). Arrays keep their order.
 */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (isObject(v)) {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((key) => [key, sort(v[key])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

/** HMAC-SHA256(checksumKey, canonical JSON of the payload without its checksum field), hex. */
export function clickPesaChecksum(checksumKey: string, payload: Record<string, unknown>): string {
  const { checksum: _ignored, ...rest } = payload;
  return hmacSha256Hex(checksumKey, canonicalJson(rest));
}

/**
 * ClickPesa wants an alphanumeric orderReference: our payment id (a uuid) without its dashes.
 * Callbacks give it back in that form, so orderReferenceToId restores the uuid.
 */
export function toOrderReference(reference: string): string {
  return reference.replace(/[^A-Za-z0-9]/g, '');
}

export function orderReferenceToId(orderReference: string): string {
  const m = /^([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/i.exec(
    orderReference,
  );
  return m ? m.slice(1).join('-').toLowerCase() : orderReference;
}

/** PROCESSING | PENDING | SUCCESS | SETTLED | FAILED → ours. */
function statusOf(value: unknown): PaymentStatusAnswer['status'] | undefined {
  if (typeof value !== 'string') return undefined;
  const s = value.toUpperCase();
  if (s === 'SUCCESS' || s === 'SETTLED') return 'succeeded';
  if (s === 'FAILED') return 'failed';
  if (s === 'PROCESSING' || s === 'PENDING') return 'pending';
  return undefined;
}

/**
 * ClickPesa (providers.md): a token from client-id + api-key, a USSD push with a checksum, a
 * status query by orderReference, and webhooks signed with the same checksum scheme. Error
 * messages are built from the HTTP status and ClickPesa's own message, redacted of our keys,
 * tokens and the payer's number.
 */
export function createClickPesaPayments(
  config: ClickPesaConfig,
  options: ClickPesaOptions = {},
): PaymentGateway {
  const { timeoutMs = 15_000, now = Date.now } = options;
  const base = config.apiUrl.replace(/\/+$/, '');
  const fail = (reason: string) => new PaymentGatewayError('clickpesa', reason);
  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  const secrets = (extra: string[] = []) => [
    config.clientId,
    config.apiKey,
    config.checksumKey,
    ...(token ? [token.value, token.value.replace(/^Bearer\s+/i, '')] : []),
    ...extra,
  ];

  async function fetchToken(): Promise<string> {
    const { status, reply } = await callProvider(
      'clickpesa',
      `${base}/third-parties/generate-token`,
      { method: 'POST', headers: { 'client-id': config.clientId, 'api-key': config.apiKey } },
      timeoutMs,
    );
    if (status < 200 || status > 299)
      throw fail(`token: HTTP ${status}${providerDetail(reply, secrets())}`);
    const value = reply?.token;
    if (reply?.success === false || typeof value !== 'string' || !value) {
      throw fail(`token: no token in the reply${providerDetail(reply, secrets())}`);
    }
    const bearer = /^Bearer\s/i.test(value) ? value : `Bearer ${value}`;
    token = { value: bearer, expiresAt: now() + TOKEN_LIFETIME_MS };
    return bearer;
  }

  /** The cached token, or one new request shared by every concurrent caller. */
  function authorization(): Promise<string> {
    if (token && now() < token.expiresAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  /** One authorised call; a 401 drops the token and tries once more with a new one. */
  async function authorised(
    url: string,
    init: { method: 'GET' | 'POST'; body?: string },
  ): Promise<ProviderAnswer> {
    for (let attempt = 0; ; attempt++) {
      const bearer = await authorization();
      const answer = await callProvider(
        'clickpesa',
        url,
        {
          ...init,
          headers: {
            Authorization: bearer,
            ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
        },
        timeoutMs,
      );
      if (answer.status !== 401 || attempt > 0) return answer;
      token = undefined;
    }
  }

  return {
    provider: 'clickpesa',

    async requestPush({ reference, amountTzs, phoneE164 }) {
      const payload: Record<string, unknown> = {
        amount: String(amountTzs),
        currency: 'TZS',
        orderReference: toOrderReference(reference),
        phoneNumber: msisdn(phoneE164),
      };
      payload.checksum = clickPesaChecksum(config.checksumKey, payload);
      const { status, reply } = await authorised(
        `${base}/third-parties/payments/initiate-ussd-push-request`,
        { method: 'POST', body: JSON.stringify(payload) },
      );
      const detail = providerDetail(reply, secrets([phoneE164, msisdn(phoneE164)]));
      if (status < 200 || status > 299) throw fail(`push: HTTP ${status}${detail}`);
      if (!reply) throw fail(`push: unreadable reply (HTTP ${status}, not JSON)`);
      if (statusOf(reply.status) === 'failed') throw fail(`push: refused${detail}`);
      const id = reply.id;
      if (typeof id !== 'string' && typeof id !== 'number')
        throw fail(`push: no id in the reply${detail}`);
      return { providerReference: String(id), status: 'pending' };
    },

    async queryStatus({ reference }) {
      const orderReference = toOrderReference(reference);
      const answer = await authorised(
        `${base}/third-parties/payments/${encodeURIComponent(orderReference)}`,
        { method: 'GET' },
      );
      const { status } = answer;
      // Not found: ClickPesa never got the push; the payment expires as pending.
      if (status === 404) return { status: 'pending', reason: 'not known to ClickPesa' };
      if (status < 200 || status > 299) {
        throw fail(`status: HTTP ${status}${providerDetail(answer.reply, secrets())}`);
      }
      // Documented as a list of the payments with that orderReference; a single object also reads.
      const reply: Record<string, unknown> | undefined = Array.isArray(answer.json)
        ? (answer.json as unknown[]).find(isObject)
        : answer.reply;
      if (Array.isArray(answer.json) && !reply)
        return { status: 'pending', reason: 'not known to ClickPesa' };
      if (!reply) throw fail(`status: unreadable reply (HTTP ${status})`);
      const ours = statusOf(reply.status);
      if (!ours) throw fail('status: unknown payment status in the reply');
      const id =
        typeof reply.id === 'string' || typeof reply.id === 'number' ? String(reply.id) : undefined;
      const message = typeof reply.message === 'string' ? reply.message.slice(0, 120) : undefined;
      const ref = id ? { providerReference: id } : {};
      if (ours === 'succeeded') {
        // The payment objects the query returns carry what was collected, as the webhook does.
        return {
          status: ours,
          ...ref,
          amount: reportedAmount(reply.collectedAmount),
          currency: reportedCurrency(reply.collectedCurrency),
        };
      }
      return {
        status: ours,
        ...ref,
        ...(ours === 'failed' ? { reason: message ?? 'Failed at ClickPesa' } : {}),
      };
    },

    // ClickPesa signs the body itself (its checksum field); no header carries a signature.
    parseCallback({ rawBody }): PaymentCallback {
      const reject = (reason: string) => new PaymentCallbackRejectedError('clickpesa', reason);
      const body = parseObject(rawBody.toString());
      if (!body) throw reject('body is not a JSON object');
      const given = body.checksum;
      if (typeof given !== 'string' || !given) throw reject('missing checksum');
      if (!sameHex(clickPesaChecksum(config.checksumKey, body), given))
        throw reject('bad checksum');
      const { event, data } = body;
      const status =
        event === 'PAYMENT RECEIVED'
          ? 'succeeded'
          : event === 'PAYMENT FAILED'
            ? 'failed'
            : undefined;
      if (!status) throw reject('not a payment event');
      if (!isObject(data)) throw reject('missing data');
      const { id, orderReference, collectedAmount, collectedCurrency, message } = data;
      if (typeof id !== 'string' && typeof id !== 'number') throw reject('missing data.id');
      if (typeof orderReference !== 'string' || !orderReference)
        throw reject('missing data.orderReference');
      return {
        // One event per payment and outcome: ClickPesa's retries of it carry the same id.
        eventId: `${String(id)}:${event as string}`,
        reference: orderReferenceToId(orderReference),
        status,
        providerReference: String(id),
        // What ClickPesa says it collected (data.collectedAmount, data.collectedCurrency).
        amount: reportedAmount(collectedAmount),
        currency: reportedCurrency(collectedCurrency),
        ...(status === 'failed'
          ? { reason: typeof message === 'string' ? message.slice(0, 120) : 'Failed at ClickPesa' }
          : {}),
      };
    },

    close: () => Promise.resolve(),
  };
}

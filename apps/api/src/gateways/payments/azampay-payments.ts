import type { PaymentProviderConfig } from '../../config';
import {
  msisdn,
  PaymentCallbackRejectedError,
  PaymentGatewayError,
  type MobileMoneyNetwork,
  type PaymentCallback,
  type PaymentGateway,
  type PaymentStatusAnswer,
} from './payment-gateway';
import {
  callProvider,
  header,
  isObject,
  parseObject,
  providerDetail,
  reportedAmount,
  reportedCurrency,
  sameSecret,
} from './payment-http';

export type AzamPayConfig = Extract<PaymentProviderConfig, { provider: 'azampay' }>;

export interface AzamPayOptions {
  /** How long to wait for one answer, body included. Tests shorten it. */
  timeoutMs?: number;
  /** The clock for token expiry. */
  now?: () => number;
}

/**
 * AzamPay does not clearly document how a callback proves it comes from AzamPay (providers.md:
 * one integrator speaks of a "Callback Password", an SDK of a public key). Our choice: the
 * callback URL registered in the AzamPay dashboard must send our own shared secret
 * (AZAMPAY_CALLBACK_SECRET) in this header; a callback without it, or with another value, is
 * rejected. Confirm with AzamPay when going live and adapt this one check.
 */
export const AZAMPAY_CALLBACK_SECRET_HEADER = 'x-callback-secret';

/**
 * AzamPay's MNO checkout collects Tanzanian shillings only (our request names TZS), and neither
 * its callback nor its status answer has a currency field: TZS unless the body names another.
 */
function azamPayCurrency(value: unknown): string | null {
  return value === undefined ? 'TZS' : reportedCurrency(value);
}

/** The token is renewed well before AzamPay's expiry. */
const TOKEN_LIFETIME_MS = 55 * 60_000;

/** AzamPay's `provider` names; T-Pesa (TTCL) is not offered by AzamPay. */
const PROVIDERS: Record<MobileMoneyNetwork, string | undefined> = {
  mpesa: 'Mpesa',
  airtelmoney: 'Airtel',
  tigopesa: 'Tigo',
  halopesa: 'Halopesa',
  tpesa: undefined,
};

/**
 * AzamPay (providers.md): a token from GenerateToken, an MNO checkout with Bearer + X-API-KEY,
 * and callbacks to the URL registered in its dashboard, checked with our shared secret.
 */
export function createAzamPayPayments(
  config: AzamPayConfig,
  options: AzamPayOptions = {},
): PaymentGateway {
  const { timeoutMs = 15_000, now = Date.now } = options;
  const authBase = config.authUrl.replace(/\/+$/, '');
  const checkoutBase = config.checkoutUrl.replace(/\/+$/, '');
  const fail = (reason: string) => new PaymentGatewayError('azampay', reason);
  let token: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  const secrets = (extra: string[] = []) => [
    config.clientId,
    config.clientSecret,
    config.apiKey,
    config.callbackSecret,
    ...(token ? [token.value] : []),
    ...extra,
  ];

  async function fetchToken(): Promise<string> {
    const { status, reply } = await callProvider(
      'azampay',
      `${authBase}/AppRegistration/GenerateToken`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          appName: config.appName,
          clientId: config.clientId,
          clientSecret: config.clientSecret,
        }),
      },
      timeoutMs,
    );
    if (status < 200 || status > 299)
      throw fail(`token: HTTP ${status}${providerDetail(reply, secrets())}`);
    const data = reply?.data;
    const value = isObject(data) ? data.accessToken : undefined;
    if (typeof value !== 'string' || !value) {
      throw fail(`token: no accessToken in the reply${providerDetail(reply, secrets())}`);
    }
    token = { value, expiresAt: now() + TOKEN_LIFETIME_MS };
    return value;
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return Promise.resolve(token.value);
    pendingToken ??= fetchToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function authorisedHeaders(): Promise<Record<string, string>> {
    return {
      Authorization: `Bearer ${await accessToken()}`,
      'X-API-KEY': config.apiKey,
      'Content-Type': 'application/json',
    };
  }

  return {
    provider: 'azampay',

    async requestPush({ reference, amountTzs, phoneE164, network }) {
      const provider = PROVIDERS[network];
      if (!provider) throw fail(`network ${network} is not supported by AzamPay`);
      const { status, reply } = await callProvider(
        'azampay',
        `${checkoutBase}/azampay/mno/checkout`,
        {
          method: 'POST',
          headers: await authorisedHeaders(),
          body: JSON.stringify({
            accountNumber: msisdn(phoneE164),
            amount: String(amountTzs),
            currency: 'TZS',
            externalId: reference,
            provider,
          }),
        },
        timeoutMs,
      );
      if (status === 401) token = undefined;
      const detail = providerDetail(reply, secrets([phoneE164, msisdn(phoneE164)]));
      if (status < 200 || status > 299) throw fail(`checkout: HTTP ${status}${detail}`);
      if (!reply) throw fail(`checkout: unreadable reply (HTTP ${status}, not JSON)`);
      if (reply.success !== true) throw fail(`checkout: not accepted${detail}`);
      const id = reply.transactionId;
      if (typeof id !== 'string' || !id)
        throw fail(`checkout: no transactionId in the reply${detail}`);
      return { providerReference: id, status: 'pending' };
    },

    async queryStatus({ reference, providerReference }) {
      if (!providerReference) {
        return {
          status: 'pending',
          reason: 'AzamPay is queried by its transaction id, unknown here',
        };
      }
      return queryAzamPayStatus({
        url: `${checkoutBase}/azampay/gettransactionstatus`,
        reference,
        providerReference,
        headers: await authorisedHeaders(),
        timeoutMs,
        fail,
        secrets: secrets(),
      });
    },

    parseCallback({ headers, rawBody }): PaymentCallback {
      const reject = (reason: string) => new PaymentCallbackRejectedError('azampay', reason);
      const given = header(headers, AZAMPAY_CALLBACK_SECRET_HEADER);
      if (!given) throw reject('missing callback secret');
      if (!sameSecret(config.callbackSecret, given)) throw reject('bad callback secret');
      const body = parseObject(rawBody.toString());
      if (!body) throw reject('body is not a JSON object');
      const { transactionstatus, reference: theirs, amount, currency, message } = body;
      // utilityref echoes the externalId we sent; some integrations also send externalId itself.
      const ours =
        typeof body.externalId === 'string' && body.externalId ? body.externalId : body.utilityref;
      if (typeof ours !== 'string' || !ours) throw reject('missing utilityref/externalId');
      if (typeof theirs !== 'string' || !theirs) throw reject('missing reference');
      const status =
        transactionstatus === 'success'
          ? 'succeeded'
          : transactionstatus === 'failure'
            ? 'failed'
            : undefined;
      if (!status) throw reject('unknown transactionstatus');
      return {
        eventId: `${theirs}:${transactionstatus as string}`,
        reference: ours,
        status,
        providerReference: theirs,
        amount: reportedAmount(amount),
        currency: azamPayCurrency(currency),
        ...(status === 'failed'
          ? { reason: typeof message === 'string' ? message.slice(0, 120) : 'Failed at AzamPay' }
          : {}),
      };
    },

    close: () => Promise.resolve(),
  };
}

/**
 * AzamPay's transaction-status query. Its existence is documented but not its exact shape; this is
 * the best known form (GET …/azampay/gettransactionstatus?pgReferenceId=&bankName=, answering
 * {success, data: {status|transactionstatus, amount}}) and the one place to adjust once AzamPay
 * confirms. Anything unreadable is "pending": the payment then expires rather than being granted;
 * a success without a readable amount is held for review.
 */
async function queryAzamPayStatus(args: {
  url: string;
  reference: string;
  providerReference: string;
  headers: Record<string, string>;
  timeoutMs: number;
  fail: (reason: string) => PaymentGatewayError;
  secrets: string[];
}): Promise<PaymentStatusAnswer> {
  const query = new URLSearchParams({
    pgReferenceId: args.providerReference,
    reference: args.reference,
  });
  const { status, reply } = await callProvider(
    'azampay',
    `${args.url}?${query.toString()}`,
    { method: 'GET', headers: args.headers },
    args.timeoutMs,
  );
  if (status === 404) return { status: 'pending', reason: 'not known to AzamPay' };
  if (status < 200 || status > 299)
    throw args.fail(`status: HTTP ${status}${providerDetail(reply, args.secrets)}`);
  const data = isObject(reply?.data) ? reply.data : reply;
  const raw = data?.transactionstatus ?? data?.status;
  const value = typeof raw === 'string' ? raw.toLowerCase() : '';
  const providerReference = args.providerReference;
  if (value === 'success' || value === 'successful' || value === 'completed') {
    // Without an amount in the answer the payment is held for review, never granted blind.
    return {
      status: 'succeeded',
      providerReference,
      amount: reportedAmount(data?.amount),
      currency: azamPayCurrency(data?.currency),
    };
  }
  if (value === 'failure' || value === 'failed') {
    const message = data?.message;
    return {
      status: 'failed',
      providerReference,
      reason: typeof message === 'string' ? message.slice(0, 120) : 'Failed at AzamPay',
    };
  }
  return { status: 'pending', providerReference };
}

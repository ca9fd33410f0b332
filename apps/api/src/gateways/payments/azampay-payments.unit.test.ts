import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AZAMPAY_CALLBACK_SECRET_HEADER,
  createAzamPayPayments,
  type AzamPayConfig,
} from './azampay-payments';
import {
  PaymentCallbackRejectedError,
  PaymentGatewayError,
  type MobileMoneyNetwork,
} from './payment-gateway';

/** Local stand-ins of AzamPay's authenticator and checkout APIs (one server, both paths). */
interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (res: ServerResponse) => void;
let server: Server;
let baseUrl: string;
let requests: Recorded[];
let routes: Record<string, Handler>;

const APP_NAME = 'makazi';
const CLIENT_ID = 'az-client-id-3c1d';
const CLIENT_SECRET = 'az-client-secret-88f0';
const API_KEY = 'az-api-key-ab12';
const CALLBACK_SECRET = 'az-callback-secret-5e6f7a8b';
const ACCESS_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.az-token.sig';
const PAYMENT_ID = 'a2b7c1de-1111-4222-8333-444455556666';
const PHONE = '+255712345678';
const TOKEN_PATH = '/auth/AppRegistration/GenerateToken';
const CHECKOUT_PATH = '/checkout/azampay/mno/checkout';
const STATUS_PATH = '/checkout/azampay/gettransactionstatus';

function json(status: number, body: unknown): Handler {
  return (res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function config(overrides: Partial<AzamPayConfig> = {}): AzamPayConfig {
  return {
    provider: 'azampay',
    authUrl: `${baseUrl}/auth`,
    checkoutUrl: `${baseUrl}/checkout/`,
    appName: APP_NAME,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    apiKey: API_KEY,
    callbackSecret: CALLBACK_SECRET,
    ...overrides,
  };
}

const paths = () => requests.map((r) => `${r.method ?? ''} ${(r.url ?? '').split('?')[0] ?? ''}`);

async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => expect.fail('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  const gatewayError = error as PaymentGatewayError;
  expect(gatewayError.provider).toBe('azampay');
  for (const leak of [
    CLIENT_ID,
    CLIENT_SECRET,
    API_KEY,
    CALLBACK_SECRET,
    ACCESS_TOKEN,
    PHONE,
    '255712345678',
  ]) {
    expect(gatewayError.message).not.toContain(leak);
  }
  return gatewayError;
}

beforeEach(async () => {
  requests = [];
  routes = {
    [`POST ${TOKEN_PATH}`]: json(200, {
      data: { accessToken: ACCESS_TOKEN, expire: '2026-11-22T18:00:00Z' },
      message: 'Token generated successfully',
      success: true,
      statusCode: 200,
    }),
    [`POST ${CHECKOUT_PATH}`]: json(200, {
      success: true,
      transactionId: 'AZ-TX-5521',
      message: 'Your request has been received and is being processed.',
    }),
    [`GET ${STATUS_PATH}`]: json(200, { success: true, data: { transactionstatus: 'success' } }),
  };
  server = createServer((req, res) => {
    void readText(req).then((body) => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      const route = `${req.method ?? ''} ${(req.url ?? '').split('?')[0] ?? ''}`;
      (routes[route] ?? json(404, { message: 'Not found' }))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const push = {
  reference: PAYMENT_ID,
  amountTzs: 5000,
  phoneE164: PHONE,
  network: 'mpesa' as const,
};

describe('AzamPay payments', () => {
  it('generates a token, then posts the MNO checkout with Bearer and X-API-KEY', async () => {
    const gateway = createAzamPayPayments(config());
    expect(await gateway.requestPush(push)).toEqual({
      providerReference: 'AZ-TX-5521',
      status: 'pending',
    });
    expect(paths()).toEqual([`POST ${TOKEN_PATH}`, `POST ${CHECKOUT_PATH}`]);
    const [tokenRequest, checkout] = requests as [Recorded, Recorded];
    expect(JSON.parse(tokenRequest.body)).toEqual({
      appName: APP_NAME,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    expect(checkout.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
    expect(checkout.headers['x-api-key']).toBe(API_KEY);
    expect(JSON.parse(checkout.body)).toEqual({
      accountNumber: '255712345678',
      amount: '5000',
      currency: 'TZS',
      externalId: PAYMENT_ID,
      provider: 'Mpesa',
    });
  });

  it.each<[MobileMoneyNetwork, string]>([
    ['mpesa', 'Mpesa'],
    ['airtelmoney', 'Airtel'],
    ['tigopesa', 'Tigo'],
    ['halopesa', 'Halopesa'],
  ])('maps %s to provider %s', async (network, provider) => {
    await createAzamPayPayments(config()).requestPush({ ...push, network });
    expect(JSON.parse(requests.at(-1)?.body ?? '{}')).toMatchObject({ provider });
  });

  it('refuses T-Pesa, which AzamPay does not offer, before any request', async () => {
    const error = await failure(
      createAzamPayPayments(config()).requestPush({ ...push, network: 'tpesa' }),
    );
    expect(error.message).toBe('azampay: network tpesa is not supported by AzamPay');
    expect(requests).toHaveLength(0);
  });

  it('reuses the token for 55 minutes', async () => {
    let now = 5_000_000;
    const gateway = createAzamPayPayments(config(), { now: () => now });
    await gateway.requestPush(push);
    now += 54 * 60_000;
    await gateway.requestPush(push);
    expect(paths().filter((p) => p.endsWith(TOKEN_PATH))).toHaveLength(1);
    now += 2 * 60_000;
    await gateway.requestPush(push);
    expect(paths().filter((p) => p.endsWith(TOKEN_PATH))).toHaveLength(2);
  });

  it('reports a refused token without leaking the credentials', async () => {
    routes[`POST ${TOKEN_PATH}`] = json(423, {
      message: `Invalid client ${CLIENT_SECRET}`,
      success: false,
    });
    const error = await failure(createAzamPayPayments(config()).requestPush(push));
    expect(error.message).toBe('azampay: token: HTTP 423 (Invalid client [redacted])');
  });

  it('reports a checkout that is not accepted', async () => {
    routes[`POST ${CHECKOUT_PATH}`] = json(200, {
      success: false,
      message: 'Invalid msisdn 255712345678',
    });
    const error = await failure(createAzamPayPayments(config()).requestPush(push));
    expect(error.message).toBe('azampay: checkout: not accepted (Invalid msisdn [redacted])');
  });

  it('reports HTTP errors and replies without a transactionId', async () => {
    routes[`POST ${CHECKOUT_PATH}`] = json(400, { message: 'Bad request' });
    expect((await failure(createAzamPayPayments(config()).requestPush(push))).message).toMatch(
      /HTTP 400/,
    );
    routes[`POST ${CHECKOUT_PATH}`] = json(200, { success: true });
    expect((await failure(createAzamPayPayments(config()).requestPush(push))).message).toMatch(
      /no transactionId/,
    );
  });

  it('drops the token after a 401 so the next call gets a new one', async () => {
    routes[`POST ${CHECKOUT_PATH}`] = json(401, { message: 'Token expired' });
    const gateway = createAzamPayPayments(config());
    await failure(gateway.requestPush(push));
    await failure(gateway.requestPush(push));
    expect(paths().filter((p) => p.endsWith(TOKEN_PATH))).toHaveLength(2);
  });

  it('times out when AzamPay does not answer', async () => {
    routes[`POST ${CHECKOUT_PATH}`] = () => undefined;
    const error = await failure(
      createAzamPayPayments(config(), { timeoutMs: 100 }).requestPush(push),
    );
    expect(error.message).toBe('azampay: no answer within 100 ms');
  });

  describe('status query (best known form)', () => {
    it.each([
      ['success', 'succeeded'],
      ['failure', 'failed'],
      ['pending', 'pending'],
    ])('reads %s as %s', async (theirs, ours) => {
      routes[`GET ${STATUS_PATH}`] = json(200, {
        success: true,
        data: { transactionstatus: theirs },
      });
      const answer = await createAzamPayPayments(config()).queryStatus({
        reference: PAYMENT_ID,
        providerReference: 'AZ-TX-5521',
      });
      expect(answer).toMatchObject({ status: ours, providerReference: 'AZ-TX-5521' });
      const query = new URL(requests.at(-1)?.url ?? '', baseUrl).searchParams;
      expect(query.get('pgReferenceId')).toBe('AZ-TX-5521');
      expect(requests.at(-1)?.headers['x-api-key']).toBe(API_KEY);
    });

    it.each<[string, Record<string, unknown>, { amount: number | null; currency: string | null }]>([
      ['an amount, TZS implied', { amount: '5000' }, { amount: 5000, currency: 'TZS' }],
      ['no amount', {}, { amount: null, currency: 'TZS' }],
      ['a non-numeric amount', { amount: 'five' }, { amount: null, currency: 'TZS' }],
      ['another currency', { amount: 5000, currency: 'KES' }, { amount: 5000, currency: 'KES' }],
    ])('reports the money of a success with %s', async (_name, money, reported) => {
      routes[`GET ${STATUS_PATH}`] = json(200, {
        success: true,
        data: { transactionstatus: 'success', ...money },
      });
      const answer = await createAzamPayPayments(config()).queryStatus({
        reference: PAYMENT_ID,
        providerReference: 'AZ-TX-5521',
      });
      expect(answer).toEqual({ status: 'succeeded', providerReference: 'AZ-TX-5521', ...reported });
    });

    it('stays pending without the provider reference, asking nothing', async () => {
      const answer = await createAzamPayPayments(config()).queryStatus({ reference: PAYMENT_ID });
      expect(answer.status).toBe('pending');
      expect(requests).toHaveLength(0);
    });

    it('reports a failing query', async () => {
      routes[`GET ${STATUS_PATH}`] = json(500, { message: 'Internal error' });
      await failure(
        createAzamPayPayments(config()).queryStatus({
          reference: PAYMENT_ID,
          providerReference: 'AZ-TX-5521',
        }),
      );
    });
  });

  describe('parseCallback', () => {
    const callback = {
      msisdn: '255712345678',
      amount: '5000',
      message: 'Payment successful',
      utilityref: PAYMENT_ID,
      operator: 'Mpesa',
      reference: 'AZ-REF-0091',
      transactionstatus: 'success',
      submerchantAcc: null,
    };
    const headers = { [AZAMPAY_CALLBACK_SECRET_HEADER]: CALLBACK_SECRET };

    it('accepts a success callback carrying our shared secret', () => {
      expect(
        createAzamPayPayments(config()).parseCallback({
          headers,
          rawBody: JSON.stringify(callback),
        }),
      ).toEqual({
        eventId: 'AZ-REF-0091:success',
        reference: PAYMENT_ID,
        status: 'succeeded',
        providerReference: 'AZ-REF-0091',
        // AzamPay's callback names no currency: its checkout collects TZS only.
        amount: 5000,
        currency: 'TZS',
      });
    });

    it.each<[string, Record<string, unknown>, { amount: number | null; currency: string | null }]>([
      ['no amount', { amount: undefined }, { amount: null, currency: 'TZS' }],
      ['a non-numeric amount', { amount: '5,000 TZS' }, { amount: null, currency: 'TZS' }],
      ['a decimal amount', { amount: '4999.50' }, { amount: 4999.5, currency: 'TZS' }],
      ['a currency of its own', { currency: 'usd' }, { amount: 5000, currency: 'USD' }],
    ])('reads a success with %s as it says it', (_name, change, money) => {
      expect(
        createAzamPayPayments(config()).parseCallback({
          headers,
          rawBody: JSON.stringify({ ...callback, ...change }),
        }),
      ).toMatchObject(money);
    });

    it('reads a failure, preferring externalId when present', () => {
      const rawBody = JSON.stringify({
        ...callback,
        utilityref: 'something-else',
        externalId: PAYMENT_ID,
        transactionstatus: 'failure',
        message: 'Insufficient funds',
      });
      expect(
        createAzamPayPayments(config()).parseCallback({
          headers: { 'X-Callback-Secret': CALLBACK_SECRET },
          rawBody,
        }),
      ).toMatchObject({ reference: PAYMENT_ID, status: 'failed', reason: 'Insufficient funds' });
    });

    it.each([
      ['a missing secret', {}, JSON.stringify(callback)],
      ['a wrong secret', { [AZAMPAY_CALLBACK_SECRET_HEADER]: 'guess' }, JSON.stringify(callback)],
      [
        'a secret differing in one character',
        { [AZAMPAY_CALLBACK_SECRET_HEADER]: `${CALLBACK_SECRET.slice(0, -1)}x` },
        JSON.stringify(callback),
      ],
      ['malformed JSON', headers, '{"msisdn":'],
      ['an unknown status', headers, JSON.stringify({ ...callback, transactionstatus: 'paid' })],
      ['no utilityref', headers, JSON.stringify({ ...callback, utilityref: undefined })],
      ['no reference', headers, JSON.stringify({ ...callback, reference: '' })],
    ])('rejects %s', (_name, given, rawBody) => {
      expect(() =>
        createAzamPayPayments(config()).parseCallback({ headers: given, rawBody }),
      ).toThrow(PaymentCallbackRejectedError);
    });
  });
});

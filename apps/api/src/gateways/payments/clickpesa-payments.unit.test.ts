import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  canonicalJson,
  clickPesaChecksum,
  createClickPesaPayments,
  orderReferenceToId,
  toOrderReference,
  type ClickPesaConfig,
} from './clickpesa-payments';
import { PaymentCallbackRejectedError, PaymentGatewayError } from './payment-gateway';
import { hmacSha256Hex } from './payment-http';

/** A local stand-in of ClickPesa's API: records each request; `routes` answers by path. */
interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (res: ServerResponse, request: Recorded) => void;
let server: Server;
let baseUrl: string;
let requests: Recorded[];
let routes: Record<string, Handler>;

const CLIENT_ID = 'cp-client-id-51a0';
const API_KEY = 'cp-api-key-9e22';
const CHECKSUM_KEY = 'cp-checksum-key-77b1';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.cp-token.sig';
const PAYMENT_ID = 'a2b7c1de-1111-4222-8333-444455556666';
const ORDER_REF = 'a2b7c1de111142228333444455556666';
const PHONE = '+255712345678';

function json(status: number, body: unknown): Handler {
  return (res) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}
const TOKEN_PATH = '/third-parties/generate-token';
const PUSH_PATH = '/third-parties/payments/initiate-ussd-push-request';
const STATUS_PATH = `/third-parties/payments/${ORDER_REF}`;
const pushAccepted = {
  id: 'CP-PAY-8841',
  status: 'PROCESSING',
  channel: 'M-PESA',
  orderReference: ORDER_REF,
  collectedAmount: '5000',
  collectedCurrency: 'TZS',
  createdAt: '2026-11-22T17:00:00.000Z',
  clientId: CLIENT_ID,
};

function config(overrides: Partial<ClickPesaConfig> = {}): ClickPesaConfig {
  return {
    provider: 'clickpesa',
    apiUrl: `${baseUrl}/`,
    clientId: CLIENT_ID,
    apiKey: API_KEY,
    checksumKey: CHECKSUM_KEY,
    ...overrides,
  };
}

const paths = () => requests.map((r) => `${r.method ?? ''} ${r.url ?? ''}`);

/** The rejection, checked to be a ClickPesa PaymentGatewayError leaking no secret nor the phone. */
async function failure(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => expect.fail('expected a failure'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  const gatewayError = error as PaymentGatewayError;
  expect(gatewayError.provider).toBe('clickpesa');
  for (const leak of [CLIENT_ID, API_KEY, CHECKSUM_KEY, JWT, PHONE, '255712345678']) {
    expect(gatewayError.message).not.toContain(leak);
  }
  return gatewayError;
}

beforeEach(async () => {
  requests = [];
  routes = {
    [`POST ${TOKEN_PATH}`]: json(200, { success: true, token: `Bearer ${JWT}` }),
    [`POST ${PUSH_PATH}`]: json(200, pushAccepted),
    [`GET ${STATUS_PATH}`]: json(200, [{ ...pushAccepted, status: 'SUCCESS' }]),
  };
  server = createServer((req, res) => {
    void readText(req).then((body) => {
      const request = { method: req.method, url: req.url, headers: req.headers, body };
      requests.push(request);
      const handler =
        routes[`${req.method ?? ''} ${req.url ?? ''}`] ?? json(404, { message: 'Not found' });
      handler(res, request);
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

describe('ClickPesa checksum', () => {
  it('signs compact JSON with recursively sorted keys, arrays kept in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[{"y":2,"z":1}]},"b":1}',
    );
    const payload = { currency: 'TZS', amount: '5000', checksum: 'ignored' };
    expect(clickPesaChecksum('k', payload)).toBe(
      hmacSha256Hex('k', '{"amount":"5000","currency":"TZS"}'),
    );
  });

  it('turns a uuid into an alphanumeric orderReference and back', () => {
    expect(toOrderReference(PAYMENT_ID)).toBe(ORDER_REF);
    expect(orderReferenceToId(ORDER_REF)).toBe(PAYMENT_ID);
    expect(orderReferenceToId('ORDER42')).toBe('ORDER42');
  });
});

describe('ClickPesa payments', () => {
  it('gets a token, then pushes with the documented body and checksum', async () => {
    const gateway = createClickPesaPayments(config());
    expect(await gateway.requestPush(push)).toEqual({
      providerReference: 'CP-PAY-8841',
      status: 'pending',
    });
    expect(paths()).toEqual([`POST ${TOKEN_PATH}`, `POST ${PUSH_PATH}`]);
    const [tokenRequest, pushRequest] = requests as [Recorded, Recorded];
    expect(tokenRequest.headers['client-id']).toBe(CLIENT_ID);
    expect(tokenRequest.headers['api-key']).toBe(API_KEY);
    expect(pushRequest.headers.authorization).toBe(`Bearer ${JWT}`);
    expect(pushRequest.headers['content-type']).toBe('application/json');
    const body = JSON.parse(pushRequest.body) as Record<string, unknown>;
    expect(body).toEqual({
      amount: '5000',
      currency: 'TZS',
      orderReference: ORDER_REF,
      phoneNumber: '255712345678',
      checksum: hmacSha256Hex(
        CHECKSUM_KEY,
        `{"amount":"5000","currency":"TZS","orderReference":"${ORDER_REF}","phoneNumber":"255712345678"}`,
      ),
    });
  });

  it('reuses the token for 55 minutes, then asks for a new one', async () => {
    let now = 1_000_000;
    const gateway = createClickPesaPayments(config(), { now: () => now });
    await gateway.requestPush(push);
    await gateway.requestPush({ ...push, reference: 'second' });
    now += 54 * 60_000;
    await gateway.queryStatus({ reference: PAYMENT_ID });
    expect(paths().filter((p) => p.endsWith(TOKEN_PATH))).toHaveLength(1);
    now += 2 * 60_000;
    await gateway.queryStatus({ reference: PAYMENT_ID });
    expect(paths().filter((p) => p.endsWith(TOKEN_PATH))).toHaveLength(2);
  });

  it('shares one token request between concurrent calls', async () => {
    const gateway = createClickPesaPayments(config());
    await Promise.all([
      gateway.requestPush(push),
      gateway.requestPush({ ...push, reference: 'b' }),
    ]);
    expect(paths().filter((p) => p.endsWith(TOKEN_PATH))).toHaveLength(1);
  });

  it('renews the token once when ClickPesa answers 401', async () => {
    let calls = 0;
    routes[`POST ${PUSH_PATH}`] = (res, request) =>
      ++calls === 1
        ? json(401, { message: 'Unauthorized' })(res, request)
        : json(200, pushAccepted)(res, request);
    const gateway = createClickPesaPayments(config());
    await gateway.requestPush(push);
    expect(paths()).toEqual([
      `POST ${TOKEN_PATH}`,
      `POST ${PUSH_PATH}`,
      `POST ${TOKEN_PATH}`,
      `POST ${PUSH_PATH}`,
    ]);
  });

  it('reports a refused token without leaking the keys', async () => {
    routes[`POST ${TOKEN_PATH}`] = json(401, { message: `Invalid api-key ${API_KEY}` });
    const error = await failure(createClickPesaPayments(config()).requestPush(push));
    expect(error.message).toBe('clickpesa: token: HTTP 401 (Invalid api-key [redacted])');
  });

  it('reports a token reply without a token', async () => {
    routes[`POST ${TOKEN_PATH}`] = json(200, { success: false, message: 'Client disabled' });
    const error = await failure(createClickPesaPayments(config()).requestPush(push));
    expect(error.message).toMatch(/no token.*Client disabled/);
  });

  it('reports a refused push without echoing the phone number', async () => {
    routes[`POST ${PUSH_PATH}`] = json(400, { message: `Invalid phone number 255712345678` });
    const error = await failure(createClickPesaPayments(config()).requestPush(push));
    expect(error.message).toBe('clickpesa: push: HTTP 400 (Invalid phone number [redacted])');
  });

  it('reports a push answered FAILED, or without an id, or not in JSON', async () => {
    routes[`POST ${PUSH_PATH}`] = json(200, { ...pushAccepted, status: 'FAILED' });
    await failure(createClickPesaPayments(config()).requestPush(push));
    routes[`POST ${PUSH_PATH}`] = json(200, { status: 'PROCESSING' });
    expect((await failure(createClickPesaPayments(config()).requestPush(push))).message).toMatch(
      /no id/,
    );
    routes[`POST ${PUSH_PATH}`] = (res) => res.writeHead(502).end('<html>Bad gateway</html>');
    expect((await failure(createClickPesaPayments(config()).requestPush(push))).message).toMatch(
      /HTTP 502/,
    );
  });

  it('times out when ClickPesa does not answer', async () => {
    routes[`POST ${PUSH_PATH}`] = () => undefined;
    const gateway = createClickPesaPayments(config(), { timeoutMs: 100 });
    expect((await failure(gateway.requestPush(push))).message).toBe(
      'clickpesa: no answer within 100 ms',
    );
  });

  it('reports an unreachable API', async () => {
    const gateway = createClickPesaPayments(config({ apiUrl: 'http://127.0.0.1:1' }));
    expect((await failure(gateway.requestPush(push))).message).toMatch(
      /^clickpesa: request failed/,
    );
  });

  it.each([
    ['SUCCESS', 'succeeded'],
    ['SETTLED', 'succeeded'],
    ['PROCESSING', 'pending'],
    ['PENDING', 'pending'],
    ['FAILED', 'failed'],
  ])('queries the status by orderReference: %s is %s', async (theirs, ours) => {
    routes[`GET ${STATUS_PATH}`] = json(200, [{ ...pushAccepted, status: theirs }]);
    const answer = await createClickPesaPayments(config()).queryStatus({ reference: PAYMENT_ID });
    expect(answer).toMatchObject({ status: ours, providerReference: 'CP-PAY-8841' });
    expect(requests.at(-1)?.headers.authorization).toBe(`Bearer ${JWT}`);
  });

  it.each<[string, Record<string, unknown>, { amount: number | null; currency: string | null }]>([
    ['its collected amount and currency', {}, { amount: 5000, currency: 'TZS' }],
    ['no collected amount', { collectedAmount: undefined }, { amount: null, currency: 'TZS' }],
    ['a non-numeric amount', { collectedAmount: 'N/A' }, { amount: null, currency: 'TZS' }],
    ['another amount', { collectedAmount: '500.00' }, { amount: 500, currency: 'TZS' }],
    ['another currency', { collectedCurrency: 'USD' }, { amount: 5000, currency: 'USD' }],
    ['no currency', { collectedCurrency: undefined }, { amount: 5000, currency: null }],
  ])('reports what a SUCCESS query says was collected: %s', async (_name, change, money) => {
    routes[`GET ${STATUS_PATH}`] = json(200, [{ ...pushAccepted, status: 'SUCCESS', ...change }]);
    const answer = await createClickPesaPayments(config()).queryStatus({ reference: PAYMENT_ID });
    expect(answer).toEqual({ status: 'succeeded', providerReference: 'CP-PAY-8841', ...money });
  });

  it('answers pending for a payment ClickPesa does not know', async () => {
    routes[`GET ${STATUS_PATH}`] = json(404, { message: 'Payment not found' });
    expect(
      await createClickPesaPayments(config()).queryStatus({ reference: PAYMENT_ID }),
    ).toMatchObject({
      status: 'pending',
    });
    routes[`GET ${STATUS_PATH}`] = json(200, []);
    expect(
      await createClickPesaPayments(config()).queryStatus({ reference: PAYMENT_ID }),
    ).toMatchObject({
      status: 'pending',
    });
  });

  it('reports a failing status query', async () => {
    routes[`GET ${STATUS_PATH}`] = json(500, { message: 'Internal error' });
    await failure(createClickPesaPayments(config()).queryStatus({ reference: PAYMENT_ID }));
  });

  describe('parseCallback', () => {
    const data = {
      id: 'CP-PAY-8841',
      status: 'SUCCESS',
      paymentReference: 'MP123ABC',
      orderReference: ORDER_REF,
      collectedAmount: '5000.00',
      collectedCurrency: 'TZS',
      channel: 'M-PESA',
      customer: { customerName: 'Asha', customerPhoneNumber: '255712345678' },
    };
    const signed = (body: Record<string, unknown>) =>
      JSON.stringify({ ...body, checksum: clickPesaChecksum(CHECKSUM_KEY, body) });

    it('accepts a PAYMENT RECEIVED webhook with a good checksum', () => {
      const gateway = createClickPesaPayments(config());
      const rawBody = signed({ event: 'PAYMENT RECEIVED', data });
      expect(gateway.parseCallback({ headers: {}, rawBody })).toEqual({
        eventId: 'CP-PAY-8841:PAYMENT RECEIVED',
        reference: PAYMENT_ID,
        status: 'succeeded',
        providerReference: 'CP-PAY-8841',
        amount: 5000,
        currency: 'TZS',
      });
    });

    it.each<[string, Record<string, unknown>, { amount: number | null; currency: string | null }]>([
      ['no collected amount', { collectedAmount: undefined }, { amount: null, currency: 'TZS' }],
      ['a non-numeric amount', { collectedAmount: 'abc' }, { amount: null, currency: 'TZS' }],
      ['a fraction, unrounded', { collectedAmount: '4999.6' }, { amount: 4999.6, currency: 'TZS' }],
      ['another currency', { collectedCurrency: 'KES' }, { amount: 5000, currency: 'KES' }],
      ['no currency', { collectedCurrency: undefined }, { amount: 5000, currency: null }],
    ])('reads a signed webhook with %s as it says it', (_name, change, money) => {
      const gateway = createClickPesaPayments(config());
      const rawBody = signed({ event: 'PAYMENT RECEIVED', data: { ...data, ...change } });
      expect(gateway.parseCallback({ headers: {}, rawBody })).toMatchObject(money);
    });

    it('accepts a PAYMENT FAILED webhook, whatever the key order of its JSON', () => {
      const gateway = createClickPesaPayments(config());
      const body = {
        data: { ...data, status: 'FAILED', message: 'Insufficient balance' },
        event: 'PAYMENT FAILED',
      };
      const checksum = clickPesaChecksum(CHECKSUM_KEY, body);
      const rawBody = `{"checksum":"${checksum}","event":"PAYMENT FAILED","data":${JSON.stringify(body.data)}}`;
      expect(gateway.parseCallback({ headers: {}, rawBody: Buffer.from(rawBody) })).toMatchObject({
        status: 'failed',
        reason: 'Insufficient balance',
        reference: PAYMENT_ID,
      });
    });

    it.each([
      [
        'a tampered amount',
        () => signed({ event: 'PAYMENT RECEIVED', data }).replace('5000.00', '50000.00'),
      ],
      [
        'a wrong checksum',
        () =>
          JSON.stringify({
            event: 'PAYMENT RECEIVED',
            data,
            checksum: hmacSha256Hex('other', 'x'),
          }),
      ],
      ['a missing checksum', () => JSON.stringify({ event: 'PAYMENT RECEIVED', data })],
      ['malformed JSON', () => '{"event":"PAYMENT RECEIVED",'],
      ['another event', () => signed({ event: 'PAYOUT INITIATED', data })],
      [
        'no orderReference',
        () => signed({ event: 'PAYMENT RECEIVED', data: { ...data, orderReference: '' } }),
      ],
    ])('rejects %s', (_name, rawBody) => {
      const gateway = createClickPesaPayments(config());
      expect(() => gateway.parseCallback({ headers: {}, rawBody: rawBody() })).toThrow(
        PaymentCallbackRejectedError,
      );
    });
  });
});

import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaymentCallbackRejectedError, PaymentGatewayError } from './payment-gateway';
import { hmacSha256Hex } from './payment-http';
import {
  SIMULATOR_SIGNATURE_HEADER,
  SimulatorPayments,
  type SimulatorCallbackBody,
} from './simulator-payments';

/** A local receiver standing in for the API's callback route. */
interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
let server: Server;
let callbackUrl: string;
let received: Received[];
let answer: (res: ServerResponse, attempt: number) => void;
let waiters: (() => void)[];
let simulator: SimulatorPayments | undefined;

const SECRET = 'simulator-test-secret';
const ok = (res: ServerResponse) => res.writeHead(204).end();

beforeEach(async () => {
  received = [];
  waiters = [];
  answer = ok;
  server = createServer((req, res) => {
    void readText(req).then((body) => {
      received.push({ headers: req.headers, body });
      answer(res, received.length);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/callback/simulator`;
});
afterEach(async () => {
  await simulator?.close();
  simulator = undefined;
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function start(overrides: Partial<ConstructorParameters<typeof SimulatorPayments>[0]> = {}) {
  simulator = new SimulatorPayments({
    callbackUrl,
    delayMs: 20,
    secret: SECRET,
    retryDelaysMs: [20, 20],
    ...overrides,
  });
  return simulator;
}

/** Resolves once the receiver has had `count` requests (or fails after 2 s). */
async function receivedCount(count: number): Promise<void> {
  const deadline = Date.now() + 2000;
  while (received.length < count) {
    if (Date.now() > deadline) expect.fail(`expected ${count} callbacks, got ${received.length}`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 50);
    });
  }
}

function nth(index: number): Received {
  const request = received[index];
  if (!request) expect.fail(`no callback #${index}`);
  return request;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const push = (phoneE164: string, reference = 'a2b7c1de-1111-4222-8333-444455556666') => ({
  reference,
  amountTzs: 5000,
  phoneE164,
  network: 'mpesa' as const,
});

describe('simulator payments', () => {
  it('accepts at once, then POSTs a signed "succeeded" callback that parseCallback accepts', async () => {
    const gateway = start();
    const accepted = await gateway.requestPush(push('+255712345678'));
    expect(accepted.status).toBe('pending');
    expect(accepted.providerReference).toMatch(/^SIM-/);
    expect(received).toHaveLength(0);
    expect(await gateway.queryStatus({ reference: push('').reference })).toMatchObject({
      status: 'pending',
    });

    await receivedCount(1);
    const { headers, body } = nth(0);
    expect(headers['content-type']).toBe('application/json');
    expect(headers[SIMULATOR_SIGNATURE_HEADER]).toBe(hmacSha256Hex(SECRET, body));
    const parsed = JSON.parse(body) as SimulatorCallbackBody;
    expect(parsed).toMatchObject({
      reference: push('').reference,
      providerReference: accepted.providerReference,
      status: 'succeeded',
      amountTzs: 5000,
      currency: 'TZS',
    });
    expect(parsed.eventId).toMatch(/^[0-9a-f-]{36}$/);

    expect(gateway.parseCallback({ headers, rawBody: body })).toEqual({
      eventId: parsed.eventId,
      reference: push('').reference,
      status: 'succeeded',
      providerReference: accepted.providerReference,
      amount: 5000,
      currency: 'TZS',
    });
    // The status query says what was collected, as the callback does.
    expect(await gateway.queryStatus({ reference: push('').reference })).toEqual({
      status: 'succeeded',
      providerReference: accepted.providerReference,
      amount: 5000,
      currency: 'TZS',
    });
    // Also found by the provider's own reference.
    expect(
      await gateway.queryStatus({
        reference: 'other',
        providerReference: accepted.providerReference,
      }),
    ).toMatchObject({ status: 'succeeded' });
  });

  it('declines +255700000002 with a "failed" callback and reason', async () => {
    const gateway = start();
    await gateway.requestPush(push('+255700000002', 'declined-1'));
    await receivedCount(1);
    const callback = gateway.parseCallback({
      headers: nth(0).headers,
      rawBody: nth(0).body,
    });
    expect(callback).toMatchObject({ reference: 'declined-1', status: 'failed' });
    expect(callback.reason).toMatch(/declined/i);
    expect(await gateway.queryStatus({ reference: 'declined-1' })).toMatchObject({
      status: 'failed',
    });
  });

  it('never answers for +255700000003: no callback, the status stays pending', async () => {
    const gateway = start();
    await gateway.requestPush(push('+255700000003', 'silent-1'));
    await sleep(150);
    expect(received).toHaveLength(0);
    expect(await gateway.queryStatus({ reference: 'silent-1' })).toMatchObject({
      status: 'pending',
    });
  });

  it('treats the same reference twice as one payment with one callback', async () => {
    const gateway = start();
    const first = await gateway.requestPush(push('+255712345678', 'twice'));
    const second = await gateway.requestPush(push('+255712345678', 'twice'));
    expect(second.providerReference).toBe(first.providerReference);
    await receivedCount(1);
    await sleep(100);
    expect(received).toHaveLength(1);
  });

  it('retries with the same event id while the receiver answers 500', async () => {
    answer = (res, attempt) => (attempt < 3 ? res.writeHead(500).end() : ok(res));
    const failures: unknown[] = [];
    const gateway = start({ onDeliveryFailure: (info) => failures.push(info) });
    await gateway.requestPush(push('+255712345678', 'retry-1'));
    await receivedCount(3);
    const ids = received.map((r) => (JSON.parse(r.body) as SimulatorCallbackBody).eventId);
    expect(new Set(ids).size).toBe(1);
    expect(failures).toEqual([
      { reference: 'retry-1', attempt: 1, reason: 'HTTP 500' },
      { reference: 'retry-1', attempt: 2, reason: 'HTTP 500' },
    ]);
    await sleep(100);
    expect(received).toHaveLength(3);
  });

  it('gives up after the last retry', async () => {
    answer = (res) => res.writeHead(503).end();
    const gateway = start({ retryDelaysMs: [10] });
    await gateway.requestPush(push('+255712345678', 'gives-up'));
    await receivedCount(2);
    await sleep(100);
    expect(received).toHaveLength(2);
  });

  it('retries when the receiver is unreachable', async () => {
    const failures: { reason: string }[] = [];
    const gateway = start({
      callbackUrl: 'http://127.0.0.1:1/api/payments/callback/simulator',
      retryDelaysMs: [10],
      onDeliveryFailure: (info) => failures.push(info),
    });
    await gateway.requestPush(push('+255712345678', 'unreachable'));
    const deadline = Date.now() + 2000;
    while (failures.length < 2 && Date.now() < deadline) await sleep(20);
    expect(failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^request failed/),
      expect.stringMatching(/^request failed/),
    ]);
  });

  it('close() cancels pending callbacks and refuses new pushes', async () => {
    const gateway = start({ delayMs: 50 });
    await gateway.requestPush(push('+255712345678', 'closed-1'));
    await gateway.close();
    await sleep(150);
    expect(received).toHaveLength(0);
    await expect(gateway.requestPush(push('+255712345678', 'closed-2'))).rejects.toBeInstanceOf(
      PaymentGatewayError,
    );
  });

  it('close() also stops the retries of a failing delivery', async () => {
    answer = (res) => res.writeHead(500).end();
    const gateway = start({ retryDelaysMs: [80, 80] });
    await gateway.requestPush(push('+255712345678', 'closed-retry'));
    await receivedCount(1);
    await gateway.close();
    await sleep(250);
    expect(received).toHaveLength(1);
  });

  // Issue 14: several API processes, one simulator each. The push's process may be gone (its
  // timers with it); any other answers the status query and verifies the callback.
  it('answers for a push another process took, from its reference, and verifies its callback', async () => {
    const pushing = start();
    const other = new SimulatorPayments({ callbackUrl, delayMs: 20, secret: SECRET });
    try {
      const paid = await pushing.requestPush(push('+255712345678', 'elsewhere-paid'));
      const declined = await pushing.requestPush(push('+255700000002', 'elsewhere-declined'));
      const silent = await pushing.requestPush(push('+255700000003', 'elsewhere-silent'));
      const ask = (reference: string, providerReference: string) =>
        other.queryStatus({ reference, providerReference });
      // The payer has not answered yet.
      expect(await ask('elsewhere-paid', paid.providerReference)).toMatchObject({
        status: 'pending',
      });
      await pushing.close();
      await sleep(40);
      // The amount comes from the reference: this process never saw the push.
      expect(await ask('elsewhere-paid', paid.providerReference)).toEqual({
        status: 'succeeded',
        providerReference: paid.providerReference,
        amount: 5000,
        currency: 'TZS',
      });
      expect(await ask('elsewhere-declined', declined.providerReference)).toMatchObject({
        status: 'failed',
      });
      expect(await ask('elsewhere-silent', silent.providerReference)).toMatchObject({
        status: 'pending',
      });
      // A reference the simulator never made is still unknown.
      await expect(ask('x', 'SIM-1')).rejects.toBeInstanceOf(PaymentGatewayError);
      const { rawBody, headers } = pushing.signCallback({
        eventId: 'e',
        reference: 'r',
        status: 'succeeded',
      });
      expect(other.parseCallback({ headers, rawBody: Buffer.from(rawBody) })).toMatchObject({
        reference: 'r',
      });
    } finally {
      await other.close();
    }
  });

  it('rejects an unknown reference in queryStatus', async () => {
    await expect(start().queryStatus({ reference: 'nope' })).rejects.toBeInstanceOf(
      PaymentGatewayError,
    );
  });

  describe('parseCallback', () => {
    const body: SimulatorCallbackBody = {
      eventId: 'evt-1',
      reference: 'pay-1',
      providerReference: 'SIM-1',
      status: 'succeeded',
      amountTzs: 5000,
      currency: 'TZS',
    };

    it('accepts what signCallback signs', () => {
      const gateway = start();
      const { rawBody, headers } = gateway.signCallback(body);
      const { amountTzs, ...rest } = body;
      expect(gateway.parseCallback({ headers, rawBody: Buffer.from(rawBody) })).toEqual({
        ...rest,
        amount: amountTzs,
      });
    });

    it.each<[string, Record<string, unknown>, { amount: number | null; currency: string | null }]>([
      ['no amount', { amountTzs: undefined }, { amount: null, currency: 'TZS' }],
      ['a non-numeric amount', { amountTzs: 'lots' }, { amount: null, currency: 'TZS' }],
      [
        'a fractional amount, unrounded',
        { amountTzs: 4999.5 },
        { amount: 4999.5, currency: 'TZS' },
      ],
      ['another currency', { currency: 'usd' }, { amount: 5000, currency: 'USD' }],
      ['no currency', { currency: undefined }, { amount: 5000, currency: null }],
    ])('reads a signed body with %s as it says it', (_name, change, money) => {
      const gateway = start();
      const { rawBody, headers } = gateway.signCallback({ ...body, ...change });
      expect(gateway.parseCallback({ headers, rawBody })).toMatchObject(money);
    });

    type Forge = (raw: string, signature: string) => [string, string | undefined];
    it.each<[string, Forge]>([
      ['a tampered body', (raw, sig) => [raw.replace('5000', '50000'), sig]],
      ['a wrong signature', (raw) => [raw, hmacSha256Hex('other-secret', raw)]],
      ['a missing signature', (raw) => [raw, undefined]],
      ['a signature that is not hex', (raw) => [raw, 'zz']],
    ])('rejects %s', (_name, forge) => {
      const gateway = start();
      const signed = gateway.signCallback(body);
      const [rawBody, signature] = forge(
        signed.rawBody,
        signed.headers[SIMULATOR_SIGNATURE_HEADER] ?? '',
      );
      const headers = signature === undefined ? {} : { [SIMULATOR_SIGNATURE_HEADER]: signature };
      expect(() => gateway.parseCallback({ headers, rawBody })).toThrow(
        PaymentCallbackRejectedError,
      );
    });

    it.each([
      ['malformed JSON', '{"eventId":'],
      ['a JSON array', '[]'],
      ['an unknown status', JSON.stringify({ ...body, status: 'paid' })],
      ['no event id', JSON.stringify({ ...body, eventId: '' })],
    ])('rejects a correctly signed body with %s', (_name, rawBody) => {
      const gateway = start();
      const headers = { [SIMULATOR_SIGNATURE_HEADER]: hmacSha256Hex(SECRET, rawBody) };
      expect(() => gateway.parseCallback({ headers, rawBody })).toThrow(
        PaymentCallbackRejectedError,
      );
    });
  });
});

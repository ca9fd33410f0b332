import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBeemSms, type BeemSmsConfig } from './beem-sms';
import { SmsDeliveryError } from './sms-gateway';

/** A local stand-in of Beem's API: records each request and answers with `answer`. */
interface Recorded {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let baseUrl: string;
let requests: Recorded[];
let answer: (res: ServerResponse) => void;

const API_KEY = 'beem-api-key-7f3a';
const SECRET_KEY = 'beem-secret-key-c91e';
const BASIC = Buffer.from(`${API_KEY}:${SECRET_KEY}`).toString('base64');
const TEXT = 'Makazi: your sign-in code is 483920';
const ACCEPTED = {
  successful: true,
  request_id: 26_384_221,
  code: 100,
  message: 'Message Submitted Successfully',
  valid: 1,
  invalid: 0,
  duplicates: 0,
};

function json(status: number, body: unknown) {
  return (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
}

function config(overrides: Partial<BeemSmsConfig> = {}): BeemSmsConfig {
  return {
    provider: 'beem',
    apiUrl: baseUrl,
    apiKey: API_KEY,
    secretKey: SECRET_KEY,
    senderId: 'MAKAZI',
    ...overrides,
  };
}

/** The rejection, checked to be a Beem SmsDeliveryError that leaks neither credentials nor text. */
async function failure(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => expect.fail('expected the send to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  const sms = error as SmsDeliveryError;
  expect(sms.provider).toBe('beem');
  for (const leak of [API_KEY, SECRET_KEY, BASIC, TEXT, '483920']) {
    expect(sms.message).not.toContain(leak);
    expect(sms.cause instanceof Error ? sms.cause.message : '').not.toContain(leak);
  }
  return sms;
}

beforeEach(async () => {
  requests = [];
  answer = json(200, ACCEPTED);
  server = createServer((req, res) => {
    void readText(req).then((body) => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('Beem SMS', () => {
  it('posts the documented request and resolves when Beem accepts it', async () => {
    const sms = createBeemSms(config());
    expect(sms.provider).toBe('beem');
    await sms.send({ to: '+255712345678', text: TEXT });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/send');
    expect(request?.headers.authorization).toBe(`Basic ${BASIC}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      source_addr: 'MAKAZI',
      encoding: 0,
      schedule_time: '',
      message: TEXT,
      recipients: [{ recipient_id: 1, dest_addr: '255712345678' }],
    });
  });

  it('keeps a path prefix in the API URL and tolerates a trailing slash', async () => {
    await createBeemSms(config({ apiUrl: `${baseUrl}/beem/` })).send({
      to: '+255712345678',
      text: TEXT,
    });
    expect(requests[0]?.url).toBe('/beem/v1/send');
  });

  it('accepts code 100 without the successful flag', async () => {
    answer = json(200, { code: 100, message: 'Message Submitted Successfully' });
    await expect(
      createBeemSms(config()).send({ to: '+255712345678', text: TEXT }),
    ).resolves.toBeUndefined();
  });

  it.each([
    [
      'HTTP 401 (bad keys)',
      json(401, { code: 120, message: 'Invalid api_key or secret_key' }),
      'beem: HTTP 401 (code 120: Invalid api_key or secret_key)',
    ],
    [
      'HTTP 500 with an HTML page',
      (res: ServerResponse) => res.writeHead(500).end('<html>oops</html>'),
      'beem: HTTP 500',
    ],
    [
      'a provider error code',
      json(200, { successful: false, code: 102, message: 'Insufficient balance' }),
      'beem: not accepted (code 102: Insufficient balance)',
    ],
    [
      'an invalid recipient',
      json(200, { ...ACCEPTED, valid: 0, invalid: 1 }),
      'beem: recipient refused as invalid (code 100: Message Submitted Successfully)',
    ],
    [
      'a reply that is not JSON',
      (res: ServerResponse) => res.writeHead(200).end('OK'),
      'beem: unreadable reply (HTTP 200, not JSON)',
    ],
    [
      'a JSON reply that is not an object',
      json(200, 'sent'),
      'beem: unreadable reply (HTTP 200, not JSON)',
    ],
    [
      'a reply that echoes the credentials and the text',
      json(400, { code: 104, message: `Bad request ${API_KEY} ${SECRET_KEY} ${TEXT}` }),
      'beem: HTTP 400 (code 104: Bad request [redacted] [redacted] [redacted])',
    ],
  ])('fails on %s with a short reason', async (_case, reply, reason) => {
    answer = reply;
    const error = await failure(createBeemSms(config()).send({ to: '+255712345678', text: TEXT }));
    expect(error.message).toBe(reason);
  });

  it('gives up after its timeout when Beem never answers', async () => {
    answer = () => {}; // The request stays open until the test closes the server.
    const started = Date.now();
    const error = await failure(
      createBeemSms(config(), { timeoutMs: 50 }).send({ to: '+255712345678', text: TEXT }),
    );
    expect(error.message).toBe('beem: no answer within 50 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('times out a reply that stalls after its headers', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"successful":');
    };
    const error = await failure(
      createBeemSms(config(), { timeoutMs: 50 }).send({ to: '+255712345678', text: TEXT }),
    );
    expect(error.message).toBe('beem: no answer within 50 ms');
  });

  it('reports a network error without the request', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(
      createBeemSms(config({ apiUrl: `http://127.0.0.1:${port}` })).send({
        to: '+255712345678',
        text: TEXT,
      }),
    );
    expect(error.message).toBe('beem: request failed (ECONNREFUSED)');
  });
});

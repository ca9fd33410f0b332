import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text as readText } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAfricasTalkingSms, type AfricasTalkingSmsConfig } from './africastalking-sms';
import { SmsDeliveryError } from './sms-gateway';

/** A local stand-in of Africa's Talking's API: records each request and answers with `answer`. */
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

const API_KEY = 'atsk_5e0c1d2b9f7a4c3e8d6b';
const TEXT = 'Makazi: your sign-in code is 483920';

function reply(status: number, recipients: unknown[], message = 'Sent to 1/1 Total Cost: TZS 22') {
  return (res: ServerResponse) => {
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ SMSMessageData: { Message: message, Recipients: recipients } }));
  };
}

function recipient(statusCode: number, status: string) {
  return { statusCode, number: '+255712345678', status, cost: 'TZS 22', messageId: 'ATXid_1' };
}

function config(overrides: Partial<AfricasTalkingSmsConfig> = {}): AfricasTalkingSmsConfig {
  return {
    provider: 'africastalking',
    apiUrl: baseUrl,
    username: 'makazi',
    apiKey: API_KEY,
    senderId: 'MAKAZI',
    ...overrides,
  };
}

/** The rejection, checked to be an Africa's Talking SmsDeliveryError leaking neither key nor text. */
async function failure(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => expect.fail('expected the send to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  const sms = error as SmsDeliveryError;
  expect(sms.provider).toBe('africastalking');
  for (const leak of [API_KEY, TEXT, '483920']) {
    expect(sms.message).not.toContain(leak);
    expect(sms.cause instanceof Error ? sms.cause.message : '').not.toContain(leak);
  }
  return sms;
}

beforeEach(async () => {
  requests = [];
  answer = reply(201, [recipient(101, 'Success')]);
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

describe("Africa's Talking SMS", () => {
  it('posts the documented form and resolves when the message is sent', async () => {
    const sms = createAfricasTalkingSms(config());
    expect(sms.provider).toBe('africastalking');
    await sms.send({ to: '+255712345678', text: TEXT });

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/version1/messaging');
    expect(request?.headers.apikey).toBe(API_KEY);
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      username: 'makazi',
      to: '+255712345678',
      message: TEXT,
      from: 'MAKAZI',
    });
  });

  it('leaves out `from` when no sender id is configured', async () => {
    await createAfricasTalkingSms(config({ senderId: undefined })).send({
      to: '+255712345678',
      text: TEXT,
    });
    const form = new URLSearchParams(requests[0]?.body);
    expect(form.has('from')).toBe(false);
    expect(form.get('username')).toBe('makazi');
  });

  it('keeps a path prefix in the API URL and tolerates a trailing slash', async () => {
    await createAfricasTalkingSms(config({ apiUrl: `${baseUrl}/at/` })).send({
      to: '+255712345678',
      text: TEXT,
    });
    expect(requests[0]?.url).toBe('/at/version1/messaging');
  });

  it.each([
    [100, 'Processed'],
    [101, 'Success'],
    [102, 'Queued'],
  ])('accepts status code %i (%s)', async (code, status) => {
    answer = reply(201, [recipient(code, status)]);
    await expect(
      createAfricasTalkingSms(config()).send({ to: '+255712345678', text: TEXT }),
    ).resolves.toBeUndefined();
  });

  it.each([
    [
      'HTTP 401 (bad key)',
      (res: ServerResponse) => res.writeHead(401).end('The supplied authentication is invalid'),
      'africastalking: HTTP 401',
    ],
    [
      'insufficient balance',
      reply(201, [recipient(405, 'InsufficientBalance')], 'Sent to 0/1 Total Cost: 0'),
      'africastalking: InsufficientBalance (405)',
    ],
    [
      'a risk hold',
      reply(201, [recipient(401, 'RiskHold')], 'Sent to 0/1 Total Cost: 0'),
      'africastalking: RiskHold (401)',
    ],
    [
      'a refused sender id (no recipients)',
      reply(201, [], 'InvalidSenderId'),
      'africastalking: no recipient in reply (InvalidSenderId)',
    ],
    [
      'a reply that is not JSON',
      (res: ServerResponse) => res.writeHead(200).end('<html>maintenance</html>'),
      'africastalking: unreadable reply (HTTP 200, not JSON)',
    ],
    [
      'a server error with a JSON message',
      reply(500, [], 'Internal error'),
      'africastalking: HTTP 500 (Internal error)',
    ],
    [
      'a reply that echoes the key and the text',
      reply(201, [recipient(406, `Blacklisted ${API_KEY} ${TEXT}`)], `${TEXT} ${API_KEY}`),
      'africastalking: Blacklisted [redacted] [redacted] (406)',
    ],
  ])('fails on %s with a short reason', async (_case, handler, reason) => {
    answer = handler;
    const error = await failure(
      createAfricasTalkingSms(config()).send({ to: '+255712345678', text: TEXT }),
    );
    expect(error.message).toBe(reason);
  });

  it('gives up after its timeout when the provider never answers', async () => {
    answer = () => {}; // The request stays open until the test closes the server.
    const started = Date.now();
    const error = await failure(
      createAfricasTalkingSms(config(), { timeoutMs: 50 }).send({
        to: '+255712345678',
        text: TEXT,
      }),
    );
    expect(error.message).toBe('africastalking: no answer within 50 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a network error without the request', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(
      createAfricasTalkingSms(config({ apiUrl: `http://127.0.0.1:${port}` })).send({
        to: '+255712345678',
        text: TEXT,
      }),
    );
    expect(error.message).toBe('africastalking: request failed (ECONNREFUSED)');
  });
});

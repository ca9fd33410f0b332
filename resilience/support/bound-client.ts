import { request } from 'node:http';
import { uniquePhone, waitForCode } from '@makazi/e2e/sms-outbox';

/*
 * The API called from a given loopback source address: the socket is bound to it, and no
 * X-Forwarded-For is written. Behind HAProxy the API sees that address because HAProxy appends it;
 * called directly, because it is the socket's own. Either way nobody claims an address they do not
 * have, so a per-address limit counts what it would count in production.
 */

export interface BoundAnswer<T> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
}

export function callFrom<T = unknown>(
  source: string,
  baseUrl: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<BoundAnswer<T>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(url, baseUrl),
      { method, headers, localAddress: source, agent: false, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON: the text itself is the answer.
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer within 15 s`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Like callFrom, but any status other than `expected` is an error naming the answer. */
export async function expectFrom<T = unknown>(
  expected: number,
  source: string,
  baseUrl: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<T> {
  const answer = await callFrom<T>(source, baseUrl, method, url, options);
  if (answer.status !== expected) {
    throw new Error(
      `${method} ${baseUrl}${url}: HTTP ${answer.status} (expected ${expected}): ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

export interface BoundPerson {
  userId: string;
  token: string;
  /** Local form, 07…: also the number that pays. */
  phone: string;
  source: string;
}

/** Registers a phone and signs in with the code the outbox SMS gateway wrote under DATA_DIR. */
export async function signUpAndInFrom(
  source: string,
  baseUrl: string,
  dataDir: string,
): Promise<BoundPerson> {
  const phone = uniquePhone();
  await expectFrom(201, source, baseUrl, 'POST', '/api/auth/signup', {
    body: { firstName: 'Asha', lastName: 'Makundi', phoneNumber: phone },
  });
  const since = new Date().toISOString();
  await expectFrom(200, source, baseUrl, 'POST', '/api/auth/login', {
    body: { phoneNumber: phone },
  });
  const otp = await waitForCode(phone, since, dataDir);
  const tokens = await expectFrom<{ access_token: string; sub: string }>(
    200,
    source,
    baseUrl,
    'POST',
    '/api/auth/verify-otp',
    { body: { phoneNumber: phone, otp } },
  );
  return { userId: tokens.sub, token: tokens.access_token, phone, source };
}

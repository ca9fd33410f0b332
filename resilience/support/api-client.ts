import { clientAddress } from '@makazi/e2e/client-address';
import { uniquePhone, waitForCode } from '@makazi/e2e/sms-outbox';

/*
 * The API over HTTP as a client calls it. The server under test trusts one proxy hop
 * (TRUST_PROXY=1) and each person here comes from an address of their own, as real visitors do:
 * the per-address sign-in limits would otherwise count a whole spec as one visitor.
 */

export interface ApiAnswer<T> {
  status: number;
  body: T;
}

export async function callApi<T = unknown>(
  baseUrl: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; address?: string } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.address ? { 'x-forwarded-for': options.address } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself is the answer.
  }
  return { status: response.status, body: body as T };
}

/** Like callApi, but any status other than `expected` is an error naming the answer. */
export async function expectApi<T = unknown>(
  expected: number,
  baseUrl: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string; address?: string } = {},
): Promise<T> {
  const answer = await callApi<T>(baseUrl, method, url, options);
  if (answer.status !== expected) {
    throw new Error(
      `${method} ${url}: HTTP ${answer.status} (expected ${expected}): ${JSON.stringify(answer.body)}`,
    );
  }
  return answer.body;
}

export interface SignedIn {
  userId: string;
  token: string;
  phone: string;
  address: string;
}

/**
 * Registers a person and signs them in with the code the outbox SMS gateway wrote under
 * DATA_DIR: what a person does with their phone in hand.
 */
export async function signUpAndIn(
  baseUrl: string,
  dataDir: string,
  name: { firstName: string; lastName: string } = { firstName: 'Neema', lastName: 'Mushi' },
): Promise<SignedIn> {
  const phone = uniquePhone();
  const address = clientAddress();
  await expectApi(201, baseUrl, 'POST', '/api/auth/signup', {
    body: { ...name, phoneNumber: phone },
    address,
  });
  const since = new Date().toISOString();
  await expectApi(200, baseUrl, 'POST', '/api/auth/login', {
    body: { phoneNumber: phone },
    address,
  });
  const otp = await waitForCode(phone, since, dataDir);
  const tokens = await expectApi<{ access_token: string; sub: string }>(
    200,
    baseUrl,
    'POST',
    '/api/auth/verify-otp',
    { body: { phoneNumber: phone, otp }, address },
  );
  return { userId: tokens.sub, token: tokens.access_token, phone, address };
}

/** Signs the admin of ADMIN_USERNAME / ADMIN_PASSWORD in; answers its token. */
export async function adminToken(
  baseUrl: string,
  username: string,
  password: string,
): Promise<string> {
  const { access_token: token } = await expectApi<{ access_token: string }>(
    200,
    baseUrl,
    'POST',
    '/api/admin/login',
    { body: { username, password }, address: clientAddress() },
  );
  return token;
}

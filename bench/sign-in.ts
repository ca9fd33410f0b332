import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface SignedIn {
  access_token: string;
  refresh_token: string;
  username: string;
  sub: string;
}

async function post<T>(baseUrl: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Registers a new person and signs them in with the code the outbox SMS gateway wrote to the
 * app's DATA_DIR (it is written before the login answers). Shared by the photo and Lighthouse
 * parts of the bench.
 */
export async function signInThroughOutbox(
  baseUrl: string,
  dataDir: string,
  lastName: string,
): Promise<SignedIn> {
  const phoneNumber = `0713${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  await post(baseUrl, '/api/auth/signup', { firstName: 'Bench', lastName, phoneNumber });
  await post(baseUrl, '/api/auth/login', { phoneNumber });
  const to = `+255${phoneNumber.slice(1)}`;
  const sent = readFileSync(path.join(dataDir, 'sms-outbox.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { to: string; text: string })
    .filter((line) => line.to === to)
    .at(-1);
  const otp = sent && /\b(\d{6})\b/.exec(sent.text)?.[1];
  if (!otp) throw new Error(`no sign-in code for ${to} in the SMS outbox`);
  return post<SignedIn>(baseUrl, '/api/auth/verify-otp', { phoneNumber, otp });
}

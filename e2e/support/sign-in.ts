import type { Page } from 'playwright-core';
import { mainServer, type AppServer } from './app-server';
import { clientAddress, forwardedFor } from './client-address';
import { messages, text } from './locales';
import { uniquePhone, waitForCode } from './sms-outbox';

const auth = messages('en', 'auth');

export interface Person {
  firstName: string;
  lastName: string;
  /** As the person types it: 07XXXXXXXX. */
  phone: string;
  /** Where their API calls come from (support/client-address.ts). */
  address: string;
}

export function newPerson(firstName = 'Neema', lastName = 'Mushi'): Person {
  return { firstName, lastName, phone: uniquePhone(), address: clientAddress() };
}

async function post(
  path: string,
  body: unknown,
  address: string,
  server: AppServer,
): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...forwardedFor(address) },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`POST ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/** Registers through the API: for specs whose subject is not registration itself. */
export async function registerThroughApi(
  person: Person,
  server: AppServer = mainServer(),
): Promise<void> {
  await post(
    '/api/auth/signup',
    { firstName: person.firstName, lastName: person.lastName, phoneNumber: person.phone },
    person.address,
    server,
  );
}

/**
 * Fills the login form on the page (popover or /login screen), reads the code the SMS outbox
 * received and enters it: what a person does with their phone in hand.
 */
export async function signInOnPage(page: Page, person: Person): Promise<void> {
  const since = new Date().toISOString();
  await page.getByLabel(text(auth, 'login.phone')).fill(person.phone);
  await page.getByRole('button', { name: text(auth, 'login.submit'), exact: true }).click();
  const code = await waitForCode(person.phone, since);
  await page.getByLabel(text(auth, 'code.label'), { exact: true }).fill(code);
  await page.getByRole('button', { name: text(auth, 'code.submit'), exact: true }).click();
}

export interface ApiTokens {
  access_token: string;
  refresh_token: string;
  username: string;
  sub: string;
}

/** Signs an existing account in through the API, reading the code from the SMS outbox. */
export async function tokensThroughApi(
  person: Person,
  server: AppServer = mainServer(),
): Promise<ApiTokens> {
  const since = new Date().toISOString();
  await post('/api/auth/login', { phoneNumber: person.phone }, person.address, server);
  const otp = await waitForCode(person.phone, since, server.dataDir);
  return (await post(
    '/api/auth/verify-otp',
    { phoneNumber: person.phone, otp },
    person.address,
    server,
  )) as ApiTokens;
}

/** Stores a session the way the web app does, on the app's origin. */
export async function storeSession(page: Page, tokens: ApiTokens): Promise<void> {
  await page.goto('/home');
  await page.evaluate(
    (stored) => {
      for (const [key, value] of Object.entries(stored)) window.localStorage.setItem(key, value);
    },
    {
      'prop-token': tokens.access_token,
      'prop-refreshToken': tokens.refresh_token,
      user: tokens.username,
      sub: tokens.sub,
    },
  );
}

/**
 * Registers and signs in through the API, then stores the session the way the web app does: for
 * specs of signed-in pages whose subject is not signing in.
 */
export async function signedInThroughApi(
  page: Page,
  person: Person = newPerson(),
): Promise<Person> {
  await registerThroughApi(person);
  await storeSession(page, await tokensThroughApi(person));
  return person;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, openSession, screenshot, type Session } from '../support/browser';
import { pathname } from '../support/catalogue';
import { waitForHydration } from '../support/hydration';
import { messages, text } from '../support/locales';
import { expectToast } from '../support/toast';
import { newPerson, registerThroughApi, signInOnPage, type Person } from '../support/sign-in';
import { until } from '../support/until';
import { waitForCode } from '../support/sms-outbox';

const auth = messages('en', 'auth');
const common = messages('en', 'common');
const detail = messages('en', 'detail');
const posts = messages('en', 'posts');
const loginRequired = text(common, 'guards.loginRequired');

async function storedSession(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() =>
    Object.fromEntries(
      ['prop-token', 'prop-refreshToken', 'user', 'sub'].map((key) => [
        key,
        window.localStorage.getItem(key),
      ]),
    ),
  );
}

function accountButton(page: Page, name: string) {
  return page.getByRole('button', {
    name: text(common, 'header.account').replace('{{name}}', name),
  });
}

describe('signing in with a phone number and an SMS code', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('registers, signs in with the code from the SMS, edits the name and logs out', async () => {
    const { page } = session;
    const person = newPerson('Neema', 'Mushi');

    await page.goto('/register');
    await page.getByLabel(text(auth, 'register.firstName')).fill(person.firstName);
    await page.getByLabel(text(auth, 'register.lastName')).fill(person.lastName);
    await page.getByLabel(text(auth, 'register.phone')).fill(person.phone);
    const since = new Date().toISOString();
    await page.getByRole('button', { name: text(auth, 'register.submit'), exact: true }).click();

    // Registered: on /login, the code already sent to the number, without another tap.
    await until(() => (pathname(page) === '/login' ? true : undefined), 'the login screen');
    const code = await waitForCode(person.phone, since);
    await page.getByLabel(text(auth, 'code.label'), { exact: true }).fill(code);
    await page.getByRole('button', { name: text(auth, 'code.submit'), exact: true }).click();
    await expectToast(page, text(auth, 'toast.loginSuccess'));
    await until(() => (pathname(page) === '/home' ? true : undefined), 'the home page');
    const stored = await storedSession(page);
    expect(stored.user).toBe('Neema Mushi');
    expect(stored['prop-token']).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored['prop-refreshToken']).toBeTruthy();
    expect(stored.sub).toMatch(/^[0-9a-f-]{36}$/);
    await screenshot(page, 'signed-in-home');

    // Profile: change the first name; the header follows.
    await accountButton(page, 'Neema Mushi').click();
    await page.getByRole('menuitem', { name: text(common, 'header.profile') }).click();
    const firstName = page.getByLabel(text(common, 'profile.firstName'));
    await until(
      async () => ((await firstName.inputValue()) === 'Neema' ? true : undefined),
      'the profile to load',
    );
    await firstName.fill('Neema-Grace');
    await page.getByRole('button', { name: text(common, 'profile.save') }).click();
    await accountButton(page, 'Neema-Grace Mushi').waitFor();
    expect((await storedSession(page)).user).toBe('Neema-Grace Mushi');
    const profile = await page.evaluate(async () => {
      const response = await fetch(`/api/users/${window.localStorage.getItem('sub') ?? ''}`, {
        headers: { Authorization: `Bearer ${window.localStorage.getItem('prop-token') ?? ''}` },
      });
      return (await response.json()) as { firstName: string; phoneNumber: string };
    });
    expect(profile.firstName).toBe('Neema-Grace');
    expect(profile.phoneNumber).toBe(`+255${person.phone.slice(1)}`);

    // Logout clears the four keys and says so.
    await accountButton(page, 'Neema-Grace Mushi').click();
    await page.getByRole('menuitem', { name: text(common, 'header.logout') }).click();
    await expectToast(page, text(common, 'session.loggedOut'));
    await page
      .getByRole('link', { name: text(common, 'header.signIn') })
      .first()
      .waitFor();
    expect(await storedSession(page)).toEqual({
      'prop-token': null,
      'prop-refreshToken': null,
      user: null,
      sub: null,
    });
  });

  it('shows a listing to an anonymous visitor; View Contacts asks them to sign in, then brings them back', async () => {
    const { page, context } = session;
    await context.clearCookies();
    await page.goto('/home');
    await page.evaluate(() => window.localStorage.clear());
    const person: Person = newPerson('Baraka', 'Said');
    await registerThroughApi(person);
    const [listing] = await apiGet<{ id: string; title: string; price: number }[]>(
      '/api/properties?type=Rent&limit=1',
    );
    if (!listing) throw new Error('the demo catalogue has no Rent listings');

    // Public (decision 037): the listing itself, with no sign-in asked for.
    await page.goto(`/lease/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title.trim() }).waitFor();
    await page
      .getByText(`TZS ${listing.price.toLocaleString('en-US')}`)
      .first()
      .waitFor();
    const viewContacts = page.getByRole('button', { name: text(detail, 'contacts.view') });
    await waitForHydration(viewContacts, 'View Contacts');
    expect(pathname(page)).toBe(`/lease/${listing.id}`);
    expect(await page.getByRole('alert').filter({ hasText: loginRequired }).count()).toBe(0);

    // The owner's phone is what sign-in guards.
    await viewContacts.click();
    await expectToast(page, loginRequired);
    await until(() => (pathname(page) === '/login' ? true : undefined), 'the login screen');

    await signInOnPage(page, person);
    await until(
      () => (pathname(page) === `/lease/${listing.id}` ? true : undefined),
      'the return to the listing',
    );
    await page.getByRole('heading', { level: 1, name: listing.title.trim() }).waitFor();
    await accountButton(page, 'Baraka Said').waitFor();
  });

  it('sends a visitor of a page behind sign-in to sign in, then back to that page', async () => {
    const { page, context } = session;
    await context.clearCookies();
    await page.goto('/home');
    await page.evaluate(() => window.localStorage.clear());
    const person: Person = newPerson('Tumaini', 'Mushi');
    await registerThroughApi(person);

    await page.goto('/posts');
    await expectToast(page, loginRequired);
    await until(() => (pathname(page) === '/login' ? true : undefined), 'the login screen');

    await signInOnPage(page, person);
    await until(() => (pathname(page) === '/posts' ? true : undefined), 'the return to /posts');
    await page.getByRole('heading', { level: 1, name: text(posts, 'title') }).waitFor();
  });
});

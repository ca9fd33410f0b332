import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { pathname } from '../support/catalogue';
import { waitForHydration } from '../support/hydration';
import {
  adminTokenThroughApi,
  approveThroughApi,
  publishRentThroughApi,
} from '../support/listings';
import { messages, text } from '../support/locales';
import { expectToast } from '../support/toast';
import {
  newPerson,
  registerThroughApi,
  signInOnPage,
  storeSession,
  tokensThroughApi,
} from '../support/sign-in';
import { waitForCode } from '../support/sms-outbox';

/*
 * Paying by mobile money through the payment simulator, which answers like a real aggregator: a
 * signed callback over HTTP after PAYMENT_SIMULATOR_DELAY_MS; payer 0700000002 is declined.
 */

const checkout = messages('en', 'checkout');
const detail = messages('en', 'detail');
const auth = messages('en', 'auth');
const common = messages('en', 'common');
const posts = messages('en', 'posts');
const catalogue = messages('en', 'catalogue');

const DECLINED_PAYER = '0700000002';

/** A small phone's screen: the first screen of a listing must hold its main action (issue 41). */
const PHONE = { width: 360, height: 800 };

/** Step 2: network, payer phone, Pay; then the PIN wait the simulator ends. */
async function payWithMpesa(page: Page, payerPhone: string): Promise<void> {
  await page.getByLabel(text(checkout, 'form.provider')).selectOption('mpesa');
  await page.getByLabel(text(checkout, 'form.phone')).fill(payerPhone);
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('heading', { name: text(checkout, 'wait.title') }).waitFor();
}

async function contactOf(propertyId: string): Promise<{ phoneNumber: string }> {
  const response = await fetch(`${baseUrl()}/api/properties/${propertyId}/contact`, {
    headers: { Authorization: `Bearer ${await adminTokenThroughApi()}` },
  });
  if (!response.ok) throw new Error(`contact: HTTP ${response.status}`);
  return (await response.json()) as { phoneNumber: string };
}

describe('mobile-money payments', () => {
  let session: Session;
  beforeEach(async () => {
    session = await openSession();
  });
  afterEach(async () => {
    await session?.close();
  });

  it("a visitor on a phone signs in on a listing, subscribes from View Contacts and sees the owner's phone at once", async () => {
    const { page } = session;
    await page.setViewportSize(PHONE);
    const person = newPerson('Zawadi', 'Kimaro');
    await registerThroughApi(person);
    const [listing] = await apiGet<{ id: string; title: string }[]>('/api/properties?type=Rent');
    if (!listing) throw new Error('the demo catalogue has no Rent listings');

    // The listing is public (decision 037); its owner's phone is not: View Contacts asks an
    // anonymous visitor to sign in first, then brings them back to the listing.
    await page.goto(`/lease/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title.trim() }).waitFor();
    const viewContacts = page.getByRole('button', { name: text(detail, 'contacts.view') });
    await waitForHydration(viewContacts, 'View Contacts');
    // The page's main action is in the first screen, above save and share, and the widest of them.
    const box = await viewContacts.boundingBox();
    const save = await page
      .getByRole('button', { name: text(common, 'favourites.save') })
      .boundingBox();
    if (!box || !save) throw new Error('View Contacts or Save is not drawn');
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.y + box.height).toBeLessThanOrEqual(save.y);
    expect(box.width).toBeGreaterThan(save.width);
    expect(box.height).toBeGreaterThanOrEqual(save.height);
    await screenshot(page, 'detail-contacts-first-360');
    await viewContacts.click();
    await page.waitForURL('**/login');
    await expectToast(page, text(common, 'guards.loginRequired'));
    await signInOnPage(page, person);
    await page.waitForURL(`**/lease/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title.trim() }).waitFor();

    // Not subscribed: View Contacts leads to the plans, with the guard's toast.
    await viewContacts.click();
    await page.waitForURL('**/subscribe');
    await expectToast(page, text(common, 'guards.subscriptionRequired'));
    await page.getByRole('heading', { name: text(checkout, 'subscribe.title') }).waitFor();
    await page
      .getByRole('link', { name: text(checkout, 'selectPlan') })
      .first()
      .click();
    await page.waitForURL(/\/plan\/\d+$/);

    // Signed in already: straight to payment, with the order summary.
    await page.getByText(text(checkout, 'summary.discount')).waitFor();
    await payWithMpesa(page, person.phone);
    await screenshot(page, 'payment-waiting');

    // Paid: back on the listing, where the contacts show without a second tap.
    await page.waitForURL(`**/lease/${listing.id}`, { timeout: 30_000 });
    const { phoneNumber } = await contactOf(listing.id);
    const call = page.getByRole('link', { name: text(detail, 'contacts.call') });
    await call.waitFor();
    const hide = page.getByRole('button', { name: text(detail, 'contacts.hide') });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    expect(await call.getAttribute('href')).toBe(`tel:${phoneNumber}`);
    const chat = page.getByRole('link', { name: text(detail, 'contacts.chat') });
    expect(await chat.getAttribute('href')).toMatch(
      new RegExp(`^https://wa\\.me/${phoneNumber.slice(1)}\\?text=`),
    );
    await screenshot(page, 'contacts-revealed');

    await hide.click();
    await expect(call.count()).resolves.toBe(0);
    // Seen once: a reload is a plain visit, the contacts closed until asked for.
    await page.reload();
    await waitForHydration(viewContacts, 'View Contacts');
    expect(await viewContacts.getAttribute('aria-expanded')).toBe('false');
  });

  it('a newcomer gives their details at checkout, is declined once, tries again and is subscribed', async () => {
    const { page } = session;
    const person = newPerson('Baraka', 'Mollel');

    await page.goto('/subscribe');
    await page
      .getByRole('link', { name: text(checkout, 'selectPlan') })
      .first()
      .click();
    await page.waitForURL(/\/plan\/\d+$/);

    // Step 1, only for someone not signed in: register, then the texted code.
    await page.getByRole('heading', { name: text(auth, 'checkout.title') }).waitFor();
    await page.getByLabel(text(auth, 'register.firstName')).fill(person.firstName);
    await page.getByLabel(text(auth, 'register.lastName')).fill(person.lastName);
    await page.getByLabel(text(auth, 'register.phone')).fill(person.phone);
    const since = new Date().toISOString();
    await page.getByRole('button', { name: text(auth, 'checkout.submit') }).click();
    const code = await waitForCode(person.phone, since);
    await page.getByLabel(text(auth, 'code.label'), { exact: true }).fill(code);
    await page.getByRole('button', { name: text(auth, 'code.submit'), exact: true }).click();

    // Step 2: the simulator declines this payer.
    await page.getByText(text(checkout, 'steps.payment')).waitFor();
    await payWithMpesa(page, DECLINED_PAYER);
    await page.getByRole('heading', { name: text(checkout, 'result.failed') }).waitFor({
      timeout: 30_000,
    });
    // Why, in our words: the provider's own text ("Declined by the payer") never shows.
    await page.getByText(text(checkout, 'result.failures.declined')).waitFor();
    await screenshot(page, 'payment-declined');

    await page.getByRole('button', { name: text(checkout, 'result.tryAgain') }).click();
    await payWithMpesa(page, person.phone);
    await page.waitForURL('**/home', { timeout: 30_000 });

    // The session the checkout's sign-in stored, as the app keeps it.
    const tokens = await page.evaluate(() => ({
      sub: window.localStorage.getItem('sub') ?? '',
      accessToken: window.localStorage.getItem('prop-token') ?? '',
    }));
    const status = await fetch(`${baseUrl()}/api/subscription/status/${tokens.sub}`, {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(((await status.json()) as { data: { isActive: boolean } }).data.isActive).toBe(true);

    // One payment failed and one succeeded: never charged twice, never paid for nothing.
    const admin = await adminTokenThroughApi();
    const records = await fetch(`${baseUrl()}/api/admin/payments?purpose=subscription`, {
      headers: { Authorization: `Bearer ${admin}` },
    });
    const { items } = (await records.json()) as {
      items: { user: { id: string }; status: string }[];
    };
    const mine = items.filter((item) => item.user.id === tokens.sub).map((item) => item.status);
    expect(mine.sort()).toEqual(['failed', 'succeeded']);
  });

  it('an owner promotes an approved listing, which then leads its list with the Promoted badge', async () => {
    const { page } = session;
    const person = newPerson('Rehema', 'Swai');
    await registerThroughApi(person);
    const tokens = await tokensThroughApi(person);
    const title = `Mikocheni ${Date.now() % 100_000}`;
    const id = await publishRentThroughApi(tokens.access_token, title);
    await approveThroughApi(id);
    await storeSession(page, tokens);

    await page.goto('/posts');
    const card = page.locator('article', { has: page.getByRole('heading', { name: title }) });
    await card.getByRole('link', { name: text(posts, 'card.promote') }).click();
    await page.waitForURL('**/promote');
    await page.getByRole('heading', { name: text(checkout, 'promote.title') }).waitFor();
    await page
      .getByRole('link', { name: text(checkout, 'selectPlan') })
      .first()
      .click();
    await page.waitForURL(/\/promotion-plan\/\d+$/);
    await page.getByText(title).first().waitFor();

    await payWithMpesa(page, person.phone);
    await page
      .getByRole('alert')
      .filter({ hasText: text(checkout, 'promote.success') })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.waitForURL('**/posts');
    await card.getByTestId('promoted-until').waitFor();

    // sort=new puts running promotions first: the listing is on the first page, with the badge.
    await page.goto('/lease');
    const listed = page.getByTestId('property-card').filter({ hasText: title });
    await listed.getByText(text(catalogue, 'card.promoted')).waitFor();
    expect(pathname(page)).toBe('/lease');
    await screenshot(page, 'promoted-listing');
  });
});

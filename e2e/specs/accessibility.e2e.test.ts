import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  LANGUAGES,
  publicStops,
  sessionIn,
  textsOf,
  type Language,
} from '../support/accessibility';
import { pendingRow } from '../support/admin';
import { axeViolations } from '../support/axe';
import { apiGet, baseUrl, type Session } from '../support/browser';
import { forwardedFor } from '../support/client-address';
import { clickOnceHydrated } from '../support/hydration';
import { approveThroughApi, publishRentThroughApi } from '../support/listings';
import { text } from '../support/locales';
import {
  newPerson,
  registerThroughApi,
  storeSession,
  tokensThroughApi,
  type ApiTokens,
} from '../support/sign-in';
import { until } from '../support/until';
import { englishOnPage } from '../support/english-on-swahili';

/*
 * Every route of the app, in English and in Kiswahili, scanned with axe-core once its real content
 * is on screen: no violation of impact serious or critical against WCAG 2.2 A and AA (axe's
 * wcag2a … wcag22aa tags). accessibility-second-engine.e2e.test.ts scans the public pages and the
 * checkout again at 360 px with a second engine.
 */

/** A payer the payment simulator never answers for: the PIN wait stays on screen. */
const SILENT_PAYER = '0700000003';

interface Finding {
  route: string;
  language: Language;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

function describeFinding(finding: Finding): string {
  return `${finding.route} [${finding.language}] ${finding.rule} (${finding.impact}): ${finding.help} → ${finding.targets.join(' | ')}`;
}

/** Scans the page as it is now; `route` names it in the report. */
async function scan(page: Page, route: string, language: Language, into: Finding[]): Promise<void> {
  // The stored choice took effect: the page is in the language the report says.
  expect(await page.locator('html').getAttribute('lang'), route).toBe(language);
  for (const violation of await axeViolations(page)) into.push({ route, language, ...violation });
  if (language === 'sw') {
    const english = await englishOnPage(page);
    if (english.length > 0) {
      into.push({
        route,
        language,
        rule: 'english-on-swahili',
        impact: 'serious',
        help: 'English text on a Swahili screen',
        targets: english,
      });
    }
  }
}

async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => window.localStorage.clear());
}

interface Plan {
  id: string;
  durationInDays: number;
}

interface Fixture {
  /** A demo listing for rent someone else published. */
  listing: { id: string; title: string };
  owner: {
    tokens: ApiTokens;
    listingId: string;
    listingTitle: string;
    pendingTitle: string;
    /** The name on the owner's message through the contact form. */
    supportSender: string;
  };
  subscriber: ApiTokens;
  subscriptionDays: number;
}

/** A subscription paid through the simulator: the person may open any listing's contacts. */
async function subscribe(tokens: ApiTokens, phone: string, plan: Plan): Promise<void> {
  const headers = { Authorization: `Bearer ${tokens.access_token}` };
  const response = await fetch(`${baseUrl()}/api/subscription/create`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      userId: tokens.sub,
      planId: plan.id,
      phoneNumber: phone,
      provider: 'mpesa',
    }),
  });
  if (!response.ok) throw new Error(`subscription: HTTP ${response.status}`);
  await until(
    async () => {
      const status = await fetch(`${baseUrl()}/api/subscription/status/${tokens.sub}`, {
        headers,
      });
      const { data } = (await status.json()) as { data: { isActive: boolean } };
      return data.isActive ? true : undefined;
    },
    'the subscription to be paid',
    { timeoutMs: 30_000 },
  );
}

/**
 * Cancels the payment this tab waits for (the checkout keeps its id in sessionStorage), with the
 * tab's own access token: the page may have refreshed the one it was given.
 */
async function cancelWaitingPayment(page: Page): Promise<void> {
  const { stored, token } = await page.evaluate(() => ({
    stored: window.sessionStorage.getItem('makazi.pendingPayment'),
    token: window.localStorage.getItem('prop-token'),
  }));
  const { paymentId } = JSON.parse(stored ?? '{}') as { paymentId?: string };
  if (!paymentId || !token) throw new Error('the checkout kept no waiting payment');
  const response = await fetch(`${baseUrl()}/api/payments/${paymentId}/cancel`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`cancel: HTTP ${response.status}`);
}

async function prepare(): Promise<Fixture> {
  const [listing] = await apiGet<{ id: string; title: string }[]>('/api/properties?type=Rent');
  if (!listing) throw new Error('the demo catalogue has no Rent listings');
  const [plan] = await apiGet<Plan[]>('/api/subscription-plan');
  if (!plan) throw new Error('no subscription plans seeded');

  const owner = newPerson('Halima', 'Mrisho');
  const subscriberPerson = newPerson('Juma', 'Kombo');
  await Promise.all([registerThroughApi(owner), registerThroughApi(subscriberPerson)]);
  const [ownerTokens, subscriber] = await Promise.all([
    tokensThroughApi(owner),
    tokensThroughApi(subscriberPerson),
  ]);
  const stamp = Date.now() % 100_000;
  const listingTitle = `Sinza ${stamp}`;
  const pendingTitle = `Mbezi ${stamp}`;
  const supportSender = `Halima Mrisho ${stamp}`;
  const listingId = await publishRentThroughApi(ownerTokens.access_token, listingTitle);
  await publishRentThroughApi(ownerTokens.access_token, pendingTitle);
  // Signed in, the message is the account's: the admin's support inbox then links to it.
  const sent = await fetch(`${baseUrl()}/api/support/messages`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${ownerTokens.access_token}`,
      'Content-Type': 'application/json',
      ...forwardedFor(owner.address),
    },
    body: JSON.stringify({
      name: supportSender,
      topic: 'listing',
      message: 'Tangazo langu la Mbezi bado linasubiri kukaguliwa.',
    }),
  });
  if (sent.status !== 201) throw new Error(`support message: HTTP ${sent.status}`);
  await Promise.all([
    approveThroughApi(listingId),
    subscribe(subscriber, subscriberPerson.phone, plan),
  ]);
  return {
    listing,
    owner: { tokens: ownerTokens, listingId, listingTitle, pendingTitle, supportSender },
    subscriber,
    subscriptionDays: plan.durationInDays,
  };
}

let fixture: Fixture;
beforeAll(async () => {
  fixture = await prepare();
}, 90_000);

describe.each(LANGUAGES)('accessibility in %s', (language) => {
  const t = textsOf(language);
  let session: Session;
  beforeAll(async () => {
    session = await sessionIn(language);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('public pages', async () => {
    const { page } = session;
    const findings: Finding[] = [];
    for (const stop of publicStops(t, fixture.subscriptionDays)) {
      await stop.open(page);
      await scan(page, stop.route, language, findings);
    }
    expect(findings.map(describeFinding)).toEqual([]);
  });

  it('signed-in pages', { timeout: 120_000 }, async () => {
    const { page } = session;
    const findings: Finding[] = [];
    const { owner, listing } = fixture;

    // Someone without a subscription, who owns an approved listing.
    await storeSession(page, owner.tokens);
    await page.goto(`/lease/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    await scan(page, '/lease/{id}', language, findings);
    await clickOnceHydrated(
      page.getByRole('button', { name: text(t.detail, 'report.action') }),
      'Report this listing',
    );
    const report = page.getByRole('dialog', { name: text(t.trust, 'report.title') });
    await report.getByRole('radio').first().waitFor();
    await scan(page, '/lease/{id} report dialog', language, findings);
    await report.getByRole('button', { name: text(t.trust, 'report.cancel') }).click();
    await report.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: text(t.detail, 'contacts.view') }).click();
    await page.waitForURL('**/subscribe');
    await page.getByRole('heading', { name: text(t.checkout, 'subscribe.title') }).waitFor();
    const toast = page
      .getByRole('alert')
      .filter({ hasText: text(t.common, 'guards.subscriptionRequired') })
      .first();
    await toast.waitFor();
    // Scanned mid-entrance, a fading toast would measure as low contrast: let it finish arriving.
    await toast.evaluate((node) =>
      Promise.all(node.getAnimations().map((animation) => animation.finished)),
    );
    await scan(page, '/lease/{id} View Contacts, no subscription', language, findings);

    await page.goto('/posts');
    await page.getByRole('heading', { name: text(t.posts, 'title') }).waitFor();
    const card = page.locator('article', {
      has: page.getByRole('heading', { name: owner.listingTitle }),
    });
    await card.waitFor();
    await scan(page, '/posts', language, findings);
    await card.getByRole('button', { name: text(t.posts, 'trust.markTaken') }).click();
    const taken = page.getByRole('dialog', { name: text(t.posts, 'taken.title') });
    await taken.waitFor();
    await scan(page, '/posts mark as taken', language, findings);
    await taken.getByRole('button', { name: text(t.posts, 'taken.cancel') }).click();
    await taken.waitFor({ state: 'hidden' });

    await page.goto('/post');
    await page.getByRole('heading', { name: text(t.publish, 'title.create') }).waitFor();
    await page.getByRole('radio', { name: text(t.common, 'types.Rent'), exact: true }).check();
    await page.getByLabel(text(t.publish, 'fields.title')).waitFor();
    await scan(page, '/post step 1', language, findings);

    await page.goto(`/user/lease/${owner.listingId}`);
    await page.getByRole('heading', { level: 1, name: owner.listingTitle }).waitFor();
    await page.getByRole('button', { name: text(t.detail, 'contacts.view') }).click();
    await page.getByRole('button', { name: text(t.detail, 'contacts.hide') }).waitFor();
    await scan(page, '/user/lease/{id} contacts open', language, findings);

    await page.goto('/posts');
    await card.getByRole('link', { name: text(t.posts, 'card.promote') }).click();
    await page.getByRole('heading', { name: text(t.checkout, 'promote.title') }).waitFor();
    await page.getByTestId('promoted-listing').waitFor();
    await scan(page, '/promote', language, findings);
    await page
      .getByRole('link', { name: text(t.checkout, 'selectPlan') })
      .first()
      .click();
    await page.waitForURL(/\/promotion-plan\/\d+$/);
    await page.getByText(owner.listingTitle).first().waitFor();
    await page.getByLabel(text(t.checkout, 'form.phone')).waitFor();
    await scan(page, '/promotion-plan/{days}', language, findings);

    await page.goto(`/plan/${fixture.subscriptionDays}`);
    await page.getByText(text(t.checkout, 'steps.paymentOnly'), { exact: true }).first().waitFor();
    await page.getByLabel(text(t.checkout, 'form.phone')).waitFor();
    await scan(page, '/plan/{days} step 2', language, findings);
    await page.getByLabel(text(t.checkout, 'form.provider')).selectOption('mpesa');
    await page.getByLabel(text(t.checkout, 'form.phone')).fill(SILENT_PAYER);
    await page.getByRole('button', { name: text(t.checkout, 'form.pay').split('{{')[0] }).click();
    await page.getByRole('heading', { name: text(t.checkout, 'wait.title') }).waitFor();
    await scan(page, '/plan/{days} PIN wait', language, findings);
    // The silent payer never answers: cancelled, so the owner's checkout in the next language is
    // not refused as a second payment waiting for the phone.
    await cancelWaitingPayment(page);

    // A subscriber opens a listing's contacts.
    await signOut(page);
    await storeSession(page, fixture.subscriber);
    await page.goto(`/lease/${listing.id}`);
    await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
    await clickOnceHydrated(
      page.getByRole('button', { name: text(t.detail, 'contacts.view') }),
      'View Contacts',
    );
    await page.getByRole('link', { name: text(t.detail, 'contacts.call') }).waitFor();
    await scan(page, '/lease/{id} contacts open, subscribed', language, findings);
    // The contact just shown, on Contacts you viewed, with the dead-end claim's dialog.
    await page.goto('/contacts-viewed');
    const deadEnd = page.getByRole('button', { name: text(t.trust, 'reveals.deadEnd') }).first();
    await deadEnd.waitFor();
    await scan(page, '/contacts-viewed', language, findings);
    await deadEnd.click();
    const claim = page.getByRole('dialog', { name: text(t.trust, 'report.deadEndTitle') });
    await claim.getByRole('radio').first().waitFor();
    await scan(page, '/contacts-viewed dead-end dialog', language, findings);
    await claim.getByRole('button', { name: text(t.trust, 'report.cancel') }).click();
    await signOut(page);

    expect(findings.map(describeFinding)).toEqual([]);
  });

  it('admin pages', async () => {
    const { page } = session;
    const findings: Finding[] = [];
    const { owner } = fixture;
    const { username, password } = inject('admin');

    await page.goto('/admin');
    await page.getByRole('heading', { name: text(t.admin, 'login.title') }).waitFor();
    await scan(page, '/admin', language, findings);
    await page.getByLabel(text(t.admin, 'login.username')).fill(username);
    await page.getByLabel(text(t.admin, 'login.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text(t.admin, 'login.submit'), exact: true }).click();

    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('heading', { name: text(t.admin, 'dashboard.title') }).waitFor();
    await page.getByText(text(t.admin, 'dashboard.awaitingReview')).first().waitFor();
    await page.getByRole('heading', { name: text(t.admin, 'dashboard.chartTitle') }).waitFor();
    await scan(page, '/admin/dashboard', language, findings);

    await page.goto(
      `/admin/property?type=Rent&status=pending&q=${encodeURIComponent(owner.pendingTitle)}`,
    );
    await page.getByRole('heading', { name: text(t.admin, 'properties.title') }).waitFor();
    await pendingRow(page, owner.pendingTitle, t.admin).waitFor();
    await scan(page, '/admin/property', language, findings);

    await page.goto(`/admin/lease/${owner.listingId}`);
    await page.getByRole('heading', { level: 1, name: owner.listingTitle }).waitFor();
    await scan(page, '/admin/lease/{id}', language, findings);

    await page.goto(`/admin/users?q=${encodeURIComponent('Halima')}`);
    await page.getByRole('heading', { name: text(t.admin, 'users.title') }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Mrisho' }).first().waitFor();
    await scan(page, '/admin/users', language, findings);

    await page.goto(`/admin/users/${owner.tokens.sub}`);
    await page.getByRole('heading', { name: text(t.admin, 'user.title') }).waitFor();
    await page.getByText(owner.listingTitle).first().waitFor();
    await scan(page, '/admin/users/{id}', language, findings);

    await page.goto('/admin/finance');
    await page.getByRole('heading', { name: text(t.admin, 'finance.title') }).waitFor();
    await page.getByTestId('total-count').waitFor();
    await page.getByRole('row').nth(1).waitFor();
    await scan(page, '/admin/finance', language, findings);

    await page.goto('/admin/support');
    await page.getByRole('heading', { name: text(t.admin, 'support.title') }).waitFor();
    await page.getByRole('listitem').filter({ hasText: owner.supportSender }).first().waitFor();
    await scan(page, '/admin/support', language, findings);

    // The admin session lives in sessionStorage: leave the next language's visitor signed out.
    await page.evaluate(() => window.sessionStorage.clear());
    expect(findings.map(describeFinding)).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { cardIds, pathname, waitForCards } from '../support/catalogue';
import { clickOnceHydrated } from '../support/hydration';
import {
  adminTokenThroughApi,
  approveThroughApi,
  publishRentThroughApi,
} from '../support/listings';
import { messages, text } from '../support/locales';
import {
  newPerson,
  registerThroughApi,
  storeSession,
  tokensThroughApi,
  type ApiTokens,
} from '../support/sign-in';
import { until } from '../support/until';

/*
 * Trust (issue 20) in a phone's browser, 360 px wide: a visitor reports a listing from its page, a
 * subscriber says a contact they were shown was a dead end, and an owner answers the SMS reminder
 * on /posts and marks a listing taken, which leaves the public lists at once.
 */

const detail = messages('en', 'detail');
const trust = messages('en', 'trust');
const posts = messages('en', 'posts');

const trustSw = { detail: messages('sw', 'detail'), trust: messages('sw', 'trust') };

const PHONE = { width: 360, height: 740 };

/** A listing of a new owner, approved: public, and nobody else's test touches it. */
async function liveListing(title: string): Promise<{ id: string; owner: ApiTokens }> {
  const person = newPerson('Rehema', 'Kimaro');
  await registerThroughApi(person);
  const owner = await tokensThroughApi(person);
  const id = await publishRentThroughApi(owner.access_token, title);
  await approveThroughApi(id);
  return { id, owner };
}

async function call(method: string, path: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
  return response.json() as Promise<unknown>;
}

/** Ids of the public Rent list's first page, as the API answers a visitor. */
async function publicRentIds(): Promise<string[]> {
  return (await apiGet<{ id: string }[]>('/api/properties?type=Rent&sort=new')).map(({ id }) => id);
}

describe('trust', () => {
  let session: Session;
  beforeEach(async () => {
    session = await openSession({ viewport: PHONE });
  });
  afterEach(async () => {
    await session?.close();
  });

  it('a signed-in visitor reports a listing from its page', async () => {
    const title = `E2E report ${Date.now()}`;
    const { id } = await liveListing(title);
    const { page } = session;
    const reporter = newPerson('Baraka', 'Mollel');
    await registerThroughApi(reporter);
    await storeSession(page, await tokensThroughApi(reporter));

    await page.goto(`/lease/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const action = page.getByRole('button', { name: text(detail, 'report.action') });
    await clickOnceHydrated(action, 'Report this listing');

    await page.getByRole('dialog', { name: text(trust, 'report.title') }).waitFor();
    // Once sent, the dialog's title says thank you: one locator for both.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: text(trust, 'reasons.wrong_price') }).check();
    await dialog
      .getByRole('textbox', { name: text(trust, 'report.note') })
      .fill('The owner says the rent is 500,000, not 350,000.');
    await screenshot(page, 'trust-report-dialog-360');
    await dialog.getByRole('button', { name: text(trust, 'report.submit') }).click();
    await dialog.getByRole('status').getByText(text(trust, 'report.sent')).waitFor();
    await screenshot(page, 'trust-report-sent-360');

    // The admins' queue has it, with the reason and the note.
    const queue = await fetch(`${baseUrl()}/api/admin/reports`, {
      headers: { Authorization: `Bearer ${await adminTokenThroughApi()}` },
    });
    const { items } = (await queue.json()) as {
      items: { property: { id: string }; reports: { reason: string; note: string | null }[] }[];
    };
    const reported = items.find((item) => item.property.id === id);
    expect(reported?.reports).toEqual([
      expect.objectContaining({
        reason: 'wrong_price',
        note: 'The owner says the rent is 500,000, not 350,000.',
      }),
    ]);

    await dialog.getByRole('button', { name: text(trust, 'report.done') }).click();
    await dialog.waitFor({ state: 'hidden' });

    // In Swahili, the longer words still fit a phone.
    await page.goto(`/lease/${id}?lang=sw`);
    const ripoti = page.getByRole('button', { name: text(trustSw.detail, 'report.action') });
    await clickOnceHydrated(ripoti, 'Ripoti tangazo hili');
    await page.getByRole('dialog', { name: text(trustSw.trust, 'report.title') }).waitFor();
    await screenshot(page, 'trust-report-dialog-sw-360');
  });

  it('a subscriber says a contact they were shown was a dead end, from Contacts you viewed', async () => {
    const title = `E2E dead end ${Date.now()}`;
    const { id } = await liveListing(title);
    const person = newPerson('Zawadi', 'Mushi');
    await registerThroughApi(person);
    const subscriber = await tokensThroughApi(person);
    const [plan] = await apiGet<{ id: string }[]>('/api/subscription-plan');
    await call('POST', '/api/subscription/create', subscriber.access_token, {
      userId: subscriber.sub,
      planId: plan?.id,
      phoneNumber: person.phone,
      provider: 'mpesa',
      idempotencyKey: crypto.randomUUID(),
    });
    await until(async () => {
      const status = (await call(
        'GET',
        `/api/subscription/status/${subscriber.sub}`,
        subscriber.access_token,
      )) as { data: { isActive: boolean } };
      return status.data.isActive ? true : undefined;
    }, 'the subscription to start');
    // Shown the owner's number, as View Contacts shows it.
    await call('GET', `/api/properties/${id}/contact`, subscriber.access_token);

    const { page } = session;
    await storeSession(page, subscriber);
    await page.goto('/contacts-viewed');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.waitFor();
    await card.getByText(text(trust, 'reveals.availability.available')).waitFor();
    await card.getByRole('button', { name: text(trust, 'reveals.deadEnd') }).click();
    await page.getByRole('dialog', { name: text(trust, 'report.deadEndTitle') }).waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: text(trust, 'reasons.already_taken') }).check();
    await screenshot(page, 'trust-dead-end-dialog-360');
    await dialog.getByRole('button', { name: text(trust, 'report.submit') }).click();
    await dialog.getByText(text(trust, 'claim.pending')).waitFor();
    await dialog.getByRole('button', { name: text(trust, 'report.done') }).click();

    // The list now shows the claim, and the button has gone.
    await card.getByText(text(trust, 'claim.pending')).waitFor();
    expect(await card.getByRole('button', { name: text(trust, 'reveals.deadEnd') }).count()).toBe(
      0,
    );
    await screenshot(page, 'trust-contacts-viewed-360');
  });

  it('an owner answers the reminder on /posts, then marks the listing taken and it leaves the public list', async () => {
    const title = `E2E taken ${Date.now()}`;
    const { id, owner } = await liveListing(title);
    await until(
      async () => ((await publicRentIds()).includes(id) ? true : undefined),
      'the listing in the public list',
    );
    const { page } = session;
    await storeSession(page, owner);

    // The SMS reminder's link: the listing is brought into view and asked about.
    await page.goto(`/posts?confirm=${id}`);
    const card = page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: title }) });
    const question = card.getByRole('group', { name: text(posts, 'trust.ask') });
    await question.waitFor();
    await screenshot(page, 'trust-posts-confirm-360');
    await question.getByRole('button', { name: text(posts, 'trust.confirm') }).click();
    await until(() => (new URL(page.url()).search === '' ? true : undefined), 'the answered URL');
    await card.getByText(text(posts, 'trust.visibility.listed')).waitFor();

    await card.getByRole('button', { name: text(posts, 'trust.markTaken') }).click();
    const dialog = page.getByRole('dialog', { name: text(posts, 'taken.title') });
    await dialog.waitFor();
    await screenshot(page, 'trust-posts-taken-dialog-360');
    await dialog.getByRole('button', { name: text(posts, 'taken.confirm') }).click();
    await dialog.waitFor({ state: 'hidden' });
    // It stays on /posts, as taken.
    await card.getByText(/^Taken on /).waitFor();
    expect(pathname(page)).toBe('/posts');
    await screenshot(page, 'trust-posts-taken-360');
    await page.goto('/posts?lang=sw');
    await card.getByText(/^Limechukuliwa tarehe /).waitFor();
    await screenshot(page, 'trust-posts-taken-sw-360');

    // Gone from the public list (the catalogue's few seconds of cache allowed for).
    await until(
      async () => ((await publicRentIds()).includes(id) ? undefined : true),
      'the listing to leave the public list',
    );
    const visitor = await openSession({ viewport: PHONE });
    try {
      await visitor.page.goto('/lease');
      const grid = visitor.page.locator('main');
      await waitForCards(grid, '/lease');
      expect(await cardIds(grid)).not.toContain(id);
      // Opened from a favourite or a share, it says what happened (410 to crawlers), not "not
      // found", and offers houses for rent near it.
      const response = await visitor.page.goto(`/lease/${id}`);
      expect(response?.status()).toBe(410);
      await visitor.page
        .getByRole('heading', { level: 1, name: text(detail, 'taken.title.Rent') })
        .waitFor();
      await visitor.page.getByTestId('carousel-Rent').waitFor();
      await screenshot(visitor.page, 'trust-taken-listing-360');
    } finally {
      await visitor.close();
    }
  });
});

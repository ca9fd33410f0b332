import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { pendingRow, signInAsAdminOnPage } from '../support/admin';
import { baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { publishRentThroughApi } from '../support/listings';
import { fill, messages, text } from '../support/locales';
import {
  newPerson,
  registerThroughApi,
  storeSession,
  tokensThroughApi,
  type ApiTokens,
  type Person,
} from '../support/sign-in';
import { waitForMessage } from '../support/sms-outbox';

const admin = messages('en', 'admin');

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByRole('heading', { name: text(admin, 'login.title') }).waitFor();
  await signInAsAdminOnPage(page, admin);
}

/** The moderation queue of houses for rent, narrowed to one title. */
async function findInQueue(page: Page, title: string): Promise<void> {
  await page.getByRole('link', { name: text(admin, 'nav.properties') }).click();
  await page.getByRole('heading', { name: text(admin, 'properties.title') }).waitFor();
  await page.getByRole('tab', { name: text(admin, 'types.Rent') }).click();
  // The tab writes the URL; a search typed before that lands would be sent with the old type.
  await page.getByRole('tab', { name: text(admin, 'types.Rent'), selected: true }).waitFor();
  await page.getByLabel(text(admin, 'properties.searchLabel')).fill(title);
  await page.getByLabel(text(admin, 'properties.searchLabel')).press('Enter');
  await pendingRow(page, title).waitFor();
}

async function anonymousStatus(path: string): Promise<number> {
  return (await fetch(`${baseUrl()}${path}`)).status;
}

describe('admin area', () => {
  let session: Session;
  let owner: Person;
  let ownerTokens: ApiTokens;
  beforeAll(async () => {
    session = await openSession();
    owner = newPerson('Mwanaidi', 'Salum');
    await registerThroughApi(owner);
    ownerTokens = await tokensThroughApi(owner);
    await signInAsAdmin(session.page);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('approves a pending listing, which goes public, and disapproves another with a reason the owner reads', async () => {
    const { page } = session;
    const stamp = Date.now() % 100_000;
    const approvedTitle = `Kinondoni ${stamp}`;
    const rejectedTitle = `Tegeta ${stamp}`;
    const approvedId = await publishRentThroughApi(ownerTokens.access_token, approvedTitle);
    const rejectedId = await publishRentThroughApi(ownerTokens.access_token, rejectedTitle);
    expect(await anonymousStatus(`/api/properties/${approvedId}`)).toBe(404);

    await page.getByRole('heading', { name: text(admin, 'dashboard.title') }).waitFor();
    await page.getByText(text(admin, 'dashboard.awaitingReview')).first().waitFor();
    await screenshot(page, 'admin-dashboard');

    await findInQueue(page, approvedTitle);
    await screenshot(page, 'admin-queue');
    await page
      .getByRole('button', {
        name: fill(text(admin, 'properties.approveItem'), { title: approvedTitle }),
        exact: true,
      })
      .click();
    await page
      .getByText(fill(text(admin, 'properties.approved'), { title: approvedTitle }))
      .waitFor();
    expect(await anonymousStatus(`/api/properties/${approvedId}`)).toBe(200);

    const reason = 'The kitchen photo shows another house';
    const since = new Date().toISOString();
    await findInQueue(page, rejectedTitle);
    await page
      .getByRole('button', {
        name: fill(text(admin, 'properties.disapproveItem'), { title: rejectedTitle }),
        exact: true,
      })
      .click();
    const dialog = page.getByRole('dialog', { name: text(admin, 'disapprove.title') });
    await dialog.getByLabel(text(admin, 'disapprove.reason')).fill(reason);
    await dialog.getByRole('button', { name: text(admin, 'disapprove.submit') }).click();
    await page
      .getByText(fill(text(admin, 'properties.disapproved'), { title: rejectedTitle }))
      .waitFor();
    expect(await anonymousStatus(`/api/properties/${rejectedId}`)).toBe(404);
    await waitForMessage(owner.phone, since, reason);

    // The owner sees why in their posts.
    const ownerSession = await openSession();
    try {
      await storeSession(ownerSession.page, ownerTokens);
      await ownerSession.page.goto('/posts');
      const card = ownerSession.page.locator('article', {
        has: ownerSession.page.getByRole('heading', { name: rejectedTitle }),
      });
      await card.getByText(reason).waitFor();
      await screenshot(ownerSession.page, 'owner-sees-reason');
    } finally {
      await ownerSession.close();
    }
  });

  it("turns off a user's posting, which the listing routes then enforce", async () => {
    const { page } = session;
    await page.getByRole('link', { name: text(admin, 'nav.users') }).click();
    await page.getByRole('heading', { name: text(admin, 'users.title') }).waitFor();
    await page.getByLabel(text(admin, 'users.searchLabel')).fill(owner.phone);
    await page.getByLabel(text(admin, 'users.searchLabel')).press('Enter');
    await page.getByRole('row').filter({ hasText: owner.lastName }).click();
    await page.getByRole('heading', { name: text(admin, 'user.title') }).waitFor();

    const canPost = page.getByRole('checkbox', { name: text(admin, 'user.canPost') });
    expect(await canPost.isChecked()).toBe(true);
    await canPost.click();
    await page.getByText(text(admin, 'user.saved')).waitFor();
    expect(await canPost.isChecked()).toBe(false);
    await screenshot(page, 'admin-user-permissions');

    const refused = await fetch(`${baseUrl()}/api/properties/lease`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${ownerTokens.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ type: 'Rent', title: 'Not allowed' }),
    });
    expect(refused.status).toBe(403);

    // Saved on the server, not just ticked on the page.
    const reload = await page.reload();
    expect(reload?.ok()).toBe(true);
    await page.getByRole('heading', { name: text(admin, 'user.title') }).waitFor();
    expect(
      await page.getByRole('checkbox', { name: text(admin, 'user.canPost') }).isChecked(),
    ).toBe(false);
  });

  it('finds a payment in the financial records', async () => {
    const { page } = session;
    // A subscription paid through the simulator, as the payments spec does from the browser.
    const payer = newPerson('Juma', 'Mrisho');
    await registerThroughApi(payer);
    const tokens = await tokensThroughApi(payer);
    const plans = (await (await fetch(`${baseUrl()}/api/subscription-plan`)).json()) as {
      id: string;
    }[];
    const created = await fetch(`${baseUrl()}/api/subscription/create`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${tokens.access_token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        userId: tokens.sub,
        planId: plans[0]?.id,
        phoneNumber: payer.phone,
        provider: 'airtelmoney',
        idempotencyKey: crypto.randomUUID(),
      }),
    });
    expect(created.status).toBe(202);

    await page.getByRole('link', { name: text(admin, 'nav.finance') }).click();
    await page.getByRole('heading', { name: text(admin, 'finance.title') }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `${payer.firstName} ${payer.lastName}` });
    await row.waitFor();
    await row.getByText('Airtel Money').waitFor();
    await screenshot(page, 'admin-finance');
  });
});

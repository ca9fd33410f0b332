import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAsAdminOnPage } from '../support/admin';
import { apiGet, openSession, screenshot, type Session } from '../support/browser';
import { pathname } from '../support/catalogue';
import { approveThroughApi, publishRentThroughApi } from '../support/listings';
import { messages, text } from '../support/locales';
import {
  newPerson,
  registerThroughApi,
  signedInThroughApi,
  storeSession,
  tokensThroughApi,
  type ApiTokens,
} from '../support/sign-in';
import { until } from '../support/until';

/*
 * An approved listing that its owner edits stays public as approved: the visitor keeps seeing the
 * live version (its price) while the change waits, the owner sees both, and the admin sees the
 * difference and approves it, after which the visitor sees the new version.
 */

const publish = messages('en', 'publish');
const posts = messages('en', 'posts');
const admin = messages('en', 'admin');

function card(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title }) });
}

/** The price a visitor's browser shows on the listing's page. */
async function visitorSees(page: Page, id: string, price: string): Promise<void> {
  await page.goto(`/lease/${id}`);
  await page.getByText(price).first().waitFor();
}

describe('editing a live listing', () => {
  let owner: Session;
  let visitor: Session;
  let desk: Session;
  let tokens: ApiTokens;
  beforeAll(async () => {
    [owner, visitor, desk] = await Promise.all([openSession(), openSession(), openSession()]);
    const person = newPerson('Rehema', 'Kimaro');
    await registerThroughApi(person);
    tokens = await tokensThroughApi(person);
    await storeSession(owner.page, tokens);
    // Listing pages ask a visitor to sign in (for now): any account but the owner's.
    await signedInThroughApi(visitor.page);
  });
  afterAll(async () => {
    await Promise.all([owner?.close(), visitor?.close(), desk?.close()]);
  });

  it('keeps the approved price public until an admin approves the new one', async () => {
    const title = `E2E live edit ${Date.now()}`;
    const id = await publishRentThroughApi(tokens.access_token, title);
    await approveThroughApi(id);
    await visitorSees(visitor.page, id, '350,000');

    // The owner edits the price; the edit screen says the listing stays live.
    const { page } = owner;
    await page.goto(`/post?edit=${id}`);
    await page.getByText(text(publish, 'liveEdit.notice')).waitFor();
    const price = page.getByLabel(text(publish, 'fields.leasePrice'), { exact: true });
    await until(
      async () => ((await price.inputValue()) === '350000' ? true : undefined),
      'the wizard to be pre-filled',
    );
    await price.fill('500000');
    const button = (key: string) =>
      page.getByRole('button', { name: text(publish, key), exact: true });
    await button('actions.next').click();
    await button('actions.next').click();
    await button('actions.save').click();
    await until(() => (pathname(page) === '/posts' ? true : undefined), 'the posts page');
    const posted = card(page, title);
    await posted.getByText(text(posts, 'changes.status.pending'), { exact: true }).waitFor();
    expect(await posted.textContent()).toContain('350,000');
    await screenshot(page, 'live-edit-posts');

    // Nothing the public sees has changed.
    await visitorSees(visitor.page, id, '350,000');
    expect((await apiGet<{ price: number }>(`/api/properties/${id}`)).price).toBe(350_000);

    // The admin sees the difference and approves it.
    await desk.page.goto('/admin');
    await signInAsAdminOnPage(desk.page, admin);
    await desk.page.goto(`/admin/lease/${id}`);
    const changes = desk.page.getByRole('table').filter({ hasText: '500,000' });
    await changes.waitFor();
    expect(await changes.textContent()).toContain('350,000');
    await screenshot(desk.page, 'live-edit-admin');
    await desk.page
      .getByRole('button', { name: text(admin, 'pendingChange.approve'), exact: true })
      .click();
    await until(
      async () =>
        (await apiGet<{ price: number }>(`/api/properties/${id}`)).price === 500_000
          ? true
          : undefined,
      'the approved change to be live',
    );
    // A browser that has not cached the old answer (the public one may be kept for seconds).
    const later = await openSession();
    try {
      await signedInThroughApi(later.page);
      await visitorSees(later.page, id, '500,000');
    } finally {
      await later.close();
    }
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openSession, screenshot, type Session } from '../support/browser';
import { messages, text } from '../support/locales';
import { newPerson, registerThroughApi, signInOnPage } from '../support/sign-in';
import { waitForCode } from '../support/sms-outbox';

/*
 * A toast stays 5 s. It must not lie over the control a person reaches for next: the page's own
 * controls at its top, under the header, which no scrolling can move out from under it.
 */

const auth = messages('en', 'auth');
const checkout = messages('en', 'checkout');
const posts = messages('en', 'posts');

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator, what: string): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} is not on the page`);
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Waits until the toast has arrived where it stays: mid-entrance it is still sliding in. */
async function arrivedToast(page: Page, message: string): Promise<Locator> {
  const toast = page.getByRole('alert').filter({ hasText: message }).first();
  await toast.waitFor();
  await toast.evaluate((node) =>
    Promise.all(node.getAnimations().map((animation) => animation.finished)),
  );
  return toast;
}

/** The toast leaves `control` free, with the page scrolled to its top. */
async function expectToastClear(
  page: Page,
  message: string,
  control: Locator,
  what: string,
): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const target = await boxOf(control, what);
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('the page has no viewport size');
  // The control is on screen, where a toast could cover it.
  expect(target.y + target.height).toBeLessThanOrEqual(viewport.height);
  const toast = await boxOf(await arrivedToast(page, message), 'the toast');
  expect(toast.y + toast.height, 'the toast is on screen').toBeLessThanOrEqual(viewport.height);
  expect(overlaps(toast, target), `the toast covers ${what}`).toBe(false);
}

describe('toast placement', () => {
  let session: Session;
  beforeEach(async () => {
    session = await openSession();
  });
  afterEach(async () => {
    await session?.close();
  });

  it.for([
    { width: 360, height: 740 },
    { width: 1366, height: 900 },
  ])('leaves Create Post free on /posts at $width px', async (viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    const person = newPerson('Upendo', 'Swai');
    await registerThroughApi(person);

    // Signed in on the way to /posts: the toast arrives with the page.
    await page.goto('/posts');
    await page.waitForURL('**/login');
    await signInOnPage(page, person);
    await page.waitForURL('**/posts');
    await page.getByRole('heading', { level: 1, name: text(posts, 'title') }).waitFor();

    await expectToastClear(
      page,
      text(auth, 'toast.loginSuccess'),
      page.getByRole('link', { name: text(posts, 'create') }),
      'Create Post',
    );
    await screenshot(page, `toast-posts-${viewport.width}`);
  });

  it('leaves Back free in the checkout on a phone', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 360, height: 740 });
    const person = newPerson('Imani', 'Lyimo');

    await page.goto('/subscribe');
    await page
      .getByRole('link', { name: text(checkout, 'selectPlan') })
      .first()
      .click();
    await page.waitForURL(/\/plan\/\d+$/);
    await page.getByLabel(text(auth, 'register.firstName')).fill(person.firstName);
    await page.getByLabel(text(auth, 'register.lastName')).fill(person.lastName);
    await page.getByLabel(text(auth, 'register.phone')).fill(person.phone);
    const since = new Date().toISOString();
    await page.getByRole('button', { name: text(auth, 'checkout.submit') }).click();
    const code = await waitForCode(person.phone, since);
    await page.getByLabel(text(auth, 'code.label'), { exact: true }).fill(code);
    await page.getByRole('button', { name: text(auth, 'code.submit'), exact: true }).click();
    await page.getByText(text(checkout, 'steps.payment')).waitFor();

    await expectToastClear(
      page,
      text(auth, 'toast.loginSuccess'),
      page.getByRole('link', { name: text(checkout, 'back'), exact: true }),
      'Back',
    );
    await screenshot(page, 'toast-checkout-360');
  });
});

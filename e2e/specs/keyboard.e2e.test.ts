import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, openSession, type Session } from '../support/browser';
import { pathname, waitForCards } from '../support/catalogue';
import { messages, text } from '../support/locales';
import { newPerson, registerThroughApi } from '../support/sign-in';
import { waitForCode } from '../support/sms-outbox';
import { until } from '../support/until';

/*
 * Keyboard only: no clicks, no fill(). Tab, Shift+Tab, Enter, Space and typing, as someone who
 * cannot use a mouse; every element that takes focus on the way must show where focus is.
 */

const common = messages('en', 'common');
const auth = messages('en', 'auth');
const catalogue = messages('en', 'catalogue');

interface Focus {
  /** Tag, id, classes and text of the focused element, for a failure message. */
  what: string;
  /** An outline or a box shadow on the element (or a ring drawn by its ::before / ::after). */
  ring: boolean;
  /** The browser would draw a keyboard focus indicator (:focus-visible). */
  focusVisible: boolean;
}

async function focus(page: Page): Promise<Focus | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const drawn = (style: CSSStyleDeclaration) =>
      (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
      (style.boxShadow !== '' && style.boxShadow !== 'none');
    const pseudoRing = (pseudo: '::before' | '::after') => {
      const style = getComputedStyle(element, pseudo);
      if (style.content === 'none' || style.content === 'normal') return false;
      return drawn(style) || (style.borderStyle !== 'none' && parseFloat(style.borderWidth) > 0);
    };
    const classes =
      typeof element.className === 'string' && element.className
        ? `.${element.className.trim().replace(/\s+/g, '.')}`
        : '';
    const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
    return {
      what: `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes}> "${label.slice(0, 40)}"`,
      ring: drawn(getComputedStyle(element)) || pseudoRing('::before') || pseudoRing('::after'),
      focusVisible: element.matches(':focus-visible'),
    };
  });
}

/** Fails unless the focused element shows a focus indicator. */
async function expectVisibleFocus(page: Page, step: string): Promise<Focus> {
  const now = await focus(page);
  expect(now, `${step}: nothing is focused`).not.toBeNull();
  if (!now) throw new Error('unreachable');
  expect(now.focusVisible && now.ring, `${step}: no visible focus on ${now.what}`).toBe(true);
  return now;
}

async function focusMatches(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((wanted) => document.activeElement?.matches(wanted) ?? false, selector);
}

/**
 * Presses `key` until the focused element matches `selector`, checking the focus is visible on
 * every element passed on the way.
 */
async function pressUntil(
  page: Page,
  selector: string,
  what: string,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  maxPresses = 40,
): Promise<void> {
  for (let press = 1; press <= maxPresses; press += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page, `${key} #${press} towards ${what}`);
    if (await focusMatches(page, selector)) return;
  }
  throw new Error(`${what} not reached within ${maxPresses} presses of ${key}`);
}

describe('keyboard only', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('skips to the main content, signs in from the header and opens a search result', async () => {
    const { page } = session;
    const person = newPerson('Rashidi', 'Mfinanga');
    await registerThroughApi(person);
    const listings = await apiGet<{ propertyAddress: { district: { name: string } } | null }[]>(
      '/api/properties?limit=20',
    );
    const term = listings.find((listing) => listing.propertyAddress)?.propertyAddress?.district
      .name;
    if (!term) throw new Error('the demo catalogue has no listing with an address');

    await page.goto('/home');
    await waitForCards(page.getByTestId('carousel-Rent'), 'the Rent carousel');

    // The skip link comes first and lands on the main content, past the header.
    await page.keyboard.press('Tab');
    const skip = await expectVisibleFocus(page, 'the skip link');
    expect(skip.what).toContain(text(common, 'skipToContent'));
    await page.keyboard.press('Enter');
    await until(
      () => page.evaluate(() => (document.activeElement?.id === 'main-content' ? true : undefined)),
      'focus on the main content',
    );
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'the first stop after the skip link');
    expect(
      await page.evaluate(() => document.activeElement?.closest('main') !== null),
      'the first Tab after the skip link stays in the main content',
    ).toBe(true);

    // Back up to the header's SIGN IN and open the popover.
    await pressUntil(page, 'header a[href="/login"]', 'SIGN IN', 'Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: text(auth, 'login.title') });
    await dialog.waitFor();
    // Escape closes it and gives the focus back to SIGN IN; Enter opens it again.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await until(
      () => focusMatches(page, 'header a[href="/login"]').then((yes) => yes || undefined),
      'focus back on SIGN IN',
    );
    await expectVisibleFocus(page, 'SIGN IN after Escape');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await until(
      () => focusMatches(page, 'dialog input[name="phoneNumber"]').then((yes) => yes || undefined),
      'focus on the phone field',
    );
    await expectVisibleFocus(page, 'the phone field');
    await page.keyboard.type(person.phone);
    await pressUntil(page, 'dialog button[type="submit"]', 'the Login button');
    const since = new Date().toISOString();
    await page.keyboard.press('Space');

    const code = await waitForCode(person.phone, since);
    await dialog.getByLabel(text(auth, 'code.label'), { exact: true }).waitFor();
    await until(
      () => focusMatches(page, 'dialog input[name="code"]').then((yes) => yes || undefined),
      'focus on the code field',
    );
    await expectVisibleFocus(page, 'the code field');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    const account = page.getByRole('button', {
      name: text(common, 'header.account').replace('{{name}}', 'Rashidi Mfinanga'),
    });
    await account.waitFor();
    await dialog.waitFor({ state: 'detached' });
    // SIGN IN, which opened the popover, is gone: the focus goes to the main content, not the body.
    await until(
      () => page.evaluate(() => (document.activeElement?.closest('main') ? true : undefined)),
      'focus back in the main content after signing in',
    );

    // Search from the home page's search box.
    await pressUntil(page, 'input[type="search"]', 'the search box');
    await page.keyboard.type(term);
    await pressUntil(page, 'form[role="search"] button[type="submit"]', 'the Search button');
    await page.keyboard.press('Enter');
    const results = page.getByTestId('results-grid');
    await waitForCards(results, 'the search results');
    // The form is redrawn for the new address; the focus stays on its Search button.
    await until(
      () =>
        focusMatches(page, 'form[role="search"] button[type="submit"]').then(
          (yes) => yes || undefined,
        ),
      'focus to stay on the Search button',
    );
    await expectVisibleFocus(page, 'the Search button after searching');
    expect(
      await page.getByRole('searchbox', { name: text(catalogue, 'search.text') }).inputValue(),
    ).toBe(term);

    // On to the first result card, and open it.
    await pressUntil(
      page,
      '[data-testid="results-grid"] [data-testid="property-card"] a[href]',
      'a result card',
    );
    const href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
    expect(href).toMatch(/^\/(lease|land|apartment|house-for-sale)\/[\w-]+$/);
    await page.keyboard.press('Enter');
    await until(() => (pathname(page) === href ? true : undefined), `the listing at ${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  });
});

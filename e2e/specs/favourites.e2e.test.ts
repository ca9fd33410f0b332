import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { cardIds, waitForCards } from '../support/catalogue';
import { messages, text } from '../support/locales';
import { newPerson, registerThroughApi, signInOnPage } from '../support/sign-in';
import { until } from '../support/until';

/*
 * Favourites and sharing (issue 21) against the real API: a visitor saves listings before signing
 * in, signing in hands them to the account, and a listing's page shares its address.
 */

const common = messages('en', 'common');
const detail = messages('en', 'detail');
const saved = messages('en', 'saved');
const FAVOURITES_KEY = 'makazi.favourites';

interface Favourite {
  property: { id: string };
  state: string;
}

async function accountFavourites(token: string): Promise<Favourite[]> {
  const response = await fetch(`${baseUrl()}/api/me/favourites`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`GET /api/me/favourites answered ${response.status}`);
  return (await response.json()) as Favourite[];
}

describe('favourites', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('are kept by the browser before sign-in, and by the account once signed in', async () => {
    const { page } = session;
    await page.goto('/home');
    const carousel = page.getByTestId('carousel-Rent');
    await waitForCards(carousel, 'the Rent carousel');
    const [id] = await cardIds(carousel);
    if (!id) throw new Error('no Rent card');

    // The first card's heart: saved in the browser, the card's link not followed.
    const heart = carousel
      .getByTestId('property-card')
      .first()
      .getByRole('button', { name: text(common, 'favourites.save') });
    await heart.click();
    await carousel
      .getByTestId('property-card')
      .first()
      .getByRole('button', { name: text(common, 'favourites.remove') })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');

    // /saved lists it without an account, and asks to sign in to keep it.
    await page
      .getByRole('banner')
      .getByRole('link', { name: text(common, 'header.saved') })
      .click();
    await page.getByRole('heading', { level: 1, name: text(saved, 'title') }).waitFor();
    await page.locator(`[data-testid="favourite-card"][data-id="${id}"]`).waitFor();
    const prompt = page.getByTestId('favourites-sign-in');
    await prompt.getByText(text(saved, 'favourites.onThisPhone')).waitFor();
    await screenshot(page, 'saved-before-sign-in');

    // Signing in hands it to the account: the browser's list empties, the account's shows it.
    const person = newPerson('Zawadi', 'Kombo');
    await registerThroughApi(person);
    await prompt.getByRole('link', { name: text(saved, 'favourites.signIn') }).click();
    await signInOnPage(page, person);
    await until(
      async () =>
        (await page.evaluate((key) => window.localStorage.getItem(key), FAVOURITES_KEY)) === null
          ? true
          : undefined,
      'the browser to hand its favourites over',
    );
    const token = await page.evaluate(() => window.localStorage.getItem('prop-token'));
    if (!token) throw new Error('not signed in');
    const account = await accountFavourites(token);
    expect(account.map((favourite) => favourite.property.id)).toEqual([id]);
    const card = page.locator(`[data-testid="favourite-card"][data-id="${id}"]`);
    await card
      .getByTestId('favourite-state')
      .getByText(text(saved, 'favourites.state.available'))
      .waitFor();
    expect(await page.getByTestId('favourites-sign-in').count()).toBe(0);
    await screenshot(page, 'saved-signed-in');

    // Removed from /saved: gone from the account.
    await card.getByRole('button', { name: text(saved, 'favourites.remove') }).click();
    await card.waitFor({ state: 'detached' });
    await until(
      async () => ((await accountFavourites(token)).length === 0 ? true : undefined),
      'the account to forget it',
    );
  });
});

describe('sharing a listing', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('links to WhatsApp with its summary and address, and copies the address where the browser has no share sheet', async () => {
    const { page, context } = session;
    await page.goto('/lease');
    await waitForCards(page.locator('main'), '/lease');
    const [id] = await cardIds(page.locator('main'));
    if (!id) throw new Error('no Rent listing');

    const response = await page.goto(`/lease/${id}`);
    // The page may use the share sheet and the clipboard; nothing else of the kind.
    const policy = response?.headers()['permissions-policy'] ?? '';
    expect(policy).toContain('web-share=(self)');
    expect(policy).toContain('clipboard-write=(self)');
    expect(policy).toContain('camera=()');
    await page.getByRole('heading', { level: 1 }).waitFor();

    const url = `${baseUrl()}/lease/${id}?lang=en`;
    const whatsApp = page.getByRole('link', { name: text(detail, 'share.whatsapp') });
    const href = (await whatsApp.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    const message = decodeURIComponent(href.slice('https://wa.me/?text='.length));
    expect(message).toMatch(/^\d+-bedroom house for rent .*TZS [\d,]+ per month /);
    expect(message.endsWith(` ${url}`)).toBe(true);
    expect(await whatsApp.getAttribute('target')).toBe('_blank');

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(baseUrl()).origin,
    });
    // Headless Chromium on Linux has no share sheet: Share copies the address instead.
    expect(await page.evaluate(() => typeof navigator.share)).toBe('undefined');
    await page.getByRole('button', { name: text(detail, 'share.action'), exact: true }).click();
    await page.getByText(text(detail, 'share.copied')).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, openSession, type Session } from '../support/browser';
import { messages, text } from '../support/locales';
import { until } from '../support/until';

interface Listing {
  id: string;
  photos: { variants: { url: string; width: number }[] }[];
}

const common = messages('en', 'common');
const PHONE = { width: 360, height: 740 };

/** The photo files the page asked for, by URL. */
function photoRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) asked.push(pathname);
  });
  return asked;
}

describe('data saver', () => {
  let session: Session | undefined;
  afterEach(async () => {
    await session?.close();
    session = undefined;
  });

  it('on when the browser says Save-Data: the smallest card photos, no web font, detail photos when tapped', async () => {
    session = await openSession({ viewport: PHONE });
    const { page, context } = session;
    // The person has not chosen: the browser's Save-Data decides.
    await context.clearCookies();
    await context.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    const asked = photoRequests(page);
    const fonts: string[] = [];
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.woff2')) fonts.push(pathname);
      if (request.resourceType() === 'script') scripts.push(pathname);
    });

    await page.goto('/home');
    expect(await page.locator('html').getAttribute('data-saver')).not.toBeNull();
    const cardPhotos = page.locator('main img[src^="/media/"]');
    await cardPhotos.first().waitFor();
    for (const img of await cardPhotos.all()) {
      expect(await img.getAttribute('srcset')).toBeNull();
    }
    // Every photo asked for is its listing's smallest variant.
    const smallest = new Set<string>();
    for (const type of ['Rent', 'Apartment', 'Land', 'HouseForSale']) {
      for (const { photos } of await apiGet<Listing[]>(`/api/properties?type=${type}&limit=50`)) {
        for (const { variants } of photos) {
          const [least] = [...variants].sort((a, b) => a.width - b.width);
          if (least) smallest.add(new URL(least.url, 'http://x').pathname);
        }
      }
    }
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((path) => !smallest.has(path))).toEqual([]);
    expect(fonts).toEqual([]);
    // The page works as it came: its app code is not fetched until something needs it.
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual(['/lite.js']);

    // The first tap that needs the app fetches it, and is made again once the app runs.
    const heart = page.locator('main button[aria-pressed]').first();
    await heart.click();
    await until(
      async () => ((await heart.getAttribute('aria-pressed')) === 'true' ? true : undefined),
      'the saved heart once the app runs',
    );
    expect(scripts.some((path) => path.startsWith('/assets/'))).toBe(true);

    const [listing] = await apiGet<Listing[]>('/api/properties?type=Rent&limit=1');
    if (!listing) throw new Error('the demo catalogue has no Rent listing');
    asked.length = 0;
    await page.goto(`/lease/${listing.id}`);
    // The demo's photos were stored with their sizes: the tap says what it costs.
    const tap = page.getByRole('button', { name: /^Load photo \(\d+ KB\)/ }).first();
    await tap.waitFor();
    expect(asked).toEqual([]);
    await tap.click();
    await page.locator('main img[src^="/media/"]').first().waitFor();
    expect(asked.length).toBe(1);
  });

  it('the switch turns it off for good, and the server then sends full pages', async () => {
    session = await openSession({ viewport: { width: 1280, height: 900 }, dataSaver: true });
    const { page } = session;
    await page.goto('/home');
    const switchControl = page.getByRole('switch', { name: text(common, 'dataSaver.label') });
    await expect(switchControl.first().getAttribute('aria-checked')).resolves.toBe('true');
    await switchControl.first().click();
    // The tap fetches the app (data saver) and is made again once it runs.
    await until(
      async () =>
        (await switchControl.first().getAttribute('aria-checked')) === 'false' ? true : undefined,
      'the switch to turn off',
    );

    // A new visit: the server reads the choice and renders the photos with their srcset.
    await page.goto('/home');
    await page.locator('main img[srcset]').first().waitFor();
    expect(await page.locator('html').getAttribute('data-saver')).toBeNull();
  });
});

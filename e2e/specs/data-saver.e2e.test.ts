import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, openSession, type Session } from '../support/browser';
import { messages, text } from '../support/locales';

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
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(request.url());
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

    const [listing] = await apiGet<Listing[]>('/api/properties?type=Rent&limit=1');
    if (!listing) throw new Error('the demo catalogue has no Rent listing');
    asked.length = 0;
    await page.goto(`/lease/${listing.id}`);
    const tap = page.getByRole('button', { name: /^Tap to load photo/ }).first();
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
    await expect(switchControl.first().getAttribute('aria-checked')).resolves.toBe('false');

    // A new visit: the server reads the choice and renders the photos with their srcset.
    await page.goto('/home');
    await page.locator('main img[srcset]').first().waitFor();
    expect(await page.locator('html').getAttribute('data-saver')).toBeNull();
  });
});

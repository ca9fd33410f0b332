import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, openSession, screenshot, type Session } from '../support/browser';
import { cardPrices, waitForCards } from '../support/catalogue';
import { waitForHydration } from '../support/hydration';
import { messages, text } from '../support/locales';
import { until } from '../support/until';

interface Listing {
  price: number;
}

const en = messages('en', 'catalogue');

const isSorted = (prices: number[], direction: 1 | -1) =>
  prices.every(
    (price, index) => index === 0 || (price - (prices[index - 1] ?? 0)) * direction >= 0,
  );

describe('list page sort', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('orders the Houses for Rent by price when asked', async () => {
    const { page } = session;
    const [cheapest] = await apiGet<Listing[]>(
      '/api/properties?type=Rent&sort=priceLowHigh&limit=1',
    );
    const [dearest] = await apiGet<Listing[]>(
      '/api/properties?type=Rent&sort=priceHighLow&limit=1',
    );
    if (!cheapest || !dearest) throw new Error('the demo catalogue has no Rent listings');
    // Otherwise "ascending" and "descending" could not be told apart.
    expect(cheapest.price).toBeLessThan(dearest.price);

    await page.goto('/lease');
    await page.getByRole('heading', { name: text(en, 'lists.Rent') }).waitFor();
    const grid = page.getByTestId('listing-grid');
    await waitForCards(grid, 'the Rent list');
    const sort = page.getByLabel(text(en, 'sort.label'));
    // Rendered by the server: a choice made before the app has hydrated the select would be lost.
    await waitForHydration(sort, 'the sort select');

    await sort.selectOption({ label: text(en, 'sort.priceLowHigh') });
    const ascending = await until(async () => {
      const prices = await cardPrices(grid);
      return prices.length > 1 && prices[0] === cheapest.price && isSorted(prices, 1)
        ? prices
        : undefined;
    }, 'Rent cards in ascending price order');
    expect(ascending[0]).toBe(cheapest.price);
    await screenshot(page, 'list-price-low-high');

    await sort.selectOption({ label: text(en, 'sort.priceHighLow') });
    const descending = await until(async () => {
      const prices = await cardPrices(grid);
      return prices.length > 1 && prices[0] === dearest.price && isSorted(prices, -1)
        ? prices
        : undefined;
    }, 'Rent cards in descending price order');
    expect(descending[0]).toBe(dearest.price);
    // The choice is in the URL, so a reload or a shared link keeps it.
    expect(new URL(page.url()).searchParams.get('sort')).toBe('priceHighLow');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, openSession, screenshot, type Session } from '../support/browser';
import { cardIds, waitForCards } from '../support/catalogue';
import { messages, text } from '../support/locales';
import { until } from '../support/until';

interface Listing {
  id: string;
  title: string;
  propertyAddress: { district: { name: string } } | null;
}

const en = messages('en', 'catalogue');
const sw = messages('sw', 'catalogue');
const carousels = ['Rent', 'Apartment', 'Land', 'HouseForSale'] as const;

describe('home page', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the four carousels, each under its title and with cards', async () => {
    const { page } = session;
    await page.goto('/home');
    for (const type of carousels) {
      const carousel = page.getByTestId(`carousel-${type}`);
      await carousel.waitFor();
      await carousel
        .getByText(text(en, `carousels.${type}`), { exact: true })
        .first()
        .waitFor();
      expect(await waitForCards(carousel, `the ${type} carousel`)).toBeGreaterThan(0);
    }
    // In English too the carousels keep their fixed titles, most of them Swahili.
    expect(text(en, 'carousels.Rent')).toBe('Nyumba za Kupanga');
    await screenshot(page, 'home-carousels');
  });

  it('replaces the carousels with a grid of matching listings when searching', async () => {
    const { page } = session;
    // A district that some, not all, listings are in: the grid must then show exactly those.
    const all = await apiGet<Listing[]>('/api/properties?limit=100');
    const term = all.find((listing) => listing.propertyAddress)?.propertyAddress?.district.name;
    if (!term) throw new Error('the demo catalogue has no listing with an address');
    const matching = await apiGet<Listing[]>(
      `/api/properties?limit=100&search=${encodeURIComponent(term)}`,
    );
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.length).toBeLessThan(all.length);

    await page.goto('/home');
    await page.getByTestId('carousel-Rent').waitFor();
    const searchBox = page.getByRole('searchbox', { name: text(en, 'search.text'), exact: true });
    await searchBox.fill(term);
    await searchBox.press('Enter');

    const results = page.getByTestId('results-grid');
    await results.waitFor();
    await waitForCards(results, 'the search results');
    for (const type of carousels) {
      await until(
        async () => ((await page.getByTestId(`carousel-${type}`).count()) === 0 ? true : undefined),
        `the ${type} carousel to go away`,
      );
    }
    const shown = await cardIds(results);
    const matchingIds = new Set(matching.map((listing) => listing.id));
    expect(shown.filter((id) => !matchingIds.has(id))).toEqual([]);
    // The first page of results is the first page of the API's answer, in the same order.
    expect(shown).toEqual(matching.slice(0, shown.length).map((listing) => listing.id));
    await screenshot(page, 'home-search');
  });

  it('titles the carousels and words the card addresses in Kiswahili for a Swahili browser', async () => {
    const swahili = await openSession({ locale: 'sw-TZ' });
    try {
      const { page } = swahili;
      await page.goto('/home');
      for (const type of carousels) {
        await page
          .getByTestId(`carousel-${type}`)
          .getByText(text(sw, `carousels.${type}`), { exact: true })
          .first()
          .waitFor();
      }
      // Every address has a street, ward, district and region, so a card's text opens with a
      // number's word or with the street's.
      const address = page.getByTestId('carousel-Rent').getByTestId('property-address').first();
      await address.waitFor();
      expect(await address.textContent()).toMatch(/^(Fleti Na\.|Nyumba Na\.|Kiwanja Na\.|Mtaa) /);
    } finally {
      await swahili.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
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

/** A carousel's list: where it is scrolled to, its slides' boxes and how many are whole in view. */
function trackState(track: Locator) {
  return track.evaluate((list) => {
    const view = list.getBoundingClientRect();
    const slides = [...list.children].map((slide) => slide.getBoundingClientRect());
    const whole = slides.filter(
      (box) => box.left >= view.left - 0.5 && box.right <= view.right + 0.5,
    ).length;
    const [first, second] = slides;
    return {
      scrollLeft: list.scrollLeft,
      step: first && second ? second.left - first.left : 0,
      whole,
    };
  });
}

/** Waits for a smooth scroll to come to rest and returns where it stopped. */
async function scrollRest(track: Locator): Promise<number> {
  let last = Number.NaN;
  return until(
    async () => {
      const { scrollLeft } = await trackState(track);
      const rested = scrollLeft === last;
      last = scrollLeft;
      return rested ? scrollLeft : undefined;
    },
    'the carousel to stop scrolling',
    { everyMs: 150 },
  );
}

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

  it('shows the spec’s slides per width and scrolls them a slide at a time', async () => {
    const { page } = session;
    try {
      for (const [width, slides] of [
        [360, 1],
        [768, 2],
        [1280, 3],
        [1400, 5],
        [1500, 4],
      ] as const) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto('/home');
        const carousel = page.getByTestId('carousel-Rent');
        await waitForCards(carousel, `the Rent carousel at ${width}px`);
        const track = carousel.getByRole('list', { name: text(en, 'carousels.Rent') });
        const previous = carousel.getByRole('button', { name: text(en, 'carousel.previous') });
        const next = carousel.getByRole('button', { name: text(en, 'carousel.next') });
        // Laid out by the stylesheet alone: the server-rendered page has the same boxes.
        expect((await trackState(track)).whole, `whole slides at ${width}px`).toBe(slides);
        await until(
          async () => ((await next.getAttribute('aria-disabled')) === 'false' ? true : undefined),
          `Next enabled at ${width}px`,
        );
        expect(await previous.getAttribute('aria-disabled')).toBe('true');

        const { step } = await trackState(track);
        await next.click();
        expect(await scrollRest(track)).toBeCloseTo(step, 0);
        expect((await trackState(track)).whole).toBe(slides);
        expect(await previous.getAttribute('aria-disabled')).toBe('false');
        await previous.click();
        expect(await scrollRest(track)).toBe(0);
        await until(
          async () =>
            (await previous.getAttribute('aria-disabled')) === 'true' ? true : undefined,
          `Previous disabled again at ${width}px`,
        );

        // The keyboard: Tab from the last whole card (its link, then its heart) brings the next
        // one into view, whole.
        await carousel
          .getByTestId('property-card')
          .nth(slides - 1)
          .locator('a')
          .focus();
        await page.keyboard.press('Tab');
        expect(
          await page.evaluate(() => document.activeElement?.getAttribute('aria-pressed')),
          `the card's heart after its link at ${width}px`,
        ).toBe('false');
        await page.keyboard.press('Tab');
        await scrollRest(track);
        const focused = await page.evaluate(() => {
          const slide = document.activeElement?.closest('li');
          const list = slide?.parentElement;
          if (!slide || !list) return null;
          const box = slide.getBoundingClientRect();
          const view = list.getBoundingClientRect();
          return {
            index: [...list.children].indexOf(slide),
            whole: box.left >= view.left - 0.5 && box.right <= view.right + 0.5,
          };
        });
        expect(focused, `the card Tab reached at ${width}px`).toEqual({
          index: slides,
          whole: true,
        });
        await screenshot(page, `home-carousel-${width}`);
      }
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
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

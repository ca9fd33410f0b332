import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { apiGet, baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { cardIds, cardPrices, pathname } from '../support/catalogue';
import { clickOnceHydrated, waitForHydration } from '../support/hydration';
import { messages, text } from '../support/locales';
import { until } from '../support/until';

/*
 * Issue 19 (decisions 034 and 037): the public pages (home, the four lists, the listing pages)
 * come from the server with their content, work with JavaScript off, and, with it on, become the
 * app without asking the API for what they were rendered from.
 */

interface Listing {
  id: string;
  type: 'Rent' | 'Land' | 'Apartment' | 'HouseForSale';
  title: string;
  price: number;
  propertyAddress: {
    region: { name: string };
    district: { name: string };
    ward: { name: string };
    street: { name: string };
  } | null;
  photos: { id: string; url: string; variants: { url: string; width: number }[] }[];
}

const en = {
  catalogue: messages('en', 'catalogue'),
  detail: messages('en', 'detail'),
  common: messages('en', 'common'),
};
const sw = { catalogue: messages('sw', 'catalogue'), common: messages('sw', 'common') };
const carousels = ['Rent', 'Apartment', 'Land', 'HouseForSale'] as const;

/** The cookie the header's language switch writes; the server renders in its language. */
const LANGUAGE_COOKIE = 'makazi_lang';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const ascending = (prices: number[]) =>
  prices.every((price, index) => index === 0 || price >= (prices[index - 1] ?? 0));

/** Clicks a link or submit button and waits for the page it opens (a full navigation). */
async function navigateBy(page: Page, click: () => Promise<void>): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForEvent('response', (response) => response.request().isNavigationRequest()),
    click(),
  ]);
  await page.waitForLoadState();
  return response;
}

async function meta(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).getAttribute('content');
}

describe('server-rendered pages with JavaScript off', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession({ javaScriptEnabled: false });
  });
  afterAll(async () => {
    await session?.close();
  });

  it('shows the home page with its four carousels of listing cards', async () => {
    const { page } = session;
    const response = await page.goto('/home');
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page
      .getByRole('heading', { level: 1, name: text(en.catalogue, 'home.heading') })
      .waitFor();

    for (const type of carousels) {
      const carousel = page.getByTestId(`carousel-${type}`);
      await carousel.getByText(text(en.catalogue, `carousels.${type}`), { exact: true }).waitFor();
      // The server's cards are the API's newest listings of the type, in its order.
      const newest = await apiGet<Listing[]>(`/api/properties?type=${type}&limit=12`);
      expect(newest.length).toBeGreaterThan(1);
      expect(await cardIds(carousel)).toEqual(newest.map((listing) => listing.id));
      expect(await cardPrices(carousel)).toEqual(newest.map((listing) => listing.price));
      const titles = await carousel
        .getByTestId('property-card')
        .locator('h3')
        .evaluateAll((headings) => headings.map((heading) => heading.getAttribute('title')));
      expect(titles).toEqual(newest.map((listing) => listing.title.trim()));
      const first = newest[0];
      if (!first) throw new Error(`no ${type} listings`);
      await carousel
        .getByTestId('property-price')
        .first()
        .getByText(`TZS ${first.price.toLocaleString('en-US')}`)
        .waitFor();
    }
    await screenshot(page, 'no-js-home');
  });

  it("searches from the home page's form: the server renders the matching listings", async () => {
    const { page } = session;
    // A ward that Rent listings and listings of other types are in: the text and the type both
    // narrow the results.
    const rentals = await apiGet<Listing[]>('/api/properties?type=Rent&limit=100');
    const wards = new Map<string, number>();
    for (const listing of rentals) {
      const ward = listing.propertyAddress?.ward.name;
      if (ward && ward.length >= 3) wards.set(ward, (wards.get(ward) ?? 0) + 1);
    }
    let term: string | undefined;
    let matching: Listing[] = [];
    for (const [ward] of [...wards].sort((a, b) => b[1] - a[1])) {
      const anyType = await apiGet<Listing[]>(
        `/api/properties?limit=100&search=${encodeURIComponent(ward)}`,
      );
      const rent = anyType.filter((listing) => listing.type === 'Rent');
      if (rent.length > 0 && rent.length < anyType.length) {
        term = ward;
        matching = await apiGet<Listing[]>(
          `/api/properties?type=Rent&limit=12&search=${encodeURIComponent(ward)}`,
        );
        break;
      }
    }
    if (!term) throw new Error('no ward has Rent listings and listings of another type');
    expect(matching.length).toBeGreaterThan(0);

    await page.goto('/home');
    const form = page.getByRole('search', { name: text(en.catalogue, 'search.formLabel') });
    await form
      .getByRole('searchbox', { name: text(en.catalogue, 'search.text'), exact: true })
      .fill(term);
    await form.getByLabel(text(en.catalogue, 'search.type')).selectOption({
      label: text(en.common, 'types.Rent'),
    });
    const response = await navigateBy(page, () =>
      form.getByRole('button', { name: text(en.catalogue, 'search.submit'), exact: true }).click(),
    );

    expect(response.status()).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/home');
    expect(url.searchParams.get('search')).toBe(term);
    expect(url.searchParams.get('type')).toBe('Rent');
    await page.getByRole('heading', { name: text(en.catalogue, 'home.resultsTitle') }).waitFor();
    const results = page.getByTestId('results-grid');
    expect(await cardIds(results)).toEqual(matching.map((listing) => listing.id));
    expect(await page.getByTestId('carousel-Rent').count()).toBe(0);
    // The form shows what was searched for.
    expect(
      await form
        .getByRole('searchbox', { name: text(en.catalogue, 'search.text'), exact: true })
        .inputValue(),
    ).toBe(term);
    await screenshot(page, 'no-js-home-search');
  });

  it('sorts a list page by price with the Search button', async () => {
    const { page } = session;
    const cheapestFirst = await apiGet<Listing[]>(
      '/api/properties?type=Rent&sort=priceLowHigh&limit=12',
    );
    const newestFirst = await apiGet<Listing[]>('/api/properties?type=Rent&limit=12');
    // Otherwise the sort could not be told from the default order.
    expect(cheapestFirst.map((listing) => listing.id)).not.toEqual(
      newestFirst.map((listing) => listing.id),
    );

    await page.goto('/lease');
    await page.getByRole('heading', { level: 1, name: text(en.catalogue, 'lists.Rent') }).waitFor();
    const grid = page.getByTestId('listing-grid');
    expect(await cardIds(grid)).toEqual(newestFirst.map((listing) => listing.id));

    await page
      .getByLabel(text(en.catalogue, 'sort.label'))
      .selectOption({ label: text(en.catalogue, 'sort.priceLowHigh') });
    await navigateBy(page, () =>
      page.getByRole('button', { name: text(en.catalogue, 'search.submit'), exact: true }).click(),
    );

    expect(pathname(page)).toBe('/lease');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('priceLowHigh');
    const prices = await cardPrices(grid);
    expect(prices.length).toBeGreaterThan(1);
    expect(ascending(prices)).toBe(true);
    expect(prices).toEqual(cheapestFirst.map((listing) => listing.price));
    expect(await cardIds(grid)).toEqual(cheapestFirst.map((listing) => listing.id));
    // The select shows the sort that applies.
    expect(await page.getByLabel(text(en.catalogue, 'sort.label')).inputValue()).toBe(
      'priceLowHigh',
    );
    await screenshot(page, 'no-js-list-sorted');
  });

  it('opens the next page from Load more, and goes back to the first page', async () => {
    const { page } = session;
    await page.goto('/lease');
    const grid = page.getByTestId('listing-grid');
    const firstPage = await cardIds(grid);
    expect(firstPage.length).toBeGreaterThan(0);

    const loadMore = grid.getByRole('link', { name: text(en.catalogue, 'grid.loadMore') });
    expect(await loadMore.getAttribute('rel')).toBe('next');
    await navigateBy(page, () => loadMore.click());

    expect(pathname(page)).toBe('/lease');
    const cursor = new URL(page.url()).searchParams.get('cursor');
    expect(cursor).toBeTruthy();
    const secondPage = await cardIds(grid);
    expect(secondPage.length).toBeGreaterThan(0);
    // Only the next page's listings, none of the first page's again.
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
    const rentals = await apiGet<Listing[]>(`/api/properties?type=Rent&limit=100`);
    expect([...firstPage, ...secondPage]).toEqual(
      rentals.slice(0, firstPage.length + secondPage.length).map((listing) => listing.id),
    );
    await screenshot(page, 'no-js-list-next-page');

    await navigateBy(page, () =>
      grid.getByRole('link', { name: text(en.catalogue, 'grid.firstPage') }).click(),
    );
    expect(new URL(page.url()).searchParams.has('cursor')).toBe(false);
    expect(await cardIds(grid)).toEqual(firstPage);
    expect(
      await grid.getByRole('link', { name: text(en.catalogue, 'grid.firstPage') }).count(),
    ).toBe(0);
  });

  it.for([360, 1280])(
    'ends a list at %i px with room between its last words and the way back to the first page',
    async (width) => {
      const { page } = session;
      await page.setViewportSize({ width, height: 800 });
      try {
        await page.goto('/lease');
        const grid = page.getByTestId('listing-grid');
        const end = grid.getByText(text(en.catalogue, 'grid.end'), { exact: true });
        for (let pages = 1; (await end.count()) === 0; pages += 1) {
          if (pages > 30) throw new Error('the Rent list did not end within 30 pages');
          await navigateBy(page, () =>
            grid.getByRole('link', { name: text(en.catalogue, 'grid.loadMore') }).click(),
          );
        }
        const back = grid.getByRole('link', { name: text(en.catalogue, 'grid.firstPage') });
        const [words, link] = [await end.boundingBox(), await back.boundingBox()];
        if (!words || !link) throw new Error('the end of the list is not drawn');
        // Side by side or one above the other, never touching.
        const apart = Math.max(
          link.x - (words.x + words.width),
          words.x - (link.x + link.width),
          link.y - (words.y + words.height),
          words.y - (link.y + link.height),
        );
        expect(apart).toBeGreaterThanOrEqual(12);
        await screenshot(page, `no-js-list-end-${width}`);
      } finally {
        await page.setViewportSize({ width: 1366, height: 900 });
      }
    },
  );

  it.for([360, 1280])(
    'follows SW from an English list page with a search at %i px to the same search in Swahili',
    async (width) => {
      const { page } = session;
      await page.setViewportSize({ width, height: 800 });
      try {
        // A word from the newest Rental's ward, and a sort: parameters the Swahili page must keep.
        const [newest] = await apiGet<Listing[]>('/api/properties?type=Rent&limit=1');
        const term = newest?.propertyAddress?.ward.name;
        if (!term || term.length < 3) throw new Error('the newest Rental has no ward to search');
        const matching = await apiGet<Listing[]>(
          `/api/properties?type=Rent&sort=priceLowHigh&limit=12&search=${encodeURIComponent(term)}`,
        );
        expect(matching.length).toBeGreaterThan(0);
        const query = `search=${encodeURIComponent(term)}&sort=priceLowHigh`;
        await page.goto(`/lease?${query}`);
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        const grid = page.getByTestId('listing-grid');
        expect(await cardIds(grid)).toEqual(matching.map((listing) => listing.id));

        const languages = page.getByTestId('language-switch');
        // Hidden on a phone until its menu is opened: out of the accessibility tree till then.
        const swahili = languages.getByRole('link', {
          name: text(en.common, 'language.sw'),
          includeHidden: true,
        });
        expect(
          await languages
            .getByRole('link', { name: text(en.common, 'language.en'), includeHidden: true })
            .getAttribute('aria-current'),
        ).toBe('true');
        if (width < 600) {
          // A phone shows the menu button, not the navigation; without JavaScript the button is a
          // link that shows the navigation under the bar.
          expect(await swahili.isVisible()).toBe(false);
          await page
            .getByRole('banner')
            .getByRole('link', { name: text(en.common, 'header.openMenu') })
            .click();
          await swahili.waitFor({ state: 'visible' });
          await page.getByRole('group', { name: text(en.common, 'language.label') }).waitFor();
          await page
            .getByRole('navigation', { name: text(en.common, 'header.mainNav') })
            .getByRole('link', { name: text(en.common, 'header.posts') })
            .waitFor({ state: 'visible' });
          await screenshot(page, `no-js-phone-menu-${width}`);
        }
        const response = await navigateBy(page, () => swahili.click());

        expect(response.status()).toBe(200);
        const url = new URL(page.url());
        expect(url.pathname).toBe('/lease');
        expect(url.searchParams.get('lang')).toBe('sw');
        expect(url.searchParams.get('search')).toBe(term);
        expect(url.searchParams.get('sort')).toBe('priceLowHigh');
        expect(await page.locator('html').getAttribute('lang')).toBe('sw');
        await page
          .getByRole('heading', { level: 1, name: text(sw.catalogue, 'lists.Rent') })
          .waitFor();
        expect(await cardIds(grid)).toEqual(matching.map((listing) => listing.id));
        expect(
          await page
            .getByRole('searchbox', { name: text(sw.catalogue, 'search.text'), exact: true })
            .inputValue(),
        ).toBe(term);
        // The new page opens with its menu closed, SW now the current language.
        expect(
          await languages
            .getByRole('link', { name: text(sw.common, 'language.sw'), includeHidden: true })
            .getAttribute('aria-current'),
        ).toBe('true');
        await screenshot(page, `no-js-list-sw-${width}`);
      } finally {
        await page.setViewportSize({ width: 1366, height: 900 });
      }
    },
  );

  it('shows a listing opened from a card, with the tags a link preview reads', async () => {
    const { page } = session;
    await page.goto('/home');
    const carousel = page.getByTestId('carousel-Rent');
    const [id] = await cardIds(carousel);
    const card = carousel.getByTestId('property-card').first();
    if (!id) throw new Error('the Rent carousel has no card');
    const listing = await apiGet<Listing>(`/api/properties/${id}`);

    const response = await navigateBy(page, () => card.locator('a').click());
    expect(response.status()).toBe(200);
    expect(pathname(page)).toBe(`/lease/${id}`);

    await page.getByRole('heading', { level: 1, name: listing.title.trim() }).waitFor();
    const price = page.getByTestId('property-detail').getByTestId('property-price');
    expect(await price.getAttribute('data-price')).toBe(String(listing.price));
    expect(await price.textContent()).toContain(`TZS ${listing.price.toLocaleString('en-US')}`);
    const address = listing.propertyAddress;
    if (!address) throw new Error('the listing has no address');
    const shownAddress = await page.locator('[data-field="address"] dd').textContent();
    for (const part of [address.street, address.ward, address.district, address.region]) {
      expect(shownAddress).toContain(part.name);
    }

    // The photos, each with its sizes to choose from.
    const gallery = page.getByRole('region', { name: text(en.detail, 'gallery.label') });
    const sources = await gallery
      .locator('img[srcset]')
      .evaluateAll((images) => images.map((image) => image.getAttribute('srcset') ?? ''));
    expect(listing.photos.length).toBeGreaterThan(0);
    for (const photo of listing.photos) {
      const variants = photo.variants.map((variant) => `${variant.url} ${variant.width}w`);
      expect(sources.some((srcset) => variants.every((variant) => srcset.includes(variant)))).toBe(
        true,
      );
    }
    // Really drawn: the cover photo downloaded and decoded.
    const cover = gallery.locator('img[srcset]').first();
    expect(
      await cover.evaluate((image) => (image as HTMLImageElement).naturalWidth),
    ).toBeGreaterThan(0);

    // What WhatsApp, Facebook and search engines read.
    const canonical = `${baseUrl()}/lease/${id}?lang=en`;
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(canonical);
    expect(await meta(page, 'meta[property="og:title"]')).toContain(listing.title.trim());
    expect(await meta(page, 'meta[property="og:url"]')).toBe(canonical);
    const image = await meta(page, 'meta[property="og:image"]');
    const [cover0] = listing.photos;
    expect(image).toBe(`${baseUrl()}/social-images/${cover0?.id ?? ''}.jpg`);
    const preview = await fetch(image ?? '');
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    expect(await page.title()).toContain(listing.title.trim());
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as { name?: string; offers?: { price?: number; priceCurrency?: string } };
    expect(jsonLd).toMatchObject({
      name: listing.title.trim(),
      offers: { price: listing.price, priceCurrency: 'TZS' },
    });
    await screenshot(page, 'no-js-detail');
  });

  it('answers an unknown listing with 404 and sends an unknown path to /home', async () => {
    const { page } = session;
    const missing = await page.goto(`/lease/${UNKNOWN_ID}`);
    expect(missing?.status()).toBe(404);
    await page
      .getByRole('heading', { level: 1, name: text(en.detail, 'notFound.title') })
      .waitFor();
    expect(await page.getByTestId('property-detail').count()).toBe(0);

    const unknown = await page.goto('/no/such/page');
    const redirect = await unknown?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(302);
    expect(unknown?.status()).toBe(200);
    expect(pathname(page)).toBe('/home');
    await page.getByTestId('carousel-Rent').getByTestId('property-card').first().waitFor();
  });

  it('renders in Swahili from ?lang=sw, and from the language cookie without lang', async () => {
    const { page, context } = session;
    const response = await page.goto('/land?lang=sw');
    expect(response?.status()).toBe(200);
    expect(await page.locator('html').getAttribute('lang')).toBe('sw');
    const headingSw = text(sw.catalogue, 'lists.Land');
    expect(headingSw).not.toBe(text(en.catalogue, 'lists.Land'));
    await page.getByRole('heading', { level: 1, name: headingSw }).waitFor();
    await page
      .getByRole('button', { name: text(sw.catalogue, 'search.submit'), exact: true })
      .waitFor();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `${baseUrl()}/land?lang=sw`,
    );
    await screenshot(page, 'no-js-land-sw');

    // An English browser (Accept-Language en-US) that chose Kiswahili earlier.
    await page.goto('/home');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'sw', url: baseUrl() }]);
    try {
      await page.goto('/home');
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
      await page
        .getByRole('heading', { level: 1, name: text(sw.catalogue, 'home.heading') })
        .waitFor();
      // The URL's language still wins over the cookie.
      await page.goto('/home?lang=en');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await page
        .getByRole('heading', { level: 1, name: text(en.catalogue, 'home.heading') })
        .waitFor();
    } finally {
      await context.clearCookies();
    }
  });

  it('renders in Swahili for a browser that prefers it', async () => {
    const swahili = await openSession({ locale: 'sw-TZ', javaScriptEnabled: false });
    try {
      const { page } = swahili;
      await page.goto('/home');
      expect(await page.locator('html').getAttribute('lang')).toBe('sw');
      await page
        .getByRole('heading', { level: 1, name: text(sw.catalogue, 'home.heading') })
        .waitFor();
    } finally {
      await swahili.close();
    }
  });
});

describe('server-rendered pages with JavaScript on', () => {
  const cases = [360, 1280].flatMap((width) =>
    (['en', 'sw'] as const).map((language) => ({ width, language })),
  );

  it.for(cases)(
    'hydrate home, a list and a listing at $width px in $language without asking the API again or logging an error',
    async ({ width, language }) => {
      const session = await openSession({ viewport: { width, height: 800 } });
      try {
        const { page } = session;
        const [listing] = await apiGet<Listing[]>('/api/properties?type=Land&limit=1');
        if (!listing) throw new Error('the demo catalogue has no Land listings');
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        let listingRequests: string[] = [];
        let lastRequestAt = Date.now();
        page.on('request', (request) => {
          lastRequestAt = Date.now();
          if (new URL(request.url()).pathname.startsWith('/api/properties')) {
            listingRequests.push(request.url());
          }
        });

        const pages = [
          { name: 'home', path: '/home' },
          { name: 'list', path: '/land' },
          { name: 'detail', path: `/land/${listing.id}` },
        ];
        for (const { name, path } of pages) {
          listingRequests = [];
          const response = await page.goto(`${path}?lang=${language}`);
          expect(response?.status(), path).toBe(200);
          expect(await page.locator('html').getAttribute('lang')).toBe(language);
          // Hydrated to the end of the page (the footer's last link), then quiet for a while:
          // any request the app makes once it runs has been made by then.
          await waitForHydration(page.locator('footer a').last(), `${path}'s footer`);
          await page.waitForLoadState('networkidle');
          await until(
            () => (Date.now() - lastRequestAt > 1_000 ? true : undefined),
            `${path} to make no more requests`,
          );
          expect(listingRequests, `${path} asked the API for listings`).toEqual([]);
          expect(problems, `${path} at ${width}px in ${language}`).toEqual([]);
          const catalogue = messages(language, 'catalogue');
          if (name === 'home') {
            // The app runs: the carousel's arrows are measured and work.
            const next = page
              .getByTestId('carousel-Rent')
              .getByRole('button', { name: text(catalogue, 'carousel.next') });
            await until(
              async () =>
                (await next.getAttribute('aria-disabled')) === 'false' ? true : undefined,
              'the carousel arrows to work',
            );
          }
          if (name === 'list') {
            // Load more appends the next page in place, from the API: what the request count
            // above would have seen.
            const grid = page.getByTestId('listing-grid');
            const shown = await cardIds(grid);
            const loadMore = grid.getByRole('link', { name: text(catalogue, 'grid.loadMore') });
            await clickOnceHydrated(loadMore, 'Load more');
            const more = await until(async () => {
              const ids = await cardIds(grid);
              return ids.length > shown.length ? ids : undefined;
            }, 'the next page appended');
            expect(more.slice(0, shown.length)).toEqual(shown);
            expect(pathname(page)).toBe(path);
            expect(new URL(page.url()).searchParams.has('cursor')).toBe(false);
            expect(listingRequests).toHaveLength(1);
            expect(problems).toEqual([]);
          }
          await screenshot(page, `hydrated-${name}-${width}-${language}`);
        }
      } finally {
        await session.close();
      }
    },
  );
});

import { act } from 'react';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  BuiltChunk,
  CatalogueListQuery,
  PageDataSource,
} from '@makazi/contracts/page-rendering';
import type { TProperty, TTakenListing } from '@makazi/contracts/properties';
import { LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import { startApp } from '../app/start';
import { favouriteListing, reloadLocalFavourites } from '../lib/favourites';
import { NAMESPACES } from '../lib/i18n';
import { PAGE_STATE_ID, type PageState } from '../lib/page-state';
import {
  makeApartment,
  makeHouseForSale,
  makeLand,
  makePhotos,
  makeRent,
} from '../testing/fixtures';
import { jsonResponse, mockFetch, requestedUrls } from '../testing/test-utils';
import { createPageRendererFromBuild } from './page-renderer';

const ORIGIN = 'https://makazi.example';
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="The shell's description" />
    <title>Makazi</title>
    <link rel="manifest" href="/manifest-en.webmanifest" />
    <script type="module" crossorigin src="/assets/main.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/main.css">
    <link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/lato.woff2">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const chunk = (file: string, extra: Partial<BuiltChunk> = {}): BuiltChunk => ({ file, ...extra });
const MANIFEST: Record<string, BuiltChunk> = {
  'src/main.tsx': chunk('assets/main.js', {
    isEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/main.css'],
  }),
  '_vendor.js': chunk('assets/vendor.js'),
  'src/app/routes/home.tsx': chunk('assets/home.js', {
    imports: ['_vendor.js', '_catalogue.js'],
    css: ['assets/home.css'],
  }),
  '_catalogue.js': chunk('assets/catalogue.js', { css: ['assets/catalogue.css'] }),
  'src/app/routes/list.tsx': chunk('assets/list.js', { imports: ['_catalogue.js'] }),
  'src/app/routes/detail.tsx': chunk('assets/detail.js', { css: ['assets/detail.css'] }),
  'src/app/routes/details-redirect.tsx': chunk('assets/details-redirect.js'),
  'src/app/routes/info.tsx': chunk('assets/info.js'),
  ...Object.fromEntries(
    ['en', 'sw'].flatMap((language) =>
      [...NAMESPACES, 'info'].map((namespace) => [
        `src/locales/${language}/${namespace}.json`,
        chunk(`assets/${namespace}-${language}.js`),
      ]),
    ),
  ),
};

const rent = makeRent({
  title: 'Nyumba Sinza',
  price: 450_000,
  photos: makePhotos(['picha_nje', 'picha_chumba']),
});
const land = makeLand({ title: 'Kiwanja Bagamoyo' });
const catalogue: TProperty[] = [rent, land, makeApartment(), makeHouseForSale()];
/** Listings rented or sold, as the API still knows them (GET /api/properties/{id}'s 410). */
const TAKEN: TTakenListing[] = [
  {
    id: '5b0c1d2e-3f40-4a51-8b62-c7d8e9f0a1b2',
    type: 'Rent',
    title: 'Nyumba Mikocheni',
    takenAt: '2026-03-01T10:00:00.000Z',
    place: { region: { id: 2, name: 'Dar es Salaam' }, district: { id: 7, name: 'Kinondoni' } },
  },
];

/** The catalogue as the API reads it: pages of the listings of a type, one cursor deep. */
function fakeSource(
  listings: TProperty[] = catalogue,
): PageDataSource & { queries: CatalogueListQuery[] } {
  const queries: CatalogueListQuery[] = [];
  return {
    queries,
    listProperties(query) {
      queries.push(query);
      if (query.cursor !== undefined && query.cursor !== 'page-2') return Promise.resolve(null);
      const items = listings.filter((listing) => !query.type || listing.type === query.type);
      return Promise.resolve({
        json: JSON.stringify(query.cursor ? [] : items),
        nextCursor: query.cursor ? null : 'page-2',
      });
    },
    countProperties(query) {
      const count = listings.filter((listing) => !query.type || listing.type === query.type).length;
      return Promise.resolve({ count, atLeast: false });
    },
    getProperty(id) {
      const listing = listings.find((candidate) => candidate.id === id);
      if (listing) return Promise.resolve({ json: JSON.stringify(listing) });
      const gone = TAKEN.find((candidate) => candidate.id === id);
      return Promise.resolve(gone ? { taken: gone } : null);
    },
    siteInfo: () => ({ demo: false }),
  };
}

const STYLES: Record<string, string> = {
  'assets/main.css': '.layout{display:flex}',
  'assets/home.css': '.home-banner{color:gold}',
  'assets/catalogue.css': '.property-grid{display:grid}',
  'assets/detail.css': '.listing-article{margin:0}',
};
const renderer = createPageRendererFromBuild({
  template: TEMPLATE,
  manifest: MANIFEST,
  styles: STYLES,
});

async function renderPage(
  url: string,
  source = fakeSource(),
  language: 'en' | 'sw' = 'en',
  dataSaver = false,
) {
  return renderer.render({ url, origin: ORIGIN, language, dataSaver, data: source });
}

/** A rendered page, its UTF-8 bytes read as text. */
async function page(
  url: string,
  source?: ReturnType<typeof fakeSource>,
  language?: 'en' | 'sw',
  dataSaver?: boolean,
) {
  const result = await renderPage(url, source, language, dataSaver);
  if (result.kind !== 'page') throw new Error(`${url} answered ${result.kind}`);
  return { status: result.status, html: new TextDecoder().decode(result.html) };
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

function headOf(result: { html: string }) {
  const doc = parse(result.html);
  const meta = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content');
  return { doc, meta };
}

describe('the server renderer', () => {
  it('renders home with its listings, its head tags and the state it hydrates from', async () => {
    const result = await page('/home');
    expect(result.status).toBe(200);
    const { doc, meta } = headOf(result);
    expect(doc.documentElement.lang).toBe('en');
    // The page's own title and description replace the shell's.
    expect(doc.head.querySelectorAll('title')).toHaveLength(1);
    expect(doc.title).toBe('Makazi: land and houses to rent or buy in Tanzania');
    expect(doc.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(meta('meta[name="description"]')).toMatch(/TZS/);
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/home?lang=en`,
    );
    const alternates = [...doc.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]);
    expect(alternates).toEqual([
      ['en', `${ORIGIN}/home?lang=en`],
      ['sw', `${ORIGIN}/home?lang=sw`],
      ['x-default', `${ORIGIN}/home`],
    ]);
    // All of the page's CSS is in the page: nothing to fetch before the first paint. The route's
    // stylesheets are named by disabled links, which are not fetched and which the app's chunk
    // loader then does not add again; its code is named up front, beside the entry.
    expect([...doc.head.querySelectorAll('style')].map((style) => style.textContent)).toEqual([
      '.layout{display:flex}\n.home-banner{color:gold}\n.property-grid{display:grid}',
    ]);
    const links = [...doc.head.querySelectorAll('link')].map(
      (link) =>
        `${link.getAttribute('rel')} ${link.getAttribute('href')}${link.hasAttribute('disabled') ? ' disabled' : ''}`,
    );
    expect(links).toEqual(
      expect.arrayContaining([
        'stylesheet /assets/home.css disabled',
        'stylesheet /assets/catalogue.css disabled',
        'modulepreload /assets/home.js',
        'modulepreload /assets/common-en.js',
      ]),
    );
    expect(
      links.filter((link) => link.startsWith('stylesheet') && !link.endsWith('disabled')),
    ).toEqual([]);
    expect(links).not.toContain('modulepreload /assets/vendor.js');
    // No font preload: the text paints before a font could arrive (decision 024).
    expect(doc.head.querySelectorAll('link[rel="preload"][as="font"]')).toHaveLength(0);
    // Content in the HTML itself: the listings' titles and prices.
    const root = doc.getElementById('root');
    expect(root?.textContent).toContain('Nyumba Sinza');
    expect(root?.textContent).toContain('TZS 450,000');
    // The catalogue's real counts, in the page as it first paints (one listing of each type).
    const counters = doc.querySelector('.home-counters');
    expect([...(counters?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      '1Rentals',
      '1Apartments',
      '1Plots',
      '1Houses for sale',
    ]);
    const state = JSON.parse(doc.getElementById(PAGE_STATE_ID)?.textContent ?? '') as PageState;
    expect(state.language).toBe('en');
    expect(state.origin).toBe(ORIGIN);
    expect(state.queries.queries.map((query) => query.queryKey)).toEqual(
      expect.arrayContaining([['site'], ['properties', 'carousel', 'Rent']]),
    );
  });

  it('is painted, where the header shows its nav, only once the parser has read the whole header', async () => {
    const { doc } = headOf(await page('/home'));
    const waits = [...doc.head.querySelectorAll('link[rel="expect"]')].map((link) => [
      link.getAttribute('href'),
      link.getAttribute('blocking'),
      link.getAttribute('media'),
    ]);
    expect(waits).toEqual([['#header-end', 'render', '(min-width: 600px)']]);
    // Nothing of the header comes after it, in the document's order.
    const header = doc.querySelector('header');
    const everyElement = [...(header?.querySelectorAll('*') ?? [])];
    expect(everyElement.at(-1)?.id).toBe('header-end');
  });

  it('renders a page in the language asked for, with that language in its canonical URL', async () => {
    const { doc } = headOf(await page('/lease', undefined, 'sw'));
    expect(doc.documentElement.lang).toBe('sw');
    expect(doc.title).toBe('Nyumba za Kupanga · Makazi');
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/lease?lang=sw`,
    );
    expect(doc.head.querySelector('link[href$="common-sw.js"]')).not.toBeNull();
  });

  it('links the web app manifest of the page’s language, so Chrome offers to install it in that language', async () => {
    for (const language of ['en', 'sw'] as const) {
      const { doc } = headOf(await page('/lease', undefined, language));
      expect(doc.head.querySelector('link[rel="manifest"]')?.getAttribute('href')).toBe(
        `/manifest-${language}.webmanifest`,
      );
      expect(renderer.shell(language)).toContain(
        `<link rel="manifest" href="/manifest-${language}.webmanifest"`,
      );
    }
  });

  it('renders a list page from its query, with a next-page link and search results kept out of indexes', async () => {
    const source = fakeSource();
    const { doc } = headOf(
      await page('/lease?search=Sinza&sort=priceLowHigh&utm_source=whatsapp', source),
    );
    expect(source.queries).toEqual([
      expect.objectContaining({ type: 'Rent', search: 'Sinza', sort: 'priceLowHigh', limit: 12 }),
    ]);
    // Tracking tags are not part of the page; the search is, and keeps it out of the index.
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${ORIGIN}/lease?search=Sinza&sort=priceLowHigh&lang=en`,
    );
    expect(doc.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, follow',
    );
    expect(doc.querySelector('[data-testid="result-count"]')?.textContent).toBe('1 house for rent');
    // Made of the page's own parameters: a tracking tag is not carried on.
    const next = doc.querySelector('a[rel="next"]');
    expect(next?.getAttribute('href')).toBe('/lease?search=Sinza&sort=priceLowHigh&cursor=page-2');
    // The search form works as a plain GET form, with the sort select sent along.
    const form = doc.querySelector('form[role="search"]');
    expect(form?.getAttribute('method')).toBe('get');
    expect(doc.querySelector(`select[name="sort"]`)?.getAttribute('form')).toBe(
      form?.getAttribute('id'),
    );
  });

  it('works without JavaScript: the language switch links to this page in each language, the phone menu to the navigation', async () => {
    const { doc } = headOf(
      await page(
        '/lease?utm_source=whatsapp&sort=priceLowHigh&search=Sinza&lang=sw',
        undefined,
        'sw',
      ),
    );
    const links = [...doc.querySelectorAll('[data-testid="language-switch"] a')];
    expect(
      links.map((link) => [link.textContent, link.getAttribute('href'), link.ariaCurrent]),
    ).toEqual([
      // The page's own parameters in the server's order (what the browser hydrates), no tracking tag.
      ['EN', '/lease?search=Sinza&sort=priceLowHigh&lang=en', null],
      ['SW', '/lease?search=Sinza&sort=priceLowHigh&lang=sw', 'true'],
    ]);
    // The side sheet needs the app: until it runs, the phone's menu button is a link to the
    // header's navigation, which holds POSTS and the language switch.
    const menu = doc.querySelector('a.site-header__menu-button');
    expect(menu?.getAttribute('href')).toBe('#site-nav');
    expect(menu?.getAttribute('aria-label')).toBe('Fungua menyu');
    const nav = doc.getElementById('site-nav');
    expect(nav?.querySelector('a[href="/posts"]')).not.toBeNull();
    expect(nav?.querySelector('[data-testid="language-switch"]')).not.toBeNull();
  });

  it('sends a cursor that no longer fits back to the first page', async () => {
    expect(await renderPage('/lease?sort=new&cursor=stale')).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/lease?sort=new',
    });
  });

  it('renders a detail page with link-preview tags and escaped JSON-LD', async () => {
    const hostile = makeRent({
      title: '</script><script>alert(1)</script>',
      description: 'Nzuri & safi <b>sana</b>',
      price: 450_000,
      photos: makePhotos(['picha_nje']),
    });
    const result = await page(`/lease/${hostile.id}`, fakeSource([hostile]));
    expect(result.html).not.toContain('<script>alert(1)');
    const { doc, meta } = headOf(result);
    expect(doc.title).toBe('</script><script>alert(1)</script> · Makazi');
    expect(meta('meta[property="og:title"]')).toBe('</script><script>alert(1)</script> · Makazi');
    expect(meta('meta[property="og:description"]')).toMatch(
      /^Rent · TZS 450,000 per month · Mikocheni, Kinondoni, Dar es Salaam\. Nzuri & safi <b>sana<\/b>/,
    );
    expect(meta('meta[property="og:url"]')).toBe(`${ORIGIN}/lease/${hostile.id}?lang=en`);
    expect(meta('meta[property="og:locale"]')).toBe('en_TZ');
    expect(meta('meta[property="og:image"]')).toBe(
      `${ORIGIN}/social-images/${hostile.photos[0]?.id}.jpg`,
    );
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    // The main photo is asked for first, ahead of the app's scripts.
    const head = [...doc.head.children];
    const photo = head.findIndex((el) => el.matches('link[rel="preload"][as="image"]'));
    const script = head.findIndex((el) => el.matches('script[type="module"]'));
    expect(photo).toBeGreaterThan(0);
    expect(photo).toBeLessThan(script);
    const scripts = doc.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    const listing = JSON.parse(scripts[0]?.textContent ?? '') as Record<string, unknown>;
    expect(listing).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      name: hostile.title,
      offers: { '@type': 'Offer', price: 450_000, priceCurrency: 'TZS' },
      address: { '@type': 'PostalAddress', addressRegion: 'Dar es Salaam', addressCountry: 'TZ' },
    });
    // The page's state is data, not script, and holds the title as text.
    const state = JSON.parse(doc.getElementById(PAGE_STATE_ID)?.textContent ?? '') as PageState;
    expect(JSON.stringify(state)).toContain(hostile.title);
  });

  it('fails, rather than rendering an error page, when the catalogue cannot be read', async () => {
    const source = fakeSource();
    source.listProperties = () => Promise.reject(new Error('catalogue down'));
    // The API then sends the client-rendered shell, which asks again from the browser.
    await expect(renderPage('/lease', source)).rejects.toThrow('catalogue down');
  });

  it('answers an unknown listing with a 404 page', async () => {
    const result = await page('/lease/0d7f6c2a-3b4e-4c5d-8e9f-a0b1c2d3e4f5');
    expect(result.status).toBe(404);
    expect(parse(result.html).querySelector('h1')?.textContent).toBe('Listing not found');
    expect((await page('/lease/not-an-id')).status).toBe(404);
  });

  it('answers a listing rented or sold with a 410 page that says so, with its type’s listings in its district', async () => {
    const taken = TAKEN[0]!;
    for (const [language, heading, similar] of [
      ['en', 'This place has been rented', 'Similar places near Kinondoni'],
      ['sw', 'Nyumba hii imeshapangishwa', 'Zinazofanana karibu na Kinondoni'],
    ] as const) {
      const source = fakeSource();
      const result = await page(`/lease/${taken.id}`, source, language);
      expect(result.status).toBe(410);
      const doc = parse(result.html);
      expect(doc.querySelector('h1')?.textContent).toBe(heading);
      expect(doc.querySelector('[data-testid="listing-taken"]')?.textContent).toContain(
        'Nyumba Mikocheni',
      );
      // Not the generic "not found", and the similar listings came with the page.
      expect(doc.querySelector('[data-testid="listing-not-found"]')).toBeNull();
      expect(source.queries).toContainEqual(
        expect.objectContaining({ type: 'Rent', search: 'Kinondoni' }),
      );
      const carousel = doc.querySelector('[data-testid="carousel-Rent"]');
      expect(carousel?.querySelector('h2')?.textContent).toBe(similar);
      expect(carousel?.querySelectorAll('li').length).toBeGreaterThan(0);
      expect(carousel?.querySelector('h2 a')?.getAttribute('href')).toBe('/lease?search=Kinondoni');
    }
  });

  it('moves a listing opened at another type’s address to its own, for good', async () => {
    expect(await renderPage(`/land/${rent.id}`)).toEqual({
      kind: 'redirect',
      status: 301,
      location: `/lease/${rent.id}`,
    });
    expect(await renderPage(`/details/${land.id}`)).toEqual({
      kind: 'redirect',
      status: 301,
      location: `/land/${land.id}`,
    });
  });

  it('renders the pages about Makazi, naming the texts they need up front', async () => {
    const { doc, meta } = headOf(await page('/about', undefined, 'sw'));
    expect(doc.querySelector('h1')?.textContent).toBe(doc.title);
    expect(meta('meta[name="description"]')).toBeTruthy();
    expect(doc.head.querySelector('link[href="/assets/info-sw.js"]')).not.toBeNull();
  });

  it('redirects / and unknown paths to /home (spec 2), and leaves the other pages to the shell', async () => {
    for (const url of ['/', '/no/such/page?x=1']) {
      expect(await renderPage(url)).toEqual({ kind: 'redirect', status: 302, location: '/home' });
    }
    for (const url of ['/login', '/posts', '/admin', '/plan/30', '/support']) {
      expect(await renderPage(url)).toEqual({ kind: 'shell' });
    }
    expect(renderer.shell('sw')).toContain('<html lang="sw"');
    // The shell's font preloads, except for data saver (decision 044).
    expect(renderer.shell('sw')).toContain('rel="preload" as="font"');
    expect(renderer.shell('sw', true)).not.toContain('rel="preload"');
    expect(renderer.shell('sw', true)).toContain('<script type="module"');
    expect(renderer.shell('sw', true)).toContain('<html lang="sw" data-saver>');
    // The shell links its stylesheet as Vite wrote it.
    expect(renderer.shell('sw')).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/main.css">',
    );
  });
});

describe('the server renderer for data saver', () => {
  it('gives every card its smallest photo, no srcset, and says so in the page state', async () => {
    const full = parse((await page('/home')).html);
    const saver = parse((await page('/home', undefined, undefined, true)).html);
    const cardImage = (doc: Document) =>
      doc.querySelector<HTMLImageElement>('img[alt^="Photo of Nyumba Sinza"]')!;
    expect(cardImage(full).getAttribute('srcset')).toContain('320w');
    const small = cardImage(saver);
    expect(small.getAttribute('src')).toBe('/media/picha_nje-320.webp');
    expect(small.hasAttribute('srcset')).toBe(false);
    expect(small.hasAttribute('sizes')).toBe(false);
    expect([small.getAttribute('width'), small.getAttribute('height')]).toEqual(['320', '213']);
    // An image a page preloads in its head is the one its cards show, never a larger variant.
    for (const link of saver.head.querySelectorAll('link[rel="preload"]')) {
      expect(link.getAttribute('as')).toBe('image');
      expect(link.hasAttribute('imagesrcset')).toBe(false);
    }
    const state = (doc: Document) =>
      (JSON.parse(doc.getElementById(PAGE_STATE_ID)?.textContent ?? '') as PageState).dataSaver;
    expect([state(full), state(saver)]).toEqual([false, true]);
    expect(saver.querySelector('[role="switch"]')?.getAttribute('aria-checked')).toBe('true');
    // Marked for the stylesheet, which then names no web font (styles/fonts.css).
    expect(saver.documentElement.hasAttribute('data-saver')).toBe(true);
    expect(full.documentElement.hasAttribute('data-saver')).toBe(false);
  });

  it('sends a data-saver page without its app code, only the loader that fetches it when asked', async () => {
    const full = parse((await page('/home')).html);
    const saver = parse((await page('/home', undefined, undefined, true)).html);
    expect(full.querySelector('script[type="module"]')?.getAttribute('src')).toBe(
      '/assets/main.js',
    );
    expect(full.querySelectorAll('link[rel="modulepreload"]').length).toBeGreaterThan(0);

    expect(saver.querySelector('script[type="module"]')).toBeNull();
    expect(saver.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    const loader = saver.querySelector('script[src="/lite.js"]');
    expect(loader?.getAttribute('data-entry')).toBe('/assets/main.js');
    expect(loader?.hasAttribute('defer')).toBe(true);
    // Pages the server does not render are the app itself: their shell keeps its code.
    expect(renderer.shell('en', true)).toContain(
      '<script type="module" crossorigin src="/assets/main.js">',
    );
  });

  it('renders a detail page with its photos a tap away, nothing of them downloaded', async () => {
    const doc = parse((await page(`/lease/${rent.id}`, undefined, undefined, true)).html);
    const gallery = doc.querySelector('.photo-gallery')!;
    expect(gallery.querySelectorAll('img')).toHaveLength(0);
    expect(gallery.querySelector('.photo-gallery__tap')?.textContent).toMatch(/^Load photo \(/);
    expect(doc.head.querySelector('link[rel="preload"][as="image"]')).toBeNull();
  });
});

const INSIGHTS_PATH = '/api/insights/prices';

describe('a rendered page in the browser', () => {
  let recoverable: unknown[];
  beforeEach(() => {
    recoverable = [];
  });
  afterEach(() => {
    document.open();
    document.close();
    window.history.replaceState(null, '', '/');
  });

  /**
   * The API as a hydrated page meets it: a listing's price guide is asked for once the app runs
   * (it is no part of the server's page) and here finds no figures; anything else fails.
   */
  function mockApi() {
    return mockFetch((url) =>
      url.pathname === INSIGHTS_PATH
        ? jsonResponse({ insight: null })
        : new Response('{}', { status: 500 }),
    );
  }

  /** What the page asked the API for again: what the server rendered it with, it must not. */
  function askedAgain(fetchMock: ReturnType<typeof mockFetch>): string[] {
    return requestedUrls(fetchMock)
      .filter((url) => url.pathname !== INSIGHTS_PATH)
      .map((url) => url.pathname);
  }

  /** `url` in the address bar, hydrating the page the server rendered for `rendered`. */
  async function hydrate(url: string, rendered = url, dataSaver = false) {
    const { html } = await page(rendered, undefined, undefined, dataSaver);
    window.history.replaceState(null, '', url);
    document.open();
    document.write(html);
    document.close();
    const fetchMock = mockApi();
    const root = document.getElementById('root');
    if (!root) throw new Error('no root');
    await act(() => startApp(root, { onRecoverableError: (error) => recoverable.push(error) }));
    return fetchMock;
  }

  it("writes 'Confirmed N days ago' by the server's clock and hydrates it as written, though the phone's clock has passed the day's end", async () => {
    const day = 24 * 60 * 60 * 1000;
    const renderedAt = Date.parse('2026-06-01T20:30:00.000Z');
    // Confirmed 23 h 59 min 40 s before the server rendered the page: 'today' there.
    const listing = makeRent({
      title: 'Nyumba Kijitonyama',
      confirmedAt: new Date(renderedAt - day + 20_000).toISOString(),
      contactVerified: true,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(renderedAt);
      const { html } = await page(`/lease/${listing.id}`, fakeSource([...catalogue, listing]));
      const rendered = parse(html);
      expect(rendered.querySelector('[data-testid="confirmed-ago"]')?.textContent).toBe(
        'Confirmed today',
      );
      expect(rendered.querySelector('[data-testid="verified-phone"]')?.textContent).toBe(
        'Verified phone',
      );
      const state = JSON.parse(
        rendered.getElementById(PAGE_STATE_ID)?.textContent ?? '',
      ) as PageState;
      expect(state.renderedAt).toBe(renderedAt);

      // Half a minute later on the phone: by its clock the confirmation is a day old.
      vi.setSystemTime(renderedAt + 30_000);
      const errors = vi.spyOn(console, 'error');
      window.history.replaceState(null, '', `/lease/${listing.id}`);
      document.open();
      document.write(html);
      document.close();
      const fetchMock = mockApi();
      const root = document.getElementById('root');
      if (!root) throw new Error('no root');
      await act(() => startApp(root, { onRecoverableError: (error) => recoverable.push(error) }));

      expect(recoverable).toEqual([]);
      expect(errors.mock.calls.filter((args) => /hydrat/i.test(args.join(' ')))).toEqual([]);
      // Once the app runs it reads the phone's own clock.
      await waitFor(() =>
        expect(within(document.body).getByTestId('confirmed-ago')).toHaveTextContent(
          'Confirmed yesterday',
        ),
      );
      expect(askedAgain(fetchMock)).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([['/home'], [`/lease/${rent.id}`]])(
    'hydrates %s rendered for data saver as rendered, whatever the browser would choose',
    async (url) => {
      const errors = vi.spyOn(console, 'error');
      // The server rendered it by the browser's Save-Data header; the cookie it never saw (a
      // choice made in another tab meanwhile) must not change the hydrated page.
      document.cookie = 'makazi_data_saver=off; Path=/';
      await hydrate(url, url, true);
      expect(recoverable).toEqual([]);
      expect(errors.mock.calls.filter((args) => /hydrat/i.test(args.join(' ')))).toEqual([]);
      const body = within(document.body);
      expect(body.getAllByRole('switch', { name: 'Data saver' })[0]).toHaveAttribute(
        'aria-checked',
        'true',
      );
      if (url !== '/home') {
        const tap = body.getByRole('button', { name: /^Load photo \(.+\): / });
        act(() => tap.click());
        expect(body.getByRole('img', { name: /^Outside of Nyumba Sinza/ })).toHaveAttribute(
          'src',
          '/media/picha_nje-320.webp',
        );
      }
    },
  );

  it("renders a listing's price guide only once the app runs, as the page's own addition", async () => {
    const { html } = await page(`/lease/${rent.id}`);
    expect(parse(html).querySelector('[data-testid="price-insight"]')).toBeNull();

    const errors = vi.spyOn(console, 'error');
    window.history.replaceState(null, '', `/lease/${rent.id}`);
    document.open();
    document.write(html);
    document.close();
    const fetchMock = mockFetch((url) =>
      url.pathname === INSIGHTS_PATH
        ? jsonResponse({
            insight: {
              type: 'Rent',
              bedrooms: null,
              area: { level: 'district', id: 30, name: 'Kinondoni' },
              count: 20,
              low: 300_000,
              median: 400_000,
              high: 500_000,
              computedAt: '2026-03-10T12:00:00.000Z',
            },
          })
        : new Response('{}', { status: 500 }),
    );
    const root = document.getElementById('root');
    if (!root) throw new Error('no root');
    await act(() => startApp(root, { onRecoverableError: (error) => recoverable.push(error) }));

    expect(
      await within(document.body).findByText(/^Typical rent for a house in Kinondoni district/),
    ).toBeInTheDocument();
    expect(recoverable).toEqual([]);
    expect(errors.mock.calls.filter((args) => /hydrat/i.test(args.join(' ')))).toEqual([]);
    expect(askedAgain(fetchMock)).toEqual([]);
  });

  it.each([
    ['/home'],
    ['/lease?sort=priceLowHigh'],
    // The API renders a page without what is not part of it (a tracking tag), its parameters in
    // one order (apps/api pages.service.ts pagePath); the address bar keeps them as they came.
    [
      '/lease?utm_source=whatsapp&sort=priceLowHigh&search=Sinza',
      '/lease?search=Sinza&sort=priceLowHigh',
    ],
    [`/lease/${rent.id}`],
    ['/faq'],
  ])('hydrates %s as rendered, without asking the API again', async (url, rendered?: string) => {
    // React reports a tag or attribute that hydrated differently (a link's href) on the console.
    const errors = vi.spyOn(console, 'error');
    const fetchMock = await hydrate(url, rendered);
    expect(recoverable).toEqual([]);
    const mismatches = errors.mock.calls.filter((args) => /hydrat/i.test(args.join(' ')));
    expect(mismatches).toEqual([]);
    // The app runs: the phone's menu is the button that opens the side sheet.
    expect(within(document.body).getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(askedAgain(fetchMock)).toEqual([]);
    // document.write replaced the body `screen` was bound to: query the new one.
    if (url !== '/faq') {
      expect(within(document.body).getAllByText('Nyumba Sinza').length).toBeGreaterThan(0);
    }
    // One title: React took over the server's head tags instead of adding its own.
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
  });
  it.each([['/home'], [`/lease/${rent.id}`]])(
    'hydrates %s with its hearts unpressed as rendered, then shows what the browser saved',
    async (url) => {
      window.localStorage.setItem(
        LOCAL_FAVOURITES_KEY,
        JSON.stringify([{ ...favouriteListing(rent), savedAt: '2026-03-01T10:00:00.000Z' }]),
      );
      reloadLocalFavourites();
      const { html } = await page(url);
      // The server knows nothing of the browser's favourites.
      expect(
        [...parse(html).querySelectorAll('[data-testid="favourite-button"]')].map((heart) =>
          heart.getAttribute('aria-pressed'),
        ),
      ).not.toContain('true');

      const errors = vi.spyOn(console, 'error');
      await hydrate(url);
      expect(recoverable).toEqual([]);
      expect(errors.mock.calls.filter((args) => /hydrat/i.test(args.join(' ')))).toEqual([]);
      await waitFor(() =>
        expect(
          within(document.body)
            .getAllByRole('button', { name: 'Remove from favourites' })
            .every((heart) => heart.getAttribute('aria-pressed') === 'true'),
        ).toBe(true),
      );
    },
  );
});

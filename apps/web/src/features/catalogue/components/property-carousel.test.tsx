/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TProperty } from '@makazi/contracts/properties';
import { makeRent } from '../../../testing/fixtures';
import {
  createTestI18n,
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderApp,
} from '../../../testing/test-utils';
import { carouselQueryOptions } from '../api/properties';
import { CAROUSEL_GAP_PX, slidesPerView } from '../utils/carousel';
import { PropertyCarousel } from './property-carousel';

// ---------------------------------------------------------------------------------------------
// The stylesheet, read from disk (the test runner stubs stylesheet imports) and cascaded by hand
// for a viewport width: enough CSS to hold the layout rules to the spec's table.

interface Rule {
  media: string | null;
  selector: string;
  declarations: Record<string, string>;
}

const carouselCss = readFileSync(path.join(import.meta.dirname, 'property-carousel.css'), 'utf8');

function parseRules(css: string): Rule[] {
  const rules: Rule[] = [];
  const walk = (block: string, media: string | null) => {
    let at = 0;
    for (let open = block.indexOf('{', at); open >= 0; open = block.indexOf('{', at)) {
      const prelude = block.slice(at, open).trim();
      let depth = 1;
      let close = open + 1;
      for (; depth > 0 && close < block.length; close += 1) {
        if (block[close] === '{') depth += 1;
        if (block[close] === '}') depth -= 1;
      }
      const body = block.slice(open + 1, close - 1);
      if (prelude.startsWith('@media')) {
        walk(body, prelude.slice('@media'.length).trim());
      } else {
        const declarations: Record<string, string> = {};
        for (const declaration of body.split(';')) {
          const colon = declaration.indexOf(':');
          if (colon < 0) continue;
          declarations[declaration.slice(0, colon).trim()] = declaration
            .slice(colon + 1)
            .trim()
            .replace(/\s+/g, ' ');
        }
        for (const selector of prelude.split(',')) {
          rules.push({ media, selector: selector.trim(), declarations });
        }
      }
      at = close;
    }
  };
  walk(css.replace(/\/\*[\s\S]*?\*\//g, ''), null);
  return rules;
}

/** Only the width queries the carousel uses; anything else fails the test rather than guess. */
function mediaMatches(media: string | null, viewportWidth: number): boolean {
  if (media === null) return true;
  const query = /^\((min|max)-width:\s*(\d+)px\)$/.exec(media);
  if (!query) throw new Error(`the test cannot evaluate @media ${media}`);
  const limit = Number(query[2]);
  return query[1] === 'min' ? viewportWidth >= limit : viewportWidth <= limit;
}

const rules = parseRules(carouselCss);

/** The declarations that apply to `selector` at a viewport width, in cascade order. */
function cascadeInOrder(selector: string, viewportWidth: number): [string, string][] {
  return rules
    .filter((rule) => rule.selector === selector && mediaMatches(rule.media, viewportWidth))
    .flatMap((rule) => Object.entries(rule.declarations));
}

/** The same, later ones winning (every rule here is one class: same specificity). */
function cascade(selector: string, viewportWidth: number): Record<string, string> {
  return Object.fromEntries(cascadeInOrder(selector, viewportWidth));
}

/** Splits a value at its top-level spaces: `0 var(--a) calc(1px * 2)` is three parts. */
function valueParts(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let part = '';
  for (const char of value) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ' ' && depth === 0) {
      if (part) parts.push(part);
      part = '';
    } else {
      part += char;
    }
  }
  return part ? [...parts, part] : parts;
}

/** The inline (left = right) padding, from `padding` or `padding-inline`, whichever came last. */
function paddingInline(selector: string, viewportWidth: number): string {
  let inline = '0';
  for (const [property, value] of cascadeInOrder(selector, viewportWidth)) {
    const parts = valueParts(value);
    if (property === 'padding') {
      if ((parts[3] ?? parts[1]) !== (parts[1] ?? parts[0])) throw new Error('uneven padding');
      inline = parts[1] ?? parts[0] ?? '0';
    }
    if (property === 'padding-inline') {
      if (parts.length > 1 && parts[0] !== parts[1]) throw new Error('uneven padding-inline');
      inline = parts[0] ?? '0';
    }
  }
  return inline;
}

/** Arithmetic on numbers (+ - * / and parentheses): a calc() once var() and units are gone. */
function evaluate(expression: string): number {
  const tokens = expression.match(/\d+(\.\d+)?|[-+*/()]/g) ?? [];
  if (tokens.join('') !== expression.replace(/\s+/g, '')) {
    throw new Error(`the test cannot evaluate ${expression}`);
  }
  let index = 0;
  const peek = () => tokens[index];
  const next = () => tokens[index++];
  const primary = (): number => {
    const token = next();
    if (token === '(') {
      const value = sum();
      if (next() !== ')') throw new Error(`unbalanced ${expression}`);
      return value;
    }
    if (token === '-') return -primary();
    return Number(token);
  };
  const product = (): number => {
    let value = primary();
    while (peek() === '*' || peek() === '/')
      value = next() === '*' ? value * primary() : value / primary();
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-')
      value = next() === '+' ? value + product() : value - product();
    return value;
  };
  return sum();
}

/** A length declared for the list, with its custom properties put in and 100% = trackWidth. */
function pixels(value: string, declarations: Record<string, string>, trackWidth: number): number {
  let resolved = value;
  for (let depth = 0; resolved.includes('var('); depth += 1) {
    if (depth > 5) throw new Error(`unresolvable ${value}`);
    resolved = resolved.replace(/var\((--[\w-]+)\)/g, (_match, name: string) => {
      const custom = declarations[name];
      if (custom === undefined) throw new Error(`${name} is not declared`);
      return `(${custom})`;
    });
  }
  return evaluate(
    resolved
      .replace(/calc\(/g, '(')
      .replace(/100%/g, String(trackWidth))
      .replace(/(\d)px/g, '$1'),
  );
}

/** The list's width at a viewport width: the page's content width, less its padding. */
const trackWidthAt = (viewportWidth: number) => Math.min(viewportWidth - 48, 1200);

/** The list's layout at a viewport width, in pixels, as the stylesheet declares it. */
function layoutAt(viewportWidth: number) {
  const track = cascade('.carousel__track', viewportWidth);
  const width = trackWidthAt(viewportWidth);
  const inset = pixels(paddingInline('.carousel__track', viewportWidth), track, width);
  // Percentages are of the content box: the width less the inline padding.
  const contentWidth = width - 2 * inset;
  return {
    width,
    inset,
    perView: Number(track['--carousel-per-view']),
    gap: pixels(track['gap'] ?? '0', track, contentWidth),
    slide: pixels(track['grid-auto-columns'] ?? '', track, contentWidth),
    scrollPadding: pixels(track['scroll-padding-inline'] ?? '0', track, contentWidth),
  };
}

describe('the carousel stylesheet', () => {
  const widths = [
    320, 360, 480, 481, 600, 768, 769, 1024, 1025, 1280, 1281, 1366, 1480, 1481, 1920,
  ];

  it('scrolls the list sideways, snapping to slides, without scrolling the page at its ends', () => {
    const track = cascade('.carousel__track', 1280);
    expect(track['display']).toBe('grid');
    expect(track['grid-auto-flow']).toBe('column');
    expect(track['overflow-x']).toBe('auto');
    expect(track['scroll-snap-type']).toBe('x mandatory');
    expect(track['overscroll-behavior-x']).toBe('contain');
    expect(track['list-style']).toBe('none');
    expect(['thin', 'none']).toContain(track['scrollbar-width']);
  });

  it.each(widths)('shows at %ipx the slides the spec asks for, 16px apart', (viewportWidth) => {
    const { width, inset, perView, gap, slide } = layoutAt(viewportWidth);
    const expected = slidesPerView(viewportWidth);

    expect(gap).toBe(CAROUSEL_GAP_PX);
    expect(perView).toBe(expected);
    if (expected > 1) {
      // Snapped to the start, they fill the width exactly: no sliver of the next one.
      expect(inset).toBe(0);
      expect(expected * slide + (expected - 1) * gap).toBeCloseTo(width, 6);
      expect(Math.floor((width + gap) / (slide + gap) + 1e-9)).toBe(expected);
    } else {
      // One slide, most of the width, centred (the first too: the inset puts it there) ...
      expect(slide).toBeGreaterThan(width * 0.75);
      expect(inset).toBeCloseTo((width - slide) / 2, 6);
      // ... with a part of each neighbour in view, never a whole one.
      const peek = (width - slide) / 2 - gap;
      expect(peek).toBeGreaterThan(0);
      expect(peek).toBeLessThan(slide);
    }
  });

  it.each(widths)(
    'snaps at %ipx the centred slide to the centre, the others to the start',
    (viewportWidth) => {
      const align = cascade('.carousel__slide', viewportWidth)['scroll-snap-align'];
      expect(align).toBe(slidesPerView(viewportWidth) === 1 ? 'center' : 'start');
    },
  );

  it.each(widths)(
    'scrolls at %ipx a card that takes keyboard focus into view, whole',
    (viewportWidth) => {
      const { width, gap, slide, scrollPadding } = layoutAt(viewportWidth);
      if (slidesPerView(viewportWidth) === 1) {
        // Chromium scrolls a focused element only when none of it is in the view less the
        // scroll padding: the peeking neighbours must lie inside the padding ...
        expect(scrollPadding).toBeGreaterThanOrEqual((width - slide) / 2 - gap);
        // ... and what is left must fit a slide, or the snap position becomes a range.
        expect(width - 2 * scrollPadding).toBeGreaterThanOrEqual(slide - 1e-6);
      } else {
        // Slides fill the width exactly; padding would shift the snap positions and cut the last.
        expect(scrollPadding).toBe(0);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------
// The component, in jsdom: no layout, so the list's geometry is faked: 300px slides 16px apart.

const SLIDE = 300;
const STEP = SLIDE + CAROUSEL_GAP_PX;

function listings(count: number): TProperty[] {
  return Array.from({ length: count }, (_, index) => makeRent({ title: `Rent ${index + 1}` }));
}

/** Lays out every `.carousel__track` in a `viewWidth` window; scrollBy moves it and fires scroll. */
function fakeLayout(viewWidth: number) {
  const scrolled = new WeakMap<Element, number>();
  const isTrack = (element: Element) => element.classList.contains('carousel__track');
  const listWidth = (track: Element) => track.children.length * STEP - CAROUSEL_GAP_PX;
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return isTrack(this) ? viewWidth : 0;
  });
  vi.spyOn(Element.prototype, 'scrollWidth', 'get').mockImplementation(function (this: Element) {
    return isTrack(this) ? Math.max(listWidth(this), viewWidth) : 0;
  });
  vi.spyOn(Element.prototype, 'scrollLeft', 'get').mockImplementation(function (this: Element) {
    return scrolled.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const track = this.parentElement;
    if (!this.classList.contains('carousel__slide') || !track) return new DOMRect();
    const index = [...track.children].indexOf(this);
    return new DOMRect(index * STEP - (scrolled.get(track) ?? 0), 0, SLIDE, 420);
  });
  const scrollTo = (track: Element, left: number) => {
    const max = Math.max(listWidth(track) - viewWidth, 0);
    scrolled.set(track, Math.min(Math.max(left, 0), max));
    fireEvent.scroll(track);
  };
  const scrollBy = vi.fn(function (this: Element, options: ScrollToOptions) {
    scrollTo(this, (scrolled.get(this) ?? 0) + (options.left ?? 0));
  });
  Object.defineProperty(Element.prototype, 'scrollBy', { configurable: true, value: scrollBy });
  return { scrollBy, scrollTo };
}

afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollBy;
});

function serveRent(body: () => Response | Promise<Response>) {
  return mockFetch((url) => (url.searchParams.get('type') === 'Rent' ? body() : jsonResponse([])));
}

async function renderCarousel(count: number) {
  serveRent(() => jsonResponse(listings(count)));
  await renderApp(<PropertyCarousel type="Rent" first />, { url: '/home', path: '/home' });
  const section = screen.getByTestId('carousel-Rent');
  const list = await within(section).findByRole('list', { name: 'Nyumba za Kupanga' });
  return {
    section,
    list,
    previous: within(section).getByRole('button', { name: 'Previous listings' }),
    next: within(section).getByRole('button', { name: 'Next listings' }),
  };
}

/** What the visitor's system asks of motion (jsdom's stand-in matches no query). */
function reduceMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
        media: query,
      }) as MediaQueryList,
  );
}

describe('PropertyCarousel', () => {
  beforeEach(() => {
    reduceMotion(false);
  });

  it('lists the listings, one card a slide, under the section heading as the list’s name', async () => {
    fakeLayout(632);
    const { section, list } = await renderCarousel(5);
    const slides = within(list).getAllByRole('listitem');
    expect(slides).toHaveLength(5);
    for (const slide of slides) expect(within(slide).getByTestId('property-card')).toBeTruthy();
    expect(
      within(section).getByRole('heading', { level: 2, name: 'Nyumba za Kupanga' }),
    ).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'See all' })).toHaveAttribute(
      'href',
      '/lease',
    );
  });

  it('loads the first slide’s photo at once in the first carousel', async () => {
    fakeLayout(632);
    const { list } = await renderCarousel(3);
    const loading = within(list)
      .getAllByRole('img')
      .map((img) => img.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'lazy', 'lazy']);
  });

  it('scrolls forward and back by one slide and its gap, smoothly', async () => {
    const user = userEvent.setup();
    const { scrollBy } = fakeLayout(632);
    const { list, previous, next } = await renderCarousel(5);

    await user.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'smooth' });
    expect(scrollBy.mock.contexts.at(-1)).toBe(list);
    await user.click(previous);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: -STEP, behavior: 'smooth' });
  });

  it('jumps instead of gliding for someone who asked for reduced motion', async () => {
    const user = userEvent.setup();
    reduceMotion(true);
    const { scrollBy } = fakeLayout(632);
    const { next } = await renderCarousel(5);

    await user.click(next);
    expect(scrollBy).toHaveBeenLastCalledWith({ left: STEP, behavior: 'auto' });
  });

  it('disables Previous at the start and Next at the end, and does not loop', async () => {
    const user = userEvent.setup();
    // Two slides in view out of five: three steps to the end.
    const { scrollBy, scrollTo } = fakeLayout(632);
    const { list, previous, next } = await renderCarousel(5);
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'false');

    await user.click(previous);
    expect(scrollBy).not.toHaveBeenCalled();

    await user.click(next);
    expect(previous).toHaveAttribute('aria-disabled', 'false');
    await user.click(next);
    expect(next).toHaveAttribute('aria-disabled', 'false');
    await user.click(next);
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // Still focused after the last press, and a further one goes nowhere (no wrapping round).
    expect(next).toHaveFocus();
    await user.click(next);
    expect(scrollBy).toHaveBeenCalledTimes(3);

    // Scrolled back by hand (a swipe): the arrows follow.
    act(() => scrollTo(list, 0));
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'false');
  });

  it('disables both arrows when every slide fits', async () => {
    fakeLayout(1200);
    const { previous, next } = await renderCarousel(3);
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows no arrows for a single listing', async () => {
    fakeLayout(632);
    serveRent(() => jsonResponse(listings(1)));
    await renderApp(<PropertyCarousel type="Rent" />, { url: '/home', path: '/home' });
    const section = screen.getByTestId('carousel-Rent');
    expect(await within(section).findAllByRole('listitem')).toHaveLength(1);
    // The card's heart is its only button.
    expect(within(section).getAllByRole('button')).toEqual([
      within(section).getByRole('button', { name: 'Save to favourites' }),
    ]);
  });

  it('shows three placeholders while loading, and no arrows', async () => {
    serveRent(() => new Promise<Response>(() => {}));
    await renderApp(<PropertyCarousel type="Rent" />, { url: '/home', path: '/home' });
    const section = screen.getByTestId('carousel-Rent');
    const busy = section.querySelector('[aria-busy="true"]');
    expect(busy?.querySelectorAll('.carousel__placeholder')).toHaveLength(3);
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so when there are no listings of the type', async () => {
    serveRent(() => jsonResponse([]));
    await renderApp(<PropertyCarousel type="Rent" />, { url: '/home', path: '/home' });
    const section = screen.getByTestId('carousel-Rent');
    expect(await within(section).findByText('No listings of this type yet.')).toBeTruthy();
    expect(within(section).queryByRole('list')).not.toBeInTheDocument();
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the error with a retry that asks again', async () => {
    const user = userEvent.setup();
    fakeLayout(632);
    let fail = true;
    const fetchMock = serveRent(() =>
      fail ? jsonResponse({ error: 'boom' }, { status: 500 }) : jsonResponse(listings(2)),
    );
    await renderApp(<PropertyCarousel type="Rent" />, { url: '/home', path: '/home' });
    const section = screen.getByTestId('carousel-Rent');
    const alert = await within(section).findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('PropertyCarousel rendered on the server', () => {
  function tree(i18n: I18n, queryClient: QueryClient) {
    return (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/home']}>
            <PropertyCarousel type="Rent" first />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    );
  }

  function clientWith(data: TProperty[]) {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(carouselQueryOptions('Rent').queryKey, data);
    return queryClient;
  }

  it('has its layout and arrows in the HTML, hydrates without a mismatch, then enables Next', async () => {
    fakeLayout(632);
    const data = listings(5);
    serveRent(() => jsonResponse(data));
    const i18n = await createTestI18n();
    const html = renderToString(tree(i18n, clientWith(data)));

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const list = within(container).getByRole('list', { name: 'Nyumba za Kupanga' });
    expect(list).toHaveClass('carousel__track');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    // The server cannot know the scroll position, and without JavaScript the arrows do nothing.
    const previous = within(container).getByRole('button', { name: 'Previous listings' });
    const next = within(container).getByRole('button', { name: 'Next listings' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveAttribute('aria-disabled', 'true');

    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    let root: Root | undefined;
    act(() => {
      root = hydrateRoot(container, tree(i18n, clientWith(data)), {
        onRecoverableError: recoverable,
      });
    });
    try {
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      // The same elements, hydrated in place, and now measured.
      expect(container.contains(previous) && container.contains(next)).toBe(true);
      expect(previous).toHaveAttribute('aria-disabled', 'true');
      expect(next).toHaveAttribute('aria-disabled', 'false');
    } finally {
      act(() => root?.unmount());
      container.remove();
    }
  });
});

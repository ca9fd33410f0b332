import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { ListingDetailView } from '../features/listing-detail/components/listing-detail-view';
import { makeRent } from '../testing/fixtures';
import { listingPageRoutes } from '../testing/listing-page';
import { jsonResponse, LocationProbe, mockFetch, renderApp } from '../testing/test-utils';
import { ListRoute } from './routes/list';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';

/*
 * A page that was never opened on this phone, opened without a connection: the service worker has
 * no copy of its answer, so the page says in itself that it is not available offline, with the
 * ways to pages that are, instead of grey placeholders for good.
 */

const WORDS = {
  en: {
    title: 'This page is not available offline',
    home: 'Go to home',
    saved: 'Your saved listings',
  },
  sw: {
    title: 'Ukurasa huu haupatikani bila mtandao',
    home: 'Nenda mwanzo',
    saved: 'Matangazo uliyohifadhi',
  },
} as const;

const detailRoutes = listingPageRoutes({
  path: (slug, id) => `/${slug}/${id}`,
  render: (type, id) => <ListingDetailView type={type} id={id} />,
  answer: (property) => property,
  notFoundLink: { name: 'Browse listings', href: '/lease' },
});

let online = true;

/** The browser's connection: navigator.onLine, and the events TanStack and the page listen to. */
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

/** The network as offline: nothing answers, and the service worker has no copy either. */
function noNetwork() {
  return mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
}

function expectUnavailableOffline(language: 'en' | 'sw', level: 1 | 2) {
  const words = WORDS[language];
  const notice = screen.getByTestId('unavailable-offline');
  expect(within(notice).getByRole('heading', { level, name: words.title })).toBeInTheDocument();
  expect(within(notice).getByRole('link', { name: words.home })).toHaveAttribute('href', '/home');
  expect(within(notice).getByRole('link', { name: words.saved })).toHaveAttribute('href', '/saved');
  // Nothing waits on the network any more: no grey placeholders, no spinner.
  expect(document.querySelector('[aria-busy="true"], .skeleton')).toBeNull();
}

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('a page not opened before, offline', () => {
  it.each(['en', 'sw'] as const)(
    'says in the listing page that it is not available offline, in %s',
    async (language) => {
      online = false;
      noNetwork();
      await renderApp(null, {
        url: `/lease/${crypto.randomUUID()}`,
        routes: detailRoutes,
        language,
      });
      await screen.findByTestId('unavailable-offline');
      expectUnavailableOffline(language, 1);
    },
  );

  it('says so while its request waits for the connection, and shows the page once it is back', async () => {
    const property = makeRent({ title: 'Nyumba Sinza' });
    let reachable = false;
    mockFetch((url) => {
      if (!reachable) return Promise.reject(new TypeError('Failed to fetch'));
      return url.pathname === `/api/properties/${property.id}`
        ? jsonResponse(property)
        : jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    });
    const { router, queryClient } = await renderApp(null, { url: '/home', routes: detailRoutes });
    // As in the app: a failed read is asked again, once the connection allows.
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retry: 2, retryDelay: 0 },
    });
    setOnline(false);

    await act(() => router.navigate(`/lease/${property.id}`));

    await screen.findByTestId('unavailable-offline');
    expect(queryClient.getQueryCache().getAll()[0]?.state.fetchStatus).toBe('paused');
    expectUnavailableOffline('en', 1);

    reachable = true;
    setOnline(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nyumba Sinza' })).toBeVisible();
    expect(screen.queryByTestId('unavailable-offline')).not.toBeInTheDocument();
  });

  it('says it in place of a list it cannot load', async () => {
    online = false;
    noNetwork();
    await renderApp(<ListRoute type="Rent" />, { url: '/lease', path: '/lease' });
    await screen.findByTestId('unavailable-offline');
    expectUnavailableOffline('en', 2);
  });

  it('says it when the code of a page never opened is not on this phone', async () => {
    online = false;
    const routes: RouteObject[] = [
      {
        path: '/support',
        errorElement: <RouteError />,
        hydrateFallbackElement: <PageFallback />,
        lazy: () =>
          Promise.reject(
            new TypeError('Failed to fetch dynamically imported module: /assets/support.js'),
          ),
      },
      { path: '*', element: <LocationProbe /> },
    ];
    await renderApp(null, { url: '/support', routes, language: 'sw' });
    await screen.findByTestId('unavailable-offline');
    expectUnavailableOffline('sw', 1);
  });

  it('keeps the usual error, with Try again, for a failure while online', async () => {
    noNetwork();
    await renderApp(null, { url: `/lease/${crypto.randomUUID()}`, routes: detailRoutes });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection. Check your internet and try again.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('unavailable-offline')).toBeNull());
  });
});

import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { TLocale } from '@makazi/contracts/common';
import { AppProvider } from '../app/provider';
import { createI18n } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import enAdmin from '../locales/en/admin.json';
import enAuth from '../locales/en/auth.json';
import enCheckout from '../locales/en/checkout.json';
import enPosts from '../locales/en/posts.json';
import enPublish from '../locales/en/publish.json';
import enCatalogue from '../locales/en/catalogue.json';
import enCommon from '../locales/en/common.json';
import enDetail from '../locales/en/detail.json';
import enInfo from '../locales/en/info.json';
import enSupport from '../locales/en/support.json';
import enTrust from '../locales/en/trust.json';
import enSearches from '../locales/en/searches.json';
import enInsights from '../locales/en/insights.json';
import enSaved from '../locales/en/saved.json';
import swAdmin from '../locales/sw/admin.json';
import swAuth from '../locales/sw/auth.json';
import swCheckout from '../locales/sw/checkout.json';
import swPosts from '../locales/sw/posts.json';
import swPublish from '../locales/sw/publish.json';
import swCatalogue from '../locales/sw/catalogue.json';
import swCommon from '../locales/sw/common.json';
import swDetail from '../locales/sw/detail.json';
import swInfo from '../locales/sw/info.json';
import swSupport from '../locales/sw/support.json';
import swTrust from '../locales/sw/trust.json';
import swSearches from '../locales/sw/searches.json';
import swInsights from '../locales/sw/insights.json';
import swSaved from '../locales/sw/saved.json';

export const testResources = {
  en: {
    common: enCommon,
    catalogue: enCatalogue,
    detail: enDetail,
    auth: enAuth,
    publish: enPublish,
    posts: enPosts,
    checkout: enCheckout,
    admin: enAdmin,
    support: enSupport,
    info: enInfo,
    trust: enTrust,
    searches: enSearches,
    insights: enInsights,
    saved: enSaved,
  },
  sw: {
    common: swCommon,
    catalogue: swCatalogue,
    detail: swDetail,
    auth: swAuth,
    publish: swPublish,
    posts: swPosts,
    checkout: swCheckout,
    admin: swAdmin,
    support: swSupport,
    info: swInfo,
    trust: swTrust,
    searches: swSearches,
    insights: swInsights,
    saved: swSaved,
  },
};

export function createTestI18n(language: TLocale = 'en'): Promise<I18n> {
  return createI18n({ language, resources: testResources });
}

export function createTestQueryClient() {
  const client = createQueryClient();
  // Tests want a failure at once, not after the production retries.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/** Shows the router's current location so tests can assert what the URL became. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderOptions {
  /** Where the memory router starts, e.g. '/lease?sort=new' or '/lease/{id}#report'. */
  url?: string;
  /** Route path the element is mounted at. */
  path?: string;
  language?: TLocale;
  routes?: RouteObject[];
  state?: unknown;
  /** As the server decided it for the page (AppProvider); unset, the browser decides. */
  dataSaver?: boolean;
}

export async function renderApp(element: ReactNode, options: RenderOptions = {}) {
  const { url = '/', path = '/', language = 'en', state } = options;
  const i18n = await createTestI18n(language);
  const queryClient = createTestQueryClient();
  const routes: RouteObject[] = options.routes ?? [
    {
      path,
      element: (
        <>
          {element}
          <LocationProbe />
        </>
      ),
    },
    { path: '*', element: <LocationProbe /> },
  ];
  const [address = '/', fragment] = url.split('#');
  const router = createMemoryRouter(routes, {
    initialEntries: [
      {
        pathname: address.split('?')[0] ?? '/',
        search: address.includes('?') ? `?${address.split('?')[1]}` : '',
        hash: fragment === undefined ? '' : `#${fragment}`,
        state,
      },
    ],
  });
  const result = render(
    <AppProvider i18n={i18n} queryClient={queryClient} dataSaver={options.dataSaver}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, i18n, queryClient };
}

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function toUrl(input: RequestInfo | URL): URL {
  const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return new URL(raw, 'http://localhost');
}

export type FetchHandler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | Promise<Response>;

/** Mocks the network at the fetch boundary; returns the mock to inspect the requests made. */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    Promise.resolve(handler(toUrl(input), init)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs of every request made so far. */
export function requestedUrls(fetchMock: ReturnType<typeof mockFetch>): URL[] {
  return fetchMock.mock.calls.map(([input]) => toUrl(input));
}

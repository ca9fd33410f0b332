import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { USER_SUB, apiErrorResponse, ownView, signIn } from '../testing/account';
import { makeApartment, makeHouseForSale, makeLand, makeRent } from '../testing/fixtures';
import {
  createTestI18n,
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  requestedUrls,
} from '../testing/test-utils';
import { RootLayout } from './layouts/root-layout';
import { AppProvider } from './provider';
import { createRoutes } from './router';
import { RouteError } from './routes/route-error';

async function renderRoutes(
  routes: RouteObject[],
  url: string,
  queryClient = createTestQueryClient(),
) {
  const i18n = await createTestI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

const ID = '0d7f6c2a-3b4e-4c5d-8e9f-a0b1c2d3e4f5';

describe('router', () => {
  it.each(['/nowhere', '/plan', '/', `/user/office/${ID}`, '/user/lease'])(
    'sends %s to /home',
    async (url) => {
      mockFetch(() => jsonResponse([]));
      const router = await renderRoutes(createRoutes(createTestQueryClient()), url);
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(await screen.findByTestId('carousel-Rent')).toBeInTheDocument();
    },
  );

  it.each([
    ['/login', 'Sign in'],
    ['/register', 'Register'],
    ['/subscribe', 'Choose Property Viewing Subscription'],
    // Public: the footer's Support and the wizard's 'Contact support' lead here.
    ['/support', 'Support'],
    // The footer's pages about Makazi itself.
    ['/about', 'About Makazi'],
    ['/terms', 'Terms of use'],
    ['/privacy', 'Privacy'],
    ['/faq', 'Frequently asked questions'],
    // Public: an anonymous visitor gives contact details on the checkout's first step.
    ['/plan/7', 'Pay for your subscription'],
    // Public: the link of a saved search's alert SMS works without signing in.
    ['/alerts/off/c0de', 'Stop text alerts for this saved search?'],
  ])('routes %s to its page', async (url, heading) => {
    mockFetch(() => jsonResponse([]));
    const router = await renderRoutes(createRoutes(createTestQueryClient()), url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(url);
  });

  // The sign-in-only routes: /posts and /post, and the owner's own pages. The four detail pages
  // are public (decision 037; their contacts' guards are in routes/guards.test.tsx).
  it.each([
    '/posts',
    '/post',
    `/user/land/${ID}`,
    `/user/lease/${ID}`,
    `/user/apartment/${ID}`,
    `/user/house-for-sale/${ID}`,
    '/promote',
    '/promotion-plan/7',
    '/contacts-viewed',
  ])('guards %s: an anonymous visitor lands on /login with it as the origin', async (url) => {
    mockFetch(() => jsonResponse([]));
    const router = await renderRoutes(createRoutes(createTestQueryClient()), url);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: url, search: '', hash: '' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it("routes /posts to the signed-in user's posts", async () => {
    signIn();
    const fetchMock = mockFetch((url) =>
      url.pathname === `/api/properties/publishers/${USER_SUB}`
        ? jsonResponse([makeRent({ title: 'Nyumba Sinza' })])
        : jsonResponse([]),
    );
    const router = await renderRoutes(createRoutes(createTestQueryClient()), '/posts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Posts' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nyumba Sinza' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/posts');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('routes /contacts-viewed to the contacts the signed-in user was shown', async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse([]));
    await renderRoutes(createRoutes(createTestQueryClient()), '/contacts-viewed');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contacts you viewed' }),
    ).toBeInTheDocument();
    expect(await screen.findByText("You have not viewed any owner's contacts yet.")).toBeVisible();
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toContain(
      '/api/me/contact-reveals',
    );
  });

  it.each([
    ['lease', makeRent],
    ['house-for-sale', makeHouseForSale],
  ] as const)('routes /user/%s/{id} to the owner page of that type', async (slug, make) => {
    signIn();
    const property = ownView(make({ id: ID, title: `Owner ${slug}` }), { status: 'pending' });
    mockFetch((url) =>
      url.pathname === `/api/properties/${ID}` ? jsonResponse(property) : jsonResponse([]),
    );
    const router = await renderRoutes(createRoutes(createTestQueryClient()), `/user/${slug}/${ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Owner ${slug}` }),
    ).toBeInTheDocument();
    expect(screen.getByText('Awaiting review')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/user/${slug}/${ID}`);
  });

  describe('/details/{id}, the address older links carry', () => {
    it.each([
      ['land', makeLand],
      ['lease', makeRent],
      ['apartment', makeApartment],
      ['house-for-sale', makeHouseForSale],
    ] as const)(
      'sends the listing on to /%s/{id} in place of the old entry',
      async (slug, make) => {
        signIn();
        const property = make({ id: ID, title: `Listing at ${slug}` });
        const fetchMock = mockFetch((url) =>
          url.pathname === `/api/properties/${ID}` ? jsonResponse(property) : jsonResponse([]),
        );
        // One client for the loaders and the pages, as the app has.
        const queryClient = createTestQueryClient();
        const router = await renderRoutes(createRoutes(queryClient), `/details/${ID}`, queryClient);
        expect(
          await screen.findByRole('heading', { level: 1, name: `Listing at ${slug}` }),
        ).toBeInTheDocument();
        expect(router.state.location.pathname).toBe(`/${slug}/${ID}`);
        expect(router.state.historyAction).toBe('REPLACE');
        // The detail page reads the answer the redirect fetched instead of asking again at once.
        const lookups = requestedUrls(fetchMock).filter(
          (url) => url.pathname === `/api/properties/${ID}`,
        );
        expect(lookups).toHaveLength(1);
      },
    );

    it("sends an anonymous visitor on to the listing's page, which is public", async () => {
      mockFetch((url) =>
        url.pathname === `/api/properties/${ID}`
          ? jsonResponse(makeLand({ id: ID, title: 'Kiwanja Bagamoyo' }))
          : jsonResponse([]),
      );
      const router = await renderRoutes(createRoutes(createTestQueryClient()), `/details/${ID}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Kiwanja Bagamoyo' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(`/land/${ID}`);
    });

    it('shows the listing not found for an id the API does not know', async () => {
      mockFetch((url) =>
        url.pathname === `/api/properties/${ID}`
          ? apiErrorResponse(404, 'NOT_FOUND', 'Property not found')
          : jsonResponse([]),
      );
      const router = await renderRoutes(createRoutes(createTestQueryClient()), `/details/${ID}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Listing not found' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Browse listings' })).toHaveAttribute(
        'href',
        '/home',
      );
      expect(router.state.location.pathname).toBe(`/details/${ID}`);
    });

    it('says a listing was sold, not "not found", and shows plots in its district', async () => {
      const nearby = makeLand({ title: 'Kiwanja Mapinga' });
      const fetchMock = mockFetch((url) =>
        url.pathname === `/api/properties/${ID}`
          ? jsonResponse(
              {
                statusCode: 410,
                code: 'GONE',
                message: 'This listing has been sold and is no longer available',
                listing: {
                  id: ID,
                  type: 'Land',
                  title: 'Kiwanja Bagamoyo',
                  takenAt: '2026-03-01T10:00:00.000Z',
                  place: {
                    region: { id: 6, name: 'Pwani' },
                    district: { id: 9, name: 'Bagamoyo' },
                  },
                },
              },
              { status: 410 },
            )
          : url.pathname === '/api/properties' && url.searchParams.get('search') === 'Bagamoyo'
            ? jsonResponse([nearby])
            : jsonResponse([]),
      );
      await renderRoutes(createRoutes(createTestQueryClient()), `/land/${ID}`);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'This plot has been sold' }),
      ).toBeInTheDocument();
      expect(screen.getByText(/“Kiwanja Bagamoyo” is no longer available/)).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Listing not found' })).toBeNull();
      expect(
        await screen.findByRole('heading', { level: 2, name: 'Similar places near Bagamoyo' }),
      ).toBeInTheDocument();
      expect(await screen.findByText('Kiwanja Mapinga')).toBeInTheDocument();
      const similar = requestedUrls(fetchMock).find(
        (url) => url.pathname === '/api/properties' && url.searchParams.has('search'),
      );
      expect(similar?.searchParams.get('type')).toBe('Land');
    });

    it('shows the listing not found for something that is no listing id, asking nobody', async () => {
      const fetchMock = mockFetch(() => jsonResponse([]));
      await renderRoutes(createRoutes(createTestQueryClient()), '/details/42');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Listing not found' }),
      ).toBeInTheDocument();
      expect(
        requestedUrls(fetchMock).filter((url) => url.pathname.startsWith('/api/properties')),
      ).toEqual([]);
    });
  });

  it.each([
    ['/promote', 'Choose Promotion Plan'],
    ['/promotion-plan/7', 'Promote your listing'],
  ])('routes %s to its page for the listing /posts passed', async (pathname, heading) => {
    signIn();
    const plan = {
      id: '7f3e4d5c-6a7b-4c8d-8e9f-1a2b3c4d5e6f',
      durationInDays: 7,
      price: 5000,
      features: ['Shown first for a week'],
    };
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/promotion-plan' ? jsonResponse([plan]) : jsonResponse([]),
    );
    const router = createMemoryRouter(createRoutes(createTestQueryClient()), {
      initialEntries: [{ pathname, state: { property: makeRent({ title: 'Sinza' }) } }],
    });
    render(
      <AppProvider i18n={await createTestI18n('en')} queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByText('Listing: Sinza')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pathname);
    expect(fetchMock).toHaveBeenCalled();
  });

  it.each([
    ['/home', true],
    ['/admin/dashboard', false],
  ])('on %s shows header and footer: %s', async (url, shown) => {
    const layout: RouteObject[] = [
      { path: '/', element: <RootLayout />, children: [{ path: '*', element: <p>page</p> }] },
    ];
    await renderRoutes(layout, url);
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByRole('banner') !== null).toBe(shown);
    expect(screen.queryByRole('contentinfo') !== null).toBe(shown);
    if (shown)
      expect(screen.getByRole('contentinfo')).toHaveTextContent('Makazi. All rights reserved.');
  });

  it("shows 'Unexpected Application Error!' when a page throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    await renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteError /> }], '/');
    expect(
      screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
  });

  it("shows 'Loading chunk failed' when a lazy page cannot be downloaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderRoutes(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          lazy: () =>
            Promise.reject(
              new TypeError('Failed to fetch dynamically imported module: /assets/home-x.js'),
            ),
        },
      ],
      '/',
    );
    expect(
      await screen.findByRole('heading', { name: 'Loading chunk failed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeInTheDocument();
  });
});

describe('footer', () => {
  // Without VITE_SOCIAL_* at build time, no social profile is linked (footer.test.tsx sets them).
  it('links every footer entry to a real page or a section of one', async () => {
    const layout: RouteObject[] = [
      { path: '/', element: <RootLayout />, children: [{ index: true, element: <p>page</p> }] },
    ];
    await renderRoutes(layout, '/');
    const footer = screen.getByRole('contentinfo');
    const hrefs = [...footer.querySelectorAll('a')].map((a) => a.getAttribute('href')).sort();
    expect(hrefs).toEqual(
      [
        '/about',
        '/about#features',
        '/about#product',
        '/about#resources',
        '/faq',
        '/home',
        '/privacy',
        '/support',
        '/support#contact',
        '/terms',
      ].sort(),
    );
  });
});

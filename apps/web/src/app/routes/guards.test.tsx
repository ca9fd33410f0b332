import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  createMemoryRouter,
  RouterProvider,
  type InitialEntry,
  type RouteObject,
} from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { showToast } from '../../lib/toast';
import { accountQueryKey } from '../../lib/sign-out';
import { subscriptionStatusQueryOptions } from '../../features/subscriptions/api/subscription-status';
import { AppProvider } from '../provider';
import { createRoutes } from '../router';
import type { TProperty } from '@makazi/contracts/properties';
import { makeApartment, makeHouseForSale, makeLand, makeRent } from '../../testing/fixtures';
import {
  USER_SUB,
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  signIn,
} from '../../testing/account';
import {
  LocationProbe,
  createTestI18n,
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  requestedUrls,
  type FetchHandler,
} from '../../testing/test-utils';
import { RequireLogin } from './require-login';
import { RequireSubscription } from './require-subscription';

// Toasts are checked as calls: which words, and how many times.
vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const LISTING = makeRent({ id: '0d7f6c2a-3b4e-4c5d-8e9f-a0b1c2d3e4f5' });
const PLANS = [
  {
    id: '5d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    durationInDays: 1,
    price: 1000,
    features: ['See contacts for a day'],
  },
  {
    id: '6e2d3c4b-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
    durationInDays: 30,
    price: 20000,
    features: ['See contacts', 'Call and chat'],
  },
];

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

/** The API's answer for someone who never subscribed. */
const NEVER_SUBSCRIBED = { data: { isActive: false, endsAt: null } };
const ACTIVE = { data: { isActive: true, endsAt: '2099-01-01T00:00:00.000Z' } };

/** The API of these pages: the listing, plans, and a subscription status of the test's choosing. */
function serve(
  status: () => Response = () => jsonResponse(NEVER_SUBSCRIBED),
  listing: TProperty = LISTING,
): ReturnType<typeof mockFetch> {
  const handler: FetchHandler = (url) => {
    if (url.pathname === `/api/properties/${LISTING.id}`) return jsonResponse(listing);
    if (url.pathname === '/api/subscription-plan') return jsonResponse(PLANS);
    if (url.pathname === `/api/subscription/status/${USER_SUB}`) return status();
    if (url.pathname === '/api/properties') return jsonResponse([]);
    return apiErrorResponse(404, 'NOT_FOUND', 'Route not found');
  };
  return mockFetch(handler);
}

async function renderRoutes(
  routes: RouteObject[],
  entry: InitialEntry,
  {
    strict = false,
    queryClient = createTestQueryClient(),
  }: { strict?: boolean; queryClient?: QueryClient } = {},
) {
  const i18n = await createTestI18n('en');
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  const tree = (
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return router;
}

/** The app's real route table, so a guard taken out of router.tsx fails these tests. */
function renderApp(entry: InitialEntry, options?: { strict?: boolean }) {
  return renderRoutes(createRoutes(createTestQueryClient()), entry, options);
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('the login guard', () => {
  it.each(
    [makeLand, makeRent, makeApartment, makeHouseForSale].map((make) => {
      const listing = make({ id: LISTING.id, title: LISTING.title });
      return [`/${PROPERTY_TYPE_SLUGS[listing.type]}/${LISTING.id}`, listing] as const;
    }),
  )(
    'shows %s to an anonymous visitor; View Contacts sends them to /login with the page in state',
    async (path, listing) => {
      serve(undefined, listing);
      const router = await renderApp(`${path}?photo=2#details`);

      // The listing is public (decision 037): only the owner's phone is behind the guards.
      expect(
        await screen.findByRole('heading', { level: 1, name: LISTING.title }),
      ).toBeInTheDocument();
      expect(toasts()).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: 'View Contacts' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(router.state.location.state).toEqual({
        from: { pathname: path, search: '?photo=2', hash: '#details' },
      });
      expect(toasts()).toEqual([['You must be logged in', 'warning']]);
    },
  );

  it.each([
    ['/posts', 'Your Posts'],
    ['/post', 'Post a property'],
  ])('guards %s too, and lets a signed-in user see its page', async (path, heading) => {
    serve();
    const router = await renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: { pathname: path, search: '', hash: '' } });

    signIn();
    await router.navigate(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(toasts()).toHaveLength(1);
  });

  it('toasts once per redirect under StrictMode', async () => {
    serve();
    const router = await renderApp('/post', { strict: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The login screen is up: every effect of the redirect has run.
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(toasts()).toEqual([['You must be logged in', 'warning']]);
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lets a signed-in user through to the detail page', async () => {
    signIn();
    serve();
    const router = await renderApp(`/lease/${LISTING.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: LISTING.title }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/lease/${LISTING.id}`);
    expect(toasts()).toEqual([]);
  });

  it('redirects when the session ends on a guarded page', async () => {
    signIn();
    serve();
    const router = await renderApp('/post');
    await screen.findByRole('heading', { level: 1, name: 'Post a property' });
    // Another tab signed out.
    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toasts()).toEqual([['You must be logged in', 'warning']]);
  });

  it('wraps an element as well as a route', async () => {
    serve();
    await renderRoutes(
      [
        {
          path: '/secret',
          element: (
            <RequireLogin>
              <p>secret</p>
            </RequireLogin>
          ),
        },
        { path: '*', element: <LocationProbe /> },
      ],
      '/secret',
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });
});

describe('the subscription guard', () => {
  function guarded(): RouteObject[] {
    return [
      {
        element: <RequireSubscription />,
        children: [{ path: '/premium', element: <p>premium page</p> }],
      },
      {
        path: '/around',
        element: (
          <RequireSubscription pending={<p>checking</p>}>
            <p>premium part</p>
          </RequireSubscription>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ];
  }

  it('sends a user who never subscribed (endsAt null) to /subscribe with the toast', async () => {
    signIn();
    const fetchMock = serve();
    const router = await renderRoutes(guarded(), '/premium?tab=1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.state).toEqual({
      from: { pathname: '/premium', search: '?tab=1', hash: '' },
    });
    expect(toasts()).toEqual([['You must be subscribed', 'warning']]);
    expect(screen.queryByText('premium page')).not.toBeInTheDocument();
    const [status] = requestsTo(fetchMock, `/api/subscription/status/${USER_SUB}`);
    expect(sentAuthorization(status)).toBe('Bearer access-token-1');
  });

  it('sends an inactive subscriber to /subscribe', async () => {
    signIn();
    serve(() => jsonResponse({ data: { isActive: false, endsAt: '2026-01-01T00:00:00.000Z' } }));
    const router = await renderRoutes(guarded(), '/premium');
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(toasts()).toEqual([['You must be subscribed', 'warning']]);
  });

  it('renders the page for an active subscriber', async () => {
    signIn();
    serve(() => jsonResponse(ACTIVE));
    const router = await renderRoutes(guarded(), '/premium');
    expect(await screen.findByText('premium page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/premium');
    expect(toasts()).toEqual([]);
  });

  it('asks again before turning away someone whose cached "not subscribed" was marked stale by a payment', async () => {
    signIn();
    const queryClient = createTestQueryClient();
    // What the checkout leaves behind: the old answer, invalidated when the payment succeeded.
    queryClient.setQueryData(subscriptionStatusQueryOptions(USER_SUB).queryKey, {
      isActive: false,
      endsAt: null,
    });
    await queryClient.invalidateQueries({ queryKey: accountQueryKey(USER_SUB) });
    serve(() => jsonResponse(ACTIVE));
    const router = await renderRoutes(guarded(), '/premium', { queryClient });
    expect(await screen.findByText('premium page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/premium');
    expect(toasts()).toEqual([]);
  });

  it('renders its pending element while the status is unknown, then the children', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    mockFetch((url) =>
      url.pathname.startsWith('/api/subscription/status/')
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : apiErrorResponse(404, 'NOT_FOUND'),
    );
    await renderRoutes(guarded(), '/around');
    expect(await screen.findByText('checking')).toBeInTheDocument();
    expect(screen.queryByText('premium part')).not.toBeInTheDocument();
    answer(jsonResponse(ACTIVE));
    expect(await screen.findByText('premium part')).toBeInTheDocument();
    expect(screen.queryByText('checking')).not.toBeInTheDocument();
  });

  it('checks the login first', async () => {
    const fetchMock = serve();
    const router = await renderRoutes(guarded(), '/premium');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toasts()).toEqual([['You must be logged in', 'warning']]);
    expect(requestedUrls(fetchMock)).toEqual([]);
  });

  it('offers another try when the status cannot be read', async () => {
    signIn();
    let fail = true;
    serve(() => (fail ? apiErrorResponse(500, 'INTERNAL') : jsonResponse(ACTIVE)));
    const user = userEvent.setup();
    await renderRoutes(guarded(), '/premium');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('premium page')).toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });
});

describe('View Contacts on a detail page', () => {
  it('sends a user without a subscription to /subscribe, which lists the plans', async () => {
    signIn();
    serve();
    const user = userEvent.setup();
    const router = await renderApp({ pathname: `/lease/${LISTING.id}` });
    const view = await screen.findByRole('button', { name: 'View Contacts' });
    expect(view).toHaveAttribute('aria-expanded', 'false');

    await user.click(view);

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.state).toEqual({
      from: { pathname: `/lease/${LISTING.id}`, search: '', hash: '' },
    });
    expect(toasts()).toEqual([['You must be subscribed', 'warning']]);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Choose Property Viewing Subscription',
      }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByTestId('plan-card');
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['1 Day', '30 Days']);
    expect(cards[1]).toHaveTextContent('TZS 20,000');
    expect(
      within(cards[1]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['See contacts', 'Call and chat']);
    // Back returns to the listing the guard stopped the visitor on.
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `/lease/${LISTING.id}`,
    );
  });

  it('reveals the contact area for an active subscriber, and hides it again', async () => {
    signIn();
    serve(() => jsonResponse(ACTIVE));
    const user = userEvent.setup();
    const router = await renderApp(`/lease/${LISTING.id}`);
    await user.click(await screen.findByRole('button', { name: 'View Contacts' }));

    expect(await screen.findByTestId('contact-details')).toBeInTheDocument();
    const hide = screen.getByRole('button', { name: 'Hide Contacts' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(router.state.location.pathname).toBe(`/lease/${LISTING.id}`);

    await user.click(hide);
    expect(screen.queryByTestId('contact-details')).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('asks for the status only when the visitor asks for the contacts', async () => {
    signIn();
    const fetchMock = serve();
    await renderApp(`/lease/${LISTING.id}`);
    await screen.findByRole('button', { name: 'View Contacts' });
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).not.toContain(
      `/api/subscription/status/${USER_SUB}`,
    );
  });
});

describe('/subscribe', () => {
  it('is public and goes Back home without an origin', async () => {
    serve();
    await renderApp('/subscribe');
    expect(await screen.findAllByTestId('plan-card')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
    expect(screen.getAllByRole('link', { name: 'Select Plan' })).toHaveLength(2);
    expect(toasts()).toEqual([]);
  });
});

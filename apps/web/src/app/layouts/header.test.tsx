import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SESSION_STORAGE_KEYS } from '@makazi/contracts/auth-values';
import { Header } from './header';
import { createRoutes, type PageHandle } from '../router';
import { getAuthModal } from '../../lib/auth-modal';
import { LANGUAGE_STORAGE_KEY, createI18n } from '../../lib/i18n';
import { getSession } from '../../lib/session';
import { showToast } from '../../lib/toast';
import { USER, USER_SUB, requestsTo, sentBody, signIn } from '../../testing/account';
import { makeRent } from '../../testing/fixtures';
import {
  LocationProbe,
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  renderApp,
  testResources,
} from '../../testing/test-utils';

// Toasts are checked as calls: which words, what kind, how many.
vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

describe('language switch', () => {
  /** Whether the app kept the browser from following each click (a link's default). */
  function watchClicks() {
    const prevented: boolean[] = [];
    const listener = (event: MouseEvent) => prevented.push(event.defaultPrevented);
    document.addEventListener('click', listener);
    onTestFinished(() => document.removeEventListener('click', listener));
    return prevented;
  }

  /** The switch's EN and SW links. */
  function languageLinks() {
    const group = screen.getByTestId('language-switch');
    return {
      en: within(group).getByRole('link', { name: 'EN' }),
      sw: within(group).getByRole('link', { name: 'SW' }),
    };
  }

  it('switches visible text to Swahili in place, persists the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    await renderHeader('/lease?search=Sinza');
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
    expect(languageLinks().en).toHaveAttribute('aria-current', 'true');
    expect(languageLinks().sw).not.toHaveAttribute('aria-current');
    const prevented = watchClicks();

    await user.click(languageLinks().sw);

    expect(await screen.findByRole('link', { name: 'INGIA' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MATANGAZO' })).toBeInTheDocument();
    const { en, sw } = languageLinks();
    expect(sw).toHaveAttribute('aria-current', 'true');
    expect(en).not.toHaveAttribute('aria-current');
    // JavaScript took the click: no page was loaded, the app stayed where it was.
    expect(prevented).toEqual([true]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease\?search=Sinza$/);
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    // The cookie the server renders the next page's language by (decision 034).
    expect(document.cookie).toContain('makazi_lang=sw');
    expect(document.documentElement.lang).toBe('sw');
  });

  it('links each language to this page with its query and lang, named in that language', async () => {
    // A page the server renders: its own parameters in the server's order, no tracking tag.
    await renderHeader(
      '/lease?utm_source=whatsapp&sort=priceLowHigh&search=Sinza&cursor=c2&lang=en',
      { serverPage: 'list' },
    );
    const { en, sw } = languageLinks();
    expect(sw).toHaveAttribute('href', '/lease?search=Sinza&sort=priceLowHigh&cursor=c2&lang=sw');
    expect(en).toHaveAttribute('href', '/lease?search=Sinza&sort=priceLowHigh&cursor=c2&lang=en');
    for (const [language, link] of Object.entries({ en, sw })) {
      expect(link).toHaveAttribute('lang', language);
      expect(link).toHaveAttribute('hreflang', language);
    }
    expect(screen.getByRole('group', { name: 'Language' })).toContainElement(sw);
    expect(sw).toHaveAttribute('title', 'Kiswahili');
    expect(en).toHaveAttribute('class', 'btn btn--small btn--contained');
    expect(sw).toHaveAttribute('class', 'btn btn--small');
  });

  it('keeps the whole query of a page the server does not render', async () => {
    await renderHeader('/post?edit=abc&step=2');
    expect(languageLinks().sw).toHaveAttribute('href', '/post?edit=abc&step=2&lang=sw');
    expect(languageLinks().en).toHaveAttribute('href', '/post?edit=abc&step=2&lang=en');
  });

  it("follows the router's location across client navigations", async () => {
    const { router } = await renderHeader('/lease?search=Sinza', { serverPage: 'list' });
    await act(() => router.navigate('/land?search=Bagamoyo&minPrice=5'));
    expect(languageLinks().sw).toHaveAttribute('href', '/land?search=Bagamoyo&minPrice=5&lang=sw');
  });

  it('leaves a modifier or middle click to the browser (a new tab in that language)', async () => {
    const user = userEvent.setup();
    const { i18n } = await renderHeader('/lease');
    const { sw } = languageLinks();
    const clicks = watchClicks();
    await user.keyboard('{Control>}');
    await user.click(sw);
    await user.keyboard('{/Control}');
    await user.pointer({ keys: '[MouseMiddle]', target: sw });
    expect(i18n.language).toBe('en');
    expect(document.cookie).not.toContain('makazi_lang');
    expect(clicks).toEqual([false]);
  });
});

describe('language at start', () => {
  it('starts in the language the cookie names, before local storage and the browser', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    document.cookie = 'makazi_lang=sw; Path=/';
    const i18n = await createI18n({ resources: testResources });
    expect(i18n.language).toBe('sw');
  });

  it('starts in the language the URL names, before any choice', async () => {
    document.cookie = 'makazi_lang=sw; Path=/';
    window.history.replaceState(null, '', '/home?lang=en');
    try {
      const i18n = await createI18n({ resources: testResources });
      expect(i18n.language).toBe('en');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('starts in the stored language on the next visit', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'sw');
    const i18n = await createI18n({ resources: testResources });
    expect(i18n.language).toBe('sw');
  });

  it('ignores a stored value that is not a supported language', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    const i18n = await createI18n({ resources: testResources });
    expect(['en', 'sw']).toContain(i18n.language);
    expect(i18n.language).toBe(navigator.language.startsWith('sw') ? 'sw' : 'en');
  });
});

describe('mobile menu', () => {
  it('opens as a labelled dialog with POSTS and the language switch, and closes again', async () => {
    const user = userEvent.setup();
    await renderApp(<Header />);
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');

    await user.click(open);

    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(open).toHaveAttribute('aria-controls', menu.id);
    expect(within(menu).getByRole('link', { name: 'POSTS' })).toHaveAttribute('href', '/posts');
    expect(within(menu).getByRole('link', { name: 'SW' })).toHaveAttribute('href', '/?lang=sw');

    await user.click(within(menu).getByRole('button', { name: 'Close menu' }));

    await waitFor(() => expect(open).toHaveAttribute('aria-expanded', 'false'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when a link in it is followed', async () => {
    const user = userEvent.setup();
    // The header stays mounted across pages, as in the app's layout: only the menu's own handler closes it.
    const layout = (
      <>
        <Header />
        <Outlet />
      </>
    );
    await renderApp(null, {
      routes: [
        { path: '/', element: layout, children: [{ path: '*', element: <LocationProbe /> }] },
      ],
      url: '/home',
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });

    await user.click(within(menu).getByRole('link', { name: 'POSTS' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/posts');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

/**
 * The header over a page, as the app lays it out, with a probe of the current location; `handle`
 * is the page route's (a server-rendered page names itself there, app/router.tsx).
 */
function layoutRoutes(handle?: PageHandle): RouteObject[] {
  return [
    {
      path: '/',
      element: (
        <>
          <Header />
          <Outlet />
        </>
      ),
      children: [{ path: '*', element: <LocationProbe />, handle }],
    },
  ];
}

function renderHeader(url = '/lease', handle?: PageHandle) {
  return renderApp(null, { routes: layoutRoutes(handle), url });
}

describe('mobile menu language switch', () => {
  it.each([
    { from: 'en', to: 'sw', open: 'Open menu', menu: 'Menu', choose: 'SW', opened: 'Fungua menyu' },
    {
      from: 'sw',
      to: 'en',
      open: 'Fungua menyu',
      menu: 'Menyu',
      choose: 'EN',
      opened: 'Open menu',
    },
  ] as const)(
    '$from → $to: closes the menu and gives the focus back to the menu button',
    async ({ from, to, open, menu, choose, opened }) => {
      const user = userEvent.setup();
      const { i18n } = await renderApp(null, {
        routes: layoutRoutes(),
        url: '/lease',
        language: from,
      });
      await user.click(screen.getByRole('button', { name: open }));
      const sheet = await screen.findByRole('dialog', { name: menu });

      await user.click(within(sheet).getByRole('link', { name: choose }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(i18n.language).toBe(to);
      const button = screen.getByRole('button', { name: opened });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button).toHaveFocus();
      // In place: the page stayed where it was.
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease$/);
    },
  );
});

describe('signed out', () => {
  it('SIGN IN stays a link to /login, and a plain click opens the login popover instead', async () => {
    mockFetch(() => jsonResponse({}, { status: 404 }));
    const user = userEvent.setup();
    await renderHeader('/lease');
    const signIn = screen.getByRole('link', { name: 'SIGN IN' });
    expect(signIn).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /Account menu/ })).not.toBeInTheDocument();

    await user.click(signIn);

    expect(getAuthModal().modal).toBe('login');
    expect(screen.getByTestId('location')).toHaveTextContent('/lease');
    // The popover is a lazy chunk, mounted only now.
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('leaves a modifier click to the browser (new tab)', async () => {
    const user = userEvent.setup();
    await renderHeader('/lease');
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'SIGN IN' }));
    await user.keyboard('{/Control}');
    expect(getAuthModal().modal).toBe('none');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Main', 'Open menu', 'Menu', 'Post a listing'],
    ['sw', 'Menyu kuu', 'Fungua menyu', 'Menyu', 'Weka tangazo'],
  ] as const)(
    '%s: Post a listing is a link to the wizard, in the bar and in the mobile menu',
    async (language, navName, openName, menuName, linkName) => {
      const user = userEvent.setup();
      await renderApp(null, { routes: layoutRoutes(), url: '/lease', language });
      const nav = screen.getByRole('navigation', { name: navName });
      // The bar's link is what a phone reaches before the app runs (the menu then targets the bar).
      expect(within(nav).getByRole('link', { name: linkName })).toHaveAttribute('href', '/post');

      await user.click(screen.getByRole('button', { name: openName }));

      const menu = await screen.findByRole('dialog', { name: menuName });
      const link = within(menu).getByRole('link', { name: linkName });
      expect(link).toHaveAttribute('href', '/post');
      await user.click(link);
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/post$/);
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: menuName })).not.toBeInTheDocument(),
      );
    },
  );

  it('mobile menu: POSTS and SIGN IN, which opens the popover and closes the menu', async () => {
    mockFetch(() => jsonResponse({}, { status: 404 }));
    const user = userEvent.setup();
    await renderHeader('/lease');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'POSTS' })).toBeInTheDocument();
    expect(within(menu).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(
      within(menu).queryByRole('link', { name: 'Contacts you viewed' }),
    ).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('link', { name: 'SIGN IN' }));

    expect(getAuthModal().modal).toBe('login');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument(),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/lease');
  });
});

describe('signed in', () => {
  function serveLogout(answer: () => Response = () => jsonResponse({ message: 'Logged out' })) {
    return mockFetch((url, init) => {
      if (url.pathname === '/api/auth/logout' && init?.method === 'POST') return answer();
      if (url.pathname === `/api/users/${USER_SUB}` && init?.method === 'PATCH')
        return jsonResponse({ ...USER, ...(sentBody(init) as object) });
      if (url.pathname === `/api/users/${USER_SUB}`) return jsonResponse(USER);
      return jsonResponse({ statusCode: 404, code: 'NOT_FOUND', message: 'x' }, { status: 404 });
    });
  }

  it('shows the first letter of the name on a button that names the user', async () => {
    signIn({ user: 'amina Juma' });
    await renderHeader();
    const avatar = await screen.findByRole('button', { name: 'Account menu for amina Juma' });
    expect(avatar).toHaveTextContent('A');
    expect(avatar).toHaveAttribute('aria-haspopup', 'menu');
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'SIGN IN' })).not.toBeInTheDocument();
  });

  it('opens a menu of Profile, Contacts you viewed and Logout that the keyboard can walk and Escape closes', async () => {
    signIn();
    const user = userEvent.setup();
    await renderHeader();
    const avatar = await screen.findByRole('button', { name: 'Account menu for Amina Juma' });

    await user.click(avatar);

    const menu = screen.getByRole('menu', { name: 'Account menu for Amina Juma' });
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    expect(avatar).toHaveAttribute('aria-controls', menu.id);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Profile',
      'Contacts you viewed',
      'Logout',
    ]);
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[2]).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    expect(avatar).toHaveFocus();

    // ArrowUp on the button opens the menu on its last item.
    await user.keyboard('{ArrowUp}');
    expect(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' }),
    ).toHaveFocus();
  });

  it('Contacts you viewed goes to /contacts-viewed and closes the menu', async () => {
    signIn();
    const user = userEvent.setup();
    await renderHeader('/lease');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Amina Juma' }));
    const item = within(screen.getByRole('menu')).getByRole('menuitem', {
      name: 'Contacts you viewed',
    });
    expect(item).toHaveAttribute('href', '/contacts-viewed');

    await user.click(item);

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/contacts-viewed$/);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes the menu on a press outside it and on Tab', async () => {
    signIn();
    const user = userEvent.setup();
    await renderHeader();
    const avatar = await screen.findByRole('button', { name: 'Account menu for Amina Juma' });
    await user.click(avatar);
    expect(screen.getByRole('menu')).toBeInTheDocument();

    await user.click(screen.getByTestId('location'));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();

    await user.click(avatar);
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('Logout tells the API, clears the four stored values, says so and goes home', async () => {
    signIn();
    const fetchMock = serveLogout();
    const user = userEvent.setup();
    await renderHeader('/lease');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Amina Juma' }));

    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    await waitFor(() => expect(toasts()).toEqual([['User logged out successfully.', 'info']]));
    for (const key of Object.values(SESSION_STORAGE_KEYS))
      expect(window.localStorage.getItem(key)).toBeNull();
    expect(getSession()).toBeNull();
    const logouts = requestsTo(fetchMock, '/api/auth/logout', 'POST');
    expect(logouts.map(sentBody)).toEqual([{ refreshToken: 'refresh-token-1' }]);
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
  });

  it('signs out even when the logout call fails', async () => {
    signIn();
    serveLogout(() => {
      throw new TypeError('Failed to fetch');
    });
    const user = userEvent.setup();
    await renderHeader('/lease');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Amina Juma' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(getSession()).toBeNull();
    expect(window.localStorage.getItem('prop-token')).toBeNull();
    await waitFor(() => expect(toasts()).toEqual([['User logged out successfully.', 'info']]));
  });

  it('signs out at once when already on /home', async () => {
    signIn();
    serveLogout();
    const user = userEvent.setup();
    await renderHeader('/home');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Amina Juma' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(getSession()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(toasts()).toEqual([['User logged out successfully.', 'info']]);
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();
  });

  it('signs out even when the API never answers', async () => {
    signIn();
    mockFetch(() => new Promise<Response>(() => {}));
    const user = userEvent.setup();
    await renderHeader('/lease');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Amina Juma' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(getSession()).toBeNull();
  });

  it('leaving a guarded page by Logout goes home, not to the login guard', async () => {
    signIn();
    const listing = makeRent();
    mockFetch((url) =>
      url.pathname === `/api/properties/${listing.id}`
        ? jsonResponse(listing)
        : url.pathname === '/api/auth/logout'
          ? jsonResponse({ message: 'Logged out' })
          : jsonResponse([]),
    );
    const user = userEvent.setup();
    const queryClient = createTestQueryClient();
    const { router } = await renderApp(null, {
      routes: createRoutes(queryClient),
      url: `/lease/${listing.id}`,
    });
    await screen.findByTestId('property-detail');
    await user.click(await screen.findByRole('button', { name: 'Account menu for Amina Juma' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(toasts()).toEqual([['User logged out successfully.', 'info']]));
    expect(router.state.location.pathname).toBe('/home');
    expect(await screen.findByTestId('carousel-Rent')).toBeInTheDocument();
    // The detail page's login guard never saw the session end: no 'You must be logged in'.
    expect(toasts()).toEqual([['User logged out successfully.', 'info']]);
  });

  it('mobile menu: POSTS, Contacts you viewed and Logout', async () => {
    signIn();
    serveLogout();
    const user = userEvent.setup();
    await renderHeader('/lease');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'POSTS' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Contacts you viewed' })).toHaveAttribute(
      'href',
      '/contacts-viewed',
    );
    expect(within(menu).queryByRole('link', { name: 'SIGN IN' })).not.toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
    expect(getSession()).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('Profile opens the side panel; Update Name saves and the header shows the new name', async () => {
    signIn();
    const fetchMock = serveLogout();
    const user = userEvent.setup();
    await renderHeader();
    const avatar = await screen.findByRole('button', { name: 'Account menu for Amina Juma' });
    await user.click(avatar);
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));

    const panel = await screen.findByRole('dialog', { name: 'Profile' });
    const first = await within(panel).findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Zawadi');
    await user.click(within(panel).getByRole('button', { name: 'Update Name' }));

    expect(
      await screen.findByRole('button', { name: 'Account menu for Zawadi Juma' }),
    ).toHaveTextContent('Z');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Profile' })).not.toBeInTheDocument(),
    );
    const [patch] = requestsTo(fetchMock, `/api/users/${USER_SUB}`, 'PATCH');
    expect(sentBody(patch)).toEqual({ firstName: 'Zawadi', lastName: 'Juma' });
    expect(toasts()).toEqual([['Your name has been updated.', 'success']]);

    // Opened again, it starts from the saved name.
    await user.click(await screen.findByRole('button', { name: 'Account menu for Zawadi Juma' }));
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    const again = await screen.findByRole('dialog', { name: 'Profile' });
    await within(again).findByLabelText('First name');
  });
});

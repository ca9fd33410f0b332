import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY } from '../../../features/admin/hooks/use-narrow-screen';
import { jsonResponse } from '../../../testing/test-utils';
import {
  currentPath,
  findSignOut,
  makeDashboard,
  makeUserDetail,
  page,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

function screenWidth(narrow: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: narrow && query === NARROW_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

function drawer(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-open]');
  if (!element) throw new Error('no drawer');
  return element;
}

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
  serveAdmin({
    'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()),
    'GET /api/admin/users': () => jsonResponse(page([])),
    'GET /api/admin/users/*': () => jsonResponse(makeUserDetail()),
    'GET /api/admin/properties': () => jsonResponse(page([])),
  });
});

describe('the admin frame', () => {
  it('draws the admin top bar and navigation, without the public footer', async () => {
    screenWidth(false);
    await renderAdmin('/admin/dashboard');
    await findSignOut();
    expect(screen.getByRole('navigation', { name: 'Admin navigation' })).toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('collapses to icons with the chevron and opens again with the menu button', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    await renderAdmin('/admin/dashboard');
    await findSignOut();
    expect(drawer()).toHaveAttribute('data-open', 'true');
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(drawer()).toHaveAttribute('data-open', 'false');
    // Icons only, but every entry keeps its name.
    expect(screen.getByRole('link', { name: 'Users' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(drawer()).toHaveAttribute('data-open', 'true');
  });

  it('toggles the drawer from the top bar, where clicks reach it, and keeps the focus there', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    await renderAdmin('/admin/dashboard');
    await findSignOut();
    const topBar = screen.getByRole('banner');
    await user.click(within(topBar).getByRole('button', { name: 'Close menu' }));
    expect(drawer()).toHaveAttribute('data-open', 'false');
    const toggle = within(topBar).getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Enter}');
    expect(drawer()).toHaveAttribute('data-open', 'true');
    expect(within(topBar).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    expect(within(drawer()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lays the open drawer over the page up to 480px instead of narrowing the page', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    await renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    expect(drawer()).toHaveAttribute('data-open', 'true');
    // The page keeps the room of the closed rail; only the drawer's paper widens.
    expect(getComputedStyle(drawer()).width).toBe('65px');
    const paper = drawer().querySelector('.MuiDrawer-paper') as HTMLElement;
    expect(getComputedStyle(paper).width).toBe('200px');
  });

  it('opens again on a route change on a wide screen', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/dashboard');
    await findSignOut();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(drawer()).toHaveAttribute('data-open', 'false');
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await screen.findByRole('heading', { name: 'Users List' });
    expect(currentPath(router)).toBe('/admin/users');
    expect(drawer()).toHaveAttribute('data-open', 'true');
  });

  it('starts closed up to 480px, closes on a click in the page and on a route change', async () => {
    screenWidth(true);
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/dashboard');
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(drawer()).toHaveAttribute('data-open', 'false');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(drawer()).toHaveAttribute('data-open', 'true');
    await user.click(screen.getByRole('heading', { name: 'Dashboard' }));
    expect(drawer()).toHaveAttribute('data-open', 'false');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(screen.getByRole('link', { name: 'Users' }));
    await screen.findByRole('heading', { name: 'Users List' });
    expect(currentPath(router)).toBe('/admin/users');
    expect(drawer()).toHaveAttribute('data-open', 'false');
  });

  it('keeps the drawer open on a click in the page of a wide screen', async () => {
    screenWidth(false);
    const user = userEvent.setup();
    await renderAdmin('/admin/dashboard');
    await user.click(await screen.findByRole('heading', { name: 'Dashboard' }));
    expect(drawer()).toHaveAttribute('data-open', 'true');
  });

  it.each([
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/property', 'Properties'],
    ['/admin/users', 'Users'],
    ['/admin/users/00000000-0000-4000-8000-000000000501', 'Users'],
    ['/admin/permisions', 'Users'],
    ['/admin/finance', 'Financial records'],
  ])('highlights the entry of %s', async (url, entry) => {
    screenWidth(false);
    serveAdmin({
      'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()),
      'GET /api/admin/users': () => jsonResponse(page([])),
      'GET /api/admin/users/*': () => jsonResponse(makeUserDetail()),
      'GET /api/admin/properties': () => jsonResponse(page([])),
      'GET /api/admin/payments': () =>
        jsonResponse({
          ...page([]),
          totals: {
            count: 0,
            succeededAmount: 0,
            byStatus: { pending: 0, succeeded: 0, failed: 0, expired: 0 },
          },
        }),
    });
    await renderAdmin(url);
    await findSignOut();
    const current = screen.getAllByRole('link').filter((link) => link.hasAttribute('aria-current'));
    expect(current.map((link) => link.textContent)).toEqual([entry]);
    expect(current[0]).toHaveClass('Mui-selected');
  });
});

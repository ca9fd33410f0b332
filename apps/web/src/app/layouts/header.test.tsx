import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Header } from './header';
import { LANGUAGE_STORAGE_KEY, createI18n } from '../../lib/i18n';
import { LocationProbe, renderApp, testResources } from '../../testing/test-utils';

describe('language switch', () => {
  it('switches visible text to Swahili, persists the choice and sets <html lang>', async () => {
    const user = userEvent.setup();
    await renderApp(<Header />);
    expect(screen.getByRole('link', { name: 'SIGN IN' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'SW' }));

    expect(await screen.findByRole('link', { name: 'INGIA' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MATANGAZO' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SW' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    expect(document.documentElement.lang).toBe('sw');
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
    expect(within(menu).getByTestId('language-switch')).toBeInTheDocument();

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

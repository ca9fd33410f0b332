import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TLocale } from '@makazi/contracts/common-values';
import { apiErrorResponse, signIn } from '../../testing/account';
import {
  createTestI18n,
  createTestQueryClient,
  jsonResponse,
  mockFetch,
  requestedUrls,
} from '../../testing/test-utils';
import { AppProvider } from '../provider';
import { createRoutes } from '../router';

async function renderSaved(url = '/saved', language: TLocale = 'en') {
  const i18n = await createTestI18n(language);
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [url] });
  render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

describe('/saved', () => {
  it('is open to anonymous visitors, personal and so kept out of search indexes', async () => {
    const fetchMock = mockFetch(() => apiErrorResponse(500, 'INTERNAL'));
    const router = await renderSaved();

    expect(await screen.findByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Favourites' })).toBeInTheDocument();
    // The saved searches follow, in their own section.
    const sections = await screen.findAllByRole('region');
    expect(sections.map((section) => section.querySelector('h2')?.textContent)).toEqual([
      'Favourites',
      'Saved searches',
    ]);
    expect(router.state.location.pathname).toBe('/saved');
    await waitFor(() => expect(document.title).toBe('Saved · Makazi'));
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, follow',
    );
    // The browser's own list: nothing of the account is asked for.
    expect(requestedUrls(fetchMock).filter((url) => url.pathname.startsWith('/api/me'))).toEqual(
      [],
    );
  });

  it('is in Swahili on a Swahili page', async () => {
    mockFetch(() => apiErrorResponse(500, 'INTERNAL'));
    await renderSaved('/saved', 'sw');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vilivyohifadhiwa' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Vipendwa' })).toBeInTheDocument();
  });

  it("shows a signed-in user the account's favourites", async () => {
    signIn();
    const fetchMock = mockFetch(() => jsonResponse([]));
    await renderSaved();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved' })).toBeInTheDocument();
    await waitFor(() =>
      expect(requestedUrls(fetchMock).map((url) => url.pathname)).toContain('/api/me/favourites'),
    );
  });

  it.each([
    ['an anonymous visitor', false],
    ['a signed-in user', true],
  ])("is linked from the header's heart for %s", async (_who, signedIn) => {
    if (signedIn) signIn();
    mockFetch(() => jsonResponse([]));
    const user = userEvent.setup();
    const router = await renderSaved('/home');

    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Saved' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/saved'));

    // The phone's menu has it too.
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Saved' })).toHaveAttribute('href', '/saved');
  });
});

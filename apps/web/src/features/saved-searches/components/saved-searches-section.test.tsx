import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSavedSearch } from '@makazi/contracts/saved-searches';
import { getAuthModal } from '../../../lib/auth-modal';
import { showToast } from '../../../lib/toast';
import {
  USER_SUB,
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  sentBody,
  signIn,
} from '../../../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { savedSearchesQueryKey } from '../api/saved-searches';
import { SavedSearchesSection } from './saved-searches-section';

// Toasts are checked as calls: which words, of which kind.
vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const LIST_PATH = '/api/me/saved-searches';

function savedSearch(overrides: Partial<TSavedSearch> = {}): TSavedSearch {
  return {
    id: crypto.randomUUID(),
    type: 'Rent',
    search: 'Kinondoni',
    minPrice: 300_000,
    maxPrice: 600_000,
    sort: 'new',
    alerts: 'instant',
    createdAt: '2026-03-10T12:00:00.000Z',
    lastSeenAt: '2026-03-10T12:00:00.000Z',
    newMatches: 0,
    ...overrides,
  };
}

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

/**
 * The API: the list as `list` holds it now, and the routes of one saved search (PATCH, DELETE,
 * POST …/seen) answering with `routes` or, by default, doing what they say.
 */
function serve(
  list: TSavedSearch[],
  routes: { patch?: Handler; remove?: Handler; listing?: () => Promise<void> } = {},
) {
  return mockFetch(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === LIST_PATH && method === 'GET') {
      await routes.listing?.();
      return jsonResponse(list);
    }
    const match = /^\/api\/me\/saved-searches\/([^/]+)(\/seen)?$/.exec(url.pathname);
    const item = list.find((saved) => saved.id === match?.[1]);
    if (!match || !item) return apiErrorResponse(404, 'NOT_FOUND');
    if (match[2] && method === 'POST') {
      item.newMatches = 0;
      return new Response(null, { status: 204 });
    }
    if (method === 'PATCH') {
      if (routes.patch) return routes.patch(init);
      Object.assign(item, sentBody(init));
      return jsonResponse(item);
    }
    if (method === 'DELETE') {
      if (routes.remove) return routes.remove(init);
      list.splice(list.indexOf(item), 1);
      return new Response(null, { status: 204 });
    }
    return apiErrorResponse(404, 'NOT_FOUND');
  });
}

/** A promise the test settles when it is done holding an answer back. */
function hold() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release: () => release() };
}

function renderSection(language: 'en' | 'sw' = 'en') {
  return renderApp(<SavedSearchesSection />, { url: '/saved', path: '/saved', language });
}

function item(name: string) {
  const heading = screen.getByRole('heading', { level: 3, name });
  const article = heading.closest('article');
  if (!article) throw new Error(`no saved search named ${name}`);
  return article;
}

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('Saved searches on /saved', () => {
  it('lists each saved search in words, with its new listings and its alerts', async () => {
    signIn();
    const fetchMock = serve([
      savedSearch({ newMatches: 3 }),
      savedSearch({
        type: null,
        search: 'Mbezi Beach',
        minPrice: null,
        maxPrice: 80_000_000,
        sort: 'priceLowHigh',
        alerts: 'daily',
      }),
      savedSearch({
        type: 'Land',
        search: null,
        minPrice: 5_000_000,
        maxPrice: null,
        newMatches: 1,
      }),
    ]);
    await renderSection();

    expect(screen.getByRole('heading', { level: 2, name: 'Saved searches' })).toBeInTheDocument();
    await screen.findByRole('heading', {
      level: 3,
      name: 'Houses for rent · ‘Kinondoni’ · TZS 300,000–600,000',
    });
    expect(screen.getByText('3 of 10 saved')).toBeInTheDocument();
    expect(sentAuthorization(requestsTo(fetchMock, LIST_PATH)[0])).toBe('Bearer access-token-1');

    const rent = item('Houses for rent · ‘Kinondoni’ · TZS 300,000–600,000');
    expect(within(rent).getByTestId('saved-search-new')).toHaveTextContent('3 new');
    expect(within(rent).getByRole('combobox', { name: 'Text alerts' })).toHaveValue('instant');

    const anywhere = item(
      'All listings · ‘Mbezi Beach’ · up to TZS 80,000,000 · lowest price first',
    );
    expect(within(anywhere).queryByTestId('saved-search-new')).not.toBeInTheDocument();
    expect(within(anywhere).getByRole('combobox', { name: 'Text alerts' })).toHaveValue('daily');

    const land = item('Plots for sale · from TZS 5,000,000');
    expect(within(land).getByTestId('saved-search-new')).toHaveTextContent('1 new');
  });

  it("opens the catalogue page of the search's filters and tells the API it was seen", async () => {
    signIn();
    const rent = savedSearch({ sort: 'priceHighLow', newMatches: 2 });
    const anywhere = savedSearch({ type: null, search: 'Sinza', minPrice: null, maxPrice: null });
    const fetchMock = serve([rent, anywhere]);
    const { router, queryClient } = await renderSection();
    const heading = 'Houses for rent · ‘Kinondoni’ · TZS 300,000–600,000 · highest price first';
    await screen.findByRole('heading', { level: 3, name: heading });

    const open = within(item(heading)).getByRole('link', { name: 'Open' });
    expect(open).toHaveAttribute(
      'href',
      '/lease?search=Kinondoni&minPrice=300000&maxPrice=600000&sort=priceHighLow',
    );
    expect(open).toHaveAccessibleDescription(heading);
    expect(
      within(item('All listings · ‘Sinza’')).getByRole('link', { name: 'Open' }),
    ).toHaveAttribute('href', '/home?search=Sinza');

    await userEvent.click(open);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/lease?search=Kinondoni&minPrice=300000&maxPrice=600000&sort=priceHighLow',
      ),
    );
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${LIST_PATH}/${rent.id}/seen`, 'POST')).toHaveLength(1),
    );
    const [seen] = requestsTo(fetchMock, `${LIST_PATH}/${rent.id}/seen`, 'POST');
    expect(sentAuthorization(seen)).toBe('Bearer access-token-1');
    // Once the API has it, the list the page left is marked for asking again on the next visit,
    // which meanwhile paints no stale count.
    const key = savedSearchesQueryKey(USER_SUB);
    await waitFor(() => expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true));
    expect(queryClient.getQueryData<TSavedSearch[]>(key)?.map((saved) => saved.newMatches)).toEqual(
      [0, 0],
    );
  });

  it('changes the alerts at once, and puts them back when the API refuses', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    const saved = savedSearch();
    // After the first answer the list is held back: only the page's own undo can put it right.
    const held = hold();
    let listed = false;
    const fetchMock = serve([saved], {
      patch: () => new Promise<Response>((resolve) => (answer = resolve)),
      listing: () => (listed ? held.promise : Promise.resolve(((listed = true), undefined))),
    });
    await renderSection();
    const select = await screen.findByRole('combobox', { name: 'Text alerts' });
    expect(select).toHaveValue('instant');

    await userEvent.selectOptions(select, 'One text a day, at 6 pm');
    expect(select).toHaveValue('daily');
    // Shown while the API has not answered yet.
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${LIST_PATH}/${saved.id}`, 'PATCH')).toHaveLength(1),
    );
    expect(select).toHaveValue('daily');
    const [patch] = requestsTo(fetchMock, `${LIST_PATH}/${saved.id}`, 'PATCH');
    expect(sentBody(patch)).toEqual({ alerts: 'daily' });

    answer(apiErrorResponse(500, 'INTERNAL'));
    await waitFor(() => expect(select).toHaveValue('instant'));
    expect(toasts()).toEqual([['Could not change the text alerts. Please try again.', 'error']]);
    expect(requestsTo(fetchMock, LIST_PATH, 'GET')).toHaveLength(2);
    held.release();
  });

  it('keeps the new alerts once the API has them', async () => {
    signIn();
    const saved = savedSearch();
    const fetchMock = serve([saved]);
    await renderSection();
    const select = await screen.findByRole('combobox', { name: 'Text alerts' });
    await userEvent.selectOptions(select, 'No texts');
    await waitFor(() =>
      expect(requestsTo(fetchMock, `${LIST_PATH}/${saved.id}`, 'PATCH')).toHaveLength(1),
    );
    await waitFor(() => expect(requestsTo(fetchMock, LIST_PATH, 'GET')).toHaveLength(2));
    expect(select).toHaveValue('off');
    expect(toasts()).toEqual([]);
  });

  it('deletes only after confirmation', async () => {
    signIn();
    const saved = savedSearch({ type: 'Apartment', search: null, minPrice: null, maxPrice: null });
    const fetchMock = serve([saved, savedSearch()]);
    const user = userEvent.setup();
    await renderSection();
    await screen.findByRole('heading', { level: 3, name: 'Apartments' });

    await user.click(within(item('Apartments')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this saved search?' });
    expect(dialog).toHaveTextContent('Apartments. You will get no more texts about it.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, `${LIST_PATH}/${saved.id}`, 'DELETE')).toHaveLength(0);

    await user.click(within(item('Apartments')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this saved search?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { level: 3, name: 'Apartments' }),
      ).not.toBeInTheDocument(),
    );
    const [request] = requestsTo(fetchMock, `${LIST_PATH}/${saved.id}`, 'DELETE');
    expect(sentAuthorization(request)).toBe('Bearer access-token-1');
    await waitFor(() => expect(toasts()).toEqual([['Saved search deleted.', 'success']]));
    expect(
      screen.getByRole('heading', {
        level: 3,
        name: 'Houses for rent · ‘Kinondoni’ · TZS 300,000–600,000',
      }),
    ).toBeInTheDocument();
  });

  it('puts a saved search back when its delete fails', async () => {
    signIn();
    const held = hold();
    let listed = false;
    serve([savedSearch({ type: 'Apartment', search: null, minPrice: null, maxPrice: null })], {
      remove: () => apiErrorResponse(500, 'INTERNAL'),
      listing: () => (listed ? held.promise : Promise.resolve(((listed = true), undefined))),
    });
    const user = userEvent.setup();
    await renderSection();
    await user.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Delete' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this saved search?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toasts()).toEqual([['Could not delete the saved search. Please try again.', 'error']]),
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Apartments' })).toBeInTheDocument();
    held.release();
  });

  it('says how to save a search when there is none', async () => {
    signIn();
    serve([]);
    await renderSection();
    expect(await screen.findByText('You have no saved searches yet.')).toBeInTheDocument();
    expect(screen.getByText(/then press “Save this search”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/home');
  });

  it('explains saved searches to a visitor who has not signed in, and signs them in over the page', async () => {
    const fetchMock = serve([]);
    await renderSection();
    expect(
      await screen.findByText(/we will send you a text message when a new listing matches it/),
    ).toBeInTheDocument();
    const signInLink = screen.getByRole('link', { name: 'Sign in' });
    expect(signInLink).toHaveAttribute('href', '/login');
    await userEvent.click(signInLink);
    expect(getAuthModal().modal).toBe('login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('speaks Swahili', async () => {
    signIn();
    serve([savedSearch({ newMatches: 2 })]);
    await renderSection('sw');
    expect(
      await screen.findByRole('heading', {
        level: 3,
        name: 'Nyumba za kupanga · “Kinondoni” · TZS 300,000–600,000',
      }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('saved-search-new')).toHaveTextContent('2 mapya');
    expect(screen.getByRole('combobox', { name: 'Ujumbe wa arifa' })).toHaveValue('instant');
    expect(screen.getByRole('option', { name: 'Nitumie ujumbe papo hapo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fungua' })).toBeInTheDocument();
  });
});

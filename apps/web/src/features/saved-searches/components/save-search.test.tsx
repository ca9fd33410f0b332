import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSavedSearch } from '@makazi/contracts/saved-searches';
import type { CatalogueQuery } from '../../../lib/catalogue-url';
import { showToast } from '../../../lib/toast';
import {
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  sentBody,
  signIn,
} from '../../../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { SaveSearch } from './save-search';

// Toasts are checked as calls: which words, of which kind.
vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const SAVED_PATH = '/api/me/saved-searches';
const SEARCH: CatalogueQuery = {
  type: 'Rent',
  search: 'Kinondoni',
  minPrice: 300_000,
  maxPrice: 600_000,
  sort: 'priceLowHigh',
};
const URL = '/lease?search=Kinondoni&minPrice=300000&maxPrice=600000&sort=priceLowHigh';

function savedSearch(overrides: Partial<TSavedSearch> = {}): TSavedSearch {
  return {
    id: crypto.randomUUID(),
    type: 'Rent',
    search: 'Kinondoni',
    minPrice: 300_000,
    maxPrice: 600_000,
    sort: 'priceLowHigh',
    alerts: 'instant',
    createdAt: '2026-03-10T12:00:00.000Z',
    lastSeenAt: '2026-03-10T12:00:00.000Z',
    newMatches: 0,
    ...overrides,
  };
}

/** POST /api/me/saved-searches answering `answer` (a new saved search by default). */
function serve(answer?: () => Response) {
  return mockFetch((url, init) => {
    if (url.pathname === SAVED_PATH && init?.method === 'POST') {
      return answer?.() ?? jsonResponse(savedSearch(), { status: 201 });
    }
    return jsonResponse([]);
  });
}

function renderSave(options: { url?: string; language?: 'en' | 'sw'; search?: CatalogueQuery }) {
  const { url = URL, language = 'en', search = SEARCH } = options;
  return renderApp(<SaveSearch search={search} />, { url, path: '/lease', language });
}

async function openDialog(name = 'Save this search') {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name }));
  const dialog = await screen.findByRole('dialog', { name });
  return { user, dialog };
}

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('Save this search', () => {
  it('says in words what is saved, and posts exactly the filters of the page with the alerts chosen', async () => {
    signIn();
    const fetchMock = serve();
    await renderSave({});
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByTestId('save-search-summary')).toHaveTextContent(
      'Houses for rent · ‘Kinondoni’ · TZS 300,000–600,000 · lowest price first',
    );
    // Instant by default; no texts at night whatever the choice.
    const instant = within(dialog).getByRole('radio', { name: 'Text me at once' });
    expect(instant).toBeChecked();
    expect(instant).toHaveAccessibleDescription('At most 3 texts a day.');
    expect(within(dialog).getByRole('radio', { name: 'No texts' })).not.toBeChecked();
    expect(dialog).toHaveTextContent('We never send texts between 9 pm and 8 am.');
    await user.click(within(dialog).getByRole('radio', { name: 'One text a day, at 6 pm' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [request] = requestsTo(fetchMock, SAVED_PATH, 'POST');
    expect(sentBody(request)).toEqual({
      type: 'Rent',
      search: 'Kinondoni',
      minPrice: 300_000,
      maxPrice: 600_000,
      sort: 'priceLowHigh',
      alerts: 'daily',
    });
    expect(sentAuthorization(request)).toBe('Bearer access-token-1');
    expect(requestsTo(fetchMock, SAVED_PATH, 'POST')).toHaveLength(1);
  });

  it('sends only the filters that are set', async () => {
    signIn();
    const fetchMock = serve();
    await renderSave({ url: '/lease', search: { type: 'Land', sort: 'new' } });
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByTestId('save-search-summary')).toHaveTextContent(/^Plots for sale$/);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requestsTo(fetchMock, SAVED_PATH, 'POST')).toHaveLength(1));
    expect(sentBody(requestsTo(fetchMock, SAVED_PATH, 'POST')[0])).toEqual({
      type: 'Land',
      sort: 'new',
      alerts: 'instant',
    });
  });

  it('says it is saved in a toast whose link opens the Saved page', async () => {
    signIn();
    serve();
    const { router } = await renderSave({});
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toasts()).toHaveLength(1));

    const [[message, kind] = []] = toasts();
    expect(kind).toBe('success');
    // The toast is drawn outside the router, as react-toastify draws it.
    const toast = render(<div>{message}</div>);
    expect(toast.container).toHaveTextContent('Search saved. See your saved searches');
    const link = within(toast.container).getByRole('link', { name: 'See your saved searches' });
    expect(link).toHaveAttribute('href', '/saved');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/saved'));
  });

  it.each([
    ['en', 'Search saved', 'Save this search'],
    ['sw', 'Utafutaji umehifadhiwa', 'Hifadhi utafutaji huu'],
  ] as const)(
    'says the search is saved already, in %s, and opens the Saved page; another range may be saved',
    async (language, saved, save) => {
      signIn();
      // The same search, its words typed otherwise: the server keeps one copy of it.
      mockFetch((url) =>
        url.pathname === SAVED_PATH
          ? jsonResponse([savedSearch({ search: '  kinondoni ', sort: 'new' })])
          : jsonResponse([]),
      );
      const { router } = await renderSave({ language });
      const link = await screen.findByRole('link', { name: saved });
      expect(link).toHaveAttribute('href', '/saved');
      expect(screen.queryByRole('button', { name: save })).not.toBeInTheDocument();
      await userEvent.click(link);
      await waitFor(() => expect(router.state.location.pathname).toBe('/saved'));
    },
  );

  it('offers to save a search whose price range differs from the saved one', async () => {
    signIn();
    mockFetch((url) =>
      url.pathname === SAVED_PATH
        ? jsonResponse([savedSearch({ maxPrice: 700_000 })])
        : jsonResponse([]),
    );
    // Side by side: the saved range (once the list is in, it says so) and the page's own.
    await renderApp(
      <>
        <SaveSearch search={{ ...SEARCH, maxPrice: 700_000 }} />
        <SaveSearch search={SEARCH} />
      </>,
      { url: URL, path: '/lease' },
    );
    expect(await screen.findByRole('link', { name: 'Search saved' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Save this search' })).toHaveLength(1);
  });

  it('asks an anonymous visitor to sign in, to come back to the dialog on the same results', async () => {
    const fetchMock = serve();
    const { router } = await renderSave({});
    await userEvent.click(await screen.findByRole('button', { name: 'Save this search' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: {
        pathname: '/lease',
        search: '?search=Kinondoni&minPrice=300000&maxPrice=600000&sort=priceLowHigh',
        hash: '#save-search',
      },
    });
    expect(toasts()).toEqual([['You must be logged in', 'warning']]);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens at once for a visitor back from signing in, and forgets the #save-search on closing', async () => {
    signIn();
    serve();
    const { router } = await renderSave({ url: `${URL}#save-search` });
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(URL);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says where to make room when ten searches are saved already', async () => {
    signIn();
    serve(() => apiErrorResponse(409, 'CONFLICT', 'saved_search_limit'));
    await renderSave({});
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'You can keep 10 saved searches. Delete one on the Saved page.',
    );
    expect(within(alert).getByRole('link', { name: 'Go to the Saved page' })).toHaveAttribute(
      'href',
      '/saved',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('says so in Swahili too', async () => {
    signIn();
    serve(() => apiErrorResponse(409, 'CONFLICT', 'saved_search_limit'));
    await renderSave({ language: 'sw' });
    const { user, dialog } = await openDialog('Hifadhi utafutaji huu');
    expect(within(dialog).getByTestId('save-search-summary')).toHaveTextContent(
      'Nyumba za kupanga · “Kinondoni” · TZS 300,000–600,000 · bei ya chini kwanza',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Hifadhi' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Unaweza kuhifadhi utafutaji 10 tu. Futa mmoja kwenye ukurasa wa Vilivyohifadhiwa.',
    );
  });

  it('shows any other failure with the error notice, in the reader’s language', async () => {
    signIn();
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    await renderSave({ language: 'sw' });
    const { user, dialog } = await openDialog('Hifadhi utafutaji huu');
    await user.click(within(dialog).getByRole('button', { name: 'Hifadhi' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Hakuna mtandao. Angalia intaneti yako kisha ujaribu tena.',
    );
  });
});

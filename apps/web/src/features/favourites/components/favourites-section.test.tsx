import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import type { TFavourite } from '@makazi/contracts/favourites';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { getAuthModal } from '../../../lib/auth-modal';
import { reloadLocalFavourites, type LocalFavourite } from '../../../lib/favourites';
import { apiErrorResponse, requestsTo, signIn } from '../../../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { FavouritesSection } from './favourites-section';

function favourite(
  title: string,
  type: TPropertyType,
  state: TFavourite['state'],
  savedAt: string,
): TFavourite {
  return {
    property: {
      id: crypto.randomUUID(),
      title,
      type,
      price: 450_000,
      place: 'Sinza, Ubungo',
      coverUrl: `/media/${title}-320.webp`,
    },
    state,
    savedAt,
  };
}

const available = favourite('Nyumba Sinza', 'Rent', 'available', '2026-03-05T10:00:00.000Z');
const let_ = favourite('Fleti Masaki', 'Apartment', 'taken', '2026-03-04T10:00:00.000Z');
const sold = favourite('Nyumba Mbezi', 'HouseForSale', 'taken', '2026-03-03T10:00:00.000Z');
const soldPlot = favourite('Kiwanja Kigamboni', 'Land', 'taken', '2026-03-02T12:00:00.000Z');
const stale = favourite('Nyumba Tegeta', 'Rent', 'stale', '2026-03-02T10:00:00.000Z');
const removed = favourite('Kiwanja Bagamoyo', 'Land', 'removed', '2026-03-01T10:00:00.000Z');
const ACCOUNT = [available, let_, sold, soldPlot, stale, removed];

function local(title: string, savedAt: string): LocalFavourite {
  return {
    id: crypto.randomUUID(),
    title,
    type: 'Rent',
    price: 300_000,
    place: 'Mikocheni, Kinondoni',
    coverUrl: null,
    savedAt,
  };
}

function storeLocal(entries: LocalFavourite[]) {
  window.localStorage.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(entries));
  reloadLocalFavourites();
}

/** The account's favourites: GET lists them, DELETE takes one away. */
function serveAccount(initial: TFavourite[]) {
  let list = [...initial];
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/me/favourites' && method === 'GET') return jsonResponse(list);
    const id = /^\/api\/me\/favourites\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id && method === 'DELETE') {
      list = list.filter((entry) => entry.property.id !== id);
      return new Response(null, { status: 204 });
    }
    return apiErrorResponse(404, 'NOT_FOUND');
  });
}

function card(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

describe('the favourites on /saved, signed in', () => {
  it.each([
    {
      language: 'en' as const,
      heading: 'Favourites',
      words: {
        'Nyumba Sinza': 'Available',
        'Fleti Masaki': 'Already let',
        'Nyumba Mbezi': 'Already sold',
        'Kiwanja Kigamboni': 'Already sold',
        'Nyumba Tegeta': 'Not confirmed lately by its owner',
        'Kiwanja Bagamoyo': 'No longer on Makazi',
      },
      remove: 'Remove',
    },
    {
      language: 'sw' as const,
      heading: 'Vipendwa',
      words: {
        'Nyumba Sinza': 'Linapatikana',
        'Fleti Masaki': 'Imeshapangishwa',
        'Nyumba Mbezi': 'Imeshauzwa',
        'Kiwanja Kigamboni': 'Kimeshauzwa',
        'Nyumba Tegeta': 'Mmiliki wake hajalithibitisha hivi karibuni',
        'Kiwanja Bagamoyo': 'Halipo tena kwenye Makazi',
      },
      remove: 'Ondoa',
    },
  ])(
    'lists each with where it stands, in words ($language), newest first',
    async ({ language, heading, words, remove }) => {
      signIn();
      serveAccount(ACCOUNT);
      await renderApp(<FavouritesSection />, { language });

      const section = await screen.findByRole('region', { name: heading });
      await within(section).findAllByRole('article');
      expect(
        within(section)
          .getAllByRole('article')
          .map((article) => article.dataset.id),
      ).toEqual(ACCOUNT.map((entry) => entry.property.id));
      for (const [title, state] of Object.entries(words)) {
        const article = card(title);
        expect(within(article).getByTestId('favourite-state')).toHaveTextContent(state);
        expect(within(article).getByRole('button', { name: remove })).toHaveAccessibleDescription(
          title,
        );
        expect(within(article).getByTestId('property-price')).toHaveTextContent('TZS 450,000');
        expect(within(article).getByText('Sinza, Ubungo')).toBeInTheDocument();
      }
      // No sign-in prompt: the account keeps them on every phone already.
      expect(screen.queryByTestId('favourites-sign-in')).not.toBeInTheDocument();
    },
  );

  it('links only the listings still on Makazi to their page', async () => {
    signIn();
    serveAccount(ACCOUNT);
    await renderApp(<FavouritesSection />);

    const link = await within(
      await screen.findByRole('article', { name: 'Nyumba Sinza' }),
    ).findByRole('link');
    expect(link).toHaveAttribute('href', `/lease/${available.property.id}`);
    for (const title of ['Fleti Masaki', 'Nyumba Mbezi', 'Nyumba Tegeta', 'Kiwanja Bagamoyo']) {
      expect(within(card(title)).queryByRole('link')).not.toBeInTheDocument();
    }
  });

  it('keeps a listing no longer on Makazi until it is removed, then drops it', async () => {
    signIn();
    const fetchMock = serveAccount(ACCOUNT);
    const user = userEvent.setup();
    await renderApp(<FavouritesSection />);

    const gone = await screen.findByRole('article', { name: 'Kiwanja Bagamoyo' });
    await user.click(within(gone).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Kiwanja Bagamoyo' })).not.toBeInTheDocument(),
    );
    expect(
      requestsTo(fetchMock, `/api/me/favourites/${removed.property.id}`, 'DELETE'),
    ).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(ACCOUNT.length - 1);
  });

  it('shows those still waiting in the browser for the account too', async () => {
    const waiting = local('Nyumba Kijitonyama', '2026-03-06T10:00:00.000Z');
    storeLocal([waiting]);
    signIn();
    // The merge is not answered here: the browser keeps them.
    mockFetch((url) =>
      url.pathname === '/api/me/favourites'
        ? jsonResponse([available])
        : apiErrorResponse(500, 'INTERNAL'),
    );
    await renderApp(<FavouritesSection />);

    await screen.findByRole('article', { name: 'Nyumba Sinza' });
    expect(screen.getAllByRole('article').map((article) => article.dataset.id)).toEqual([
      waiting.id,
      available.property.id,
    ]);
  });

  it('says there are none yet, with a way to browse', async () => {
    signIn();
    serveAccount([]);
    await renderApp(<FavouritesSection />);
    expect(
      await screen.findByText(
        'You have not saved any listings yet. Tap the heart on a listing to keep it here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/home');
    expect(screen.queryByTestId('favourites-sign-in')).not.toBeInTheDocument();
  });
});

describe('the favourites on /saved, before sign-in', () => {
  it.each([
    {
      language: 'en' as const,
      prompt: 'These are kept on this phone only. Sign in to keep them on every phone.',
      signIn: 'Sign in',
    },
    {
      language: 'sw' as const,
      prompt: 'Yamehifadhiwa kwenye simu hii tu. Ingia ili uyapate kwenye kila simu.',
      signIn: 'Ingia',
    },
  ])(
    "lists the browser's, without the network, and asks to sign in to keep them ($language)",
    async ({ language, prompt, signIn: signInLabel }) => {
      const older = local('Nyumba Sinza', '2026-03-01T10:00:00.000Z');
      const newer = local('Nyumba Kinondoni', '2026-03-02T10:00:00.000Z');
      storeLocal([newer, older]);
      const fetchMock = mockFetch(() => apiErrorResponse(500, 'INTERNAL'));
      const user = userEvent.setup();
      await renderApp(<FavouritesSection />, { language });

      const articles = await screen.findAllByRole('article');
      expect(articles.map((article) => article.dataset.id)).toEqual([newer.id, older.id]);
      expect(
        within(card('Nyumba Sinza')).getByRole('link', { name: 'Nyumba Sinza' }),
      ).toHaveAttribute('href', `/lease/${older.id}`);
      expect(within(card('Nyumba Sinza')).getByText('Mikocheni, Kinondoni')).toBeInTheDocument();
      // Where each stands is not known without the account.
      expect(screen.queryByTestId('favourite-state')).not.toBeInTheDocument();

      const promptBox = screen.getByTestId('favourites-sign-in');
      expect(promptBox).toHaveTextContent(prompt);
      await user.click(within(promptBox).getByRole('link', { name: signInLabel }));
      expect(getAuthModal().modal).toBe('login');
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('removes one from the browser', async () => {
    const saved = local('Nyumba Sinza', '2026-03-01T10:00:00.000Z');
    storeLocal([saved]);
    const user = userEvent.setup();
    await renderApp(<FavouritesSection />);

    await user.click(
      within(await screen.findByRole('article')).getByRole('button', { name: 'Remove' }),
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(LOCAL_FAVOURITES_KEY)).toBeNull();
  });

  it('says there are none yet, and that another phone’s come with sign-in', async () => {
    await renderApp(<FavouritesSection />);
    expect(
      await screen.findByText(
        'You have not saved any listings yet. Tap the heart on a listing to keep it here.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/home');
    expect(screen.getByTestId('favourites-sign-in')).toHaveTextContent(
      'Saved some on another phone? Sign in to see them here.',
    );
  });
});

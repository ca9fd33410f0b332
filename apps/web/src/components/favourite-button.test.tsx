import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVOURITES_MAX, LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import type { TFavourite } from '@makazi/contracts/favourites';
import { favouriteListing, reloadLocalFavourites, type FavouriteListing } from '../lib/favourites';
import { showToast } from '../lib/toast';
import { favouritesQueryKey } from '../lib/use-favourites';
import {
  USER_SUB,
  apiErrorResponse,
  authorizationsTo,
  requestsTo,
  signIn,
} from '../testing/account';
import { makeRent } from '../testing/fixtures';
import { jsonResponse, mockFetch, renderApp } from '../testing/test-utils';
import { FavouriteButton } from './favourite-button';

vi.mock(import('../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const property = makeRent({ title: 'Nyumba Sinza', price: 450_000 });
const listing = favouriteListing(property);
const FAVOURITE_PATH = `/api/me/favourites/${property.id}`;

function storedIds(): string[] {
  const raw = window.localStorage.getItem(LOCAL_FAVOURITES_KEY);
  return raw === null ? [] : (JSON.parse(raw) as { id: string }[]).map((entry) => entry.id);
}

function favourite(saved: FavouriteListing, savedAt = '2026-03-01T10:00:00.000Z'): TFavourite {
  return { property: saved, state: 'available', savedAt };
}

/** Stores the browser's list as an earlier visit left it. */
function storeLocal(entries: unknown[] | string) {
  window.localStorage.setItem(
    LOCAL_FAVOURITES_KEY,
    typeof entries === 'string' ? entries : JSON.stringify(entries),
  );
  reloadLocalFavourites();
}

/**
 * The account's favourites as the API keeps them: GET lists them, PUT and DELETE answer 204 (or
 * `failWith`, for every change).
 */
function serveAccount(initial: TFavourite[], failWith?: () => Response) {
  let list = [...initial];
  return mockFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/me/favourites' && method === 'GET') return jsonResponse(list);
    if (url.pathname === FAVOURITE_PATH && (method === 'PUT' || method === 'DELETE')) {
      if (failWith) return failWith();
      list =
        method === 'PUT'
          ? [favourite(listing), ...list]
          : list.filter((entry) => entry.property.id !== property.id);
      return new Response(null, { status: 204 });
    }
    return apiErrorResponse(404, 'NOT_FOUND');
  });
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('the heart, before sign-in', () => {
  it('saves the listing in the browser and removes it again, saying which in its name', async () => {
    const fetchMock = mockFetch(() => apiErrorResponse(500, 'INTERNAL'));
    const user = userEvent.setup();
    await renderApp(<FavouriteButton listing={listing} variant="icon" />);

    const heart = screen.getByRole('button', { name: 'Save to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(heart).toHaveAccessibleName('Remove from favourites');
    // With what /saved shows of it, and when.
    const [entry, ...others] = JSON.parse(
      window.localStorage.getItem(LOCAL_FAVOURITES_KEY) ?? '',
    ) as Record<string, unknown>[];
    expect(others).toEqual([]);
    const { savedAt, ...snapshot } = entry ?? {};
    expect(snapshot).toEqual(listing);
    expect(Date.parse(String(savedAt))).not.toBeNaN();

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(storedIds()).toEqual([]);
    // The browser's list needs no network.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is named in Swahili', async () => {
    const user = userEvent.setup();
    await renderApp(<FavouriteButton listing={listing} variant="labelled" />, { language: 'sw' });
    const heart = screen.getByRole('button', { name: 'Hifadhi kwenye vipendwa' });
    await user.click(heart);
    expect(heart).toHaveAccessibleName('Ondoa kwenye vipendwa');
  });

  it('shows a listing an earlier visit saved as saved', async () => {
    storeLocal([{ ...listing, savedAt: '2026-03-01T10:00:00.000Z' }]);
    await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('survives a storage holding something else, and saves over it', async () => {
    storeLocal('{"favourites": [oops');
    const user = userEvent.setup();
    await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toBeInTheDocument();
    expect(storedIds()).toEqual([property.id]);
  });

  it('works for the visit where the storage cannot be opened (private mode)', async () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    try {
      reloadLocalFavourites();
      const user = userEvent.setup();
      await renderApp(<FavouriteButton listing={listing} variant="icon" />);
      await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
      expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    } finally {
      blocked.mockRestore();
    }
  });

  it('works for the visit where the storage is full', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const user = userEvent.setup();
    await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(storedIds()).toEqual([]);
  });

  it(`says so, and saves nothing, once ${FAVOURITES_MAX} are saved`, async () => {
    storeLocal(
      Array.from({ length: FAVOURITES_MAX }, () => ({
        ...listing,
        id: crypto.randomUUID(),
        savedAt: '2026-03-01T10:00:00.000Z',
      })),
    );
    const user = userEvent.setup();
    await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    await user.click(screen.getByRole('button', { name: 'Save to favourites' }));

    expect(screen.getByRole('button', { name: 'Save to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(storedIds()).not.toContain(property.id);
    expect(showToast).toHaveBeenCalledWith(
      `You can keep up to ${FAVOURITES_MAX} favourites. Remove some to save more.`,
      'warning',
    );
  });
});

describe('the heart, signed in', () => {
  it("shows the account's list: one GET for every heart on the page", async () => {
    signIn();
    const other = favouriteListing(makeRent());
    const fetchMock = serveAccount([favourite(listing)]);
    await renderApp(
      <>
        <FavouriteButton listing={listing} variant="icon" />
        <FavouriteButton listing={other} variant="icon" />
      </>,
    );

    expect(await screen.findByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Save to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(authorizationsTo(fetchMock, '/api/me/favourites', 'GET')).toEqual([
      'Bearer access-token-1',
    ]);
  });

  it('saves with PUT and removes with DELETE, with the token', async () => {
    signIn();
    const fetchMock = serveAccount([]);
    const user = userEvent.setup();
    const { queryClient } = await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    await waitFor(() => expect(queryClient.getQueryData(favouritesQueryKey(USER_SUB))).toEqual([]));

    await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toBeInTheDocument();
    await waitFor(() =>
      expect(authorizationsTo(fetchMock, FAVOURITE_PATH, 'PUT')).toEqual(['Bearer access-token-1']),
    );

    await user.click(screen.getByRole('button', { name: 'Remove from favourites' }));
    expect(screen.getByRole('button', { name: 'Save to favourites' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, FAVOURITE_PATH, 'DELETE')).toHaveLength(1));
    // Nothing of it went to the browser's own list.
    expect(storedIds()).toEqual([]);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('changes at once, and goes back with a toast when the server refuses the save', async () => {
    signIn();
    let refuse: () => void = () => undefined;
    const refused = new Promise<void>((resolve) => {
      refuse = resolve;
    });
    let reads = 0;
    const fetchMock = mockFetch(async (url) => {
      if (url.pathname !== FAVOURITE_PATH) {
        reads += 1;
        // The list read again after the failure never comes: the heart goes back by itself.
        return reads === 1 ? jsonResponse([]) : new Promise<Response>(() => undefined);
      }
      await refused;
      return apiErrorResponse(500, 'INTERNAL');
    });
    const user = userEvent.setup();
    const { queryClient } = await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    await waitFor(() => expect(queryClient.getQueryData(favouritesQueryKey(USER_SUB))).toEqual([]));

    await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
    // Before the server has answered: the heart is full already.
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(requestsTo(fetchMock, FAVOURITE_PATH, 'PUT')).toHaveLength(1);
    refuse();

    expect(await screen.findByRole('button', { name: 'Save to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'The listing could not be saved to your favourites. Try again.',
        'error',
      ),
    );
  });

  it('goes back to saved, with a toast, when the server refuses the removal', async () => {
    signIn();
    const fetchMock = serveAccount([favourite(listing)], () => apiErrorResponse(500, 'INTERNAL'));
    const user = userEvent.setup();
    await renderApp(<FavouriteButton listing={listing} variant="icon" />);

    await user.click(await screen.findByRole('button', { name: 'Remove from favourites' }));
    await waitFor(() => expect(requestsTo(fetchMock, FAVOURITE_PATH, 'DELETE')).toHaveLength(1));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'The listing could not be removed from your favourites. Try again.',
        'error',
      ),
    );
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
  it(`says so, and sends nothing, once the account holds ${FAVOURITES_MAX}`, async () => {
    signIn();
    const full = Array.from({ length: FAVOURITES_MAX }, () =>
      favourite(favouriteListing(makeRent())),
    );
    const fetchMock = serveAccount(full);
    const user = userEvent.setup();
    const { queryClient } = await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    await waitFor(() =>
      expect(queryClient.getQueryData(favouritesQueryKey(USER_SUB))).toHaveLength(FAVOURITES_MAX),
    );
    const heart = screen.getByRole('button', { name: 'Save to favourites' });

    await user.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(requestsTo(fetchMock, FAVOURITE_PATH, 'PUT')).toEqual([]);
    expect(showToast).toHaveBeenCalledWith(
      `You can keep up to ${FAVOURITES_MAX} favourites. Remove some to save more.`,
      'warning',
    );
  });
  it('says the account is full when the server answers FAVOURITES_LIMIT (saved on another phone)', async () => {
    signIn();
    serveAccount([], () => apiErrorResponse(409, 'FAVOURITES_LIMIT', 'Too many favourites'));
    const user = userEvent.setup();
    const { queryClient } = await renderApp(<FavouriteButton listing={listing} variant="icon" />);
    await waitFor(() => expect(queryClient.getQueryData(favouritesQueryKey(USER_SUB))).toEqual([]));

    await user.click(screen.getByRole('button', { name: 'Save to favourites' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        `You can keep up to ${FAVOURITES_MAX} favourites. Remove some to save more.`,
        'warning',
      ),
    );
    expect(screen.getByRole('button', { name: 'Save to favourites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});

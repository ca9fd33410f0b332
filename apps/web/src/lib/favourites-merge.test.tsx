import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FAVOURITES_MERGE_MAX, LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import type { TFavourite } from '@makazi/contracts/favourites';
import { FavouriteButton } from '../components/favourite-button';
import { USER_SUB, apiErrorResponse, requestsTo, sentBody, signIn } from '../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../testing/test-utils';
import { reloadLocalFavourites, type LocalFavourite } from './favourites';
import { favouritesQueryKey } from './use-favourites';
import { useMergeLocalFavourites } from './use-merge-local-favourites';

const MERGE = '/api/me/favourites/merge';

function local(count: number): LocalFavourite[] {
  return Array.from({ length: count }, (_, index) => ({
    id: crypto.randomUUID(),
    title: `Nyumba ${index}`,
    type: 'Rent' as const,
    price: 300_000 + index,
    place: 'Sinza, Ubungo',
    coverUrl: null,
    // Newest first, as the browser keeps them.
    savedAt: new Date(Date.UTC(2026, 2, 1) - index * 60_000).toISOString(),
  }));
}

function storeLocal(entries: LocalFavourite[]) {
  window.localStorage.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(entries));
  reloadLocalFavourites();
}

function storedIds(): string[] {
  const raw = window.localStorage.getItem(LOCAL_FAVOURITES_KEY);
  return raw === null ? [] : (JSON.parse(raw) as { id: string }[]).map((entry) => entry.id);
}

function asAccount(entries: LocalFavourite[]): TFavourite[] {
  return entries.map(({ savedAt, ...property }) => ({ property, state: 'available', savedAt }));
}

/** What the root layout runs on every page. */
function MergeProbe() {
  useMergeLocalFavourites();
  return null;
}

describe('favourites saved before sign-in', () => {
  it('go to the account at sign-in, then leave the browser, and the answer becomes the list', async () => {
    const saved = local(3);
    storeLocal(saved);
    const account = asAccount(saved);
    const fetchMock = mockFetch((url, init) =>
      url.pathname === MERGE && init?.method === 'POST'
        ? jsonResponse(account)
        : apiErrorResponse(404, 'NOT_FOUND'),
    );
    const { queryClient } = await renderApp(<MergeProbe />);
    // Nobody signed in: nothing is sent.
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => {
      signIn();
    });
    await waitFor(() => expect(storedIds()).toEqual([]));
    expect(requestsTo(fetchMock, MERGE, 'POST').map(sentBody)).toEqual([
      { propertyIds: saved.map((entry) => entry.id) },
    ]);
    expect(queryClient.getQueryData(favouritesQueryKey(USER_SUB))).toEqual(account);
  });

  it(`go ${FAVOURITES_MERGE_MAX} at a time`, async () => {
    const saved = local(FAVOURITES_MERGE_MAX + 30);
    storeLocal(saved);
    const fetchMock = mockFetch((url, init) =>
      url.pathname === MERGE
        ? jsonResponse(
            asAccount(
              saved.filter((entry) =>
                (sentBody(init) as { propertyIds: string[] }).propertyIds.includes(entry.id),
              ),
            ),
          )
        : apiErrorResponse(404, 'NOT_FOUND'),
    );
    signIn();
    await renderApp(<MergeProbe />);

    await waitFor(() => expect(storedIds()).toEqual([]));
    const batches = requestsTo(fetchMock, MERGE, 'POST').map(
      (init) => (sentBody(init) as { propertyIds: string[] }).propertyIds,
    );
    expect(batches.map((batch) => batch.length)).toEqual([FAVOURITES_MERGE_MAX, 30]);
    expect(batches.flat()).toEqual(saved.map((entry) => entry.id));
  });

  it('stay in the browser when the merge fails, still shown as saved, and go at the next page load', async () => {
    const saved = local(2);
    storeLocal(saved);
    let failing = true;
    const fetchMock = mockFetch((url) => {
      if (url.pathname === MERGE) {
        return failing ? apiErrorResponse(500, 'INTERNAL') : jsonResponse(asAccount(saved));
      }
      if (url.pathname === '/api/me/favourites') return jsonResponse([]);
      return apiErrorResponse(404, 'NOT_FOUND');
    });
    signIn();
    const [first] = saved;
    if (!first) throw new Error('no favourite');
    const page = await renderApp(
      <>
        <MergeProbe />
        <FavouriteButton listing={first} variant="icon" />
      </>,
    );
    await waitFor(() => expect(requestsTo(fetchMock, MERGE, 'POST')).toHaveLength(1));
    await waitFor(() => expect(requestsTo(fetchMock, '/api/me/favourites', 'GET')).toHaveLength(1));
    // Nothing was taken from the browser.
    expect(storedIds()).toEqual(saved.map((entry) => entry.id));
    // Signed in, a favourite still waiting in the browser shows as saved.
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    page.unmount();

    // The next page load.
    failing = false;
    await renderApp(<MergeProbe />);
    await waitFor(() => expect(storedIds()).toEqual([]));
    expect(requestsTo(fetchMock, MERGE, 'POST')).toHaveLength(2);
  });

  it('keep the batches the server has not taken when a later one fails', async () => {
    const saved = local(FAVOURITES_MERGE_MAX + 5);
    storeLocal(saved);
    let calls = 0;
    const fetchMock = mockFetch((url) => {
      if (url.pathname !== MERGE) return apiErrorResponse(404, 'NOT_FOUND');
      calls += 1;
      return calls === 1 ? jsonResponse([]) : apiErrorResponse(500, 'INTERNAL');
    });
    signIn();
    await renderApp(<MergeProbe />);

    await waitFor(() => expect(requestsTo(fetchMock, MERGE, 'POST')).toHaveLength(2));
    await waitFor(() =>
      expect(storedIds()).toEqual(saved.slice(FAVOURITES_MERGE_MAX).map((entry) => entry.id)),
    );
  });
});

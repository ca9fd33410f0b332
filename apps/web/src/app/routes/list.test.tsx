import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { requestsTo, sentBody, signIn } from '../../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../../testing/test-utils';
import { HomeRoute } from './home';
import { ListRoute } from './list';

const SAVED_PATH = '/api/me/saved-searches';

/** The catalogue answering no listings, and a saved search for any POST. */
function serve() {
  return mockFetch((url, init) =>
    url.pathname === SAVED_PATH && init?.method === 'POST'
      ? jsonResponse({ id: crypto.randomUUID(), ...(sentBody(init) as object) }, { status: 201 })
      : jsonResponse([]),
  );
}

async function save() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Save this search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
}

describe('Save this search on the catalogue pages', () => {
  it("saves a list page's type with the filters and order of its URL", async () => {
    signIn();
    const fetchMock = serve();
    await renderApp(<ListRoute type="Rent" />, {
      url: '/lease?search=Kinondoni&maxPrice=600000&sort=priceHighLow&type=Land',
      path: '/lease',
    });
    await save();
    await waitFor(() => expect(requestsTo(fetchMock, SAVED_PATH, 'POST')).toHaveLength(1));
    // The page is the type: a stray ?type= is ignored here as the list ignores it.
    expect(sentBody(requestsTo(fetchMock, SAVED_PATH, 'POST')[0])).toEqual({
      type: 'Rent',
      search: 'Kinondoni',
      maxPrice: 600_000,
      sort: 'priceHighLow',
      alerts: 'instant',
    });
  });

  it('is on a list page without any filter too: every new apartment', async () => {
    serve();
    await renderApp(<ListRoute type="Apartment" />, { url: '/apartment', path: '/apartment' });
    expect(await screen.findByRole('button', { name: 'Save this search' })).toBeInTheDocument();
  });

  it('is on the home page only while a search is on, and saves its filters', async () => {
    signIn();
    const fetchMock = serve();
    const { router } = await renderApp(<HomeRoute />, { url: '/home', path: '/home' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();

    await router.navigate('/home?type=HouseForSale&search=Mbezi&minPrice=1000');
    await save();
    await waitFor(() => expect(requestsTo(fetchMock, SAVED_PATH, 'POST')).toHaveLength(1));
    expect(sentBody(requestsTo(fetchMock, SAVED_PATH, 'POST')[0])).toEqual({
      type: 'HouseForSale',
      search: 'Mbezi',
      minPrice: 1000,
      sort: 'new',
      alerts: 'instant',
    });
  });
});

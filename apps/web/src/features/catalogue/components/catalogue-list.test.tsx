import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makePhoto, makeRent } from '../../../testing/fixtures';
import { jsonResponse, mockFetch, renderApp, requestedUrls } from '../../../testing/test-utils';
import { CatalogueList } from './catalogue-list';

const firstPage = [makeRent({ title: 'First page house' })];
const secondPage = [makeRent({ title: 'Second page house' })];

function listingServer() {
  return mockFetch((url) => {
    if (url.pathname === '/api/properties/count') {
      return jsonResponse({ count: url.searchParams.has('search') ? 1 : 18, atLeast: false });
    }
    if (url.pathname !== '/api/properties') return jsonResponse({}, { status: 404 });
    if (url.searchParams.get('cursor') === 'cursor-2') return jsonResponse(secondPage);
    return jsonResponse(firstPage, {
      headers: { Link: '</api/properties?type=Rent&limit=12&cursor=cursor-2>; rel="next"' },
    });
  });
}

describe('CatalogueList', () => {
  it('offers the wider searches that find something when a search finds nothing, in both languages', async () => {
    // Mbezi Beach under 300,000 finds nothing; Mbezi does, and so does Mbezi Beach at any price.
    const counts: Record<string, number> = {
      '?type=Rent&search=Mbezi+Beach&maxPrice=300000': 0,
      '?type=Rent&search=Mbezi&maxPrice=300000': 3,
      '?type=Rent&search=Mbezi+Beach': 2,
      '?search=Mbezi+Beach&maxPrice=300000': 0,
    };
    mockFetch((url) =>
      url.pathname === '/api/properties/count'
        ? jsonResponse({ count: counts[url.search] ?? 99, atLeast: false })
        : jsonResponse([]),
    );
    const url = '/lease?search=Mbezi+Beach&maxPrice=300000';
    await renderApp(<CatalogueList type="Rent" />, { url, path: '/lease', language: 'sw' });
    const offered = await screen.findByRole('navigation', {
      name: 'Jaribu utafutaji mpana zaidi:',
    });
    await within(offered).findByRole('link', { name: 'Bei yoyote (2)' });
    expect(
      within(offered)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Tafuta “Mbezi” (3)', '/lease?search=Mbezi&maxPrice=300000'],
      ['Bei yoyote (2)', '/lease?search=Mbezi+Beach'],
    ]);
    // No count line beside the list's own "nothing matches": it is said once.
    expect(screen.queryByTestId('result-count')).toBeNull();
    await renderApp(<CatalogueList type="Rent" />, { url, path: '/lease' });
    expect(await screen.findByRole('link', { name: 'Any price (2)' })).toBeInTheDocument();
  });

  it('says how many listings the list holds, with the page’s filters, in both languages', async () => {
    const fetchMock = listingServer();
    await renderApp(<CatalogueList type="Rent" />, {
      url: '/lease',
      path: '/lease',
      language: 'sw',
    });
    expect(await screen.findByTestId('result-count')).toHaveTextContent(/^Nyumba 18 za kupanga$/);
    await renderApp(<CatalogueList type="Rent" />, {
      url: '/lease?search=Sinza&minPrice=100000',
      path: '/lease',
    });
    expect(await screen.findByText('1 house for rent')).toBeInTheDocument();
    const counted = requestedUrls(fetchMock).filter(
      (url) => url.pathname === '/api/properties/count',
    );
    expect(counted.map((url) => url.search)).toEqual([
      '?type=Rent',
      '?type=Rent&search=Sinza&minPrice=100000',
    ]);
  });

  it("shows its type's title and the listings of that type", async () => {
    const fetchMock = listingServer();
    await renderApp(<CatalogueList type="Rent" />, { url: '/lease', path: '/lease' });
    expect(screen.getByRole('heading', { level: 1, name: 'Houses for Rent' })).toBeInTheDocument();
    const grid = await screen.findByTestId('listing-grid');
    expect(await within(grid).findByText('First page house')).toBeInTheDocument();
    expect(requestedUrls(fetchMock)[0]?.searchParams.get('type')).toBe('Rent');
  });

  it('loads the first card’s photo at once, the page’s likely largest paint, and the rest lazily', async () => {
    mockFetch(() =>
      jsonResponse([
        makeRent({ title: 'One', photos: [makePhoto('picha_mbele', 'one')] }),
        makeRent({ title: 'Two', photos: [makePhoto('picha_mbele', 'two')] }),
        makeRent({ title: 'Three', photos: [makePhoto('picha_mbele', 'three')] }),
      ]),
    );
    await renderApp(<CatalogueList type="Rent" />, { url: '/lease', path: '/lease' });
    const grid = await screen.findByTestId('listing-grid');
    await within(grid).findByText('Three');
    const photos = within(grid).getAllByRole('img');
    expect(photos).toHaveLength(3);
    expect(photos.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(photos[0]).toHaveAttribute('fetchpriority', 'high');
  });

  it('writes the sort choice to the query string and asks the API for it', async () => {
    const user = userEvent.setup();
    const fetchMock = listingServer();
    await renderApp(<CatalogueList type="Rent" />, { url: '/lease', path: '/lease' });
    await screen.findByText('First page house');

    await user.selectOptions(screen.getByLabelText('Sort by'), 'Price: Low to High');

    expect(screen.getByTestId('location')).toHaveTextContent('/lease?sort=priceLowHigh');
    await screen.findByText('First page house');
    expect(
      requestedUrls(fetchMock).some((url) => url.searchParams.get('sort') === 'priceLowHigh'),
    ).toBe(true);
  });

  it('asks for three letters instead of searching one or two, and searches three', async () => {
    const user = userEvent.setup();
    const fetchMock = listingServer();
    await renderApp(<CatalogueList type="Rent" />, { url: '/lease', path: '/lease' });
    await screen.findByText('First page house');
    const box = screen.getByRole('searchbox', { name: 'Search' });

    await user.type(box, 'Mb{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Type at least 3 letters to search.');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Type at least 3 letters to search.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease$/);
    expect(requestedUrls(fetchMock).some((url) => url.searchParams.has('search'))).toBe(false);

    await user.type(box, 'e{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/lease?search=Mbe');
  });

  it('asks for three letters in Swahili too', async () => {
    const user = userEvent.setup();
    listingServer();
    await renderApp(<CatalogueList type="Rent" />, {
      url: '/lease',
      path: '/lease',
      language: 'sw',
    });
    await screen.findByText('First page house');
    await user.type(screen.getByRole('searchbox', { name: 'Tafuta' }), 'a{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Andika angalau herufi 3 ili kutafuta.');
  });

  it('reads the sort from a shared URL and ignores a bad value', async () => {
    listingServer();
    await renderApp(<CatalogueList type="Rent" />, {
      url: '/lease?sort=priceHighLow',
      path: '/lease',
    });
    expect(screen.getByLabelText('Sort by')).toHaveValue('priceHighLow');
  });

  it('falls back to Newest for an unknown sort', async () => {
    const fetchMock = listingServer();
    await renderApp(<CatalogueList type="Rent" />, { url: '/lease?sort=random', path: '/lease' });
    expect(screen.getByLabelText('Sort by')).toHaveValue('new');
    await screen.findByText('First page house');
    const list = requestedUrls(fetchMock).find((url) => url.pathname === '/api/properties');
    expect(list?.searchParams.get('sort')).toBe('new');
  });

  it('loads the next page with the cursor from the Link header', async () => {
    const user = userEvent.setup();
    const fetchMock = listingServer();
    await renderApp(<CatalogueList type="Rent" />, { url: '/lease', path: '/lease' });
    await screen.findByText('First page house');

    const more = screen.getByRole('link', { name: 'Load more' });
    // Without JavaScript (and for crawlers) the link opens the next page on its own.
    expect(more).toHaveAttribute('href', '/lease?cursor=cursor-2');
    expect(more).toHaveAttribute('rel', 'next');
    await user.click(more);

    expect(await screen.findByText('Second page house')).toBeInTheDocument();
    expect(screen.getByText('First page house')).toBeInTheDocument();
    const last = requestedUrls(fetchMock).at(-1);
    expect(last?.searchParams.get('cursor')).toBe('cursor-2');
    expect(last?.searchParams.get('type')).toBe('Rent');
    // The second page had no Link header: the end is reached.
    expect(screen.queryByRole('link', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('starts at the cursor a next-page link carries, with a way back to the first page', async () => {
    const fetchMock = listingServer();
    await renderApp(<CatalogueList type="Rent" />, {
      url: '/lease?sort=priceLowHigh&cursor=cursor-2',
      path: '/lease',
    });
    expect(await screen.findByText('Second page house')).toBeInTheDocument();
    expect(screen.queryByText('First page house')).not.toBeInTheDocument();
    const first = requestedUrls(fetchMock).find((url) => url.pathname === '/api/properties');
    expect(first?.searchParams.get('cursor')).toBe('cursor-2');
    expect(first?.searchParams.get('sort')).toBe('priceLowHigh');
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute(
      'href',
      '/lease?sort=priceLowHigh',
    );
  });

  it('says so when there are no listings', async () => {
    mockFetch(() => jsonResponse([]));
    await renderApp(<CatalogueList type="Land" />, { url: '/land', path: '/land' });
    expect(await screen.findByText('No listings yet.')).toBeInTheDocument();
  });

  it('shows a retryable error when the network fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await renderApp(<CatalogueList type="Land" />, { url: '/land', path: '/land' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No connection');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

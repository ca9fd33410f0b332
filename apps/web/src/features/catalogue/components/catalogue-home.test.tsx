import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeApartment, makeHouseForSale, makeLand, makeRent } from '../../../testing/fixtures';
import { jsonResponse, mockFetch, renderApp, requestedUrls } from '../../../testing/test-utils';
import { HOME_CAROUSEL_TYPES } from '../utils/home';
import { CatalogueHome } from './catalogue-home';

const byType = {
  Rent: [makeRent({ title: 'Rent one' })],
  Apartment: [makeApartment({ title: 'Apartment one' })],
  Land: [makeLand({ title: 'Land one' })],
  HouseForSale: [makeHouseForSale({ title: 'House one' })],
};

/** What the count answers per type: the rounding and the cap are countValue's to say. */
const counts = {
  Rent: { count: 18, atLeast: false },
  Apartment: { count: 1_234, atLeast: false },
  Land: { count: 10_000, atLeast: true },
  HouseForSale: { count: 1, atLeast: false },
};

function homeServer() {
  return mockFetch((url) => {
    const type = url.searchParams.get('type') as keyof typeof byType | null;
    if (url.pathname === '/api/properties/count') {
      return jsonResponse(type ? counts[type] : { count: 3, atLeast: false });
    }
    if (
      url.searchParams.get('search') ||
      url.searchParams.get('minPrice') ||
      url.searchParams.get('maxPrice')
    ) {
      return jsonResponse([makeLand({ title: 'Matching plot' })]);
    }
    return jsonResponse(type ? byType[type] : Object.values(byType).flat());
  });
}

describe('CatalogueHome', () => {
  it('loads only the first carousel’s first photo at once, the rest lazily', async () => {
    homeServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });
    for (const type of HOME_CAROUSEL_TYPES) {
      await within(screen.getByTestId(`carousel-${type}`)).findAllByTestId('property-card');
    }
    const eager = screen
      .getAllByRole('img')
      .filter((img) => img.getAttribute('loading') === 'eager');
    expect(eager).toHaveLength(1);
    const firstCarousel = screen.getByTestId(`carousel-${HOME_CAROUSEL_TYPES[0]}`);
    expect(firstCarousel.contains(eager[0] ?? null)).toBe(true);
  });

  it('shows the four carousels with their titles, fed by one request per type', async () => {
    const fetchMock = homeServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });

    for (const [type, title] of [
      ['Rent', 'Nyumba za Kupanga'],
      ['Apartment', 'Appartments'],
      ['Land', 'Viwanja'],
      ['HouseForSale', 'Nyumba za Kuuza'],
    ] as const) {
      const section = screen.getByTestId(`carousel-${type}`);
      expect(within(section).getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
      expect(await within(section).findAllByTestId('property-card')).not.toHaveLength(0);
    }
    expect(screen.queryByTestId('results-grid')).not.toBeInTheDocument();
    const lists = requestedUrls(fetchMock).filter((url) => url.pathname === '/api/properties');
    const types = lists.map((url) => url.searchParams.get('type'));
    expect(types.sort()).toEqual(['Apartment', 'HouseForSale', 'Land', 'Rent']);
    expect(lists.every((url) => url.searchParams.get('limit') === '12')).toBe(true);
  });

  it('titles the carousels in Swahili with the words Tanzanians use', async () => {
    homeServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home', language: 'sw' });
    const titles = HOME_CAROUSEL_TYPES.map(
      (type) =>
        within(screen.getByTestId(`carousel-${type}`)).getByRole('heading', { level: 2 })
          .textContent,
    );
    expect(titles).toEqual(['Nyumba za Kupanga', 'Fleti', 'Viwanja', 'Nyumba za Kuuza']);
  });

  it('counts each type as it is, rounded down, never a number the catalogue does not hold', async () => {
    homeServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });
    const counters = screen.getByRole('list', { name: 'Listings on Makazi' });
    await within(counters).findByText('18');
    const items = within(counters)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['18Rentals', '1,200+Apartments', '10,000+Plots', '1Houses for sale']);
    expect(screen.getByText(/Users pay for property viewings/)).toBeInTheDocument();
  });

  it('counts in Swahili too, and shows the names alone while it cannot count', async () => {
    mockFetch((url) =>
      url.pathname === '/api/properties/count'
        ? jsonResponse(
            { statusCode: 503, code: 'SERVICE_UNAVAILABLE', message: 'busy' },
            { status: 503 },
          )
        : jsonResponse([]),
    );
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home', language: 'sw' });
    const counters = screen.getByRole('list', { name: /./ });
    expect(
      within(counters)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Nyumba za kupanga', 'Fleti', 'Viwanja', 'Nyumba za kuuza']);
  });

  it('says how many listings a search found, in the reader’s language', async () => {
    homeServer();
    await renderApp(<CatalogueHome />, {
      url: '/home?search=Kigamboni',
      path: '/home',
      language: 'sw',
    });
    expect(await screen.findByTestId('result-count')).toHaveTextContent('Matangazo 3');
  });

  it('replaces the carousels with a results grid once a search is submitted', async () => {
    const user = userEvent.setup();
    const fetchMock = homeServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });
    await screen.findAllByTestId('property-card');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'Kigamboni{Enter}');

    const grid = await screen.findByTestId('results-grid');
    expect(await within(grid).findByText('Matching plot')).toBeInTheDocument();
    expect(screen.queryByTestId('carousel-Rent')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home?search=Kigamboni');
    const search = requestedUrls(fetchMock).find(
      (url) => url.searchParams.get('search') === 'Kigamboni',
    );
    // The results grid covers every type: no type filter is sent.
    expect(search?.searchParams.has('type')).toBe(false);
  });

  it.each([
    ['a type', '/home?type=Land'],
    ['a minimum price', '/home?minPrice=1000'],
    ['a maximum price', '/home?maxPrice=5000000'],
  ])('shows the grid instead of carousels when %s is in the URL', async (_label, url) => {
    homeServer();
    await renderApp(<CatalogueHome />, { url, path: '/home' });
    expect(screen.getByTestId('results-grid')).toBeInTheDocument();
    expect(screen.queryByTestId('carousel-Land')).not.toBeInTheDocument();
  });

  it('applies the type filter at once and sends it to the API', async () => {
    const user = userEvent.setup();
    const fetchMock = homeServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });
    await screen.findAllByTestId('property-card');
    const houseRequests = () =>
      requestedUrls(fetchMock).filter(
        (url) =>
          url.pathname === '/api/properties' && url.searchParams.get('type') === 'HouseForSale',
      );
    // The carousel asked once already.
    expect(houseRequests()).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('Property type'), 'House for Sale');

    expect(screen.getByTestId('location')).toHaveTextContent('/home?type=HouseForSale');
    const grid = await screen.findByTestId('results-grid');
    expect(await within(grid).findByText('House one')).toBeInTheDocument();
    expect(houseRequests()).toHaveLength(2);
  });

  it('offers All Types and the four types, in the product order', async () => {
    homeServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });
    const options = within(screen.getByLabelText('Property type')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All Types',
      'Land',
      'Rent',
      'House for Sale',
      'Apartment',
    ]);
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      '',
      'Land',
      'Rent',
      'HouseForSale',
      'Apartment',
    ]);
  });
});

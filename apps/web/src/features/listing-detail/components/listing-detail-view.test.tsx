import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useParams } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/properties';
import {
  makeApartment,
  makeHouseForSale,
  makeLand,
  makePhoto,
  makeRent,
  type TProperty,
} from '../../../testing/fixtures';
import {
  LocationProbe,
  jsonResponse,
  mockFetch,
  renderApp,
  requestedUrls,
} from '../../../testing/test-utils';
import { ListingDetailView } from './listing-detail-view';

function Detail({ type }: { type: TPropertyType }) {
  const { id = '' } = useParams();
  return <ListingDetailView type={type} id={id} />;
}

/** Mounts all four detail routes so a redirect to another type can land. */
const routes = [
  {
    path: '/lease/:id',
    element: (
      <>
        <Detail type="Rent" />
        <LocationProbe />
      </>
    ),
  },
  {
    path: '/land/:id',
    element: (
      <>
        <Detail type="Land" />
        <LocationProbe />
      </>
    ),
  },
  {
    path: '/apartment/:id',
    element: (
      <>
        <Detail type="Apartment" />
        <LocationProbe />
      </>
    ),
  },
  {
    path: '/house-for-sale/:id',
    element: (
      <>
        <Detail type="HouseForSale" />
        <LocationProbe />
      </>
    ),
  },
  { path: '*', element: <LocationProbe /> },
];

function serve(property: TProperty) {
  return mockFetch((url) =>
    url.pathname === `/api/properties/${property.id}`
      ? jsonResponse(property)
      : jsonResponse(
          { statusCode: 404, code: 'NOT_FOUND', message: 'Listing not found' },
          { status: 404 },
        ),
  );
}

function field(name: string) {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('ListingDetailView', () => {
  it('loads a lease by id from a deep link and shows every lease field', async () => {
    const property = makeRent({
      title: 'Nyumba ya kupanga Sinza',
      description: 'Vyumba viwili na sebule.',
      ownerName: 'Juma Hamisi',
      leaseTerm: 6,
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      price: 450_000,
      photos: [makePhoto('picha_nje', 'outside'), makePhoto('picha_chumba', 'room')],
    });
    const fetchMock = serve(property);
    await renderApp(null, { url: `/lease/${property.id}`, routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nyumba ya kupanga Sinza' }),
    ).toBeInTheDocument();
    expect(requestedUrls(fetchMock)[0]?.pathname).toBe(`/api/properties/${property.id}`);
    expect(screen.getByTestId('property-price')).toHaveTextContent('TZS 450,000 per month');
    expect(screen.getByText('Vyumba viwili na sebule.')).toBeInTheDocument();
    expect(field('Type')).toBe('Rent');
    expect(field('Address')).toBe(
      'House No. 12, Street Mikocheni A, Ward Mikocheni, District Kinondoni, Region Dar es Salaam',
    );
    expect(field('Bedrooms')).toBe('2');
    expect(field('Bathrooms')).toBe('1');
    expect(field('Lease term')).toBe('6 months');
    expect(field('Owner')).toBe('Juma Hamisi');

    // The gallery's main photo is the page's largest paint: eager and high priority.
    const gallery = screen.getByRole('region', { name: 'Photos' });
    const [main] = within(gallery).getAllByRole('img');
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    expect(within(gallery).getAllByRole('button')).toHaveLength(2);
  });

  it('shows the land fields', async () => {
    const property = makeLand({
      lotWidth: 20,
      lotLength: 30,
      lotStatus: 'Surveyed',
      distanceFromMainRoad: '200 m',
      isWaterServiceAvailable: true,
      isElectricityServiceAvailable: false,
    });
    serve(property);
    await renderApp(null, { url: `/land/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    expect(field('Lot width')).toBe('20 m');
    expect(field('Lot length')).toBe('30 m');
    expect(field('Lot status')).toBe('Surveyed');
    expect(field('Distance from main road')).toBe('200 m');
    expect(field('Water')).toBe('Available');
    expect(field('Electricity')).toBe('Not available');
  });

  it('shows the apartment price term in months', async () => {
    const property = makeApartment({ appartmentPriceTerm: '12', numberOfBedrooms: 3 });
    serve(property);
    await renderApp(null, { url: `/apartment/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    expect(field('Price term')).toBe('12 months');
    expect(field('Bedrooms')).toBe('3');
  });

  it("shows '--' for a house without floor area", async () => {
    const property = makeHouseForSale({ squareFootage: null });
    serve(property);
    await renderApp(null, { url: `/house-for-sale/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    expect(field('Floor area')).toBe('--');
    expect(field('Water')).toBe('Available');
  });

  it('shows the floor area when there is one', async () => {
    const property = makeHouseForSale({ squareFootage: 240 });
    serve(property);
    await renderApp(null, { url: `/house-for-sale/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    expect(field('Floor area')).toBe('240 m²');
  });

  it('redirects to the right type path when the id belongs to another type', async () => {
    const property = makeLand();
    serve(property);
    await renderApp(null, { url: `/lease/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1, name: property.title });
    expect(screen.getByTestId('location')).toHaveTextContent(`/land/${property.id}`);
  });

  it('shows not found for an unknown id', async () => {
    serve(makeRent());
    await renderApp(null, { url: `/lease/${crypto.randomUUID()}`, routes });
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
  });

  it('shows not found for an id that is not a listing id, without asking the API', async () => {
    const fetchMock = serve(makeRent());
    await renderApp(null, { url: '/lease/not-an-id', routes });
    expect(screen.getByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('paints from navigation state at once and still fetches by id', async () => {
    const property = makeRent({ title: 'From the card' });
    const fetchMock = mockFetch(() => jsonResponse({ ...property, title: 'From the server' }));
    await renderApp(null, { url: `/lease/${property.id}`, routes, state: { property } });
    expect(screen.getByRole('heading', { level: 1, name: 'From the card' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'From the server' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows the whole gallery once the listing by id answers, though the card carried only its cover', async () => {
    const cover = makePhoto('picha_mbele', 'front');
    const full = makeLand({ photos: [makePhoto('picha_nyuma', 'back'), cover] });
    // A list item carries only the cover photo; the media group still lists every picture.
    const fromCard = { ...full, photos: [cover] };
    serve(full);
    await renderApp(null, { url: `/land/${full.id}`, routes, state: { property: fromCard } });

    const gallery = screen.getByRole('region', { name: 'Photos' });
    expect(within(gallery).getAllByRole('img')).toHaveLength(1);
    expect(within(gallery).queryAllByRole('button')).toHaveLength(0);
    expect(await within(gallery).findAllByRole('button')).toHaveLength(2);
    expect(within(gallery).getAllByRole('img')[0]).toHaveAttribute('src', '/media/back-768.webp');
  });

  describe("the 'Promoted' badge", () => {
    const DAY = 24 * 60 * 60 * 1000;

    it('marks a listing whose promotion runs, next to its type', async () => {
      const property = makeRent({ promotionEndDate: new Date(Date.now() + DAY).toISOString() });
      serve(property);
      await renderApp(null, { url: `/lease/${property.id}`, routes });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByTestId('promoted-badge')).toHaveTextContent(/^Promoted$/);
    });

    it('says Imepandishwa in Swahili', async () => {
      const property = makeLand({ promotionEndDate: new Date(Date.now() + DAY).toISOString() });
      serve(property);
      await renderApp(null, { url: `/land/${property.id}`, routes, language: 'sw' });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByTestId('promoted-badge')).toHaveTextContent(/^Imepandishwa$/);
    });

    it.each([
      ['no promotion', null],
      ['a promotion that ended', new Date(Date.now() - DAY).toISOString()],
    ])('is absent for %s', async (_case, promotionEndDate) => {
      const property = makeApartment({ promotionEndDate });
      serve(property);
      await renderApp(null, { url: `/apartment/${property.id}`, routes });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByTestId('promoted-badge')).not.toBeInTheDocument();
      expect(screen.queryByText('Promoted')).not.toBeInTheDocument();
    });
  });
});

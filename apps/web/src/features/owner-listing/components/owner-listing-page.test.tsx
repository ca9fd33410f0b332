import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { PROPERTY_TYPE_SLUGS, PROPERTY_TYPES } from '@makazi/contracts/property-values';
import {
  USER_SUB,
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  signIn,
} from '../../../testing/account';
import {
  makeApartment,
  makeHouseForSale,
  makeLand,
  makePhoto,
  makeRent,
  type TProperty,
} from '../../../testing/fixtures';
import { LocationProbe, jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { OwnerListingPage } from './owner-listing-page';

const ME = { id: USER_SUB, firstName: 'Amina', lastName: 'Juma' };
const SOMEONE = { id: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f', firstName: 'Juma', lastName: 'Ali' };

function Page({ type }: { type: (typeof PROPERTY_TYPES)[number] }) {
  const { id = '' } = useParams();
  return <OwnerListingPage type={type} id={id} />;
}

const routes: RouteObject[] = [
  ...PROPERTY_TYPES.map((type) => ({
    path: `/user/${PROPERTY_TYPE_SLUGS[type]}/:id`,
    element: (
      <>
        <Page type={type} />
        <LocationProbe />
      </>
    ),
  })),
  { path: '*', element: <LocationProbe /> },
];

/** The owner's view of a listing: what GET /api/properties/{id} answers the owner. */
function mine(property: TProperty, owner: Partial<TViewerProperty> = {}): TViewerProperty {
  return {
    ...property,
    publishedBy: ME,
    ownerPhoneNumber: '0712345678',
    rejectionReason: null,
    missingPictureLabels: [],
    ...owner,
  } as TViewerProperty;
}

function serve(property: TViewerProperty) {
  return mockFetch((url) =>
    url.pathname === `/api/properties/${property.id}`
      ? jsonResponse(property)
      : apiErrorResponse(404, 'NOT_FOUND', 'Listing not found'),
  );
}

function field(name: string) {
  return screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
}

function photos(count: number) {
  const labels = [
    'picha_mbele',
    'picha_nyuma',
    'picha_kulia',
    'picha_kushoto',
    'picha_sebule',
    'picha_jiko',
    'picha_choo',
    'picha_chumba',
  ] as const;
  return labels.slice(0, count).map((label) => makePhoto(label));
}

beforeEach(() => {
  signIn();
});

describe('owner detail pages', () => {
  it('loads the listing by id with the token and shows every lease field and its status', async () => {
    const property = mine(
      makeRent({
        title: 'Nyumba Sinza',
        description: 'Vyumba viwili na sebule.',
        ownerName: 'Amina Juma',
        price: 450_000,
        leaseTerm: 6,
        numberOfBedrooms: 2,
        numberOfBathrooms: 1,
        status: 'pending',
      }),
    );
    const fetchMock = serve(property);
    await renderApp(null, { url: `/user/lease/${property.id}`, routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nyumba Sinza' }),
    ).toBeInTheDocument();
    const requests = requestsTo(fetchMock, `/api/properties/${property.id}`);
    expect(requests).toHaveLength(1);
    expect(sentAuthorization(requests[0])).toBe('Bearer access-token-1');

    const page = screen.getByTestId('owner-listing');
    expect(within(page).getByText('Rent', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByTestId('property-price')).toHaveTextContent('TZS 450,000 per month');
    expect(screen.getByTestId('property-address')).toHaveTextContent(
      'House No. 12, Street Mikocheni A, Ward Mikocheni, District Kinondoni, Region Dar es Salaam',
    );
    expect(field('Type')).toBe('Rent');
    expect(field('Bedrooms')).toBe('2');
    expect(field('Bathrooms')).toBe('1');
    expect(field('Lease term')).toBe('6 months');
    expect(field('Owner')).toBe('Amina Juma');
    expect(screen.getByText('Vyumba viwili na sebule.')).toBeInTheDocument();
    expect(screen.getByTestId('listing-status')).toHaveTextContent('Awaiting review');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/posts');
  });

  it('shows every land field', async () => {
    const property = mine(
      makeLand({
        lotWidth: 20,
        lotLength: 30,
        lotStatus: 'Surveyed',
        distanceFromMainRoad: '200 m',
        isWaterServiceAvailable: true,
        isElectricityServiceAvailable: false,
        price: 25_000_000,
      }),
    );
    serve(property);
    await renderApp(null, { url: `/user/land/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    expect(field('Type')).toBe('Land');
    expect(field('Lot width')).toBe('20 m');
    expect(field('Lot length')).toBe('30 m');
    expect(field('Lot status')).toBe('Surveyed');
    expect(field('Distance from main road')).toBe('200 m');
    expect(field('Water')).toBe('Available');
    expect(field('Electricity')).toBe('Not available');
    expect(screen.getByTestId('property-price')).toHaveTextContent(/^TZS 25,000,000$/);
    expect(screen.getByTestId('listing-status')).toHaveTextContent('Published');
  });

  it('shows every apartment field', async () => {
    const property = mine(makeApartment({ appartmentPriceTerm: '12', numberOfBedrooms: 3 }));
    serve(property);
    await renderApp(null, { url: `/user/apartment/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    expect(field('Type')).toBe('Apartment');
    expect(field('Bedrooms')).toBe('3');
    expect(field('Price term')).toBe('12 months');
  });

  it('shows every house-for-sale field', async () => {
    const property = mine(makeHouseForSale({ squareFootage: 240, distanceFromMainRoad: '1 km' }));
    serve(property);
    await renderApp(null, { url: `/user/house-for-sale/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    expect(field('Type')).toBe('House for Sale');
    expect(field('Floor area')).toBe('240 m²');
    expect(field('Bedrooms')).toBe('4');
    expect(field('Distance from main road')).toBe('1 km');
    expect(field('Electricity')).toBe('Available');
  });

  it("shows a draft's missing photos and a rejection's reason to the owner", async () => {
    const draft = mine(makeLand({ status: 'draft' }), { missingPictureLabels: ['picha_kushoto'] });
    serve(draft);
    const { unmount } = await renderApp(null, { url: `/user/land/${draft.id}`, routes });
    const status = await screen.findByTestId('listing-status');
    expect(status).toHaveTextContent('Draft — add photos');
    expect(status).toHaveTextContent('Missing photos: Left side');
    unmount();

    const rejected = mine(makeRent({ status: 'rejected' }), { rejectionReason: 'Wrong price.' });
    serve(rejected);
    await renderApp(null, { url: `/user/lease/${rejected.id}`, routes });
    const rejectedStatus = await screen.findByTestId('listing-status');
    expect(rejectedStatus).toHaveTextContent('Not approved');
    expect(rejectedStatus).toHaveTextContent('Reason: Wrong price.');
  });

  it.each([
    ['0712345678', '0712345678'],
    ['+255712345678', '+255712345678'],
  ])(
    'toggles the contacts of %s: Call is tel:+255…, Chat is wa.me/255… with digits only',
    async (_case, phone) => {
      const property = mine(makeRent({ title: 'Nyumba Sinza' }), { ownerPhoneNumber: phone });
      serve(property);
      await renderApp(null, { url: `/user/lease/${property.id}`, routes });
      const view = await screen.findByRole('button', { name: 'View Contacts' });
      expect(view).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();

      await userEvent.click(view);
      const hide = screen.getByRole('button', { name: 'Hide Contacts' });
      expect(hide).toHaveAttribute('aria-expanded', 'true');
      const contacts = screen.getByTestId('owner-contacts');
      expect(contacts).toHaveTextContent('+255 712 345 678');
      expect(within(contacts).getByRole('link', { name: 'Call' })).toHaveAttribute(
        'href',
        'tel:+255712345678',
      );
      const chat = within(contacts).getByRole('link', { name: 'Chat' });
      expect(chat).toHaveAttribute(
        'href',
        `https://wa.me/255712345678?text=${encodeURIComponent(
          'Hello, I am interested in your listing on Makazi: Nyumba Sinza',
        )}`,
      );
      expect(chat).toHaveAttribute('target', '_blank');
      expect(chat).toHaveAttribute('rel', 'noopener noreferrer');

      await userEvent.click(hide);
      expect(screen.getByRole('button', { name: 'View Contacts' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
    },
  );

  it('shows no contacts toggle and no status to someone who is not the owner', async () => {
    // An approved listing as anyone else gets it: no owner fields.
    const {
      ownerPhoneNumber: _p,
      rejectionReason: _r,
      missingPictureLabels: _m,
      ...publicView
    } = mine(makeLand({ title: 'Not mine' }));
    const property = { ...publicView, publishedBy: SOMEONE };
    serve(property);
    await renderApp(null, { url: `/user/land/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1, name: 'Not mine' });
    expect(screen.queryByRole('button', { name: 'View Contacts' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('listing-status')).not.toBeInTheDocument();
  });

  it("has 'View More Pictures' on a house for sale, showing every photo", async () => {
    const property = mine(makeHouseForSale({ title: 'Nyumba Mbezi', photos: photos(8) }));
    serve(property);
    await renderApp(null, { url: `/user/house-for-sale/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });

    const gallery = screen.getByRole('region', { name: 'Photos' });
    const side = within(gallery).getByRole('list', { name: 'More photos' });
    expect(within(side).getAllByRole('button')).toHaveLength(5);
    expect(within(gallery).queryByRole('list', { name: 'All pictures' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View More Pictures' }));
    const all = within(gallery).getByRole('list', { name: 'All pictures' });
    expect(within(all).getAllByRole('img')).toHaveLength(8);
    expect(within(all).getByText('Toilet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View Previous Picture' }));
    expect(within(gallery).queryByRole('list', { name: 'All pictures' })).not.toBeInTheDocument();
    expect(within(gallery).getByRole('list', { name: 'More photos' })).toBeInTheDocument();
  });

  it.each([
    ['land', makeLand],
    ['lease', makeRent],
    ['apartment', makeApartment],
  ] as const)(
    'has no View More Pictures on %s, which shows every photo at the side',
    async (slug, make) => {
      const property = mine(make({ photos: photos(8) }));
      serve(property);
      await renderApp(null, { url: `/user/${slug}/${property.id}`, routes });
      await screen.findByRole('heading', { level: 1 });
      const side = screen.getByRole('list', { name: 'More photos' });
      expect(within(side).getAllByRole('button')).toHaveLength(8);
      expect(screen.queryByRole('button', { name: 'View More Pictures' })).not.toBeInTheDocument();
    },
  );

  it('shows the front photo as the main picture, and a side picture when chosen', async () => {
    const [front, back] = [makePhoto('picha_mbele', 'front'), makePhoto('picha_nyuma', 'back')];
    const property = mine(makeLand({ title: 'Kiwanja', photos: [back, front] }));
    serve(property);
    await renderApp(null, { url: `/user/land/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1 });
    const main = () => screen.getAllByRole('img', { name: /of Kiwanja$/ })[0];
    expect(main()).toHaveAttribute('src', '/media/front-768.webp');
    expect(main()).toHaveAttribute('alt', 'Front of Kiwanja');

    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2: Back' }));
    expect(main()).toHaveAttribute('src', '/media/back-768.webp');
    expect(screen.getByRole('button', { name: 'Show photo 2: Back' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows not found when the API has no such listing for this user', async () => {
    serve(makeRent());
    await renderApp(null, { url: `/user/lease/${crypto.randomUUID()}`, routes });
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your posts' })).toHaveAttribute(
      'href',
      '/posts',
    );
  });

  it('shows not found for an unpublished listing of someone else (403)', async () => {
    mockFetch(() => apiErrorResponse(403, 'FORBIDDEN'));
    await renderApp(null, { url: `/user/lease/${crypto.randomUUID()}`, routes });
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
  });

  it('shows not found for an id that is not a listing id, without asking the API', async () => {
    const fetchMock = serve(makeRent());
    await renderApp(null, { url: '/user/lease/not-an-id', routes });
    expect(screen.getByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers a retry when loading fails for another reason', async () => {
    const property = mine(makeRent({ title: 'Back again' }));
    let fail = true;
    mockFetch(() => (fail ? apiErrorResponse(500, 'INTERNAL') : jsonResponse(property)));
    await renderApp(null, { url: `/user/lease/${property.id}`, routes });
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back again' }),
    ).toBeInTheDocument();
  });

  it('sends an id of another type to the page of its type', async () => {
    const property = mine(makeLand());
    serve(property);
    await renderApp(null, { url: `/user/lease/${property.id}`, routes });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(`/user/land/${property.id}`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: property.title }),
    ).toBeInTheDocument();
  });

  it('paints from the listing /posts passed at once and still loads it by id', async () => {
    const property = mine(makeRent({ title: 'From the card' }));
    const fetchMock = mockFetch(() => jsonResponse({ ...property, title: 'From the server' }));
    await renderApp(null, { url: `/user/lease/${property.id}`, routes, state: { property } });
    expect(screen.getByRole('heading', { level: 1, name: 'From the card' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'From the server' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiErrorResponse, authorizationsTo, ownView, signIn } from '../../../testing/account';
import { makeLand, makePhoto, makeRent } from '../../../testing/fixtures';
import {
  itLoadsTheListingOfItsUrl,
  listingPageRoutes,
  serveListing,
  type ListingPage,
} from '../../../testing/listing-page';
import { mockFetch, renderApp } from '../../../testing/test-utils';
import { OwnerListingPage } from './owner-listing-page';

const SOMEONE = { id: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f', firstName: 'Juma', lastName: 'Ali' };

const page: ListingPage = {
  path: (slug, id) => `/user/${slug}/${id}`,
  render: (type, id) => <OwnerListingPage type={type} id={id} />,
  answer: (property) => ownView(property),
  notFoundLink: { name: 'Go to your posts', href: '/posts' },
};
const routes = listingPageRoutes(page);

function field(name: string) {
  return screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
}

beforeEach(() => {
  signIn();
});

describe('owner detail pages', () => {
  itLoadsTheListingOfItsUrl(page);

  it('loads the listing by id with the token and shows every lease field and its status', async () => {
    const property = ownView(
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
    const fetchMock = serveListing(property);
    await renderApp(null, { url: `/user/lease/${property.id}`, routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nyumba Sinza' }),
    ).toBeInTheDocument();
    expect(authorizationsTo(fetchMock, `/api/properties/${property.id}`)).toEqual([
      'Bearer access-token-1',
    ]);

    const article = screen.getByTestId('owner-listing');
    expect(within(article).getByText('Rent', { selector: 'span' })).toBeInTheDocument();
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

  it("shows a draft's missing photos and a rejection's reason to the owner", async () => {
    const draft = ownView(makeLand({ status: 'draft' }), {
      missingPictureLabels: ['picha_kushoto'],
    });
    serveListing(draft);
    const { unmount } = await renderApp(null, { url: `/user/land/${draft.id}`, routes });
    const status = await screen.findByTestId('listing-status');
    expect(status).toHaveTextContent('Draft — add photos');
    expect(status).toHaveTextContent('Missing photos: Left side');
    unmount();

    const rejected = ownView(makeRent({ status: 'rejected' }), { rejectionReason: 'Wrong price.' });
    serveListing(rejected);
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
      const property = ownView(makeRent({ title: 'Nyumba Sinza' }), { ownerPhoneNumber: phone });
      serveListing(property);
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
    } = ownView(makeLand({ title: 'Not mine' }));
    const property = { ...publicView, publishedBy: SOMEONE };
    serveListing(property);
    await renderApp(null, { url: `/user/land/${property.id}`, routes });
    await screen.findByRole('heading', { level: 1, name: 'Not mine' });
    expect(screen.queryByRole('button', { name: 'View Contacts' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('listing-status')).not.toBeInTheDocument();
  });

  it('shows the front photo as the main picture, and a side picture when chosen', async () => {
    const [front, back] = [makePhoto('picha_mbele', 'front'), makePhoto('picha_nyuma', 'back')];
    const property = ownView(makeLand({ title: 'Kiwanja', photos: [back, front] }));
    serveListing(property);
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

  it('shows not found for an unpublished listing of someone else (403)', async () => {
    mockFetch(() => apiErrorResponse(403, 'FORBIDDEN'));
    await renderApp(null, { url: `/user/lease/${crypto.randomUUID()}`, routes });
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { showToast } from '../../../lib/toast';
import {
  USER_SUB,
  apiErrorResponse,
  authorizationsTo,
  ownView,
  signIn,
} from '../../../testing/account';
import { makeLand, makePendingChange, makePhoto, makeRent } from '../../../testing/fixtures';
import {
  itLoadsTheListingOfItsUrl,
  listingPageRoutes,
  serveListing,
  type ListingPage,
} from '../../../testing/listing-page';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { OwnerListingPage } from './owner-listing-page';

// Toasts are checked as calls: which words, of which kind.
vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

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
  vi.mocked(showToast).mockClear();
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

describe('an approved listing with changes awaiting review', () => {
  const [outside, room, sitting, kitchen, toilet] = [
    makePhoto('picha_nje', 'outside'),
    makePhoto('picha_chumba', 'room'),
    makePhoto('picha_sebule', 'sitting'),
    makePhoto('picha_jiko', 'kitchen'),
    makePhoto('picha_choo', 'toilet'),
  ];
  const newKitchen = makePhoto('picha_jiko', 'new-kitchen');

  /** A live lease at TZS 450,000 whose edit raises the price, adds a bedroom and swaps the kitchen. */
  function editedListing(overrides: Parameters<typeof makePendingChange>[2] = {}) {
    const live = ownView(
      makeRent({
        title: 'Nyumba Sinza',
        price: 450_000,
        leasePrice: 450_000,
        numberOfBedrooms: 2,
        photos: [outside, room, sitting, kitchen, toilet],
      }),
    );
    return {
      ...live,
      pendingChange: makePendingChange(
        live,
        {
          price: 500_000,
          leasePrice: 500_000,
          numberOfBedrooms: 3,
          photos: [outside, room, sitting, newKitchen, toilet],
        },
        overrides,
      ),
    } as TViewerProperty;
  }

  /** GET answers `listing`; DELETE …/pending-change drops its change (or fails with `status`). */
  function serveEdited(listing: TViewerProperty, { deleteStatus }: { deleteStatus?: number } = {}) {
    let current = listing;
    return mockFetch((url, init) => {
      const method = init?.method ?? 'GET';
      if (url.pathname === `/api/properties/${listing.id}` && method === 'GET') {
        return jsonResponse(current);
      }
      if (url.pathname === `/api/properties/${listing.id}/pending-change` && method === 'DELETE') {
        if (deleteStatus) return apiErrorResponse(deleteStatus, 'INTERNAL');
        current = { ...current, pendingChange: null };
        return jsonResponse(current);
      }
      return apiErrorResponse(404, 'NOT_FOUND');
    });
  }

  function row(version: HTMLElement, label: string) {
    const term = within(version).getByText(label, { selector: 'dt' });
    return term.nextElementSibling as HTMLElement;
  }

  it('shows the live version and the changes under their own headings, the changed fields tagged', async () => {
    const listing = editedListing();
    serveEdited(listing);
    await renderApp(null, { url: `/user/lease/${listing.id}`, routes });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nyumba Sinza' }),
    ).toBeInTheDocument();
    const live = screen.getByRole('region', { name: 'Live version' });
    const changes = screen.getByRole('region', { name: 'Changes awaiting review' });
    expect(live).toHaveTextContent('This is what visitors see on Makazi now.');

    // What the public sees now: the live price, published, with the changes' state beside it.
    expect(within(live).getByTestId('property-price')).toHaveTextContent('TZS 450,000 per month');
    expect(row(live, 'Bedrooms')).toHaveTextContent(/^2$/);
    expect(within(live).getByTestId('listing-status')).toHaveTextContent('Published');
    expect(within(live).getByTestId('pending-change-status')).toHaveTextContent(
      'Changes awaiting review',
    );
    expect(within(live).queryByText('Changed')).not.toBeInTheDocument();

    // The changes: the proposed version, each changed field tagged in words.
    expect(changes).toHaveTextContent(
      'Once an admin approves these changes, they replace the live version.',
    );
    expect(changes).toHaveTextContent('Changed: Price, Bedrooms, Photos');
    expect(within(changes).getByTestId('property-price')).toHaveTextContent(
      'TZS 500,000 per month',
    );
    expect(within(changes).getByTestId('property-price').nextElementSibling).toHaveTextContent(
      'Changed',
    );
    expect(row(changes, 'Bedrooms')).toHaveTextContent(/^3 Changed$/);
    expect(row(changes, 'Bathrooms')).toHaveTextContent(/^2$/);
    const photoChanges = within(changes).getByTestId('photo-changes');
    expect(photoChanges).toHaveTextContent('Changed');
    expect(photoChanges).toHaveTextContent('New photos: Kitchen');
    expect(photoChanges).toHaveTextContent('Removed photos: Kitchen');
    const gallery = within(changes).getByRole('region', { name: 'Photos of the changes' });
    // The changes' gallery has the new kitchen photo in place of the live one.
    const kitchenThumbnail = within(gallery).getByRole('button', { name: 'Show photo 4: Kitchen' });
    expect(kitchenThumbnail.querySelector('img')).toHaveAttribute(
      'src',
      '/media/new-kitchen-768.webp',
    );
    expect(within(changes).getByRole('link', { name: 'Edit changes' })).toHaveAttribute(
      'href',
      `/post?edit=${listing.id}`,
    );
  });

  it("gives a rejection's reason and says the live version stays up", async () => {
    const listing = editedListing({ status: 'rejected', rejectionReason: 'The price is wrong.' });
    serveEdited(listing);
    await renderApp(null, { url: `/user/lease/${listing.id}`, routes });

    const changes = await screen.findByRole('region', { name: 'Changes not approved' });
    expect(changes).toHaveTextContent('Reason: The price is wrong.');
    expect(changes).toHaveTextContent('Your listing stays on Makazi as it is now.');
    expect(
      within(screen.getByRole('region', { name: 'Live version' })).getByTestId(
        'pending-change-status',
      ),
    ).toHaveTextContent('Changes not approved: The price is wrong.');
  });

  it('discards the changes after asking: DELETE with the token, then only the live version', async () => {
    const listing = editedListing();
    const fetchMock = serveEdited(listing);
    const user = userEvent.setup();
    const { queryClient } = await renderApp(null, { url: `/user/lease/${listing.id}`, routes });
    await screen.findByRole('region', { name: 'Changes awaiting review' });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const discardPath = `/api/properties/${listing.id}/pending-change`;

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveTextContent(
      'Your changes to “Nyumba Sinza” will be deleted. The live version stays on Makazi as it is.',
    );
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(authorizationsTo(fetchMock, discardPath, 'DELETE')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Discard changes' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );

    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Changes awaiting review' }),
      ).not.toBeInTheDocument(),
    );
    expect(authorizationsTo(fetchMock, discardPath, 'DELETE')).toEqual(['Bearer access-token-1']);
    expect(screen.queryByRole('region', { name: 'Live version' })).not.toBeInTheDocument();
    expect(screen.getByTestId('property-price')).toHaveTextContent('TZS 450,000 per month');
    expect(screen.getByRole('heading', { level: 1, name: 'Nyumba Sinza' })).toHaveFocus();
    expect(vi.mocked(showToast).mock.calls).toEqual([['Changes discarded.', 'success']]);
    // The owner's lists (/posts, this page) and the wizard's copy are asked for again.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['account', USER_SUB] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['properties'] });
  });

  it('keeps the changes and says so when discarding fails', async () => {
    const listing = editedListing();
    serveEdited(listing, { deleteStatus: 500 });
    const user = userEvent.setup();
    await renderApp(null, { url: `/user/lease/${listing.id}`, routes });
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard changes' }),
    );

    await waitFor(() =>
      expect(vi.mocked(showToast).mock.calls).toEqual([
        ['The changes could not be discarded. Try again.', 'error'],
      ]),
    );
    expect(screen.getByRole('region', { name: 'Changes awaiting review' })).toBeInTheDocument();
  });

  it('heads both versions in Swahili', async () => {
    const listing = editedListing();
    serveEdited(listing);
    await renderApp(null, { url: `/user/lease/${listing.id}`, routes, language: 'sw' });

    const live = await screen.findByRole('region', { name: 'Toleo linaloonekana sasa' });
    expect(within(live).getByTestId('pending-change-status')).toHaveTextContent(
      'Mabadiliko yanasubiri ukaguzi',
    );
    const changes = screen.getByRole('region', { name: 'Mabadiliko yanasubiri ukaguzi' });
    expect(changes).toHaveTextContent('Yaliyobadilishwa: Bei, Vyumba vya kulala, Picha');
    expect(row(changes, 'Vyumba vya kulala')).toHaveTextContent(/^3 Imebadilishwa$/);
    expect(within(changes).getByRole('button', { name: 'Futa mabadiliko' })).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAdminPropertyDetail } from '@makazi/contracts/admin';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { address, makeLand, makePhoto, makeRent } from '../../../testing/fixtures';
import { jsonResponse } from '../../../testing/test-utils';
import {
  adminError,
  bodyOf,
  callsTo,
  currentPath,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
});

const publisher = {
  id: '00000000-0000-4000-8000-000000000999',
  name: 'Juma Hassan',
  phoneNumber: '+255754000111',
};

function serveListing(
  property: TViewerProperty,
  duplicatePhotos: TAdminPropertyDetail['duplicatePhotos'] = [],
) {
  let current = property;
  return serveAdmin({
    [`GET /api/admin/properties/${property.id}`]: () =>
      jsonResponse({ property: current, publisher, duplicatePhotos }),
    'POST /api/admin/properties/*': (url, init) => {
      const approved = url.pathname.endsWith('/approve');
      const reason = approved ? null : (bodyOf(init) as { reason: string }).reason;
      current = { ...current, status: approved ? 'approved' : 'rejected', rejectionReason: reason };
      return jsonResponse({
        id: current.id,
        status: current.status,
        rejectionReason: reason,
        pendingChange: null,
      });
    },
  });
}

/** A pending plot with the trust fields listings carry since issue 20. */
function pendingLand(): TViewerProperty {
  return {
    ...makeLand({
      status: 'pending',
      confirmedAt: '2026-01-01T00:00:00.000Z',
      contactVerified: false,
    }),
    rejectionReason: null,
  };
}

describe('/admin/{type}/{id}', () => {
  it("shows the listing's photos, details, publisher and status, and approves it", async () => {
    const property: TViewerProperty = {
      ...makeLand({
        status: 'pending',
        photos: [makePhoto('picha_mbele', 'front'), makePhoto('picha_nyuma', 'back')],
      }),
      ownerPhoneNumber: '+255712345678',
      rejectionReason: null,
    };
    const fetchMock = serveListing(property);
    const user = userEvent.setup();
    await renderAdmin(`/admin/land/${property.id}`);
    expect(await screen.findByRole('heading', { name: 'Kiwanja Kigamboni' })).toBeVisible();
    const photos = screen.getAllByRole('img', { name: /^Photo \d of Kiwanja Kigamboni$/ });
    expect(photos.map((photo) => photo.getAttribute('src'))).toEqual([
      '/media/front-768.webp',
      '/media/back-768.webp',
    ]);
    const details = screen.getByRole('region', { name: 'Details' });
    expect(details).toHaveTextContent('TZS 25,000,000');
    expect(details).toHaveTextContent('20 × 30');
    expect(details).toHaveTextContent('Surveyed');
    expect(details).toHaveTextContent('+255712345678');
    const owner = screen.getByRole('region', { name: 'Publisher' });
    expect(owner).toHaveTextContent('Juma Hassan');
    expect(within(owner).getByRole('link', { name: '+255754000111' })).toHaveAttribute(
      'href',
      'tel:+255754000111',
    );
    expect(owner).toHaveTextContent('Awaiting review');

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: Kiwanja Kigamboni')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/admin/properties/${property.id}/approve`)).toHaveLength(
      1,
    );
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Publisher' })).toHaveTextContent('Approved'),
    );
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows the photos in the wizard’s order with their slots, whatever order they were stored in', async () => {
    const property: TViewerProperty = {
      ...makeRent({
        status: 'pending',
        photos: [
          makePhoto('picha_chumba', 'room'),
          makePhoto('picha_choo', 'toilet'),
          makePhoto('picha_nje', 'outside'),
        ],
      }),
      ownerPhoneNumber: '+255712345678',
      rejectionReason: null,
    };
    serveListing(property);
    await renderAdmin(`/admin/lease/${property.id}`, { language: 'sw' });
    await screen.findAllByTestId('photo-label');
    expect(screen.getAllByTestId('photo-label').map((label) => label.textContent)).toEqual([
      'Nje',
      'Chumba',
      'Choo',
    ]);
    expect(
      screen
        .getAllByRole('img')
        .filter((img) => img.getAttribute('src')?.startsWith('/media/'))
        .map((img) => img.getAttribute('src')),
    ).toEqual(['/media/outside-768.webp', '/media/room-768.webp', '/media/toilet-768.webp']);
  });

  it('shows the media pictures when the listing has no photos, and the rejection reason', async () => {
    const property: TViewerProperty = {
      ...makeLand({
        status: 'rejected',
        media: [{ name: '{"picha_mbele"}', pictures: ['/media/old-front.jpg'] }],
      }),
      rejectionReason: 'Blurry photos',
    };
    serveListing(property);
    await renderAdmin(`/admin/land/${property.id}`);
    expect(
      await screen.findByRole('img', { name: 'Photo 1 of Kiwanja Kigamboni' }),
    ).toHaveAttribute('src', '/media/old-front.jpg');
    expect(screen.getAllByText('Blurry photos').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Disapprove' })).not.toBeInTheDocument();
  });

  it('disapproves with a reason from the detail page', async () => {
    const property: TViewerProperty = { ...makeLand({ status: 'pending' }), rejectionReason: null };
    const fetchMock = serveListing(property);
    const user = userEvent.setup();
    await renderAdmin(`/admin/land/${property.id}`);
    await user.click(await screen.findByRole('button', { name: 'Disapprove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disapprove this listing?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Wrong region');
    await user.click(within(dialog).getByRole('button', { name: 'Disapprove' }));
    expect(await screen.findByText('Not approved: Kiwanja Kigamboni')).toBeInTheDocument();
    const calls = callsTo(fetchMock, 'POST', `/api/admin/properties/${property.id}/disapprove`);
    expect(bodyOf(calls[0]?.init)).toEqual({ reason: 'Wrong region' });
    expect(await screen.findByRole('region', { name: 'Publisher' })).toHaveTextContent(
      'Wrong region',
    );
  });

  it('warns of possible duplicate photos with both pictures, the publisher and a link', async () => {
    const property = pendingLand();
    const copy = {
      propertyId: '00000000-0000-4000-8000-000000000701',
      type: 'HouseForSale' as const,
      title: 'Nyumba Mbezi Beach',
      status: 'approved' as const,
      publisher: {
        id: '00000000-0000-4000-8000-000000000801',
        name: 'Neema Said',
        phoneNumber: '+255754000222',
      },
      distance: 4,
      photoUrl: '/media/mine-320.webp',
      otherPhotoUrl: '/media/theirs-320.webp',
    };
    serveListing(property, [
      copy,
      {
        ...copy,
        propertyId: '00000000-0000-4000-8000-000000000702',
        title: 'Exact copy',
        status: 'rejected',
        distance: 0,
      },
    ]);
    await renderAdmin(`/admin/land/${property.id}`);
    const alert = await screen.findByTestId('duplicate-photos');
    expect(alert).toHaveTextContent('Possible duplicate photos');
    const items = within(alert).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Published by Neema Said');
    expect(items[0]).toHaveTextContent('Nearly the same picture: 4 of 64 bits differ');
    expect(items[0]).toHaveTextContent('Approved');
    expect(within(items[0]!).getByRole('link', { name: 'Nyumba Mbezi Beach' })).toHaveAttribute(
      'href',
      `/admin/house-for-sale/${copy.propertyId}`,
    );
    expect(within(items[0]!).getByRole('img', { name: 'Photo on this listing' })).toHaveAttribute(
      'src',
      '/media/mine-320.webp',
    );
    expect(
      within(items[0]!).getByRole('img', { name: 'The photo on Nyumba Mbezi Beach' }),
    ).toHaveAttribute('src', '/media/theirs-320.webp');
    expect(items[1]).toHaveTextContent('The same picture');
  });

  it('shows no duplicate warning for a listing without one', async () => {
    const property = pendingLand();
    serveListing(property);
    await renderAdmin(`/admin/land/${property.id}`);
    expect(await screen.findByRole('heading', { name: 'Kiwanja Kigamboni' })).toBeVisible();
    expect(screen.queryByTestId('duplicate-photos')).not.toBeInTheDocument();
  });

  it('puts a link with the wrong type segment right', async () => {
    const property: TViewerProperty = { ...makeLand({ status: 'pending' }), rejectionReason: null };
    serveListing(property);
    const { router } = await renderAdmin(`/admin/lease/${property.id}`);
    expect(await screen.findByRole('heading', { name: 'Kiwanja Kigamboni' })).toBeVisible();
    expect(currentPath(router)).toBe(`/admin/land/${property.id}`);
  });

  it('says so when the listing does not exist', async () => {
    serveAdmin({
      'GET /api/admin/properties/*': () => adminError(404, 'NOT_FOUND', 'Listing not found'),
    });
    await renderAdmin('/admin/lease/00000000-0000-4000-8000-000000000123');
    expect(
      await screen.findByText('This listing does not exist or was deleted.'),
    ).toBeInTheDocument();
  });
});

describe('/admin/{type}/{id} in the reader’s language', () => {
  /** The English words of an address, none of which may reach a Swahili screen. */
  const ENGLISH_ADDRESS_WORDS = /\b(Apartment|House No|Plot No|Street|Ward|District|Region)\b/;

  it.each([
    {
      language: 'en',
      label: 'Address',
      text: 'Plot No. 7, Street Mikocheni A, Ward Mikocheni, District Kinondoni, Region Dar es Salaam',
    },
    {
      language: 'sw',
      label: 'Anwani',
      text: 'Kiwanja Na. 7, Mtaa Mikocheni A, Kata Mikocheni, Wilaya Kinondoni, Mkoa Dar es Salaam',
    },
  ] as const)(
    '$language: writes the address as the public pages do',
    async ({ language, label, text }) => {
      const property: TViewerProperty = {
        ...makeLand({ status: 'pending' }),
        propertyAddress: { ...address, houseNumber: null, plotNumber: '7' },
        rejectionReason: null,
      };
      serveListing(property);
      await renderAdmin(`/admin/land/${property.id}`, { language });
      expect(await screen.findByRole('heading', { name: 'Kiwanja Kigamboni' })).toBeVisible();
      const term = screen.getByText(label, { selector: 'dt' });
      expect(term.nextElementSibling).toHaveTextContent(text);
      if (language === 'sw') expect(document.body.textContent).not.toMatch(ENGLISH_ADDRESS_WORDS);
    },
  );
});

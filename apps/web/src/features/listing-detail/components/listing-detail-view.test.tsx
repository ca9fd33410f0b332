import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeApartment, makeLand, makePhoto, makeRent } from '../../../testing/fixtures';
import {
  itLoadsTheListingOfItsUrl,
  listingPageRoutes,
  serveListing,
  type ListingPage,
} from '../../../testing/listing-page';
import { renderApp, requestedUrls } from '../../../testing/test-utils';
import { ListingDetailView } from './listing-detail-view';

const page: ListingPage = {
  path: (slug, id) => `/${slug}/${id}`,
  render: (type, id) => <ListingDetailView type={type} id={id} />,
  answer: (property) => property,
  notFoundLink: { name: 'Browse listings', href: '/lease' },
};
const routes = listingPageRoutes(page);

function field(name: string) {
  const term = screen.getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

describe('ListingDetailView', () => {
  itLoadsTheListingOfItsUrl(page);

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
    const fetchMock = serveListing(property);
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

  it('shows the whole gallery once the listing by id answers, though the card carried only its cover', async () => {
    const cover = makePhoto('picha_mbele', 'front');
    const full = makeLand({ photos: [makePhoto('picha_nyuma', 'back'), cover] });
    // A list item carries only the cover photo; the media group still lists every picture.
    const fromCard = { ...full, photos: [cover] };
    serveListing(full);
    await renderApp(null, { url: `/land/${full.id}`, routes, state: { property: fromCard } });

    const gallery = screen.getByRole('region', { name: 'Photos' });
    expect(within(gallery).getAllByRole('img')).toHaveLength(1);
    expect(within(gallery).queryAllByRole('button')).toHaveLength(0);
    expect(await within(gallery).findAllByRole('button')).toHaveLength(2);
    expect(within(gallery).getAllByRole('img')[0]).toHaveAttribute('src', '/media/back-768.webp');
  });

  it('says when the owner last confirmed it and that the contact number is verified, in both languages', async () => {
    const day = 24 * 60 * 60 * 1000;
    const property = makeRent({
      confirmedAt: new Date(Date.now() - 4 * day - 60_000).toISOString(),
      contactVerified: true,
    });
    serveListing(property);
    const { unmount } = await renderApp(null, { url: `/lease/${property.id}`, routes });
    const freshness = await screen.findByTestId('listing-freshness');
    expect(within(freshness).getByTestId('confirmed-ago')).toHaveTextContent(
      /^Confirmed 4 days ago$/,
    );
    expect(within(freshness).getByTestId('verified-phone')).toHaveTextContent(/^Verified phone$/);
    unmount();

    serveListing({ ...property, contactVerified: false });
    await renderApp(null, { url: `/lease/${property.id}`, routes, language: 'sw' });
    const swahili = await screen.findByTestId('listing-freshness');
    expect(within(swahili).getByTestId('confirmed-ago')).toHaveTextContent(
      /^Imethibitishwa siku 4 zilizopita$/,
    );
    expect(within(swahili).queryByTestId('verified-phone')).not.toBeInTheDocument();
  });

  describe("the 'Promoted' badge", () => {
    const DAY = 24 * 60 * 60 * 1000;

    it('marks a listing whose promotion runs, next to its type', async () => {
      const property = makeRent({ promotionEndDate: new Date(Date.now() + DAY).toISOString() });
      serveListing(property);
      await renderApp(null, { url: `/lease/${property.id}`, routes });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByTestId('promoted-badge')).toHaveTextContent(/^Promoted$/);
    });

    it('says Imepandishwa in Swahili', async () => {
      const property = makeLand({ promotionEndDate: new Date(Date.now() + DAY).toISOString() });
      serveListing(property);
      await renderApp(null, { url: `/land/${property.id}`, routes, language: 'sw' });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.getByTestId('promoted-badge')).toHaveTextContent(/^Imepandishwa$/);
    });

    it.each([
      ['no promotion', null],
      ['a promotion that ended', new Date(Date.now() - DAY).toISOString()],
    ])('is absent for %s', async (_case, promotionEndDate) => {
      const property = makeApartment({ promotionEndDate });
      serveListing(property);
      await renderApp(null, { url: `/apartment/${property.id}`, routes });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByTestId('promoted-badge')).not.toBeInTheDocument();
      expect(screen.queryByText('Promoted')).not.toBeInTheDocument();
    });
  });
  it('offers to save the listing to favourites and to share it, next to each other', async () => {
    const property = makeRent({ title: 'Nyumba Sinza', numberOfBedrooms: 2, price: 450_000 });
    serveListing(property);
    const user = userEvent.setup();
    await renderApp(null, { url: `/lease/${property.id}`, routes });

    const heart = await screen.findByRole('button', { name: 'Save to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'Share on WhatsApp' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent('2-bedroom house for rent in Mikocheni')),
    );
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();

    await user.click(heart);
    expect(screen.getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

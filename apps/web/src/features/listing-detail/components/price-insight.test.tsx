import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TPriceInsight } from '@makazi/contracts/price-insights';
import type { TProperty } from '@makazi/contracts/properties';
import { makeApartment, makeHouseForSale, makeLand, makeRent } from '../../../testing/fixtures';
import { listingPageRoutes, type ListingPage } from '../../../testing/listing-page';
import { jsonResponse, mockFetch, renderApp, requestedUrls } from '../../../testing/test-utils';
import { ListingDetailView } from './listing-detail-view';
import { PriceInsight } from './price-insight';

const INSIGHTS_PATH = '/api/insights/prices';

function insight(overrides: Partial<TPriceInsight> = {}): TPriceInsight {
  return {
    type: 'Rent',
    bedrooms: 3,
    area: { level: 'ward', id: 900, name: 'Mikocheni' },
    count: 38,
    low: 450_000,
    median: 550_000,
    high: 700_000,
    computedAt: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

/** The insights API answering `answer` for any question. */
function serve(answer: TPriceInsight | null) {
  return mockFetch((url) =>
    url.pathname === INSIGHTS_PATH ? jsonResponse({ insight: answer }) : jsonResponse({}),
  );
}

async function renderPanel(property: TProperty, language: 'en' | 'sw' = 'en') {
  return renderApp(<PriceInsight property={property} />, { language });
}

/** The panel's sentences, once the figures are in. */
async function panelText() {
  const panel = await screen.findByTestId('price-insight');
  return [...panel.querySelectorAll('p')].map((p) => p.textContent);
}

describe('the price guide of a listing', () => {
  it('gives the typical rent of houses like it in its ward, asked by type, place and bedrooms', async () => {
    const fetchMock = serve(insight());
    await renderPanel(makeRent({ price: 600_000, numberOfBedrooms: 3 }));

    expect(await panelText()).toEqual([
      'Typical rent for a 3-bedroom house in Mikocheni: TZS 450,000–700,000 a month (median TZS 550,000), from 38 listings.',
      'This listing is within the typical range.',
      'The typical range is the middle half of the prices of such listings on Makazi now.',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Price guide' })).toBeInTheDocument();
    const [url] = requestedUrls(fetchMock);
    expect(url?.pathname).toBe(INSIGHTS_PATH);
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      type: 'Rent',
      wardId: '900',
      districtId: '30',
      bedrooms: '3',
    });
  });

  it('gives the typical price, not a rent, of a house for sale, and names a district', async () => {
    serve(
      insight({
        type: 'HouseForSale',
        bedrooms: 4,
        area: { level: 'district', id: 30, name: 'Kinondoni' },
        count: 12,
        low: 150_000_000,
        median: 210_000_000,
        high: 260_000_000,
      }),
    );
    await renderPanel(makeHouseForSale({ price: 120_000_000 }));
    const [typical, position] = await panelText();
    expect(typical).toBe(
      'Typical price for a 4-bedroom house for sale in Kinondoni district: TZS 150,000,000–260,000,000 (median TZS 210,000,000), from 12 listings.',
    );
    expect(position).toBe('This listing is below the typical range.');
  });

  it('asks about plots without bedrooms, and says when a listing is above the range', async () => {
    const fetchMock = serve(
      insight({
        type: 'Land',
        bedrooms: null,
        low: 10_000_000,
        median: 14_000_000,
        high: 20_000_000,
      }),
    );
    await renderPanel(makeLand({ price: 25_000_000 }));
    const [typical, position] = await panelText();
    expect(typical).toBe(
      'Typical price for a plot in Mikocheni: TZS 10,000,000–20,000,000 (median TZS 14,000,000), from 38 listings.',
    );
    expect(position).toBe('This listing is above the typical range.');
    expect(requestedUrls(fetchMock)[0]?.searchParams.has('bedrooms')).toBe(false);
  });

  it('names apartments, and figures for any number of bedrooms', async () => {
    serve(insight({ type: 'Apartment', bedrooms: null, count: 1 }));
    await renderPanel(makeApartment({ price: 450_000 }));
    const [typical, position] = await panelText();
    expect(typical).toBe(
      'Typical price for an apartment in Mikocheni: TZS 450,000–700,000 (median TZS 550,000), from 1 listing.',
    );
    // The ends of the range are in it.
    expect(position).toBe('This listing is within the typical range.');
  });

  it('speaks Swahili', async () => {
    serve(insight({ area: { level: 'district', id: 30, name: 'Kinondoni' } }));
    await renderPanel(makeRent({ price: 400_000 }), 'sw');
    expect(await panelText()).toEqual([
      'Kodi ya kawaida ya nyumba ya vyumba 3 vya kulala katika wilaya ya Kinondoni: TZS 450,000–700,000 kwa mwezi (kodi ya kati TZS 550,000), kutokana na matangazo 38.',
      'Bei ya tangazo hili iko chini ya kiwango cha kawaida.',
      'Kiwango cha kawaida ni nusu ya kati ya bei za matangazo kama haya yaliyopo sasa kwenye Makazi.',
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Mwongozo wa bei' })).toBeInTheDocument();
  });

  it('shows nothing when the area has too few listings for figures', async () => {
    const fetchMock = serve(null);
    const { container, queryClient } = await renderPanel(makeRent());
    // The answer is in: still nothing, not even a heading.
    await waitFor(() =>
      expect(queryClient.getQueryCache().findAll({ queryKey: ['insights'] })[0]?.state.status).toBe(
        'success',
      ),
    );
    expect(requestedUrls(fetchMock)).toHaveLength(1);
    expect(screen.queryByTestId('price-insight')).not.toBeInTheDocument();
    expect(container.querySelector('section')).toBeNull();
  });

  it('asks nothing for a listing without an address', async () => {
    const fetchMock = serve(insight());
    await renderPanel(makeRent({ propertyAddress: null }));
    expect(screen.queryByTestId('price-insight')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stands below the price on the listing page', async () => {
    const property = makeRent({ title: 'Nyumba Sinza', price: 800_000 });
    mockFetch((url) =>
      url.pathname === INSIGHTS_PATH
        ? jsonResponse({ insight: insight() })
        : jsonResponse(property),
    );
    const page: ListingPage = {
      path: (slug, id) => `/${slug}/${id}`,
      render: (type, id) => <ListingDetailView type={type} id={id} />,
      answer: (p) => p,
      notFoundLink: { name: 'Browse listings', href: '/lease' },
    };
    await renderApp(null, { url: `/lease/${property.id}`, routes: listingPageRoutes(page) });
    const panel = await screen.findByTestId('price-insight');
    expect(within(panel).getByText('This listing is above the typical range.')).toBeInTheDocument();
    const price = screen.getByTestId('property-price');
    expect(price.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

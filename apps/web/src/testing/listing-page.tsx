import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams, type RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import {
  PROPERTY_TYPE_SLUGS,
  PROPERTY_TYPES,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { apiErrorResponse } from './account';
import { makeLand, makeRent, type TProperty } from './fixtures';
import { LocationProbe, jsonResponse, mockFetch, renderApp, requestedUrls } from './test-utils';

/*
 * What every page of one listing does with the id in its URL: the public detail page
 * (/lease/{id} …) and the owner's page (/user/lease/{id} …) each run these cases.
 */

export interface ListingPage {
  /** The page's address for a listing: `slug` is the type's (lease, land …). */
  path: (slug: string, id: string) => string;
  /** The page, as its route mounts it for a type and the id of the URL. */
  render: (type: TPropertyType, id: string) => ReactNode;
  /** The listing as the page's GET /api/properties/{id} answers. */
  answer: (property: TProperty) => TProperty;
  /** Where not found sends the visitor on to, from the lease page. */
  notFoundLink: { name: string; href: string };
}

function RoutedPage({ page, type }: { page: ListingPage; type: TPropertyType }) {
  const { id = '' } = useParams();
  return page.render(type, id);
}

/** The page's route for every type, each with a LocationProbe, and a probe for anywhere else. */
export function listingPageRoutes(page: ListingPage): RouteObject[] {
  return [
    ...PROPERTY_TYPES.map((type) => ({
      path: page.path(PROPERTY_TYPE_SLUGS[type], ':id'),
      element: (
        <>
          <RoutedPage page={page} type={type} />
          <LocationProbe />
        </>
      ),
    })),
    { path: '*', element: <LocationProbe /> },
  ];
}

/** The API answering `property` by its id, and 404 for anything else. */
export function serveListing(property: TProperty) {
  return mockFetch((url) =>
    url.pathname === `/api/properties/${property.id}`
      ? jsonResponse(property)
      : apiErrorResponse(404, 'NOT_FOUND', 'Listing not found'),
  );
}

/** Registers the cases every listing page passes; call it inside the page's describe. */
export function itLoadsTheListingOfItsUrl(page: ListingPage) {
  const routes = listingPageRoutes(page);

  it('shows not found for an unknown id, with a way on', async () => {
    serveListing(page.answer(makeRent()));
    await renderApp(null, { url: page.path('lease', crypto.randomUUID()), routes });
    expect(await screen.findByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: page.notFoundLink.name })).toHaveAttribute(
      'href',
      page.notFoundLink.href,
    );
  });

  it('shows not found for an id that is not a listing id, without asking the API', async () => {
    const fetchMock = serveListing(page.answer(makeRent()));
    await renderApp(null, { url: page.path('lease', 'not-an-id'), routes });
    expect(screen.getByRole('heading', { name: 'Listing not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers a retry when loading fails for another reason', async () => {
    const property = makeRent({ title: 'Back again' });
    let fail = true;
    mockFetch(() =>
      fail ? apiErrorResponse(500, 'INTERNAL') : jsonResponse(page.answer(property)),
    );
    await renderApp(null, { url: page.path('lease', property.id), routes });
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Back again' }),
    ).toBeInTheDocument();
  });

  it('sends an id of another type to the page of its type', async () => {
    const property = page.answer(makeLand());
    serveListing(property);
    await renderApp(null, { url: page.path('lease', property.id), routes });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(page.path('land', property.id)),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: property.title }),
    ).toBeInTheDocument();
  });

  it('paints the listing handed over in navigation state at once and still loads it by id', async () => {
    const property = page.answer(makeRent({ title: 'From the card' }));
    const fetchMock = mockFetch(() => jsonResponse({ ...property, title: 'From the server' }));
    await renderApp(null, { url: page.path('lease', property.id), routes, state: { property } });
    expect(screen.getByRole('heading', { level: 1, name: 'From the card' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'From the server' }),
    ).toBeInTheDocument();
    // Once: the page may ask other things about it (the public page's price guide).
    expect(
      requestedUrls(fetchMock).filter((url) => url.pathname === `/api/properties/${property.id}`),
    ).toHaveLength(1);
  });
}

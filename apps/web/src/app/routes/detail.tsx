import { isRouteErrorResponse, useParams, useRouteError } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { TProperty, TTakenListing } from '@makazi/contracts/properties';
import { PropertyCarousel } from '../../features/catalogue/components/property-carousel';
import { ListingTaken } from '../../features/listing-detail/components/listing-taken';
import { isTakenListing } from '../../lib/guards';
import { useTranslation } from '../../lib/use-translation';
import {
  ListingDetailView,
  NotFound,
} from '../../features/listing-detail/components/listing-detail-view';
import { ListingContacts } from './listing-contacts';
import { RouteError } from './route-error';

function renderContacts(property: TProperty) {
  return <ListingContacts property={property} />;
}

/** Listings of a taken listing's type in its district (of its type anywhere, without one). */
function SimilarListings({ listing }: { listing: TTakenListing }) {
  const { t } = useTranslation('detail');
  const place = listing.place?.district.name;
  return (
    <PropertyCarousel
      type={listing.type}
      search={place}
      heading={place === undefined ? t('taken.similarAnywhere') : t('taken.similar', { place })}
    />
  );
}

function renderSimilar(listing: TTakenListing) {
  return <SimilarListings listing={listing} />;
}

export function DetailRoute({ type }: { type: TPropertyType }) {
  const { id = '' } = useParams();
  return (
    <ListingDetailView
      key={id}
      type={type}
      id={id}
      renderContacts={renderContacts}
      renderSimilar={renderSimilar}
    />
  );
}

/**
 * The server answers an id that is not a public listing with a 404 and this page, and one rented
 * or sold with a 410 that says so.
 */
export function DetailRouteError({ type }: { type: TPropertyType }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound type={type} />;
  if (isRouteErrorResponse(error) && error.status === 410 && isTakenListing(error.data)) {
    return <ListingTaken listing={error.data} renderSimilar={renderSimilar} />;
  }
  return <RouteError />;
}

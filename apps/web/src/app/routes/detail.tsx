import { isRouteErrorResponse, useParams, useRouteError } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { TProperty } from '@makazi/contracts/properties';
import { ContactsToggle } from '../../components/contacts-toggle';
import { ContactDetails } from '../../features/listing-detail/components/contact-details';
import { ContactRevealChecking } from '../../features/listing-detail/components/contact-reveal';
import {
  ListingDetailView,
  NotFound,
} from '../../features/listing-detail/components/listing-detail-view';
import { RequireSubscription } from './require-subscription';
import { RouteError } from './route-error';

/**
 * The contacts are for subscribers; the guard runs when the visitor asks to see them: an anonymous
 * visitor goes to sign in, a visitor without a subscription to /subscribe, and both come back.
 */
function renderContacts(property: TProperty) {
  return (
    <ContactsToggle>
      <RequireSubscription pending={<ContactRevealChecking />}>
        <ContactDetails id={property.id} title={property.title} />
      </RequireSubscription>
    </ContactsToggle>
  );
}

export function DetailRoute({ type }: { type: TPropertyType }) {
  const { id = '' } = useParams();
  return <ListingDetailView key={id} type={type} id={id} renderContacts={renderContacts} />;
}

/** The server answers an id that is not a public listing with a 404 and this page. */
export function DetailRouteError({ type }: { type: TPropertyType }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound type={type} />;
  return <RouteError />;
}

import { useParams } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { TProperty } from '@makazi/contracts/properties';
import { ContactsToggle } from '../../components/contacts-toggle';
import { ContactDetails } from '../../features/listing-detail/components/contact-details';
import { ContactRevealChecking } from '../../features/listing-detail/components/contact-reveal';
import { ListingDetailView } from '../../features/listing-detail/components/listing-detail-view';
import { RequireSubscription } from './require-subscription';

/** The contacts are for subscribers; the guard runs when the visitor asks to see them. */
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

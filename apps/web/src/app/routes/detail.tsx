import { useParams } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/properties';
import {
  ContactDetailsPending,
  ContactReveal,
  ContactRevealChecking,
} from '../../features/listing-detail/components/contact-reveal';
import { ListingDetailView } from '../../features/listing-detail/components/listing-detail-view';
import { RequireSubscription } from './require-subscription';

export function DetailRoute({ type }: { type: TPropertyType }) {
  const { id = '' } = useParams();
  // Spec 2: the contacts are for subscribers; the guard runs when the visitor asks to see them.
  const contacts = (
    <ContactReveal>
      <RequireSubscription pending={<ContactRevealChecking />}>
        <ContactDetailsPending />
      </RequireSubscription>
    </ContactReveal>
  );
  return <ListingDetailView key={id} type={type} id={id} contactSlot={contacts} />;
}

import type { TProperty } from '@makazi/contracts/properties';
import { ContactsToggle } from '../../components/contacts-toggle';
import { ContactDetails } from '../../features/listing-detail/components/contact-details';
import { ContactRevealChecking } from '../../features/listing-detail/components/contact-reveal';
import { useCameBackSubscribed } from '../../lib/subscribed-return';
import { RequireSubscription } from './require-subscription';

/**
 * View Contacts on a listing's public page. The contacts are for subscribers; the guard runs when
 * the visitor asks to see them: an anonymous visitor goes to sign in, a visitor without a
 * subscription to /subscribe, and both come back. One who comes back from paying asked already:
 * the contacts open at once, through the same guard and the API's reveal (recorded, and within
 * the day's cap).
 */
export function ListingContacts({ property }: { property: TProperty }) {
  const subscribed = useCameBackSubscribed();
  return (
    <ContactsToggle initiallyShown={subscribed}>
      <RequireSubscription pending={<ContactRevealChecking />}>
        <ContactDetails id={property.id} title={property.title} />
      </RequireSubscription>
    </ContactsToggle>
  );
}

import { ContactsViewedPage } from '../../features/contact-reveals/components/contacts-viewed-page';

export function ContactsViewedRoute() {
  return <ContactsViewedPage />;
}

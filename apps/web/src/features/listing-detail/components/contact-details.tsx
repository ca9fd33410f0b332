import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ContactActions } from '../../../components/contact-actions';
import { ErrorNotice } from '../../../components/error-notice';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useContact } from '../api/contact';

export interface ContactDetailsProps {
  /** The listing's id. */
  id: string;
  /** The listing's title as stored, named in the Chat message. */
  title: string;
}

/**
 * What View Contacts reveals to a subscriber (the app puts it behind the subscription guard): the
 * publisher's name and phone with Call and Chat. A subscription that ended since the guard looked
 * gets a 402 from the API; the visitor is told so and offered /subscribe, which brings them back.
 */
export function ContactDetails({ id, title }: ContactDetailsProps) {
  const { t } = useTranslation('detail');
  const session = useSession();
  const contact = useContact(session?.sub, id);
  const { pathname, search, hash } = useLocation();

  let body: ReactNode;
  if (contact.isPending) {
    body = (
      <p role="status" className="text-secondary">
        {t('contacts.loading')}
      </p>
    );
  } else if (contact.isError) {
    body =
      isApiError(contact.error) && contact.error.status === 402 ? (
        <p role="alert">
          {t('contacts.subscriptionEnded')}{' '}
          <Link to="/subscribe" state={{ from: { pathname, search, hash } }}>
            {t('contacts.subscribe')}
          </Link>
        </p>
      ) : (
        <ErrorNotice error={contact.error} onRetry={() => void contact.refetch()} />
      );
  } else {
    body = (
      <>
        <p>
          <span className="text-secondary">{t('contacts.owner')}: </span>
          <strong>{contact.data.ownerName}</strong>
        </p>
        <ContactActions
          phone={contact.data.phoneNumber}
          title={title.trim() || t('fields.noTitle')}
        />
      </>
    );
  }

  return (
    <div data-testid="contact-details" className="contact-card">
      {body}
    </div>
  );
}

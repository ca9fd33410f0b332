import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
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
 * Past the day's cap of listings whose contacts a subscriber may see, the API answers 429 with
 * Retry-After until 00:00 East Africa Time; the visitor is told how long to wait.
 */
export function ContactDetails({ id, title }: ContactDetailsProps) {
  const { t } = useTranslation('detail');

  /** The server's English message is never shown: the wait is put into the reader's language. */
  function wait(seconds: number): string {
    if (seconds < 60) return t('contacts.wait.seconds', { count: Math.max(1, seconds) });
    if (seconds < 3600) return t('contacts.wait.minutes', { count: Math.ceil(seconds / 60) });
    return t('contacts.wait.hours', { count: Math.ceil(seconds / 3600) });
  }

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
    const error = contact.error;
    body =
      isApiError(error) && error.status === 429 ? (
        // No retry button: asking again before the day ends gets the same answer.
        <p role="alert">
          {error.retryAfterSeconds === undefined
            ? t('contacts.dailyLimitReachedLater')
            : t('contacts.dailyLimitReached', { time: wait(error.retryAfterSeconds) })}
        </p>
      ) : isApiError(error) && error.status === 402 ? (
        <p role="alert">
          {t('contacts.subscriptionEnded')}{' '}
          <Link to="/subscribe" state={{ from: { pathname, search, hash } }}>
            {t('contacts.subscribe')}
          </Link>
        </p>
      ) : (
        <ErrorNotice error={error} onRetry={() => void contact.refetch()} />
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

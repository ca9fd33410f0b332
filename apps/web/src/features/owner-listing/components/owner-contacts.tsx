import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactActions } from '../../../components/contact-actions';

export interface OwnerContactsProps {
  /** The listing's contact number (the owner view's ownerPhoneNumber). */
  phone: string;
  title: string;
}

/**
 * Spec 2's View Contacts / Hide Contacts toggle on the owner's page: the listing's phone with Call
 * and Chat, exactly as a subscriber gets them on the public detail page (components/contact-actions).
 */
export function OwnerContacts({ phone, title }: OwnerContactsProps) {
  const { t } = useTranslation('posts');
  const [shown, setShown] = useState(false);
  const regionId = useId();

  return (
    <div className="owner-contacts">
      <button
        type="button"
        className="btn btn--contained"
        aria-expanded={shown}
        aria-controls={regionId}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? t('owner.contacts.hide') : t('owner.contacts.view')}
      </button>
      <div id={regionId} className="owner-contacts__content" data-testid="owner-contacts">
        {shown ? (
          <ContactActions
            phone={phone}
            chatText={t('owner.contacts.chatText', { title })}
            labels={{
              phone: t('owner.contacts.phone'),
              call: t('owner.contacts.call'),
              chat: t('owner.contacts.chat'),
            }}
          />
        ) : null}
      </div>
    </div>
  );
}

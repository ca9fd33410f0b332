import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhone, telHref, whatsAppHref } from '../../../lib/contact-links';

export interface OwnerContactsProps {
  /** The listing's contact number (the owner view's ownerPhoneNumber). */
  phone: string;
  title: string;
}

function PhoneIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
      <path d="M6.62 10.79c1.44 2.83 3.76 5.14 6.59 6.59l2.2-2.2c.27-.27.67-.36 1.02-.24 1.12.37 2.33.57 3.57.57.55 0 1 .45 1 1V20c0 .55-.45 1-1 1-9.39 0-17-7.61-17-17 0-.55.45-1 1-1h3.5c.55 0 1 .45 1 1 0 1.25.2 2.45.57 3.57.11.35.03.74-.25 1.02z" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true">
      <path d="M20 2H4c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2M6 9h12v2H6zm8 5H6v-2h8zm4-6H6V6h12z" />
    </svg>
  );
}

/**
 * Spec 2's View Contacts / Hide Contacts toggle on the owner's page: the listing's phone with Call
 * (`tel:+255…`) and Chat (WhatsApp, `https://wa.me/255…`), exactly as a buyer will get them. A
 * number of another shape is shown without links rather than with links that fail.
 */
export function OwnerContacts({ phone, title }: OwnerContactsProps) {
  const { t } = useTranslation('posts');
  const [shown, setShown] = useState(false);
  const regionId = useId();
  const tel = telHref(phone);
  const chat = whatsAppHref(phone, t('owner.contacts.chatText', { title }));

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
          <>
            <p>
              <span className="text-secondary">{t('owner.contacts.phone')}: </span>
              <strong>{formatPhone(phone)}</strong>
            </p>
            {tel || chat ? (
              <div className="owner-contacts__actions">
                {tel ? (
                  <a href={tel} className="btn">
                    <PhoneIcon />
                    {t('owner.contacts.call')}
                  </a>
                ) : null}
                {chat ? (
                  <a href={chat} className="btn" target="_blank" rel="noopener noreferrer">
                    <ChatIcon />
                    {t('owner.contacts.chat')}
                  </a>
                ) : null}
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

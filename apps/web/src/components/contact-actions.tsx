import { useTranslation } from '../lib/use-translation';
import { formatPhone, telHref, whatsAppHref } from '../lib/contact-links';
import './contact-actions.css';

export interface ContactActionsProps {
  /** The publisher's phone: E.164 (+255712345678) or the local 0712345678. */
  phone: string;
  /** The listing's title as shown, named in the message Chat opens WhatsApp with. */
  title: string;
  /**
   * The id of what names the listing, where a page lists several: every card's Call and Chat
   * then say whose they are.
   */
  describedBy?: string;
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
 * The revealed contact: the phone as it is read out, Call (`tel:+255…`) and Chat (WhatsApp,
 * `https://wa.me/255…?text=…`). Shared by the owner's page and the public detail page, so a buyer
 * gets exactly what the owner previews. A number of another shape is shown without links rather
 * than with links that fail.
 */
export function ContactActions({ phone, title, describedBy }: ContactActionsProps) {
  const { t } = useTranslation('detail');
  const tel = telHref(phone);
  const chat = whatsAppHref(phone, t('contacts.chatText', { title }));
  return (
    <>
      <p>
        <span className="text-secondary">{t('contacts.phone')}: </span>
        <strong>{formatPhone(phone)}</strong>
      </p>
      {tel || chat ? (
        <div className="contact-actions">
          {tel ? (
            <a href={tel} className="btn" aria-describedby={describedBy}>
              <PhoneIcon />
              {t('contacts.call')}
            </a>
          ) : null}
          {chat ? (
            <a
              href={chat}
              className="btn"
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={describedBy}
            >
              <ChatIcon />
              {t('contacts.chat')}
            </a>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ContactRevealSlotProps {
  /** The contact control the app composes (ContactReveal wrapped in its guards), or nothing. */
  children?: ReactNode;
}

/** Where the detail page puts its contact control; nothing at all when the app passes none. */
export function ContactRevealSlot({ children }: ContactRevealSlotProps) {
  return children ? <div data-testid="contact-reveal">{children}</div> : null;
}

export interface ContactRevealProps {
  /**
   * What 'View Contacts' reveals. The app wraps it in the subscription guard, so a visitor without
   * a subscription is sent to /subscribe when they ask for it, and never before.
   */
  children: ReactNode;
}

/** Spec 2: the View Contacts / Hide Contacts toggle of a detail page. */
export function ContactReveal({ children }: ContactRevealProps) {
  const { t } = useTranslation('detail');
  const [shown, setShown] = useState(false);
  const regionId = useId();
  return (
    <div className="contact-reveal">
      <button
        type="button"
        className="btn btn--contained"
        aria-expanded={shown}
        aria-controls={regionId}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? t('contacts.hide') : t('contacts.view')}
      </button>
      <div id={regionId} className="contact-reveal__content">
        {shown ? children : null}
      </div>
    </div>
  );
}

/** Shown in the revealed area while the subscription status is being asked for. */
export function ContactRevealChecking() {
  const { t } = useTranslation('detail');
  return (
    <p role="status" className="text-secondary">
      {t('contacts.checking')}
    </p>
  );
}

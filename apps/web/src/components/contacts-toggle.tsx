import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';
import './contacts-toggle.css';

export interface ContactsToggleProps {
  /**
   * What 'View Contacts' reveals. It mounts only once asked for, so a guard inside (the public
   * page's subscription check) runs when the visitor asks and never before.
   */
  children: ReactNode;
  /**
   * Open from the start: the visitor asked already (they tapped View Contacts, subscribed and
   * were brought back). Read once, when the toggle mounts.
   */
  initiallyShown?: boolean;
}

/** The View Contacts / Hide Contacts toggle, on the public detail page and the owner's page. */
export function ContactsToggle({ children, initiallyShown = false }: ContactsToggleProps) {
  const { t } = useTranslation('detail');
  const [shown, setShown] = useState(initiallyShown);
  const regionId = useId();
  return (
    <div className="contacts-toggle">
      <button
        type="button"
        className="btn btn--contained contacts-toggle__button"
        aria-expanded={shown}
        aria-controls={regionId}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? t('contacts.hide') : t('contacts.view')}
      </button>
      <div id={regionId} className="contacts-toggle__content">
        {shown ? children : null}
      </div>
    </div>
  );
}

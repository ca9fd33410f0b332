import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export interface ContactRevealSlotProps {
  /** The contact control the app composes (ContactsToggle wrapped around its guards), or nothing. */
  children?: ReactNode;
}

/** Where the detail page puts its contact control; nothing at all when the app passes none. */
export function ContactRevealSlot({ children }: ContactRevealSlotProps) {
  return children ? (
    <div className="detail-contacts" data-testid="contact-reveal">
      {children}
    </div>
  ) : null;
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

import type { ReactNode } from 'react';

export interface ContactRevealSlotProps {
  /** What the app puts here: nothing yet. */
  children?: ReactNode;
}

/**
 * Seam for the sign-in and payments issues: 'View Contacts' / 'Hide Contacts' with Call and Chat
 * go here once GET /api/properties/{id}/contact can be called by a signed-in, subscribed visitor.
 * Until then the detail page shows no contact control at all.
 */
export function ContactRevealSlot({ children }: ContactRevealSlotProps) {
  return children ? <div data-testid="contact-reveal">{children}</div> : null;
}

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TProperty } from '@makazi/contracts/properties';
import { ContactsToggle } from '../../../components/contacts-toggle';
import { apiErrorResponse } from '../../../testing/account';
import { makeRent } from '../../../testing/fixtures';
import { mockFetch, renderApp } from '../../../testing/test-utils';
import { PropertyDetail } from './property-detail';

/*
 * Issue 41: View Contacts is the page's main action. It comes first in the listing's column, right
 * after the price and the listing's freshness, before save and share: on a 360 px phone it is in
 * the first screen (e2e/specs/payments checks where it lands), and a keyboard or screen reader
 * meets it before them.
 */

function renderContacts() {
  return (
    <ContactsToggle>
      <p>contacts</p>
    </ContactsToggle>
  );
}

/** The interactive controls of the listing's column (not the gallery's), in document order. */
function columnActions(): HTMLElement[] {
  const title = screen.getByRole('heading', { level: 1 });
  const column = title.closest<HTMLElement>('.listing-article__side');
  if (!column) throw new Error('no listing column');
  return [...column.querySelectorAll<HTMLElement>('a[href], button')];
}

describe('the actions of a listing’s page', () => {
  it.each([
    {
      language: 'en',
      view: 'View Contacts',
      others: ['Save to favourites', 'Share on WhatsApp', 'Share'],
    },
    {
      language: 'sw',
      view: 'Ona Mawasiliano',
      others: ['Hifadhi kwenye vipendwa', 'Shiriki kupitia WhatsApp', 'Shiriki'],
    },
  ] as const)(
    'puts View Contacts first, filled, before save and share ($language)',
    async ({ language, view, others }) => {
      mockFetch(() => apiErrorResponse(404, 'NOT_FOUND'));
      const property: TProperty = makeRent({ title: 'Nyumba Sinza' });
      await renderApp(<PropertyDetail property={property} renderContacts={renderContacts} />, {
        language,
      });

      const contacts = await screen.findByRole('button', { name: view });
      const actions = columnActions();
      expect(actions[0]).toBe(contacts);
      for (const name of others) {
        const other = within(screen.getByTestId('property-detail')).getByRole(
          name.includes('WhatsApp') ? 'link' : 'button',
          { name },
        );
        expect(actions.indexOf(other)).toBeGreaterThan(0);
        expect(
          contacts.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING,
        ).toBeTruthy();
      }
      // The strongest of them: the filled style, which save and share do not have.
      expect(contacts).toHaveClass('btn--contained');
      expect(screen.getByRole('button', { name: others[0] })).not.toHaveClass('btn--contained');
      expect(screen.getByRole('button', { name: others[2] })).not.toHaveClass('btn--contained');
      expect(screen.getByTestId('contact-reveal')).toHaveClass('detail-contacts');
    },
  );
});

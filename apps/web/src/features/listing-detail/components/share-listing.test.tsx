import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { showToast } from '../../../lib/toast';
import { SiteOriginProvider } from '../../../lib/site-origin';
import {
  makeApartment,
  makeHouseForSale,
  makeLand,
  makeRent,
  type TProperty,
} from '../../../testing/fixtures';
import { renderApp } from '../../../testing/test-utils';
import { ShareListing } from './share-listing';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const ORIGIN = 'https://makazi.example';
const rent = makeRent({ title: 'Nyumba Sinza', numberOfBedrooms: 3, price: 450_000 });
const RENT_URL = `${ORIGIN}/lease/${rent.id}?lang=en`;
const RENT_SUMMARY = '3-bedroom house for rent in Mikocheni, Kinondoni, TZS 450,000 per month';

function slugOf(property: TProperty): string {
  return PROPERTY_TYPE_SLUGS[property.type];
}

function withOrigin(children: ReactNode) {
  return <SiteOriginProvider origin={ORIGIN}>{children}</SiteOriginProvider>;
}

/** The navigator's own properties a test replaces, put back after it. */
const replaced = new Map<string, PropertyDescriptor | undefined>();
function setNavigator(name: 'share' | 'clipboard', value: unknown) {
  if (!replaced.has(name)) replaced.set(name, Object.getOwnPropertyDescriptor(navigator, name));
  Object.defineProperty(navigator, name, { configurable: true, value });
}

/** The message the WhatsApp link carries. */
function whatsAppText(): string {
  const link = screen.getByRole('link', { name: /WhatsApp/ });
  const href = link.getAttribute('href') ?? '';
  expect(href.startsWith('https://wa.me/?text=')).toBe(true);
  const encoded = href.slice('https://wa.me/?text='.length);
  // encodeURIComponent's form: spaces and commas escaped, nothing left raw.
  expect(encoded).toBe(encodeURIComponent(decodeURIComponent(encoded)));
  return decodeURIComponent(encoded);
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

afterEach(() => {
  for (const [name, descriptor] of replaced) {
    if (descriptor) Object.defineProperty(navigator, name, descriptor);
    else Reflect.deleteProperty(navigator, name);
  }
  replaced.clear();
});

describe('the WhatsApp link', () => {
  it("carries the listing's summary and its address, encoded, and opens apart", async () => {
    await renderApp(withOrigin(<ShareListing property={rent} />));
    const link = screen.getByRole('link', { name: 'Share on WhatsApp' });
    expect(link).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`${RENT_SUMMARY} ${RENT_URL}`)}`,
    );
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it.each<[string, TProperty, string]>([
    [
      'an apartment',
      makeApartment({ numberOfBedrooms: 2, price: 800_000 }),
      '2-bedroom apartment for rent in Mikocheni, Kinondoni, TZS 800,000',
    ],
    [
      'a house for sale',
      makeHouseForSale({ numberOfBedrooms: 1, price: 95_000_000 }),
      '1-bedroom house for sale in Mikocheni, Kinondoni, TZS 95,000,000',
    ],
    [
      'a plot',
      makeLand({ price: 30_000_000 }),
      'Plot for sale in Mikocheni, Kinondoni, TZS 30,000,000',
    ],
    [
      'a house without bedrooms or an address',
      makeRent({ numberOfBedrooms: 0, price: 100_000, propertyAddress: null }),
      'House for rent, TZS 100,000 per month',
    ],
  ])('sums up %s in one line', async (_kind, property, summary) => {
    await renderApp(withOrigin(<ShareListing property={property} />));
    expect(whatsAppText()).toBe(`${summary} ${ORIGIN}/${slugOf(property)}/${property.id}?lang=en`);
  });

  it.each<[TProperty, string]>([
    [
      rent,
      'Nyumba ya kupanga yenye vyumba 3 vya kulala huko Mikocheni, Kinondoni, TZS 450,000 kwa mwezi',
    ],
    [
      makeHouseForSale({ numberOfBedrooms: 1, price: 95_000_000 }),
      'Nyumba ya kuuza yenye chumba 1 cha kulala huko Mikocheni, Kinondoni, TZS 95,000,000',
    ],
    [
      makeLand({ price: 30_000_000 }),
      'Kiwanja cha kuuza huko Mikocheni, Kinondoni, TZS 30,000,000',
    ],
  ])(
    'writes it in Swahili on a Swahili page, with its Swahili address (%#)',
    async (property, summary) => {
      await renderApp(withOrigin(<ShareListing property={property} />), { language: 'sw' });
      expect(screen.getByRole('link', { name: 'Shiriki kupitia WhatsApp' })).toBeInTheDocument();
      expect(whatsAppText()).toBe(
        `${summary} ${ORIGIN}/${slugOf(property)}/${property.id}?lang=sw`,
      );
    },
  );
});

describe('Share', () => {
  it("opens the phone's share sheet with the title, the summary and the address", async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    await renderApp(withOrigin(<ShareListing property={rent} />));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith({
      title: 'Nyumba Sinza',
      text: RENT_SUMMARY,
      url: RENT_URL,
    });
    expect(writeText).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('says nothing when the sheet is closed without sharing', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    await renderApp(withOrigin(<ShareListing property={rent} />));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalled());
    expect(writeText).not.toHaveBeenCalled();
    expect(showToast).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('copies the address when the share sheet fails otherwise', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('No permission', 'NotAllowedError')));
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    setNavigator('share', share);
    setNavigator('clipboard', { writeText });
    await renderApp(withOrigin(<ShareListing property={rent} />));

    await user.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(RENT_URL));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Link copied', 'success'));
  });

  it('copies the address and says so where there is no share sheet', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    setNavigator('share', undefined);
    setNavigator('clipboard', { writeText });
    await renderApp(withOrigin(<ShareListing property={rent} />), { language: 'sw' });

    await user.click(screen.getByRole('button', { name: 'Shiriki' }));
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/lease/${rent.id}?lang=sw`);
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Kiungo kimenakiliwa', 'success'));
  });

  it.each([
    ['there is no clipboard either', undefined],
    [
      'the clipboard refuses',
      { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) },
    ],
  ])(
    'shows the address selected in a dialog, to copy by hand, where %s',
    async (_case, clipboard) => {
      const user = userEvent.setup();
      setNavigator('share', undefined);
      setNavigator('clipboard', clipboard);
      await renderApp(withOrigin(<ShareListing property={rent} />));
      const share = screen.getByRole('button', { name: 'Share' });

      await user.click(share);
      const dialog = await screen.findByRole('dialog', { name: 'Copy the link' });
      const field = within(dialog).getByRole('textbox', {
        name: 'Copy this link to share the listing:',
      });
      expect(field).toHaveValue(RENT_URL);
      expect(field).toHaveFocus();
      expect((field as HTMLInputElement).selectionStart).toBe(0);
      expect((field as HTMLInputElement).selectionEnd).toBe(RENT_URL.length);
      expect(showToast).not.toHaveBeenCalled();

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(share).toHaveFocus();
    },
  );
});

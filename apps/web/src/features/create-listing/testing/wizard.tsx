import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type userEvent from '@testing-library/user-event';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { renderApp } from '../../../testing/test-utils';
import { CreateListingPage } from '../components/create-listing-page';

/*
 * The wizard as /post mounts it, with the steps a test walks through. The route file
 * (app/routes/post.tsx) only reads ?edit and waits for the locale namespace; its own test covers it.
 */

export type TUser = ReturnType<typeof userEvent.setup>;

/** Renders /post, then lets the page read its draft (IndexedDB answers asynchronously). */
export async function renderWizard({
  editId = null,
  language = 'en',
}: { editId?: string | null; language?: 'en' | 'sw' } = {}) {
  const view = await renderApp(<CreateListingPage editId={editId} />, {
    url: editId ? `/post?edit=${editId}` : '/post',
    path: '/post',
    language,
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return view;
}

export const TYPE_NAMES: Record<TPropertyType, string> = {
  Land: 'Land',
  Rent: 'Rent',
  Apartment: 'Apartment',
  HouseForSale: 'House for Sale',
};

/** Valid answers for every field of a type, by label. */
export const VALID_DETAILS: Record<TPropertyType, Record<string, string>> = {
  Land: {
    Title: 'Kiwanja Kigamboni',
    Description: 'Kiwanja kizuri karibu na bahari.',
    "Owner's phone number": '0712 345 678',
    'Price (TZS)': '25,000,000',
    'Lot width (m)': '20',
    'Lot length (m)': '30.5',
    'Lot status': 'Surveyed',
    'Distance from the main road': '200 m',
  },
  Rent: {
    Title: 'Nyumba ya kupanga Sinza',
    Description: 'Vyumba vitatu, maji na umeme.',
    "Owner's phone number": '+255712345678',
    'Rent per month (TZS)': '450000',
    Bedrooms: '3',
    Bathrooms: '2',
    'Lease term (months)': '6',
  },
  Apartment: {
    Title: 'Apartment Masaki',
    Description: 'Ghorofa ya tatu, lifti.',
    "Owner's phone number": '0755000111',
    'Rent (TZS)': '900000',
    Bedrooms: '2',
    Bathrooms: '1',
    'Payment term': '12 months',
  },
  HouseForSale: {
    Title: 'Nyumba inauzwa Mbezi',
    Description: 'Nyumba ya vyumba vinne.',
    "Owner's phone number": '0712345678',
    'Price (TZS)': '180000000',
    Bedrooms: '4',
    Bathrooms: '3',
    'Distance from the main road': '1 km',
  },
};

export async function chooseType(user: TUser, type: TPropertyType) {
  await user.click(await screen.findByRole('radio', { name: TYPE_NAMES[type] }));
}

/** Fills in every field of `type` (as a paste would: typing it all takes long in jsdom). */
export function fillDetails(type: TPropertyType) {
  for (const [label, value] of Object.entries(VALID_DETAILS[type])) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
}

export function next() {
  return screen.getByRole('button', { name: 'Next' });
}

/** Step 1 done: the type chosen, every field valid, Next pressed, on step 2. */
export async function completeDetails(user: TUser, type: TPropertyType) {
  await chooseType(user, type);
  fillDetails(type);
  await user.click(next());
  await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
}

/** Step 2 done with Dar es Salaam › Kinondoni › Mikocheni › Mikocheni A. */
export async function completeAddress(user: TUser) {
  await user.selectOptions(await screen.findByLabelText('Region'), 'Dar es Salaam');
  await user.selectOptions(await enabled('District'), 'Kinondoni');
  await user.selectOptions(await enabled('Ward'), 'Mikocheni');
  await user.selectOptions(await enabled('Street'), 'Mikocheni A');
  await user.click(next());
  await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
}

/** The select labelled `label` once its list has loaded. */
export async function enabled(label: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByLabelText(label)).toBeEnabled());
  return screen.getByLabelText(label);
}

export function photoFile(name: string, type = 'image/jpeg', size = 2_000_000): File {
  return new File([new Uint8Array(size)], name, { type });
}

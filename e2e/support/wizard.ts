import type { Page } from 'playwright-core';
import { pathname } from './catalogue';
import { messages, text } from './locales';
import { until } from './until';
import { REQUIRED_PICTURE_LABELS } from '@makazi/contracts/property-values';

/*
 * The create wizard driven as a person does, shared by the specs of publishing: the fields typed,
 * the first address of each list chosen, a photo in every slot.
 */

const publish = messages('en', 'publish');
const common = messages('en', 'common');

export type ListingType = 'Land' | 'Rent' | 'Apartment' | 'HouseForSale';

/** What a person types for each kind of listing, by the wizard's field labels (publish.fields.*). */
export const DETAILS: Record<ListingType, Record<string, string>> = {
  Land: {
    lotPrice: '45000000',
    lotWidth: '20',
    lotLength: '30',
    lotStatus: 'Surveyed, title deed',
    distanceFromMainRoad: '300 m',
  },
  Rent: { leasePrice: '450000', numberOfBedrooms: '2', numberOfBathrooms: '1', leaseTerm: '6' },
  Apartment: {
    appartmentPrice: '800000',
    numberOfBedrooms: '3',
    numberOfBathrooms: '2',
    appartmentPriceTerm: '3 months',
  },
  HouseForSale: {
    housePrice: '250000000',
    numberOfBedrooms: '4',
    numberOfBathrooms: '3',
    distanceFromMainRoad: '1 km',
  },
};

/** The photo slots each type must fill before it goes to review: the contract's own list. */
export const SLOTS: Record<ListingType, readonly string[]> = REQUIRED_PICTURE_LABELS;

export function field(page: Page, key: string) {
  return page.getByLabel(text(publish, `fields.${key}`), { exact: true });
}

export function button(page: Page, key: string) {
  return page.getByRole('button', { name: text(publish, key), exact: true });
}

/** Chooses the first real option of each address level, waiting for each list to load. */
export async function chooseAddress(page: Page): Promise<void> {
  for (const level of ['regionId', 'districtId', 'wardId', 'streetId']) {
    const select = page.getByLabel(text(publish, `address.${level}`), { exact: true });
    await until(
      async () =>
        (await select.isEnabled()) && (await select.locator('option').count()) > 1
          ? true
          : undefined,
      `the ${level} list`,
    );
    await select.selectOption({ index: 1 });
  }
}

export async function addPhotos(page: Page, type: ListingType, photos: string[]): Promise<void> {
  const choose = text(publish, 'photos.choose');
  for (const [index, slot] of SLOTS[type].entries()) {
    const name = text(publish, `photos.slots.${slot}`);
    const file = photos[index % photos.length] ?? '';
    await page.getByLabel(`${choose}: ${name}`, { exact: true }).setInputFiles(file);
  }
  // Every slot compressed in the browser and ready before the upload starts.
  await until(
    async () =>
      (await page.getByText(text(publish, 'photos.ready'), { exact: true }).count()) ===
      SLOTS[type].length
        ? true
        : undefined,
    'the photos to be prepared',
    { timeoutMs: 30_000 },
  );
}

/** Steps 1 and 2 of a new listing, done: the wizard is on the photos step. */
export async function detailsAndAddress(page: Page, type: ListingType, title: string) {
  await page.goto('/post');
  await page.getByRole('radio', { name: text(common, `types.${type}`), exact: true }).check();
  await field(page, 'title').fill(title);
  await field(page, 'description').fill(`${title}: maji na umeme, karibu na shule.`);
  await field(page, 'ownerName').fill('Neema Mushi');
  await field(page, 'ownerPhoneNumber').fill('0712345678');
  for (const [key, value] of Object.entries(DETAILS[type])) await field(page, key).fill(value);
  await button(page, 'actions.next').click();

  await chooseAddress(page);
  await button(page, 'actions.next').click();
}

/** Waits for the closing message and Your Posts, with every photo sent (a slow line takes long). */
export async function publishedToPosts(page: Page, timeoutMs = 60_000) {
  await page
    .getByRole('alert')
    .filter({ hasText: text(publish, 'success.created') })
    .first()
    .waitFor({ timeout: timeoutMs });
  await until(() => (pathname(page) === '/posts' ? true : undefined), 'the posts page');
}

export async function publishThroughWizard(
  page: Page,
  type: ListingType,
  title: string,
  photos: string[],
) {
  await detailsAndAddress(page, type, title);
  await addPhotos(page, type, photos);
  await button(page, 'actions.submit').click();
  await publishedToPosts(page);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, screenshot, type Session } from '../support/browser';
import { pathname } from '../support/catalogue';
import { messages, text } from '../support/locales';
import { phonePhoto } from '../support/photos';
import { signedInThroughApi } from '../support/sign-in';
import { until } from '../support/until';

const publish = messages('en', 'publish');
const posts = messages('en', 'posts');
const common = messages('en', 'common');

type ListingType = 'Land' | 'Rent' | 'Apartment' | 'HouseForSale';

/** What a person types for each kind of listing, by the wizard's field labels (publish.fields.*). */
const DETAILS: Record<ListingType, Record<string, string>> = {
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

/** The photo slots each type must fill before it goes to review, by their wizard names. */
const SLOTS: Record<ListingType, string[]> = {
  Land: ['picha_mbele', 'picha_nyuma', 'picha_kulia', 'picha_kushoto'],
  Rent: ['picha_nje', 'picha_chumba', 'picha_sebule', 'picha_jiko', 'picha_choo'],
  Apartment: ['picha_nje', 'picha_chumba', 'picha_sebule', 'picha_jiko', 'picha_choo'],
  HouseForSale: [
    'picha_mbele',
    'picha_nyuma',
    'picha_kulia',
    'picha_kushoto',
    'picha_sebule',
    'picha_jiko',
    'picha_choo',
    'picha_chumba',
  ],
};

function field(page: Page, key: string) {
  return page.getByLabel(text(publish, `fields.${key}`), { exact: true });
}

function button(page: Page, key: string) {
  return page.getByRole('button', { name: text(publish, key), exact: true });
}

/** Chooses the first real option of each address level, waiting for each list to load. */
async function chooseAddress(page: Page): Promise<void> {
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

async function addPhotos(page: Page, type: ListingType, photos: string[]): Promise<void> {
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

async function publishThroughWizard(
  page: Page,
  type: ListingType,
  title: string,
  photos: string[],
) {
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

  await addPhotos(page, type, photos);
  await button(page, 'actions.submit').click();
  await page
    .getByRole('alert')
    .filter({ hasText: text(publish, 'success.created') })
    .first()
    .waitFor({ timeout: 60_000 });
  await until(() => (pathname(page) === '/posts' ? true : undefined), 'the posts page');
}

function card(page: Page, title: string) {
  return page.locator('article').filter({ has: page.getByRole('heading', { name: title }) });
}

describe('publishing listings', () => {
  let session: Session;
  let photos: string[];
  beforeAll(async () => {
    session = await openSession();
    await signedInThroughApi(session.page);
    photos = await Promise.all([1, 2, 3, 4].map((seed) => phonePhoto(seed)));
  });
  afterAll(async () => {
    await session?.close();
  });

  it.for(['Land', 'Rent', 'Apartment', 'HouseForSale'] as const)(
    'publishes a %s listing through the wizard with real photos; it awaits review in Your Posts',
    async (type) => {
      const { page } = session;
      const title = `E2E ${type} ${Date.now()}`;
      await publishThroughWizard(page, type, title, photos);
      const posted = card(page, title);
      await posted.waitFor();
      await posted.getByText(text(posts, 'status.pending'), { exact: true }).waitFor();
      await screenshot(page, `posts-${type}`);
    },
  );

  it('edits a listing and deletes it', async () => {
    const { page } = session;
    const title = `E2E edit ${Date.now()}`;
    await publishThroughWizard(page, 'Rent', title, photos);

    const menu = (name: string) =>
      page.getByRole('button', { name: text(posts, 'menu.button').replace('{{title}}', name) });
    await menu(title).click();
    await page.getByRole('menuitem', { name: text(posts, 'menu.edit') }).click();
    await until(
      async () => ((await field(page, 'title').inputValue()) === title ? true : undefined),
      'the wizard to be pre-filled',
    );
    const renamed = `${title} (renovated)`;
    await field(page, 'title').fill(renamed);
    await field(page, 'leasePrice').fill('500000');
    await button(page, 'actions.next').click();
    await button(page, 'actions.next').click();
    await button(page, 'actions.save').click();
    await until(() => (pathname(page) === '/posts' ? true : undefined), 'the posts page');
    const edited = card(page, renamed);
    await edited.waitFor();
    await edited.getByText(text(posts, 'status.pending'), { exact: true }).waitFor();
    expect(await edited.textContent()).toContain('500,000');

    await menu(renamed).click();
    await page.getByRole('menuitem', { name: text(posts, 'menu.delete') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(posts, 'delete.confirm'), exact: true })
      .click();
    await page
      .getByRole('alert')
      .filter({ hasText: text(posts, 'delete.done') })
      .first()
      .waitFor();
    await until(
      async () => ((await card(page, renamed).count()) === 0 ? true : undefined),
      'the card to disappear',
    );
    await page.reload();
    await page.getByRole('heading', { name: text(posts, 'title') }).waitFor();
    await until(
      async () => ((await page.locator('article').count()) >= 4 ? true : undefined),
      'the posts to load',
    );
    expect(await card(page, renamed).count()).toBe(0);
  });
});

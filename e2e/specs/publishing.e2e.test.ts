import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openSession, screenshot, type Session } from '../support/browser';
import { messages, text } from '../support/locales';
import { phonePhoto } from '../support/photos';
import { newPerson, signedInThroughApi } from '../support/sign-in';
import { expectToast } from '../support/toast';
import { until } from '../support/until';
import {
  addPhotos,
  button,
  detailsAndAddress,
  field,
  publishThroughWizard,
} from '../support/wizard';
import { pathname } from '../support/catalogue';

const posts = messages('en', 'posts');
const common = messages('en', 'common');

/** Rows of the wizard's draft on this device (lib/listing-draft-db.ts): its fields and photos. */
function draftRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open('makazi-listing-draft');
        request.onerror = () => reject(new Error('the draft database would not open'));
        request.onsuccess = () => {
          const database = request.result;
          const transaction = database.transaction(['wizard', 'photos']);
          const fields = transaction.objectStore('wizard').count();
          const photos = transaction.objectStore('photos').count();
          transaction.oncomplete = () => {
            database.close();
            resolve(fields.result + photos.result);
          };
        };
      }),
  );
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

  it('forgets an unfinished listing on this phone when its author signs out', async () => {
    const own = await openSession();
    try {
      const { page } = own;
      const person = await signedInThroughApi(page, newPerson('Zawadi', 'Kileo'));
      await detailsAndAddress(page, 'Rent', `E2E draft ${Date.now()}`);
      await addPhotos(page, 'Rent', photos);
      // The draft holds the fields and every photo: a reload would carry on from it.
      await until(
        async () => ((await draftRows(page)) > 1 ? true : undefined),
        'the draft to be kept on the device',
      );

      await page
        .getByRole('button', {
          name: text(common, 'header.account').replace(
            '{{name}}',
            `${person.firstName} ${person.lastName}`,
          ),
        })
        .click();
      await page.getByRole('menuitem', { name: text(common, 'header.logout') }).click();
      await expectToast(page, text(common, 'session.loggedOut'));
      await until(
        async () => ((await draftRows(page)) === 0 ? true : undefined),
        'the draft to be gone from the device',
      );
    } finally {
      await own.close();
    }
  });

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

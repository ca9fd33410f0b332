import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiGet, baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { pathname } from '../support/catalogue';
import { messages, text } from '../support/locales';
import { until } from '../support/until';

interface RentListing {
  id: string;
  type: 'Rent';
  title: string;
  description: string;
  ownerName: string;
  price: number;
  numberOfBedrooms: number;
  numberOfBathrooms: number;
  leaseTerm: number;
  propertyAddress: { street: { name: string }; region: { name: string } } | null;
}

const detail = messages('en', 'detail');
const common = messages('en', 'common');

/** Waits for the listing's own data on the page: what a visitor who followed a shared link sees. */
async function expectListingShown(page: Page, listing: RentListing): Promise<void> {
  await page.getByRole('heading', { level: 1, name: listing.title }).waitFor();
  await page.getByText(listing.description).first().waitFor();
  await page
    .getByText(`TZS ${listing.price.toLocaleString('en-US')}`)
    .first()
    .waitFor();
  await page.getByText(listing.ownerName).first().waitFor();
  await page.getByText(text(detail, 'fields.bedrooms'), { exact: true }).first().waitFor();
  if (listing.propertyAddress) {
    await page.getByText(listing.propertyAddress.street.name).first().waitFor();
  }
}

describe('detail page', () => {
  let session: Session;
  beforeAll(async () => {
    // Public pages (decision 037): an anonymous visitor, as someone following a shared link is.
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('opens a Rent listing by deep link and shows it again after a reload', async () => {
    const { page } = session;
    const [listing] = await apiGet<RentListing[]>('/api/properties?type=Rent');
    if (!listing) throw new Error('the demo catalogue has no Rent listings');

    const response = await page.goto(`/lease/${listing.id}`);
    expect(response?.status()).toBe(200);
    await expectListingShown(page, listing);
    expect(pathname(page)).toBe(`/lease/${listing.id}`);
    // Shown to a visitor who has not signed in.
    await page
      .getByRole('link', { name: text(common, 'header.signIn') })
      .first()
      .waitFor();
    await screenshot(page, 'detail-deep-link');

    await page.reload();
    await expectListingShown(page, listing);
    expect(pathname(page)).toBe(`/lease/${listing.id}`);
  });

  it("sends an old /details/{id} link on to the listing's own page, in place of the old entry", async () => {
    const { page } = session;
    const [listing] = await apiGet<RentListing[]>('/api/properties?type=Rent');
    if (!listing) throw new Error('the demo catalogue has no Rent listings');
    const entries = await page.evaluate(() => window.history.length);

    const response = await page.goto(`/details/${listing.id}`);
    // The server sends the old address on for good (301), so links and search engines follow.
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    await until(
      () => (pathname(page) === `/lease/${listing.id}` ? true : undefined),
      'the redirect to /lease/{id}',
    );
    await expectListingShown(page, listing);
    // One new entry, the listing's: Back leaves it rather than bouncing off /details again.
    expect(await page.evaluate(() => window.history.length)).toBe(entries + 1);
  });

  it("sends a listing opened at another type's address on to its own", async () => {
    const { page } = session;
    const [listing] = await apiGet<RentListing[]>('/api/properties?type=Rent');
    if (!listing) throw new Error('the demo catalogue has no Rent listings');

    const response = await page.goto(`/land/${listing.id}`);
    const redirect = await response?.request().redirectedFrom()?.response();
    expect(redirect?.status()).toBe(301);
    expect(new URL((await redirect?.headerValue('location')) ?? '', baseUrl()).pathname).toBe(
      `/lease/${listing.id}`,
    );
    expect(pathname(page)).toBe(`/lease/${listing.id}`);
    await expectListingShown(page, listing);
  });
});

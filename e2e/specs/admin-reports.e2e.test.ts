import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signInAsAdminOnPage } from '../support/admin';
import { axeViolations } from '../support/axe';
import { baseUrl, openSession, screenshot, type Session } from '../support/browser';
import { forwardedFor } from '../support/client-address';
import { approveThroughApi, publishRentThroughApi } from '../support/listings';
import { fill, messages, text } from '../support/locales';
import { newPerson, registerThroughApi, tokensThroughApi, type Person } from '../support/sign-in';
import { until } from '../support/until';

/*
 * The admin reports queue (issue 20): a live listing reported by three people is held out of the
 * catalogue and waits in /admin/reports; the admin dismisses the reports and it is public again.
 * A subscriber's dead-end claim is upheld there, and its credit shows in the financial records.
 * The app counts these new accounts' reports towards a hold because the e2e app runs with
 * REPORTER_MIN_ACCOUNT_AGE_HOURS=0 (support/global-setup.ts).
 */

const admin = messages('en', 'admin');

/**
 * The page at rest: the drawer's width and the chips' fades run after a resize, and the mouse
 * left where it clicked the drawer would keep the entry's tooltip up.
 */
async function settled(page: Page): Promise<void> {
  await page.mouse.move(300, 700);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document.getAnimations().map((animation) => animation.finished.catch(() => null)),
    );
  });
}

/** A signed-in person's call to the API, from their own address. */
async function authorized<T>(
  person: Person,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...forwardedFor(person.address),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as T;
}

/** A subscriber who paid through the simulator and was shown the listing's contact. */
async function subscriberShownContactOf(propertyId: string): Promise<{
  person: Person;
  token: string;
}> {
  const person = newPerson('Baraka', 'Mwakalinga');
  await registerThroughApi(person);
  const { access_token: token, sub } = await tokensThroughApi(person);
  const [plan] = (await (await fetch(`${baseUrl()}/api/subscription-plan`)).json()) as {
    id: string;
  }[];
  const { paymentId } = await authorized<{ paymentId: string }>(
    person,
    token,
    'POST',
    '/api/subscription/create',
    {
      userId: sub,
      planId: plan?.id,
      phoneNumber: person.phone,
      provider: 'airtelmoney',
      idempotencyKey: crypto.randomUUID(),
    },
  );
  await until(async () => {
    const payment = await authorized<{ status: string }>(
      person,
      token,
      'GET',
      `/api/payments/${paymentId}`,
    );
    return payment.status === 'succeeded' ? true : undefined;
  }, 'the subscription payment to succeed');
  await authorized(person, token, 'GET', `/api/properties/${propertyId}/contact`);
  return { person, token };
}

/** What an anonymous visitor's request for the listing gets: 200 public, 404 not. */
async function publicStatus(propertyId: string): Promise<number> {
  return (await fetch(`${baseUrl()}/api/properties/${propertyId}`)).status;
}

describe('the admin reports queue', () => {
  let desk: Session;
  let listing: { id: string; title: string };
  beforeAll(async () => {
    const owner = newPerson('Halima', 'Nyoni');
    await registerThroughApi(owner);
    const { access_token: ownerToken } = await tokensThroughApi(owner);
    const title = `Sinza reported ${Date.now() % 100_000}`;
    const id = await publishRentThroughApi(ownerToken, title);
    await approveThroughApi(id);
    listing = { id, title };

    const reports = [
      { reason: 'fake' },
      { reason: 'asks_money_first', note: 'Aliniomba elfu hamsini kabla ya kuonyesha nyumba.' },
      { reason: 'fake', note: 'The photos are of a hotel in Zanzibar.' },
    ];
    for (const [index, body] of reports.entries()) {
      const reporter = newPerson('Msomaji', `Wa${['Kwanza', 'Pili', 'Tatu'][index]}`);
      await registerThroughApi(reporter);
      const { access_token: token } = await tokensThroughApi(reporter);
      await authorized(reporter, token, 'POST', `/api/properties/${id}/reports`, body);
    }
    desk = await openSession({ viewport: { width: 1280, height: 900 } });
  }, 120_000);
  afterAll(async () => {
    await desk?.close();
  });

  it('shows a listing three people reported as held, and a dismissal makes it public again', async () => {
    expect(await publicStatus(listing.id)).toBe(404);

    const { page } = desk;
    await page.goto('/admin');
    await signInAsAdminOnPage(page, admin);
    await page.getByRole('link', { name: text(admin, 'nav.reports') }).click();
    await page.getByRole('heading', { level: 1, name: text(admin, 'reports.title') }).waitFor();

    const card = page.getByRole('listitem', { name: listing.title, exact: true });
    await card.waitFor();
    await card.getByText(text(admin, 'reports.visibility.held_for_reports')).waitFor();
    expect(await card.textContent()).toContain(
      fill(text(admin, 'reports.openReports'), { count: 3 }),
    );
    const counts = card.getByRole('list', { name: text(admin, 'reports.countsLabel') });
    expect(await counts.getByRole('listitem').allTextContents()).toEqual([
      fill(text(admin, 'reports.reasonCount'), {
        reason: text(admin, 'reports.reasons.fake'),
        number: 2,
      }),
      fill(text(admin, 'reports.reasonCount'), {
        reason: text(admin, 'reports.reasons.asks_money_first'),
        number: 1,
      }),
    ]);
    // Newest first: the third reporter's note leads.
    const notes = await card.locator('blockquote').allTextContents();
    expect(notes).toEqual([
      'The photos are of a hotel in Zanzibar.',
      'Aliniomba elfu hamsini kabla ya kuonyesha nyumba.',
    ]);
    await screenshot(page, 'admin-reports-1280');

    await page.setViewportSize({ width: 360, height: 740 });
    await settled(page);
    await card.getByText(text(admin, 'reports.visibility.held_for_reports')).waitFor();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      ),
    ).toBe(true);
    await screenshot(page, 'admin-reports-360');

    await card
      .getByRole('button', {
        name: fill(text(admin, 'reports.dismissItem'), { title: listing.title }),
        exact: true,
      })
      .click();
    const dialog = page.getByRole('dialog', { name: text(admin, 'reports.dialog.dismissTitle') });
    await dialog.waitFor();
    await settled(page);
    await screenshot(page, 'admin-reports-dismiss-360');
    await dialog
      .getByRole('button', { name: text(admin, 'reports.dialog.dismissSubmit'), exact: true })
      .click();
    await page
      .getByText(fill(text(admin, 'reports.done.dismissed'), { title: listing.title }))
      .waitFor();
    // Nothing is left to decide on it: it leaves the queue.
    await card.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1280, height: 900 });
    await settled(page);
    await screenshot(page, 'admin-reports-after-dismiss-1280');

    await until(
      async () => ((await publicStatus(listing.id)) === 200 ? true : undefined),
      'the dismissed listing to be public again',
    );
  });

  it('upholds a dead-end claim, and the credit is in the financial records', async () => {
    const owner = newPerson('Rehema', 'Mollel');
    await registerThroughApi(owner);
    const { access_token: ownerToken } = await tokensThroughApi(owner);
    const title = `Mbezi claimed ${Date.now() % 100_000}`;
    const id = await publishRentThroughApi(ownerToken, title);
    await approveThroughApi(id);
    const { person, token } = await subscriberShownContactOf(id);
    const report = await authorized<{ claim: { status: string } | null }>(
      person,
      token,
      'POST',
      `/api/properties/${id}/reports`,
      { reason: 'already_taken', note: 'Mwenye nyumba amesema imeshapangishwa mwezi uliopita.' },
    );
    expect(report.claim?.status).toBe('pending');
    const name = `${person.firstName} ${person.lastName}`;

    const { page } = desk;
    await page.goto('/admin/reports');
    const card = page.getByRole('listitem', { name: title, exact: true });
    const claim = card.getByTestId('claim');
    await claim.getByText(text(admin, 'reports.claimStatus.pending')).waitFor();
    // One report holds nothing: the listing is still listed.
    await card.getByText(text(admin, 'reports.visibility.listed'), { exact: true }).waitFor();
    await settled(page);
    await screenshot(page, 'admin-reports-claim-1280');
    expect(await axeViolations(page)).toEqual([]);

    // The take-down dialog, looked at and left: the claim is decided on its own.
    await card
      .getByRole('button', { name: fill(text(admin, 'reports.takeDownItem'), { title }) })
      .click();
    const takeDown = page.getByRole('dialog', {
      name: text(admin, 'reports.dialog.takeDownTitle'),
    });
    await takeDown.getByLabel(text(admin, 'reports.dialog.reason')).selectOption('fake');
    await takeDown.getByText(text(admin, 'reports.dialog.scamNote')).waitFor();
    await settled(page);
    await screenshot(page, 'admin-reports-take-down-1280');
    await takeDown.getByRole('button', { name: text(admin, 'cancel'), exact: true }).click();
    await takeDown.waitFor({ state: 'detached' });

    await claim
      .getByRole('button', { name: fill(text(admin, 'reports.upholdItem'), { name }) })
      .click();
    const dialog = page.getByRole('dialog', { name: text(admin, 'reports.dialog.upholdTitle') });
    await dialog
      .getByRole('button', { name: text(admin, 'reports.dialog.upholdSubmit'), exact: true })
      .click();
    await page.getByText(fill(text(admin, 'reports.done.upheld'), { name })).waitFor();
    await claim.getByText(text(admin, 'reports.decisions.admin_upheld')).waitFor();
    await claim.getByText(text(admin, 'reports.credited')).waitFor();

    // The day given back is a free payment: guarantee credit, no network, nothing paid.
    await page.getByRole('link', { name: text(admin, 'nav.finance') }).click();
    await page.getByRole('heading', { name: text(admin, 'finance.title') }).waitFor();
    await page
      .getByLabel(text(admin, 'finance.purpose'))
      .selectOption({ label: text(admin, 'finance.purposes.guarantee_credit') });
    await page.waitForURL('**/admin/finance?purpose=guarantee_credit');
    // Only the credit once the filtered list is in: the subscription this person paid is gone.
    const rows = page.getByRole('row').filter({ hasText: name });
    await until(
      async () => ((await rows.count()) === 1 ? true : undefined),
      'one row for the subscriber',
    );
    const row = rows.filter({ hasText: text(admin, 'finance.purposes.guarantee_credit') });
    await row.waitFor();
    expect(await row.textContent()).toContain('—');
    await settled(page);
    await screenshot(page, 'admin-finance-credit-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await settled(page);
    await screenshot(page, 'admin-finance-credit-360');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // After the claim test: the queue then holds its listing, with a decided claim to draw.
  it('lays the queue out on a phone in Swahili', async () => {
    const sw = messages('sw', 'admin');
    const phone = await openSession({ locale: 'sw-TZ', viewport: { width: 360, height: 740 } });
    try {
      await phone.context.addInitScript(() => {
        window.localStorage.setItem('makazi.language', 'sw');
      });
      await phone.page.goto('/admin');
      await signInAsAdminOnPage(phone.page, sw);
      await phone.page.goto('/admin/reports');
      await phone.page
        .getByRole('heading', { level: 1, name: text(sw, 'reports.title') })
        .waitFor();
      await phone.page.getByTestId('claim').first().waitFor();
      await settled(phone.page);
      expect(await axeViolations(phone.page)).toEqual([]);
      expect(
        await phone.page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await screenshot(phone.page, 'admin-reports-sw-360');
      await phone.page
        .getByRole('button', { name: text(sw, 'reports.takeDown') })
        .first()
        .click();
      const dialog = phone.page.getByRole('dialog', {
        name: text(sw, 'reports.dialog.takeDownTitle'),
      });
      await dialog.getByLabel(text(sw, 'reports.dialog.message')).fill('a');
      await dialog
        .getByRole('button', { name: text(sw, 'reports.dialog.takeDownSubmit'), exact: true })
        .click();
      await dialog.getByText(text(sw, 'reports.dialog.textRequired')).waitFor();
      expect(await axeViolations(phone.page)).toEqual([]);
      await settled(phone.page);
      await screenshot(phone.page, 'admin-reports-sw-take-down-360');
    } finally {
      await phone.close();
    }
  });
});

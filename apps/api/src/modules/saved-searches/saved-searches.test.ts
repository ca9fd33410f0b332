import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TSavedSearch } from '@makazi/contracts/saved-searches';
import { properties, savedSearchMatches, users } from '../../db/schema';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import { createFakeClock } from '../../test/fake-clock';
import { insertLocationChain, insertProperty, type PropertyOptions } from '../../test/factories';
import { messagesTo } from '../../test/outbox';
import { signInAdmin } from '../../test/admin';
import { signInAs, signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAlertLinkSigner, readShortListingCode, shortListingCode } from './alert-links';
import { createSavedSearchesRepository } from './saved-searches.repository';
import { createSavedSearchesService } from './saved-searches.service';

/*
 * Saved searches and their SMS alerts (issue 21, decision 042), on an injected clock. START is
 * 11:00 East Africa Time on 2 March 2026; EAT is UTC+3.
 */

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const START = new Date('2026-03-02T08:00:00.000Z');
/** hh:mm EAT on the clock's day (or `days` later). */
const eat = (time: string, days = 0) =>
  new Date(new Date(`2026-03-02T${time}:00.000+03:00`).getTime() + days * DAY);
const clock = createFakeClock(START);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    // The app's own job runs rarely here: the tests run the job's work themselves.
    env: { PUBLIC_URL: 'https://makazi.example', SAVED_SEARCH_ALERTS_EVERY_SECONDS: '60' },
  });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(START);
});

/** The alerts job's work, as another process on the same database runs it. */
const jobProcess = (app: TestApp = t) =>
  createSavedSearchesService({
    repository: createSavedSearchesRepository(app.db),
    sms: app.sms,
    links: createAlertLinkSigner(app.jwtSecret),
    clock,
    limits: app.config.limits,
    siteOrigin: 'https://makazi.example',
    log: { warn: () => undefined },
  });
const runJob = () => jobProcess().runAlerts();

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  who?: SignedIn,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    ...(who ? { headers: who.auth } : {}),
    ...(payload ? { payload } : {}),
  });

async function save(who: SignedIn, body: Record<string, unknown>): Promise<TSavedSearch> {
  const res = await call('POST', '/api/me/saved-searches', who, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TSavedSearch>();
}

async function mine(who: SignedIn): Promise<TSavedSearch[]> {
  const res = await call('GET', '/api/me/saved-searches', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TSavedSearch[]>();
}

/** A listing awaiting review, by a publisher of its own. */
const pending = (options: PropertyOptions = {}) =>
  insertProperty(t.db, { status: 'pending', ...options });

/** Approved by an admin a minute after whatever came before (the searches were saved earlier). */
async function approve(id: string): Promise<void> {
  clock.advance(MINUTE);
  const { token } = await signInAdmin(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/properties/${id}/approve`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The alert texts a person received (their sign-in code left out). */
async function alertsTo(who: SignedIn): Promise<string[]> {
  return (await messagesTo(t.dataDir, who.phone))
    .map((m) => m.text)
    .filter((text) => text.includes('/l/'));
}

describe('saved searches', () => {
  it('keeps the filters of a catalogue page, changes and deletes them, for their owner only', async () => {
    const who = await signUpAndIn(t);
    const saved = await save(who, {
      type: 'Rent',
      search: '  Kinondoni ',
      minPrice: 300_000,
      maxPrice: 600_000,
      sort: 'priceLowHigh',
      alerts: 'instant',
    });
    expect(saved).toMatchObject({
      type: 'Rent',
      search: 'Kinondoni',
      minPrice: 300_000,
      maxPrice: 600_000,
      sort: 'priceLowHigh',
      alerts: 'instant',
      newMatches: 0,
      createdAt: START.toISOString(),
    });
    clock.advance(MINUTE);
    const plain = await save(who, { alerts: 'off' });
    expect(plain).toMatchObject({ type: null, search: null, minPrice: null, sort: 'new' });
    expect((await mine(who)).map((s) => s.id)).toEqual([saved.id, plain.id]);

    const patched = await call('PATCH', `/api/me/saved-searches/${saved.id}`, who, {
      alerts: 'daily',
      search: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<TSavedSearch>()).toMatchObject({
      alerts: 'daily',
      search: null,
      type: 'Rent',
    });
    // The range is checked against what is stored, not only against what is sent.
    const inverted = await call('PATCH', `/api/me/saved-searches/${saved.id}`, who, {
      minPrice: 700_000,
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json<{ message: string }>().message).toMatch(/minPrice/);

    const stranger = await signUpAndIn(t);
    expect(
      (await call('PATCH', `/api/me/saved-searches/${saved.id}`, stranger, {})).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/me/saved-searches/${saved.id}`, stranger)).statusCode).toBe(
      404,
    );
    expect(await mine(stranger)).toEqual([]);

    expect((await call('DELETE', `/api/me/saved-searches/${saved.id}`, who)).statusCode).toBe(204);
    expect((await mine(who)).map((s) => s.id)).toEqual([plain.id]);
    expect((await call('GET', '/api/me/saved-searches')).statusCode).toBe(401);
  });

  it('names what is wrong with a search', async () => {
    const who = await signUpAndIn(t);
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call('POST', '/api/me/saved-searches', who, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(field);
    };
    await bad({ alerts: 'hourly' }, 'alerts');
    await bad({ alerts: 'off', minPrice: 5, maxPrice: 4 }, 'minPrice');
    await bad({ alerts: 'off', search: 'x'.repeat(101) }, 'search');
    await bad({ alerts: 'off', type: 'Castle' }, 'type');
  });

  it('keeps one copy of a search saved again, with the order and alerts chosen last', async () => {
    const who = await signUpAndIn(t);
    const first = await save(who, {
      type: 'Rent',
      search: 'Mbezi Beach',
      maxPrice: 500_000,
      alerts: 'instant',
    });
    // The same filters, typed otherwise, saved twice at once: still the one search.
    const again = await Promise.all(
      ['  mbezi   BEACH ', 'Mbezi beach'].map((search) =>
        call('POST', '/api/me/saved-searches', who, {
          type: 'Rent',
          search,
          maxPrice: 500_000,
          sort: 'priceLowHigh',
          alerts: 'daily',
        }),
      ),
    );
    expect(again.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(again.map((res) => res.json<TSavedSearch>().id)).toEqual([first.id, first.id]);
    const [kept, ...more] = await mine(who);
    expect(more).toEqual([]);
    expect(kept).toMatchObject({
      id: first.id,
      search: 'Mbezi Beach',
      sort: 'priceLowHigh',
      alerts: 'daily',
    });
    // Another price range is another search.
    await save(who, { type: 'Rent', search: 'Mbezi Beach', maxPrice: 600_000, alerts: 'off' });
    expect(await mine(who)).toHaveLength(2);
  });

  it('keeps at most 10 per person, even when 12 are saved at once', async () => {
    const who = await signUpAndIn(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call('POST', '/api/me/saved-searches', who, { search: `s${i}`, alerts: 'off' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json<{ message: string }>().message).toMatch(/10 saved searches/);
    expect(await mine(who)).toHaveLength(10);
  });
});

describe('matching a listing that comes into the catalogue', () => {
  it('matches in the database with the catalogue’s rules, and texts only instant searches', async () => {
    const owner = await signUpAndIn(t);
    const fits = await signUpAndIn(t);
    const anyType = await signUpAndIn(t);
    const wrongType = await signUpAndIn(t);
    const wrongWords = await signUpAndIn(t);
    const tooCheap = await signUpAndIn(t);
    const fitsSearch = await save(fits, {
      type: 'Rent',
      search: 'KINONDONI',
      minPrice: 450_000,
      maxPrice: 450_000,
      alerts: 'instant',
    });
    const anySearch = await save(anyType, { alerts: 'off' });
    await save(wrongType, { type: 'Land', alerts: 'instant' });
    await save(wrongWords, { search: 'Tegeta', alerts: 'instant' });
    await save(tooCheap, { maxPrice: 449_999, alerts: 'instant' });
    // The publisher's own search: their listing is not news to them.
    await save(owner, { alerts: 'instant' });

    const listing = await pending({
      publishedBy: owner.userId,
      type: 'Rent',
      title: 'Nyumba nzuri Kinondoni',
      price: 450_000,
    });
    await runJob();
    expect(await alertsTo(fits)).toEqual([]);

    await approve(listing.id);
    await runJob();
    const [text, ...others] = await alertsTo(fits);
    expect(others).toEqual([]);
    const link = `https://makazi.example/l/${shortListingCode(listing.id)}`;
    expect(text).toContain('"Nyumba nzuri Kinondoni" TZS 450,000 ' + link);
    expect(text).toMatch(/Stop: https:\/\/makazi\.example\/alerts\/off\/[A-Za-z0-9_-]{34}$/);
    for (const person of [anyType, wrongType, wrongWords, tooCheap, owner]) {
      expect(await alertsTo(person)).toEqual([]);
    }
    expect((await mine(fits)).find((s) => s.id === fitsSearch.id)?.newMatches).toBe(1);
    expect((await mine(anyType)).find((s) => s.id === anySearch.id)?.newMatches).toBe(1);
    expect((await mine(wrongWords))[0]?.newMatches).toBe(0);

    // Once per listing and search, however often the job runs or the listing comes back.
    await runJob();
    await transactionRefreshingCards(t.db, (tx) =>
      tx.update(properties).set({ staleAt: clock() }).where(eq(properties.id, listing.id)),
    );
    await transactionRefreshingCards(t.db, (tx) =>
      tx.update(properties).set({ staleAt: null }).where(eq(properties.id, listing.id)),
    );
    await runJob();
    expect(await alertsTo(fits)).toHaveLength(1);

    // Opening the search counts new matches from then.
    expect(
      (await call('POST', `/api/me/saved-searches/${fitsSearch.id}/seen`, fits)).statusCode,
    ).toBe(204);
    expect((await mine(fits)).find((s) => s.id === fitsSearch.id)?.newMatches).toBe(0);
  });

  it('alerts a search for “Zanzibar” of a listing in Kusini Unguja, as its list shows it', async () => {
    const who = await signUpAndIn(t);
    const other = await signUpAndIn(t);
    await save(who, { search: '  ZANZIBAR ', alerts: 'instant' });
    await save(other, { search: 'Pemba', alerts: 'instant' });
    const paje = await insertLocationChain(t.db, { region: 'Kusini Unguja', ward: 'Paje' });
    const listing = await pending({ title: 'Nyumba ya ufukweni', address: paje });
    await approve(listing.id);
    await runJob();
    expect(await alertsTo(who)).toHaveLength(1);
    expect(await alertsTo(other)).toEqual([]);
    const listed = await call('GET', '/api/properties?search=ZANZIBAR');
    expect(listed.json<{ id: string }[]>().map((item) => item.id)).toContain(listing.id);
  });

  it('texts in the person’s language', async () => {
    const who = await signUpAndIn(t);
    // The language of their last sign-in (Accept-Language).
    await t.db.update(users).set({ locale: 'sw' }).where(eq(users.id, who.userId));
    await save(who, { search: 'Mbezi Swahili', alerts: 'instant' });
    const listing = await pending({ title: 'Nyumba Mbezi Swahili', price: 300_000 });
    await approve(listing.id);
    await runJob();
    const [text] = await alertsTo(who);
    expect(text).toMatch(
      /^Makazi: jipya kwa utafutaji wako: "Nyumba Mbezi Swahili" TZS 300,000 .* Acha: /,
    );
  });

  it('texts once when two processes run the job at the same moment', async () => {
    const who = await signUpAndIn(t);
    await save(who, { search: 'Twice Mikocheni', alerts: 'instant' });
    const listing = await pending({ title: 'Twice Mikocheni house' });
    await approve(listing.id);
    await Promise.all([jobProcess().runAlerts(), jobProcess().runAlerts()]);
    await runJob();
    expect(await alertsTo(who)).toHaveLength(1);
  });

  it('says nothing of a listing that left the catalogue before its alert could go', async () => {
    const who = await signUpAndIn(t);
    await save(who, { search: 'Gone Sinza', alerts: 'instant' });
    clock.set(eat('22:00'));
    const listing = await pending({ title: 'Gone Sinza flat' });
    await approve(listing.id);
    await runJob();
    await transactionRefreshingCards(t.db, (tx) =>
      tx.update(properties).set({ takenAt: clock() }).where(eq(properties.id, listing.id)),
    );
    clock.set(eat('08:00', 1));
    await runJob();
    expect(await alertsTo(who)).toEqual([]);
  });
});

describe('forgetting old matches', () => {
  it('forgets matches after 60 days, not before', async () => {
    const who = await signUpAndIn(t);
    const saved = await save(who, { search: 'Prune Kariakoo', alerts: 'off' });
    const listing = await pending({ title: 'Prune Kariakoo shop' });
    await approve(listing.id);
    await runJob();
    const kept = async () =>
      (
        await t.db
          .select({ id: savedSearchMatches.propertyId })
          .from(savedSearchMatches)
          .where(eq(savedSearchMatches.savedSearchId, saved.id))
      ).length;
    clock.set(new Date(clock().getTime() + 59 * DAY));
    await jobProcess().pruneMatches();
    expect(await kept()).toBe(1);
    clock.set(new Date(clock().getTime() + 2 * DAY));
    await jobProcess().pruneMatches();
    expect(await kept()).toBe(0);
  });
});

describe('when alerts go', () => {
  it('holds alerts between 21:00 and 08:00 East Africa Time, then sends them', async () => {
    const who = await signUpAndIn(t);
    await save(who, { search: 'Quiet Masaki', alerts: 'instant' });
    clock.set(eat('21:00'));
    const listing = await pending({ title: 'Quiet Masaki villa' });
    await approve(listing.id);
    await runJob();
    // Matched at once (it counts on /saved), texted only in the morning.
    expect((await mine(await signInAs(t, who.phone)))[0]?.newMatches).toBe(1);
    expect(await alertsTo(who)).toEqual([]);
    clock.set(eat('07:59', 1));
    await runJob();
    expect(await alertsTo(who)).toEqual([]);
    clock.set(eat('08:00', 1));
    await runJob();
    expect(await alertsTo(who)).toHaveLength(1);
  });

  it('sends at most 3 instant alerts a day; the rest wait for the 18:00 digest', async () => {
    const who = await signUpAndIn(t);
    await save(who, { search: 'Capped Mbezi', alerts: 'instant' });
    for (let i = 1; i <= 5; i += 1) {
      clock.set(eat(`1${i}:00`));
      const listing = await pending({ title: `Capped Mbezi ${i}`, price: 100_000 * i });
      await approve(listing.id);
      await runJob();
    }
    const texts = await alertsTo(who);
    expect(texts).toHaveLength(3);
    expect(texts.map((text) => /"Capped Mbezi (\d)"/.exec(text)?.[1])).toEqual(['1', '2', '3']);

    clock.set(eat('18:00'));
    await runJob();
    await runJob();
    const [digest, ...more] = (await alertsTo(who)).slice(3);
    expect(more).toEqual([]);
    // The newest of the two that waited, and how many.
    expect(digest).toMatch(/^Makazi: 2 new listings for your searches, e\.g\. "Capped Mbezi 5"/);
    expect(digest).toContain('All: https://makazi.example/saved');

    // A new day, new instant alerts.
    clock.set(eat('09:00', 1));
    const next = await pending({ title: 'Capped Mbezi 6' });
    await approve(next.id);
    await runJob();
    expect(await alertsTo(who)).toHaveLength(5);
  });

  it('gathers daily searches’ matches into one text at 18:00, once a day', async () => {
    const who = await signUpAndIn(t);
    await save(who, { search: 'Daily Kigamboni', alerts: 'daily' });
    for (const title of ['Daily Kigamboni plot', 'Daily Kigamboni beach house']) {
      const listing = await pending({ title });
      await approve(listing.id);
    }
    await runJob();
    clock.set(eat('17:59'));
    await runJob();
    expect(await alertsTo(who)).toEqual([]);
    clock.set(eat('18:00'));
    await runJob();
    clock.set(eat('19:00'));
    const later = await pending({ title: 'Daily Kigamboni later' });
    await approve(later.id);
    await runJob();
    const texts = await alertsTo(who);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Makazi: 2 new listings/);
    // The one that came after the digest goes with the next day's.
    clock.set(eat('18:00', 1));
    await runJob();
    const [, next] = await alertsTo(who);
    expect(next).toMatch(/^Makazi: today for your search: "Daily Kigamboni later"/);
  });
});

describe('the stop link', () => {
  it('turns the alerts off without sign-in, and cannot be forged', async () => {
    const who = await signUpAndIn(t);
    const saved = await save(who, { type: 'Apartment', search: 'Stop Upanga', alerts: 'instant' });
    const listing = await pending({ type: 'Apartment', title: 'Stop Upanga flat' });
    await approve(listing.id);
    await runJob();
    const [text] = await alertsTo(who);
    const code = /alerts\/off\/([A-Za-z0-9_-]+)$/.exec(text ?? '')?.[1];
    expect(code).toHaveLength(34);

    const forged = `${code!.slice(0, 33)}${code!.endsWith('A') ? 'B' : 'A'}`;
    const refused = await call('POST', '/api/alerts/off', undefined, { code: forged });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('code: is not a valid link');
    // Another secret signs other codes.
    const otherServer = createAlertLinkSigner('another server secret that is long enough');
    const foreign = await call('POST', '/api/alerts/off', undefined, {
      code: otherServer.offCode(saved.id),
    });
    expect(foreign.statusCode).toBe(400);
    expect((await mine(who))[0]?.alerts).toBe('instant');

    const off = await call('POST', '/api/alerts/off', undefined, { code: code! });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      type: 'Apartment',
      search: 'Stop Upanga',
      minPrice: null,
      maxPrice: null,
      alerts: 'off',
    });
    expect((await mine(who))[0]?.alerts).toBe('off');
    // Again: still off, still 200.
    expect((await call('POST', '/api/alerts/off', undefined, { code: code! })).statusCode).toBe(
      200,
    );

    const second = await pending({ type: 'Apartment', title: 'Stop Upanga second' });
    await approve(second.id);
    await runJob();
    expect(await alertsTo(who)).toHaveLength(1);
    expect((await mine(who))[0]?.newMatches).toBe(2);

    await call('DELETE', `/api/me/saved-searches/${saved.id}`, who);
    expect((await call('POST', '/api/alerts/off', undefined, { code: code! })).statusCode).toBe(
      404,
    );
    // Its matches went with it.
    const left = await t.db
      .select({ id: savedSearchMatches.propertyId })
      .from(savedSearchMatches)
      .where(eq(savedSearchMatches.savedSearchId, saved.id));
    expect(left).toEqual([]);
  });
});

describe('the short listing link', () => {
  it('goes to the listing’s page, to /details for one gone, and home for a code that is none', async () => {
    const listing = await insertProperty(t.db, { type: 'Land' });
    const code = shortListingCode(listing.id);
    expect(code).toHaveLength(22);
    expect(readShortListingCode(code)).toBe(listing.id);
    const found = await t.app.inject({ method: 'GET', url: `/l/${code}` });
    expect(found.statusCode).toBe(302);
    expect(found.headers.location).toBe(`/land/${listing.id}`);

    const gone = await insertProperty(t.db, { status: 'archived' });
    const goneAnswer = await t.app.inject({
      method: 'GET',
      url: `/l/${shortListingCode(gone.id)}`,
    });
    expect(goneAnswer.headers.location).toBe(`/details/${gone.id}`);

    for (const junk of ['nope', `${code.slice(0, 21)}!`, 'A'.repeat(22).slice(0, 21) + 'B']) {
      const res = await t.app.inject({ method: 'GET', url: `/l/${encodeURIComponent(junk)}` });
      expect(res.statusCode, junk).toBe(302);
      expect(res.headers.location).toBe('/home');
    }
  });
});

describe('the SMS budget', () => {
  it('lets alerts use half of each window, so sign-in codes keep the rest', async () => {
    const small = await createTestApp({
      clock,
      env: { SMS_BUDGET_PER_HOUR: '6', SAVED_SEARCH_ALERTS_EVERY_SECONDS: '60' },
    });
    try {
      // Three people sign in (3 codes), each with an instant search.
      const people: SignedIn[] = [];
      for (let i = 0; i < 3; i += 1) people.push(await signUpAndIn(small));
      for (const who of people) {
        const res = await small.app.inject({
          method: 'POST',
          url: '/api/me/saved-searches',
          headers: who.auth,
          payload: { search: 'Budget Oysterbay', alerts: 'instant' },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const listing = await insertProperty(small.db, {
        status: 'pending',
        title: 'Budget Oysterbay',
      });
      await transactionRefreshingCards(small.db, (tx) =>
        tx.update(properties).set({ status: 'approved' }).where(eq(properties.id, listing.id)),
      );
      await jobProcess(small).runAlerts();
      const alerted = async () => {
        let n = 0;
        for (const who of people) {
          n += (await messagesTo(small.dataDir, who.phone)).filter((m) =>
            m.text.includes('/l/'),
          ).length;
        }
        return n;
      };
      // Half of 6 is 3, and the hour counted 3 codes already: no alert may go.
      expect(await alerted()).toBe(0);
      // A sign-in code still goes: the window is only half full.
      clock.advance(2 * MINUTE);
      await signInAs(small, people[0]!.phone);
      // The next hour, alerts have their half again.
      clock.set(new Date(START.getTime() + HOUR));
      await jobProcess(small).runAlerts();
      expect(await alerted()).toBe(3);
    } finally {
      await small.close();
    }
  });
});

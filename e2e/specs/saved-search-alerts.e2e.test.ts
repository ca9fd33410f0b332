import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../support/browser';
import { startOwnServer, type OwnServer } from '../support/app-server';
import { clickOnceHydrated } from '../support/hydration';
import { approveThroughApi, publishRentThroughApi } from '../support/listings';
import { messages, text } from '../support/locales';
import {
  newPerson,
  registerThroughApi,
  storeSession,
  tokensThroughApi,
  type ApiTokens,
  type Person,
} from '../support/sign-in';
import { readOutbox, toE164, waitForOutboxLine } from '../support/sms-outbox';
import { until } from '../support/until';

/*
 * Saved searches and their SMS alerts (issue 21) against an app of their own whose clock is
 * injected (TEST_CLOCK_START), on the next day that is still ahead of the real time (a clock behind
 * the browser's would make the web app refresh its tokens at every request). Alerts run every
 * second there. First the quiet hours hold an alert: it is matched at 07:00 and the job's run that
 * matched it ends without texting; then the app is restarted on the same data with its clock at
 * 07:59:50 (rather than waiting an hour, or even minutes, of real time for 08:00) and texts it at
 * 08:00, not before. Then, in the day, a search saved in the browser gets its alert within seconds
 * of an approval, its link opens the listing, and its stop link stops it.
 */

const searches = messages('en', 'searches');
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The next `time` East Africa Time ("HH:MM:SS") that is still ahead of now. */
function nextEat(time: string, now: Date): Date {
  const candidate = new Date(`${eatClockDay(now.getTime())}T${time}+03:00`);
  return candidate > now ? candidate : new Date(candidate.getTime() + DAY_MS);
}

/** The hour and minute of East Africa Time a server time falls on, "HH:MM:SS". */
const eatClock = (ms: number) => new Date(ms + EAT_OFFSET_MS).toISOString().slice(11, 19);
/** The day of East Africa Time a server time falls on, "YYYY-MM-DD". */
const eatClockDay = (ms: number) => new Date(ms + EAT_OFFSET_MS).toISOString().slice(0, 10);

interface SavedSearchAnswer {
  id: string;
  createdAt: string;
  alerts: string;
  newMatches: number;
}

describe('saved-search alerts, on an app with an injected clock', () => {
  let server: OwnServer;
  let owner: Person;
  let ownerTokens: ApiTokens;
  /** The app's clock minus the real one, ms: read from what the app stamps on a saved search. */
  let skewMs: number | undefined;
  const serverNow = () => Date.now() + (skewMs ?? 0);

  const api = async <T>(tokens: ApiTokens, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${tokens.access_token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };

  async function person(first: string): Promise<{ who: Person; tokens: ApiTokens }> {
    const who = newPerson(first, 'Alerts');
    await registerThroughApi(who, server);
    return { who, tokens: await tokensThroughApi(who, server) };
  }

  /** Sets skewMs from a search saved now. */
  async function measureSkew(tokens: ApiTokens): Promise<void> {
    const sent = Date.now();
    const saved = await api<SavedSearchAnswer>(tokens, 'POST', '/api/me/saved-searches', {
      search: `Saa ${sent}`,
      alerts: 'off',
    });
    skewMs = Date.parse(saved.createdAt) - sent;
  }

  beforeAll(async () => {
    const night = nextEat('07:00:00', new Date());
    server = await startOwnServer({
      TEST_CLOCK_START: night.toISOString(),
      SAVED_SEARCH_ALERTS_EVERY_SECONDS: '1',
    });
    ({ who: owner, tokens: ownerTokens } = await person('Owner'));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** The number of matches a saved search has that its owner has not seen. */
  const newMatches = async (tokens: ApiTokens, search: string) => {
    const mine = await api<(SavedSearchAnswer & { search: string })[]>(
      tokens,
      'GET',
      '/api/me/saved-searches',
    );
    return mine.find((each) => each.search === search)?.newMatches;
  };

  /** Publishes a house for rent titled `title` and approves it. */
  const approvedListing = async (title: string) => {
    const id = await publishRentThroughApi(ownerTokens.access_token, title, server.baseUrl);
    await approveThroughApi(id, server);
    return id;
  };

  it('holds an alert matched at night until 08:00', async () => {
    const { who, tokens } = await person('Night');
    const stamp = Date.now() % 100_000;
    const search = `Mwenge ${stamp}`;
    await api(tokens, 'POST', '/api/me/saved-searches', { search, alerts: 'instant' });
    // A second search, without alerts: a listing matched against it marks a later run.
    const marker = `Msasani ${stamp}`;
    await api(tokens, 'POST', '/api/me/saved-searches', { search: marker, alerts: 'off' });
    await measureSkew(tokens);
    const since = new Date().toISOString();

    await approvedListing(search);
    await until(
      async () => ((await newMatches(tokens, search)) === 1 ? true : undefined),
      'the listing to match the saved search',
    );
    const matchedAt = serverNow();
    expect(eatClock(matchedAt) < '08:00:00', `matched at ${eatClock(matchedAt)}`).toBe(true);
    // Runs never overlap, and a run texts what is due after matching: once a listing approved
    // after that match is matched too, the run that matched the first has ended, texting nothing.
    await approvedListing(marker);
    await until(
      async () => ((await newMatches(tokens, marker)) === 1 ? true : undefined),
      'a later run of the alerts job',
    );
    const textedAtNight = (await readOutbox(server.dataDir)).filter(
      (line) => line.to === toE164(who.phone) && line.at >= since,
    );
    expect(textedAtNight).toEqual([]);

    // Ten seconds before 08:00 on the same morning: the held alert goes at 08:00, not before.
    const eatDay = eatClockDay(serverNow());
    await server.restart({ TEST_CLOCK_START: `${eatDay}T07:59:50+03:00` });
    // The owner's token was issued at 07:00 by the old clock: long expired by the new one.
    ownerTokens = await tokensThroughApi(owner, server);
    await measureSkew(ownerTokens);
    const alert = await waitForOutboxLine(who.phone, since, '/l/', {
      dataDir: server.dataDir,
      timeoutMs: 60_000,
    });
    expect(alert.text).toContain(`"${search}" TZS 350,000`);
    expect(eatClock(Date.parse(alert.at) + (skewMs ?? 0)) >= '08:00:00').toBe(true);
  }, 240_000);

  describe('in the day', () => {
    let session: Session;
    beforeAll(async () => {
      session = await openSession({ baseURL: server.baseUrl });
    });
    afterAll(async () => {
      await session?.close();
    });

    it('texts a search saved in the browser within seconds of an approval; its links open the listing and stop the alerts', async () => {
      const { page } = session;
      const { who, tokens } = await person('Day');
      await until(
        () => (eatClock(serverNow()) >= '08:00:00' ? true : undefined),
        'the end of the quiet hours',
        { timeoutMs: 180_000, everyMs: 500 },
      );
      await storeSession(page, tokens);
      const stamp = Date.now() % 100_000;
      const place = `Kawe ${stamp}`;

      await page.goto(`/lease?search=${encodeURIComponent(place)}`);
      await clickOnceHydrated(
        page.getByRole('button', { name: text(searches, 'save.title') }),
        'the Save this search button',
      );
      const dialog = page.getByRole('dialog', { name: text(searches, 'save.title') });
      await dialog.getByRole('radio', { name: text(searches, 'alerts.instant') }).check();
      await dialog
        .getByRole('button', { name: text(searches, 'save.submit'), exact: true })
        .click();
      await page.getByText(text(searches, 'save.saved')).waitFor();
      const [saved] = await api<SavedSearchAnswer[]>(tokens, 'GET', '/api/me/saved-searches');
      expect(saved).toMatchObject({ alerts: 'instant' });

      const since = new Date().toISOString();
      const title = `Nyumba ${place}`;
      const listingId = await publishRentThroughApi(
        ownerTokens.access_token,
        title,
        server.baseUrl,
      );
      await approveThroughApi(listingId, server);
      const alert = await waitForOutboxLine(who.phone, since, '/l/', {
        dataDir: server.dataDir,
        timeoutMs: 30_000,
      });
      expect(alert.text).toContain(`"${title}" TZS 350,000`);

      // The short link opens the listing's page.
      const short = /(\/l\/[A-Za-z0-9_-]{22})/.exec(alert.text)?.[1];
      expect(short).toBeDefined();
      await page.goto(short!);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/lease/${listingId}`);

      // The stop link asks first (a preview's GET changes nothing), then stops.
      const stop = /(\/alerts\/off\/[A-Za-z0-9_-]+)/.exec(alert.text)?.[1];
      await page.goto(stop!);
      await page.getByRole('heading', { name: text(searches, 'alertsOff.title') }).waitFor();
      const [before] = await api<SavedSearchAnswer[]>(tokens, 'GET', '/api/me/saved-searches');
      expect(before?.alerts).toBe('instant');
      await page.getByRole('button', { name: text(searches, 'alertsOff.stop') }).click();
      await page.getByRole('heading', { name: text(searches, 'alertsOff.done') }).waitFor();
      const [after] = await api<SavedSearchAnswer[]>(tokens, 'GET', '/api/me/saved-searches');
      expect(after?.alerts).toBe('off');
    }, 240_000);
  });
});

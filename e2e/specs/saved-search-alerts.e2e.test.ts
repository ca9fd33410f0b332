import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type Session } from '../support/browser';
import { startOwnServer, type OwnServer } from '../support/app-server';
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
import { waitForOutboxLine } from '../support/sms-outbox';
import { until } from '../support/until';

/*
 * Saved searches and their SMS alerts (issue 21) against an app of their own whose clock is
 * injected (TEST_CLOCK_START): it starts at 07:57:30 East Africa Time, in the quiet hours, on the
 * next day that is still ahead of the real time (a clock behind the browser's would make the web
 * app refresh its tokens at every request). Alerts run every second there. First the quiet hours
 * hold an alert until 08:00; then, in the day, a search saved in the browser gets its alert
 * within seconds of an approval, its link opens the listing, and its stop link stops it.
 */

const searches = messages('en', 'searches');
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const QUIET_START = '07:57:30';

/** The next 07:57:30 EAT that is still ahead of now. */
function nextQuietMorning(now: Date): Date {
  const eatDay = new Date(now.getTime() + EAT_OFFSET_MS).toISOString().slice(0, 10);
  const candidate = new Date(`${eatDay}T${QUIET_START}+03:00`);
  return candidate > now ? candidate : new Date(candidate.getTime() + DAY_MS);
}

/** The hour and minute of East Africa Time a server time falls on, "HH:MM:SS". */
const eatClock = (ms: number) => new Date(ms + EAT_OFFSET_MS).toISOString().slice(11, 19);

interface SavedSearchAnswer {
  id: string;
  createdAt: string;
  alerts: string;
  newMatches: number;
}

describe('saved-search alerts, on an app with an injected clock', () => {
  let server: OwnServer;
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

  beforeAll(async () => {
    server = await startOwnServer({
      TEST_CLOCK_START: nextQuietMorning(new Date()).toISOString(),
      SAVED_SEARCH_ALERTS_EVERY_SECONDS: '1',
    });
    ({ tokens: ownerTokens } = await person('Owner'));
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('holds an alert matched at night until 08:00', async () => {
    const { who, tokens } = await person('Night');
    const stamp = Date.now() % 100_000;
    const sent = Date.now();
    const saved = await api<SavedSearchAnswer>(tokens, 'POST', '/api/me/saved-searches', {
      search: `Mwenge ${stamp}`,
      alerts: 'instant',
    });
    skewMs = Date.parse(saved.createdAt) - sent;
    // The app started at 07:57:30; everything so far must have taken less than two and a half
    // minutes, or this spec cannot see the quiet hours.
    expect(
      eatClock(serverNow()) < '08:00:00',
      `the app's clock reads ${eatClock(serverNow())}`,
    ).toBe(true);

    const since = new Date().toISOString();
    const listingId = await publishRentThroughApi(
      ownerTokens.access_token,
      `Mwenge ${stamp}`,
      server.baseUrl,
    );
    await approveThroughApi(listingId, server);
    // Matched within a second or two (it counts on /saved), before 08:00 …
    await until(async () => {
      const [mine] = await api<SavedSearchAnswer[]>(tokens, 'GET', '/api/me/saved-searches');
      return mine?.newMatches === 1 ? true : undefined;
    }, 'the listing to match the saved search');
    const matchedAt = serverNow();
    expect(eatClock(matchedAt) < '08:00:00', `matched at ${eatClock(matchedAt)}`).toBe(true);
    // Not texted then (the job ran every second meanwhile): at 08:00, and not before.
    const alert = await waitForOutboxLine(who.phone, since, '/l/', {
      dataDir: server.dataDir,
      timeoutMs: 180_000,
    });
    expect(alert.text).toContain(`"Mwenge ${stamp}" TZS 350,000`);
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
      await page.getByRole('button', { name: text(searches, 'save.title') }).click();
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

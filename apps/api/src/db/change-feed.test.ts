import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-app';
import { createChangeFeed, type ChangeFeed } from './change-feed';

/*
 * Decision 015: the catalogue's "something changed" between processes. Two feeds on one database
 * stand for two processes. On the PostgreSQL server it is LISTEN/NOTIFY over a connection of the
 * feed's own, which may be lost; on PGlite, one process, the apps on a database share one feed.
 */

const quiet = { warn: () => undefined, info: () => undefined };
let database: TestDatabase;
const feeds: ChangeFeed[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const feed of feeds) await feed.close();
  await database.dispose();
});

async function openFeed(): Promise<{ feed: ChangeFeed; heard: () => number }> {
  const feed = createChangeFeed(database.handle, 'makazi_catalogue', quiet);
  feeds.push(feed);
  let heard = 0;
  feed.subscribe(() => {
    heard += 1;
  });
  await feed.ready();
  return { feed, heard: () => heard };
}

describe('the change feed', () => {
  it('tells every other process on the database, not the publishing one again', async () => {
    const a = await openFeed();
    const b = await openFeed();
    expect(a.feed.live).toBe(true);
    expect(b.feed.live).toBe(true);
    const before = [a.heard(), b.heard()];
    await a.feed.publish();
    await expect.poll(() => b.heard() - before[1]!, { timeout: 2000 }).toBe(1);
    // On PGlite the two apps share one in-process feed; on the server the publisher has cleared
    // its own caches and ignores its own notification (a second clear would drop fresh pages).
    const expectedByA = database.handle.kind === 'pglite' ? 1 : 0;
    await b.feed.publish();
    await expect.poll(() => a.heard() - before[0]!, { timeout: 2000 }).toBe(expectedByA + 1);
  });

  it('says it is not live when it loses its connection, and comes back by itself', async () => {
    const a = await openFeed();
    if (database.handle.kind === 'pglite') {
      // In-process on PGlite: there is no connection to lose.
      expect(a.feed.live).toBe(true);
      return;
    }
    const before = a.heard();
    // What a PostgreSQL restart or a network cut does to the listening connection.
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
           where application_name = 'makazi-api-listen' and datname = current_database()`,
    );
    // Told twice: when lost (caches forget) and when back (what was missed is unknown).
    await expect.poll(() => a.heard() - before, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => a.feed.live, { timeout: 5000 }).toBe(true);
    const b = await openFeed();
    const heardByA = a.heard();
    await b.feed.publish();
    await expect.poll(() => a.heard() - heardByA, { timeout: 2000 }).toBe(1);
  });
});

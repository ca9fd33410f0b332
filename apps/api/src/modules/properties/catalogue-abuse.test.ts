import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertProperty } from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * What keeps the public catalogue standing under abuse: a per-address (per-account when signed
 * in) read limit, and a deadline on every catalogue query, past which the visitor gets a 503 with
 * Retry-After instead of a worker held for as long as the database takes.
 */

const READS_PER_MINUTE = 4;
const TIMEOUT_MS = 400;
let t: TestApp;
let listingId: string;
let reader: SignedIn;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: String(READS_PER_MINUTE),
      CATALOGUE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  const listing = await insertProperty(t.db, { type: 'Rent' });
  listingId = listing.id;
  reader = await signUpAndIn(t);
});
afterAll(async () => {
  await t.close();
});

const read = (url: string, address: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, remoteAddress: address, headers });

describe('anonymous catalogue reads per address', () => {
  it('are counted across the list, detail and publisher routes, and refused past the limit', async () => {
    const address = '203.0.113.7';
    const urls = [
      '/api/properties?limit=5',
      `/api/properties/${listingId}`,
      `/api/properties/publishers/${reader.userId}`,
      '/api/properties?type=Rent',
    ];
    for (const url of urls) expect((await read(url, address)).statusCode).toBe(200);
    const refused = await read('/api/properties?limit=5', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(
        /^Too many listing pages were asked for from your network\. Try again in /,
      ) as string,
    });
    // Another address is another count.
    expect((await read('/api/properties?limit=5', '203.0.113.8')).statusCode).toBe(200);
    // A signed-in reader behind the same address counts against their own account.
    expect((await read(`/api/properties/${listingId}`, address, reader.auth)).statusCode).toBe(200);
  });
});

describe('a catalogue query the database cannot answer in time', () => {
  it('is answered 503 with Retry-After within the deadline, and cancelled by the server', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // A writer holding the catalogue: on the server an exclusive lock, on the embedded database
    // (one connection) the open transaction itself keeps every other query waiting.
    const holder = t.db.transaction(async (tx) => {
      if (t.database.kind === 'postgres') {
        await tx.execute(sql`lock table catalogue_entries in access exclusive mode`);
      } else {
        await tx.execute(sql`select 1`);
      }
      locked();
      await released;
    });
    try {
      await isLocked;
      const started = Date.now();
      const res = await read('/api/properties?type=Land&limit=3', '198.51.100.4');
      const took = Date.now() - started;
      expect(res.statusCode, res.body).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      // Within the deadline and a margin for a busy machine, never the database's own pace.
      expect(took).toBeLessThan(TIMEOUT_MS + 1500);
      if (t.database.kind === 'postgres') {
        // The server cancelled the statement itself: it no longer waits on the lock.
        await vi.waitFor(
          async () => {
            const waiting = await t.db.execute<{ n: number }>(sql`
              select count(*)::int as n from pg_stat_activity
              where application_name = 'makazi-api-catalogue' and wait_event_type = 'Lock'`);
            expect(waiting.rows[0]?.n).toBe(0);
          },
          { timeout: 3000, interval: 50 },
        );
      }
    } finally {
      release();
      await holder;
    }
    // Once the writer is done, the catalogue answers again.
    expect((await read('/api/properties?type=Land&limit=3', '198.51.100.5')).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAdmin, type SignedInAdmin } from '../../test/admin';
import { insertProperty } from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { nextAddress, signUp } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Decision 014: public catalogue pages are answered from memory for CATALOGUE_CACHE_MS, and any
 * successful write through the API forgets them at once, except the writes marked keepsCatalogue
 * (sign-in, starting a payment). Decision 015: in every process on the database, not only the one
 * that wrote.
 */
const TTL_MS = 5_000;
const clock = createFakeClock();
let t: TestApp;
let admin: SignedInAdmin;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOGUE_CACHE_MS: String(TTL_MS) }, clock });
  admin = await signInAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

async function listedIds(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/properties?type=Rent&limit=50' });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string }[]>().map((listing) => listing.id);
}

/** An admin's approval, through this app (the process that writes). */
async function approveThroughApi(propertyId: string): Promise<void> {
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/properties/${propertyId}/approve`,
    headers: { authorization: `Bearer ${admin.token}` },
    remoteAddress: nextAddress(),
  });
  expect(approved.statusCode).toBe(200);
}

describe('the public catalogue page cache', () => {
  it('answers a repeated query from memory until its time to live has passed', async () => {
    await listedIds();
    // Written behind the API's back: nothing tells the cache.
    const added = await insertProperty(t.db, { type: 'Rent' });
    expect(await listedIds()).not.toContain(added.id);
    clock.advance(TTL_MS);
    expect(await listedIds()).toContain(added.id);
  });

  it('is forgotten by a write through the API, before that write is answered', async () => {
    const pending = await insertProperty(t.db, { type: 'Rent', status: 'pending' });
    expect(await listedIds()).not.toContain(pending.id);
    await approveThroughApi(pending.id);
    expect(await listedIds()).toContain(pending.id);
  });

  it('is kept by a sign-in and by a refused write', async () => {
    await listedIds();
    const added = await insertProperty(t.db, { type: 'Rent' });
    await signUp(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/properties/${added.id}/approve`,
      remoteAddress: nextAddress(),
    });
    expect(refused.statusCode).toBe(401);
    expect(await listedIds()).not.toContain(added.id);
  });

  it('is forgotten in another process on the same database when this one writes', async () => {
    // A second app on the database: another process behind the load balancer.
    const other = await createTestApp({
      database: t.database,
      env: { CATALOGUE_CACHE_MS: String(TTL_MS) },
      clock,
    });
    try {
      const listedByOther = async () => {
        const res = await other.app.inject({
          method: 'GET',
          url: '/api/properties?type=Rent&limit=50',
        });
        return res.json<{ id: string }[]>().map((listing) => listing.id);
      };
      const pending = await insertProperty(t.db, { type: 'Rent', status: 'pending' });
      // Cached in the other process, the clock standing still.
      await listedByOther();
      const behindTheBack = await insertProperty(t.db, { type: 'Rent' });
      expect(await listedByOther()).not.toContain(behindTheBack.id);

      await approveThroughApi(pending.id);
      // Told before the approval was answered: at once, on the server as in one process.
      await expect.poll(listedByOther, { timeout: 1000 }).toContain(pending.id);
    } finally {
      await other.close();
    }
  });
});

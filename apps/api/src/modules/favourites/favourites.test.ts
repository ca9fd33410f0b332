import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TFavourite } from '@makazi/contracts/favourites';
import { FAVOURITES_MAX } from '@makazi/contracts/saved-values';
import { properties, users } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import {
  insertLocationChain,
  insertPhoto,
  insertProperty,
  setPropertyStatus,
  type LocationChain,
  type PropertyRow,
} from '../../test/factories';
import { signUpAndIn, type SignedIn } from '../../test/sign-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import { createFavouritesRepository } from './favourites.repository';

/*
 * Favourites (issue 21): saving and removing are idempotent, only public listings can be saved,
 * a saved listing stays on the list with where it stands now, the cap holds, the merge after
 * sign-in skips what it cannot save, and each account sees its own list alone.
 */

const START = new Date('2026-03-02T08:00:00.000Z');
const clock = createFakeClock(START);
const WRITES_PER_MINUTE = 30;

let t: TestApp;
let chain: LocationChain;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { FAVOURITE_WRITES_PER_USER_PER_MINUTE: String(WRITES_PER_MINUTE) },
  });
  chain = await insertLocationChain(t.db, { ward: 'Msasani', district: 'Kinondoni' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(START);
});

const put = (who: SignedIn | undefined, id: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/me/favourites/${id}`,
    ...(who ? { headers: who.auth } : {}),
  });
const del = (who: SignedIn | undefined, id: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/me/favourites/${id}`,
    ...(who ? { headers: who.auth } : {}),
  });
const merge = (who: SignedIn | undefined, propertyIds: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/me/favourites/merge',
    payload: { propertyIds },
    ...(who ? { headers: who.auth } : {}),
  });

async function listOf(who: SignedIn): Promise<TFavourite[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/favourites', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.json<TFavourite[]>();
}

async function saved(who: SignedIn, id: string): Promise<void> {
  const res = await put(who, id);
  expect(res.statusCode, res.body).toBe(204);
}

const listing = (extra: Parameters<typeof insertProperty>[1] = {}) =>
  insertProperty(t.db, { address: chain, ...extra });

/** Changes a listing's row as the trust and owner routes would, its catalogue card with it. */
async function setListing(id: string, values: Partial<typeof properties.$inferInsert>) {
  await transactionRefreshingCards(t.db, (tx) =>
    tx.update(properties).set(values).where(eq(properties.id, id)),
  );
}

const stateOf = async (who: SignedIn, id: string) =>
  (await listOf(who)).find((favourite) => favourite.property.id === id)?.state;

describe('saving a favourite', () => {
  it('saves a public listing with what its row shows, and saving again keeps the first savedAt', async () => {
    const who = await signUpAndIn(t);
    const home = await listing({ type: 'Apartment', title: 'Fleti Msasani', price: 750_000 });
    await insertPhoto(t.db, home.id, { widths: [320, 768] });

    await saved(who, home.id);
    clock.advance(60_000);
    await saved(who, home.id);

    expect(await listOf(who)).toEqual([
      {
        property: {
          id: home.id,
          title: 'Fleti Msasani',
          type: 'Apartment',
          price: 750_000,
          place: 'Msasani, Kinondoni',
          coverUrl: `/media/photos/${home.id}/0-320.webp`,
        },
        state: 'available',
        savedAt: START.toISOString(),
      },
    ]);
  });

  it('lists the newest first, with no cover when the listing has no photo', async () => {
    const who = await signUpAndIn(t);
    const older = await listing();
    const newer = await listing();
    await saved(who, older.id);
    clock.advance(1000);
    await saved(who, newer.id);

    const list = await listOf(who);
    expect(list.map((favourite) => favourite.property.id)).toEqual([newer.id, older.id]);
    expect(list[0]?.property.coverUrl).toBeNull();
  });

  it('answers 404 for a listing that is not public, or not there at all, and saves nothing', async () => {
    const who = await signUpAndIn(t);
    const pending = await listing({ status: 'pending' });
    const taken = await listing();
    await setListing(taken.id, { takenAt: clock() });

    for (const id of [pending.id, taken.id, randomUUID()]) {
      const res = await put(who, id);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await listOf(who)).toEqual([]);
  });

  it('answers 204 for a favourite that left the catalogue since it was saved', async () => {
    const who = await signUpAndIn(t);
    const home = await listing();
    await saved(who, home.id);
    await setListing(home.id, { takenAt: clock() });

    await saved(who, home.id);
    expect(await stateOf(who, home.id)).toBe('taken');
  });

  it('answers 400 for an id that is no listing id', async () => {
    const who = await signUpAndIn(t);
    const res = await put(who, 'not-a-uuid');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('where a favourite stands', () => {
  let who: SignedIn;
  let home: PropertyRow;
  beforeEach(async () => {
    who = await signUpAndIn(t);
    home = await listing();
    await insertPhoto(t.db, home.id);
    await saved(who, home.id);
  });

  it('keeps a favourite its owner marked taken, and shows it taken with its photo', async () => {
    await setListing(home.id, { takenAt: clock() });
    const [favourite] = await listOf(who);
    expect(favourite).toMatchObject({ state: 'taken', property: { id: home.id } });
    expect(favourite?.property.coverUrl).not.toBeNull();
  });

  it('shows a favourite not confirmed for too long as stale', async () => {
    await setListing(home.id, { staleAt: clock() });
    expect(await stateOf(who, home.id)).toBe('stale');
  });

  it('shows removed, without its photo, a favourite its owner deleted', async () => {
    await setPropertyStatus(t.db, home.id, 'archived');
    const [favourite] = await listOf(who);
    expect(favourite).toMatchObject({
      state: 'removed',
      property: { id: home.id, title: home.title, place: 'Msasani, Kinondoni', coverUrl: null },
    });
  });

  it('shows removed a favourite held for reports, rejected, or whose publisher is suspended', async () => {
    await setListing(home.id, { heldForReportsAt: clock() });
    expect(await stateOf(who, home.id)).toBe('removed');
    await setListing(home.id, { heldForReportsAt: null, publisherSuspendedAt: clock() });
    expect(await stateOf(who, home.id)).toBe('removed');
    await setListing(home.id, { publisherSuspendedAt: null });
    expect(await stateOf(who, home.id)).toBe('available');
    await setPropertyStatus(t.db, home.id, 'rejected', 'Picha si za nyumba hii');
    expect(await stateOf(who, home.id)).toBe('removed');
  });

  it('says only where the listing is when it has no ward', async () => {
    const away = await insertProperty(t.db);
    await setListing(away.id, {
      regionId: chain.region.id,
      districtId: null,
      wardId: null,
      streetId: null,
    });
    await saved(who, away.id);
    const list = await listOf(who);
    expect(list.find((f) => f.property.id === away.id)?.property.place).toBe(chain.region.name);
  });

  it('never shows the owner’s phone number', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/favourites', headers: who.auth });
    expect(res.body).not.toContain(home.ownerPhoneNumber);
    expect(res.body).not.toContain('ownerPhoneNumber');
  });
});

describe('removing a favourite', () => {
  it('answers 204 whether or not it was saved, and it is gone', async () => {
    const who = await signUpAndIn(t);
    const home = await listing();
    await saved(who, home.id);

    expect((await del(who, home.id)).statusCode).toBe(204);
    expect(await listOf(who)).toEqual([]);
    expect((await del(who, home.id)).statusCode).toBe(204);
    expect((await del(who, randomUUID())).statusCode).toBe(204);
  });

  it('removes a favourite that is no longer public, which cannot then be saved again', async () => {
    const who = await signUpAndIn(t);
    const home = await listing();
    await saved(who, home.id);
    await setPropertyStatus(t.db, home.id, 'archived');

    expect((await del(who, home.id)).statusCode).toBe(204);
    expect((await put(who, home.id)).statusCode).toBe(404);
  });
});

describe('accounts', () => {
  it('answers 401 without a session, on every favourites route', async () => {
    const home = await listing();
    const anonymous = [
      await put(undefined, home.id),
      await del(undefined, home.id),
      await merge(undefined, [home.id]),
      await t.app.inject({ method: 'GET', url: '/api/me/favourites' }),
    ];
    expect(anonymous.map((res) => res.statusCode)).toEqual([401, 401, 401, 401]);
  });

  it('saves nothing for an account deleted while the request was on its way', async () => {
    const who = await signUpAndIn(t);
    const home = await listing();
    await t.db
      .update(users)
      .set({ deletedAt: clock(), phoneNumber: null })
      .where(eq(users.id, who.userId));
    const repository = createFavouritesRepository(t.db);

    expect(await repository.save(who.userId, home.id, clock(), FAVOURITES_MAX)).toBe(
      'account_gone',
    );
    expect(await repository.merge(who.userId, [home.id], clock(), FAVOURITES_MAX)).toBe(
      'account_gone',
    );
    expect(await repository.list(who.userId)).toEqual([]);
  });

  it('never shows one account’s favourites to another, nor lets it remove them', async () => {
    const asha = await signUpAndIn(t);
    const baraka = await signUpAndIn(t);
    const home = await listing();
    await saved(asha, home.id);

    expect(await listOf(baraka)).toEqual([]);
    expect((await del(baraka, home.id)).statusCode).toBe(204);
    expect((await listOf(asha)).map((f) => f.property.id)).toEqual([home.id]);
  });
});

/** `n` listings at once, listed: far quicker than n inserts through the factory. */
async function manyListings(n: number, publishedBy: string): Promise<string[]> {
  const { rows } = await transactionRefreshingCards(t.db, (tx) =>
    tx.execute<{ id: string }>(sql`
    insert into properties (type, status, title, description, owner_name, owner_phone_number,
      published_by, price_tzs, number_of_bedrooms, number_of_bathrooms, lease_term_months)
    select 'Rent', 'approved', 'Chumba ' || g, 'Karibu na soko', 'Mama Neema', '+255700000001',
      ${publishedBy}::uuid, 100000 + g, 1, 1, 6
    from generate_series(1, ${n}::int) g
    returning id`),
  );
  return rows.map((row) => row.id);
}

/** Saves `ids` for the account, written straight into the table. */
async function fill(who: SignedIn, ids: string[]): Promise<void> {
  await t.db.execute(sql`insert into favourites (user_id, property_id, created_at)
    select ${who.userId}::uuid, id, ${START}::timestamptz
    from unnest(array[${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) as id`);
}

describe('the cap of FAVOURITES_MAX', () => {
  let publisher: string;
  let ids: string[];
  beforeAll(async () => {
    publisher = (await signUpAndIn(t)).userId;
    ids = await manyListings(FAVOURITES_MAX + 5, publisher);
  });

  it('answers 409 FAVOURITES_LIMIT past the cap, and saving one already saved stays 204', async () => {
    const who = await signUpAndIn(t);
    await fill(who, ids.slice(0, FAVOURITES_MAX - 1));

    await saved(who, ids[FAVOURITES_MAX - 1]!);
    const res = await put(who, ids[FAVOURITES_MAX]!);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({
      code: 'FAVOURITES_LIMIT',
      message: `You can keep at most ${FAVOURITES_MAX} favourites. Remove some to save more.`,
    });
    await saved(who, ids[0]!);
    expect(await listOf(who)).toHaveLength(FAVOURITES_MAX);
  });

  it('lets no two saves at once pass the cap together', async () => {
    const who = await signUpAndIn(t);
    await fill(who, ids.slice(0, FAVOURITES_MAX - 1));
    const repository = createFavouritesRepository(t.db);

    const outcomes = await Promise.all(
      ids
        .slice(FAVOURITES_MAX - 1, FAVOURITES_MAX + 4)
        .map((id) => repository.save(who.userId, id, clock(), FAVOURITES_MAX)),
    );
    expect(outcomes.filter((outcome) => outcome === 'added')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'full')).toHaveLength(4);
    expect(await listOf(who)).toHaveLength(FAVOURITES_MAX);
  });

  it('merges only up to the cap, dropping the rest', async () => {
    const who = await signUpAndIn(t);
    await fill(who, ids.slice(0, FAVOURITES_MAX - 2));

    const res = await merge(who, ids.slice(FAVOURITES_MAX - 2, FAVOURITES_MAX + 3));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TFavourite[]>()).toHaveLength(FAVOURITES_MAX);
  });
});

describe('merging a browser’s favourites', () => {
  it('saves the public ones not saved yet, skips the rest, and answers the whole list', async () => {
    const who = await signUpAndIn(t);
    const before = await listing();
    await saved(who, before.id);
    clock.advance(60_000);
    const a = await listing();
    const b = await listing();
    const pending = await listing({ status: 'pending' });
    const archived = await listing();
    await setPropertyStatus(t.db, archived.id, 'archived');

    const res = await merge(who, [
      a.id,
      before.id,
      pending.id,
      randomUUID(),
      a.id,
      archived.id,
      b.id,
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TFavourite[]>();
    expect(list.map((f) => f.property.id).sort()).toEqual([a.id, b.id, before.id].sort());
    // The one saved before keeps when it was saved; the merged ones are saved now.
    expect(list.find((f) => f.property.id === before.id)?.savedAt).toBe(START.toISOString());
    expect(list.find((f) => f.property.id === a.id)?.savedAt).toBe(clock().toISOString());
    expect(list[2]?.property.id).toBe(before.id);

    // Again: nothing changes.
    clock.advance(60_000);
    const again = await merge(who, [a.id, b.id, pending.id]);
    expect(again.json<TFavourite[]>()).toEqual(list);
  });

  it('answers the list as it is for an empty merge, and 400 past FAVOURITES_MERGE_MAX ids', async () => {
    const who = await signUpAndIn(t);
    const home = await listing();
    await saved(who, home.id);
    const empty = await merge(who, []);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<TFavourite[]>().map((f) => f.property.id)).toEqual([home.id]);

    const tooMany = await merge(
      who,
      Array.from({ length: 101 }, () => randomUUID()),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('the write limit', () => {
  it(`answers 429 past ${WRITES_PER_MINUTE} writes a minute from one account, counting every write route`, async () => {
    const who = await signUpAndIn(t);
    const other = await signUpAndIn(t);
    const home = await listing();
    const statuses: number[] = [];
    for (let i = 0; i < WRITES_PER_MINUTE; i += 1) {
      const res =
        i % 3 === 0
          ? await put(who, home.id)
          : i % 3 === 1
            ? await del(who, home.id)
            : await merge(who, [home.id]);
      statuses.push(res.statusCode);
    }
    expect(statuses.every((status) => status < 300)).toBe(true);

    const refused = await put(who, home.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Reading is not writing, and another account has its own budget.
    expect((await listOf(who)).map((f) => f.property.id)).toEqual([home.id]);
    expect((await put(other, home.id)).statusCode).toBe(204);
  });
});

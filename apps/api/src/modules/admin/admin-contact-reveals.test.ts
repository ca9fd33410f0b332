import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TErrorResponse } from '@makazi/contracts/common';
import type { TTopRevealersResponse } from '@makazi/contracts/contact-reveals';
import { contactReveals } from '../../db/schema';
import { signInAdmin } from '../../test/admin';
import { createFakeClock } from '../../test/fake-clock';
import { insertProperty, insertUser, type UserRow } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The admin's heaviest revealers over seeded reveals. The clock stands at 12:00 EAT on
 * 22 November: the default seven days start at 00:00 EAT on 16 November, 21:00 UTC on the 15th.
 */

const clock = createFakeClock(new Date('2026-11-22T09:00:00.000Z'));
/** An instant given in East Africa Time (UTC+3). */
const eat = (local: string) => new Date(`${local}+03:00`);

let t: TestApp;
let adminAuth: { authorization: string };
let amina: UserRow;
let baraka: UserRow;
let chausiku: UserRow;
let dotto: UserRow;

async function reveal(user: UserRow, propertyId: string, at: Date): Promise<void> {
  await t.db.insert(contactReveals).values({ userId: user.id, propertyId, revealedAt: at });
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  adminAuth = { authorization: `Bearer ${(await signInAdmin(t.app)).token}` };
  amina = await insertUser(t.db, { firstName: 'Amina', lastName: 'Juma' });
  baraka = await insertUser(t.db, { firstName: 'Baraka', lastName: 'Mushi' });
  chausiku = await insertUser(t.db, { firstName: 'Chausiku', lastName: 'Ally' });
  dotto = await insertUser(t.db, { firstName: 'Dotto', lastName: 'Kweka' });
  const [l1, l2, l3, l4] = await Promise.all(Array.from({ length: 4 }, () => insertProperty(t.db)));

  // Amina: 3 listings, one of them 3 times; her first at the very start of the period.
  await reveal(amina, l1!.id, eat('2026-11-16T00:00:00'));
  await reveal(amina, l1!.id, eat('2026-11-18T10:00:00'));
  await reveal(amina, l1!.id, eat('2026-11-20T10:00:00'));
  await reveal(amina, l2!.id, eat('2026-11-21T10:00:00'));
  await reveal(amina, l3!.id, eat('2026-11-22T11:00:00'));
  // Baraka: 3 listings too, but more recently active than Amina.
  await reveal(baraka, l1!.id, eat('2026-11-22T00:30:00'));
  await reveal(baraka, l2!.id, eat('2026-11-22T01:00:00'));
  await reveal(baraka, l3!.id, eat('2026-11-22T11:30:00'));
  // Chausiku: 4 listings in the month, only 2 of them within the seven days (one a second before).
  await reveal(chausiku, l1!.id, eat('2026-11-01T09:00:00'));
  await reveal(chausiku, l2!.id, eat('2026-11-15T23:59:59'));
  await reveal(chausiku, l3!.id, eat('2026-11-17T09:00:00'));
  await reveal(chausiku, l4!.id, eat('2026-11-19T09:00:00'));
  // Dotto: one listing today.
  await reveal(dotto, l4!.id, eat('2026-11-22T08:00:00'));
});
afterAll(async () => {
  await t.close();
});

const top = (query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/contact-reveals/top${query}`,
    headers: adminAuth,
  });

async function topOf(query = ''): Promise<TTopRevealersResponse> {
  const res = await top(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TTopRevealersResponse>();
}

describe('GET /api/admin/contact-reveals/top', () => {
  it('lists the last seven East Africa days’ revealers, most distinct listings first, ties by newest activity', async () => {
    const res = await top();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<TTopRevealersResponse>();
    expect(body.days).toBe(7);
    expect(body.since).toBe('2026-11-15T21:00:00.000Z');
    expect(body.items).toEqual([
      {
        userId: baraka.id,
        name: 'Baraka Mushi',
        phoneNumber: baraka.phoneNumber,
        reveals: 3,
        listings: 3,
        firstRevealAt: eat('2026-11-22T00:30:00').toISOString(),
        lastRevealAt: eat('2026-11-22T11:30:00').toISOString(),
      },
      {
        userId: amina.id,
        name: 'Amina Juma',
        phoneNumber: amina.phoneNumber,
        reveals: 5,
        listings: 3,
        firstRevealAt: eat('2026-11-16T00:00:00').toISOString(),
        lastRevealAt: eat('2026-11-22T11:00:00').toISOString(),
      },
      {
        userId: chausiku.id,
        name: 'Chausiku Ally',
        phoneNumber: chausiku.phoneNumber,
        reveals: 2,
        listings: 2,
        firstRevealAt: eat('2026-11-17T09:00:00').toISOString(),
        lastRevealAt: eat('2026-11-19T09:00:00').toISOString(),
      },
      {
        userId: dotto.id,
        name: 'Dotto Kweka',
        phoneNumber: dotto.phoneNumber,
        reveals: 1,
        listings: 1,
        firstRevealAt: eat('2026-11-22T08:00:00').toISOString(),
        lastRevealAt: eat('2026-11-22T08:00:00').toISOString(),
      },
    ]);
  });

  it('counts whole East Africa days back: today only, or a month', async () => {
    const today = await topOf('?days=1');
    expect(today.since).toBe('2026-11-21T21:00:00.000Z');
    expect(today.items.map((row) => [row.name, row.listings, row.reveals])).toEqual([
      ['Baraka Mushi', 3, 3],
      ['Amina Juma', 1, 1],
      ['Dotto Kweka', 1, 1],
    ]);

    const month = await topOf('?days=31');
    expect(month.since).toBe('2026-10-22T21:00:00.000Z');
    expect(month.items.map((row) => [row.name, row.listings])).toEqual([
      ['Chausiku Ally', 4],
      ['Baraka Mushi', 3],
      ['Amina Juma', 3],
      ['Dotto Kweka', 1],
    ]);
  });

  it('lists at most `limit` people', async () => {
    const body = await topOf('?limit=2');
    expect(body.items.map((row) => row.userId)).toEqual([baraka.id, amina.id]);
  });

  it('refuses days outside 1–31 and a limit outside 1–100, naming the field', async () => {
    for (const [query, field] of [
      ['?days=0', 'days'],
      ['?days=32', 'days'],
      ['?days=seven', 'days'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
    ] as const) {
      const res = await top(query);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json<TErrorResponse>().details?.map((d) => d.field),
        query,
      ).toEqual([field]);
    }
  });

  it('is for admins only', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/contact-reveals/top' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('Amina');
  });
});

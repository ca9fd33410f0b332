import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminDashboard } from '@makazi/contracts/admin';
import type { TPaymentStatus } from '@makazi/contracts/payment-values';
import type { TPropertyStatus, TPropertyType } from '@makazi/contracts/property-values';
import { payments } from '../../db/schema';
import { signInAdmin } from '../../test/admin';
import { insertPlan, insertProperty, insertUser } from '../../test/factories';
import { createFakeClock } from '../../test/fake-clock';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdminDashboardRepository, DAILY_DAYS } from './admin-dashboard.repository';
import { createAdminDashboardService } from './admin-dashboard.service';

/*
 * The dashboard against seeded rows. The clock stands at 02:00 on 1 December in East Africa
 * Time, which is still 30 November in UTC: every boundary below is one that a UTC calendar would
 * put on the other side.
 */

const clock = createFakeClock(new Date('2026-11-30T23:00:00.000Z'));
let t: TestApp;
let userId: string;
let planId: string;

/** An instant given in East Africa Time (UTC+3). */
const eat = (local: string) => new Date(`${local}+03:00`);

beforeAll(async () => {
  t = await createTestApp({ clock });
  userId = (await insertUser(t.db)).id;
  await insertUser(t.db);
  await insertUser(t.db);
  planId = (
    await insertPlan(t.db, {
      kind: 'subscription',
      durationDays: 30,
      priceTzs: 10_000,
      features: { en: [], sw: [] },
    })
  ).id;

  const listing = (type: TPropertyType, status: TPropertyStatus, createdAt: Date) =>
    insertProperty(t.db, { type, status, createdAt, publishedBy: userId });
  // Approved, by type: 2 plots, 1 house for rent, 3 apartments, 1 house for sale.
  await listing('Land', 'approved', eat('2026-11-01T10:00:00'));
  await listing('Land', 'approved', eat('2026-09-01T10:00:00'));
  await listing('Rent', 'approved', eat('2026-11-15T10:00:00'));
  await listing('Apartment', 'approved', eat('2026-11-15T11:00:00'));
  await listing('Apartment', 'approved', eat('2026-11-15T12:00:00'));
  await listing('Apartment', 'approved', eat('2026-11-30T23:59:00'));
  await listing('HouseForSale', 'approved', eat('2026-12-01T00:10:00'));
  // Awaiting review: 2. Neither public nor awaiting: a draft, a rejected and an archived one.
  await listing('Rent', 'pending', eat('2026-12-01T01:00:00'));
  await listing('Land', 'pending', eat('2026-11-02T00:00:00'));
  await listing('Rent', 'draft', eat('2026-11-15T13:00:00'));
  await listing('Rent', 'rejected', eat('2026-11-01T23:30:00'));
  await listing('Rent', 'archived', eat('2026-11-15T14:00:00'));

  // This month in EAT: 5,000 + 7,000; the 3,000 at 23:59 EAT on 30 November is last month.
  await payment('succeeded', 5_000, eat('2026-12-01T00:30:00'));
  await payment('succeeded', 7_000, eat('2026-12-01T01:59:00'));
  await payment('succeeded', 3_000, eat('2026-11-30T23:59:59'));
  await payment('succeeded', 4_000, eat('2026-11-02T08:00:00'));
  // Outside the 30 days (1 November is the 31st day back).
  await payment('succeeded', 9_000, eat('2026-11-01T12:00:00'));
  // Never revenue.
  await payment('failed', 50_000, eat('2026-12-01T00:40:00'));
  await payment('expired', 60_000, eat('2026-11-30T10:00:00'));
  await payment('pending', 70_000, null);
  // Held for review: never revenue, counted apart.
  await payment('needs_review', 80_000, eat('2026-12-01T00:50:00'));
  await payment('needs_review', 90_000, eat('2026-10-01T09:00:00'));
});
afterAll(async () => {
  await t.close();
});

async function payment(status: TPaymentStatus, amountTzs: number, completedAt: Date | null) {
  const createdAt = new Date((completedAt ?? clock()).getTime() - 60_000);
  await t.db.insert(payments).values({
    userId,
    purpose: 'subscription',
    planId,
    amountTzs,
    provider: 'simulator',
    network: 'mpesa',
    payerPhone: '+255700000001',
    status,
    idempotencyKey: randomUUID(),
    createdAt,
    updatedAt: completedAt ?? createdAt,
    completedAt,
  });
}

function dashboard(): Promise<TAdminDashboard> {
  return createAdminDashboardService(createAdminDashboardRepository(t.db), clock).get();
}

describe('the dashboard numbers', () => {
  it('counts users, public listings by type and the review queue', async () => {
    expect(await dashboard()).toMatchObject({
      totalUsers: 3,
      totalPlots: 2,
      totalHousesForRent: 1,
      totalApartments: 3,
      totalHousesForSale: 1,
      awaitingReview: 2,
    });
  });

  it('counts the payments held for review, whenever they came', async () => {
    expect((await dashboard()).paymentsNeedingReview).toBe(2);
  });

  it('sums the succeeded payments completed since the 1st of this month in East Africa Time', async () => {
    expect((await dashboard()).revenueThisMonth).toBe(12_000);
  });

  it('has the last 30 EAT days, oldest first, with days without activity present', async () => {
    const { daily } = await dashboard();
    expect(daily).toHaveLength(DAILY_DAYS);
    expect(daily[0]?.day).toBe('2026-11-02');
    expect(daily.at(-1)?.day).toBe('2026-12-01');
    const byDay = new Map(daily.map((entry) => [entry.day, entry]));
    // Today: the house for sale and the pending rental created after midnight EAT.
    expect(byDay.get('2026-12-01')).toEqual({ day: '2026-12-01', newListings: 2, revenue: 12_000 });
    // 23:59 EAT on the 30th is the 30th, though 20:59 UTC is too.
    expect(byDay.get('2026-11-30')).toEqual({ day: '2026-11-30', newListings: 1, revenue: 3_000 });
    // Three approved and one draft; the archived one is not counted.
    expect(byDay.get('2026-11-15')).toEqual({ day: '2026-11-15', newListings: 4, revenue: 0 });
    expect(byDay.get('2026-11-02')).toEqual({ day: '2026-11-02', newListings: 1, revenue: 4_000 });
    expect(byDay.get('2026-11-20')).toEqual({ day: '2026-11-20', newListings: 0, revenue: 0 });
    // Consecutive days, no gaps.
    const days = daily.map((entry) => new Date(`${entry.day}T00:00:00Z`).getTime());
    expect(days.slice(1).every((day, i) => day - (days[i] ?? 0) === 86_400_000)).toBe(true);
  });

  it('moves to the next month at midnight East Africa Time, not UTC', async () => {
    clock.set(eat('2026-11-30T23:59:00'));
    try {
      const before = await dashboard();
      // November in EAT: 3,000 + 4,000 + 9,000 (the December ones are in its future month).
      expect(before.revenueThisMonth).toBe(16_000);
      expect(before.daily.at(-1)?.day).toBe('2026-11-30');
      expect(before.daily[0]?.day).toBe('2026-11-01');
    } finally {
      clock.set(new Date('2026-11-30T23:00:00.000Z'));
    }
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers the same numbers to an admin', async () => {
    const admin = await signInAdmin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TAdminDashboard>()).toEqual(await dashboard());
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

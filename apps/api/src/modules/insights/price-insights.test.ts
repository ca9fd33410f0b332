import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TPriceInsightResponse } from '@makazi/contracts/price-insights';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { PRICE_INSIGHT_MIN_LISTINGS } from '@makazi/contracts/saved-values';
import { properties, streets, wards } from '../../db/schema';
import { createFakeClock } from '../../test/fake-clock';
import {
  insertLocationChain,
  insertProperty,
  type LocationChain,
  type PropertyRow,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import { registerPriceInsightsJob } from './price-insights-job';
import { createPriceInsightsRepository } from './price-insights.repository';
import { createPriceInsightsService, type PriceInsightsService } from './price-insights.service';

/*
 * Typical prices per area (issue 21): the job's figures from the listed listings, a ward falling
 * back to its district, the bedrooms filter, the replacement of every figure on each run, and
 * the route's answers. The job is driven through the service, never through timers.
 */

const START = new Date('2026-03-02T08:00:00.000Z');
const clock = createFakeClock(START);

let t: TestApp;
let service: PriceInsightsService;
beforeAll(async () => {
  t = await createTestApp({ clock });
  const repository = createPriceInsightsRepository(t.db);
  service = createPriceInsightsService({ reads: repository, writes: repository, clock });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  clock.set(START);
});

let extraIds = 90_000;
/** Another ward (with a street) in the chain's district. */
async function neighbourWard(chain: LocationChain): Promise<LocationChain> {
  extraIds += 1;
  const ward = { id: extraIds, name: `Jirani${extraIds}` };
  const street = { id: extraIds, name: `Mtaa${extraIds}` };
  await t.db.insert(wards).values({ ...ward, districtId: chain.district.id });
  await t.db.insert(streets).values({ ...street, wardId: ward.id });
  return { ...chain, ward, street };
}

/** Listings in `place`, one per price, listed unless told otherwise. */
async function listings(
  place: LocationChain,
  prices: number[],
  options: { type?: TPropertyType; bedrooms?: number; status?: PropertyRow['status'] } = {},
): Promise<PropertyRow[]> {
  const rows = [];
  for (const price of prices) {
    rows.push(
      await insertProperty(t.db, {
        address: place,
        price,
        type: options.type ?? 'Rent',
        ...(options.status ? { status: options.status } : {}),
        ...(options.bedrooms === undefined
          ? {}
          : { details: { numberOfBedrooms: options.bedrooms } }),
      }),
    );
  }
  return rows;
}

async function setListing(id: string, values: Partial<typeof properties.$inferInsert>) {
  await transactionRefreshingCards(t.db, (tx) =>
    tx.update(properties).set(values).where(eq(properties.id, id)),
  );
}

async function ask(query: string) {
  return t.app.inject({ method: 'GET', url: `/api/insights/prices?${query}` });
}

async function insightFor(query: string): Promise<TPriceInsightResponse['insight']> {
  const res = await ask(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TPriceInsightResponse>().insight;
}

const hundreds = (n: number) => Array.from({ length: n }, (_, i) => (i + 1) * 100);

describe('the figures', () => {
  it('are the quartiles of the ward’s listed prices, rounded to whole TZS', async () => {
    const chain = await insertLocationChain(t.db, { ward: 'Mikocheni', district: 'Kinondoni' });
    await listings(chain, hundreds(9));
    clock.advance(60_000);
    await service.recompute();

    expect(await insightFor(`type=Rent&wardId=${chain.ward.id}`)).toEqual({
      type: 'Rent',
      bedrooms: null,
      area: { level: 'ward', id: chain.ward.id, name: 'Mikocheni' },
      count: 9,
      low: 300,
      median: 500,
      high: 700,
      computedAt: new Date(START.getTime() + 60_000).toISOString(),
    });
  });

  it('interpolates between prices as percentile_cont does, and rounds halves up', async () => {
    const chain = await insertLocationChain(t.db);
    // Positions 1.25, 2.5 and 3.75 of six prices: 225, 350.5 and 475.
    await listings(chain, [100, 200, 300, 401, 500, 600]);
    await service.recompute();
    expect(await insightFor(`type=Rent&wardId=${chain.ward.id}`)).toMatchObject({
      count: 6,
      low: 225,
      median: 351,
      high: 475,
    });
  });

  it('count only the listed listings: not a taken, stale, held or pending one', async () => {
    const chain = await insertLocationChain(t.db);
    await listings(chain, hundreds(PRICE_INSIGHT_MIN_LISTINGS));
    const [taken, stale, held] = await listings(chain, [90_000, 90_000, 90_000]);
    await setListing(taken!.id, { takenAt: clock() });
    await setListing(stale!.id, { staleAt: clock() });
    await setListing(held!.id, { heldForReportsAt: clock() });
    await listings(chain, [90_000], { status: 'pending' });
    await service.recompute();

    expect(await insightFor(`type=Rent&districtId=${chain.district.id}`)).toMatchObject({
      area: { level: 'district', id: chain.district.id },
      count: PRICE_INSIGHT_MIN_LISTINGS,
      high: 400,
    });
  });

  it('are per number of bedrooms when asked, and over every number otherwise', async () => {
    const chain = await insertLocationChain(t.db);
    await listings(chain, hundreds(5), { bedrooms: 2 });
    await listings(chain, [1000, 2000, 3000, 4000, 5000], { bedrooms: 3 });
    await listings(chain, [7000], { bedrooms: 4 });
    await service.recompute();
    const ward = `type=Rent&wardId=${chain.ward.id}`;

    expect(await insightFor(`${ward}&bedrooms=3`)).toMatchObject({
      bedrooms: 3,
      area: { level: 'ward' },
      count: 5,
      median: 3000,
    });
    expect(await insightFor(`${ward}&bedrooms=2`)).toMatchObject({ bedrooms: 2, median: 300 });
    expect(await insightFor(ward)).toMatchObject({ bedrooms: null, count: 11, median: 1000 });
    // One listing with 4 bedrooms, in the ward and in its district: too few anywhere.
    expect(await insightFor(`${ward}&bedrooms=4`)).toBeNull();
  });

  it('are per type: another type’s listings never count', async () => {
    const chain = await insertLocationChain(t.db);
    await listings(chain, hundreds(5), { type: 'Apartment' });
    await listings(chain, [5_000_000, 6_000_000, 7_000_000, 8_000_000, 9_000_000], {
      type: 'HouseForSale',
    });
    await service.recompute();
    expect(await insightFor(`type=Apartment&wardId=${chain.ward.id}`)).toMatchObject({
      type: 'Apartment',
      median: 300,
    });
    expect(await insightFor(`type=Rent&wardId=${chain.ward.id}`)).toBeNull();
  });

  it('are kept for plots, which have no bedrooms, once per area', async () => {
    const chain = await insertLocationChain(t.db);
    await listings(chain, [1e6, 2e6, 3e6, 4e6, 5e6], { type: 'Land' });
    await service.recompute();
    expect(await insightFor(`type=Land&wardId=${chain.ward.id}`)).toMatchObject({
      type: 'Land',
      bedrooms: null,
      area: { level: 'ward' },
      median: 3e6,
    });
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from price_insights where type = 'Land' and area_id = ${chain.ward.id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('a ward with too few listings', () => {
  it('answers its district’s figures', async () => {
    const chain = await insertLocationChain(t.db, { district: 'Ilala' });
    const quiet = await neighbourWard(chain);
    await listings(chain, hundreds(6));
    await listings(quiet, [10_000, 20_000, 30_000]);
    await service.recompute();

    expect(await insightFor(`type=Rent&wardId=${quiet.ward.id}`)).toMatchObject({
      area: { level: 'district', id: chain.district.id, name: 'Ilala' },
      count: 9,
      median: 500,
    });
    // The busy ward has its own.
    expect(await insightFor(`type=Rent&wardId=${chain.ward.id}`)).toMatchObject({
      area: { level: 'ward', id: chain.ward.id },
      count: 6,
    });
  });

  it('answers null when its district has too few as well', async () => {
    const chain = await insertLocationChain(t.db);
    await listings(chain, hundreds(PRICE_INSIGHT_MIN_LISTINGS - 1));
    await service.recompute();
    expect(await insightFor(`type=Rent&wardId=${chain.ward.id}`)).toBeNull();
    expect(await insightFor(`type=Rent&districtId=${chain.district.id}`)).toBeNull();
  });
});

describe('each run', () => {
  it('replaces every figure: a group that fell below the minimum is gone', async () => {
    const chain = await insertLocationChain(t.db);
    const rows = await listings(chain, hundreds(PRICE_INSIGHT_MIN_LISTINGS));
    await service.recompute();
    expect(await insightFor(`type=Rent&wardId=${chain.ward.id}`)).toMatchObject({
      area: { level: 'ward' },
    });

    await setListing(rows[0]!.id, { takenAt: clock() });
    clock.advance(3_600_000);
    const { groups } = await service.recompute();
    expect(groups).toBeGreaterThan(0);
    expect(await insightFor(`type=Rent&wardId=${chain.ward.id}`)).toBeNull();
    const { rows: left } = await t.db.execute<{ n: number; computed: number }>(sql`
      select count(*) filter (where area_id in (${chain.ward.id}, ${chain.district.id}))::int as n,
        count(distinct computed_at)::int as computed
      from price_insights`);
    expect(left[0]).toEqual({ n: 0, computed: 1 });
  });
});

describe('GET /api/insights/prices', () => {
  it('may be kept by any cache for ten minutes', async () => {
    const chain = await insertLocationChain(t.db);
    const res = await ask(`type=Rent&wardId=${chain.ward.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=600');
  });

  it('answers 400 naming the field for an area that does not exist or does not fit', async () => {
    const chain = await insertLocationChain(t.db);
    const elsewhere = await insertLocationChain(t.db);
    const cases: [string, string][] = [
      ['type=Rent&wardId=999999', 'wardId: is not a ward'],
      ['type=Rent&districtId=999999', 'districtId: is not a district'],
      [
        `type=Rent&wardId=${chain.ward.id}&districtId=${elsewhere.district.id}`,
        `wardId: is not in district ${elsewhere.district.id}`,
      ],
      [
        `type=Rent&districtId=${chain.district.id}&regionId=${elsewhere.region.id}`,
        `districtId: is not in region ${elsewhere.region.id}`,
      ],
      [
        `type=Rent&wardId=${chain.ward.id}&regionId=${elsewhere.region.id}`,
        `wardId: is not in region ${elsewhere.region.id}`,
      ],
    ];
    for (const [query, message] of cases) {
      const res = await ask(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: 'VALIDATION_FAILED', message });
      expect(res.headers['cache-control'], query).toBeUndefined();
    }
    // The contract's own refusals.
    for (const query of ['type=Rent', `type=Land&bedrooms=2&wardId=${chain.ward.id}`, 'wardId=1']) {
      expect((await ask(query)).statusCode, query).toBe(400);
    }
  });

  it('counts against the catalogue read budget of the address', async () => {
    const limited = await createTestApp({
      database: t.database,
      env: { CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: '3' },
    });
    try {
      const chain = await insertLocationChain(t.db);
      const read = (url: string) =>
        limited.app.inject({ method: 'GET', url, remoteAddress: '10.9.8.7' });
      expect((await read('/api/properties?limit=1')).statusCode).toBe(200);
      for (let i = 0; i < 2; i += 1) {
        expect(
          (await read(`/api/insights/prices?type=Rent&wardId=${chain.ward.id}`)).statusCode,
        ).toBe(200);
      }
      const refused = await read(`/api/insights/prices?type=Rent&wardId=${chain.ward.id}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await limited.close();
    }
  });

  it('accepts a ward with its own district and region', async () => {
    const chain = await insertLocationChain(t.db);
    await listings(chain, hundreds(5));
    await service.recompute();
    expect(
      await insightFor(
        `type=Rent&regionId=${chain.region.id}&districtId=${chain.district.id}&wardId=${chain.ward.id}`,
      ),
    ).toMatchObject({ area: { level: 'ward', id: chain.ward.id } });
  });
});

describe('the job', () => {
  it('computes the figures when the app starts', async () => {
    const app = Fastify();
    let runs = 0;
    registerPriceInsightsJob(
      app,
      {
        insight: () => Promise.reject(new Error('not asked')),
        recompute: () => {
          runs += 1;
          return Promise.resolve({ groups: 0 });
        },
      },
      { everyMs: 3_600_000 },
    );
    await app.ready();
    // close() waits for a run under way.
    await app.close();
    expect(runs).toBe(1);
  });
});

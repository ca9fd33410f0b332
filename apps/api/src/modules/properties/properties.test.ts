import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROPERTY_COUNT_CAP, type TPictureLabel } from '@makazi/contracts/property-values';
import {
  ZProperty,
  ZPropertyCountResponse,
  type TPhoto,
  type TProperty,
} from '@makazi/contracts/properties';
import { rawQueries } from '../../db/client';
import {
  insertLocationChain,
  insertPhoto,
  insertProperty,
  insertUser,
  resetCatalogue,
  type PropertyOptions,
  type PropertyRow,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { properties } from '../../db/schema';
import { testPropertiesService } from '../../test/properties-service';
import { transactionRefreshingCards } from './catalogue-cards';
import { createCatalogueRepository } from './catalogue.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetCatalogue(t.db);
});

const DAY = 86_400_000;
const base = Date.parse('2024-03-01T00:00:00.000Z');
const minutes = (n: number) => new Date(base + n * 60_000);

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  return res;
}

async function list(url: string): Promise<TProperty[]> {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TProperty[]>();
}

const ids = (items: { id: string }[]) => items.map((p) => p.id);

function nextUrl(link: string | string[] | undefined): string | undefined {
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  if (!match) throw new Error(`malformed Link header: ${String(link)}`);
  return match[1];
}

/** Follows Link rel="next" to the end; returns every id in the order served and the page count. */
async function walk(url: string): Promise<{ ids: string[]; pages: number; urls: string[] }> {
  const seen: string[] = [];
  const urls: string[] = [];
  let next: string | undefined = url;
  let pages = 0;
  while (next) {
    urls.push(next);
    const res = await get(next);
    expect(res.statusCode, res.body).toBe(200);
    seen.push(...ids(res.json<TProperty[]>()));
    pages += 1;
    expect(pages).toBeLessThan(100);
    next = nextUrl(res.headers.link);
  }
  return { ids: seen, pages, urls };
}

const byNewest = (a: PropertyRow, b: PropertyRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const byPromotionEnd = (a: PropertyRow, b: PropertyRow) =>
  b.promotionEndsAt!.getTime() - a.promotionEndsAt!.getTime() ||
  (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
const byPriceAsc = (a: PropertyRow, b: PropertyRow) =>
  a.priceTzs - b.priceTzs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

describe('GET /api/properties filters', () => {
  it('filters by type given as the value or as the URL slug', async () => {
    const land = await insertProperty(t.db, { type: 'Land' });
    const rent = await insertProperty(t.db, { type: 'Rent' });
    const apartment = await insertProperty(t.db, { type: 'Apartment' });
    const house = await insertProperty(t.db, { type: 'HouseForSale' });

    expect(ids(await list('/api/properties?type=Land'))).toEqual([land.id]);
    expect(ids(await list('/api/properties?type=land'))).toEqual([land.id]);
    expect(ids(await list('/api/properties?type=Rent'))).toEqual([rent.id]);
    expect(ids(await list('/api/properties?type=lease'))).toEqual([rent.id]);
    expect(ids(await list('/api/properties?type=apartment'))).toEqual([apartment.id]);
    expect(ids(await list('/api/properties?type=HouseForSale'))).toEqual([house.id]);
    expect(ids(await list('/api/properties?type=house-for-sale'))).toEqual([house.id]);
    expect(await list('/api/properties')).toHaveLength(4);
  });

  it('searches title and address parts case-insensitively', async () => {
    const chain = await insertLocationChain(t.db, {
      region: 'Dar es Salaam',
      district: 'Kinondoni',
      ward: 'Mikocheni',
      street: 'Mwai Kibaki',
    });
    const other = await insertLocationChain(t.db, {
      region: 'Arusha',
      district: 'Meru',
      ward: 'Usa River',
      street: 'Tengeru',
    });
    const beach = await insertProperty(t.db, {
      title: 'Nyumba nzuri karibu na bahari',
      address: { ...chain, houseNumber: '12' },
    });
    const hill = await insertProperty(t.db, {
      title: 'Shamba la kahawa',
      type: 'Land',
      address: { ...other, plotNumber: '77' },
    });
    await insertProperty(t.db, { title: 'No address at all' });

    expect(ids(await list('/api/properties?search=NYUMBA'))).toEqual([beach.id]);
    expect(ids(await list('/api/properties?search=bahari'))).toEqual([beach.id]);
    expect(ids(await list('/api/properties?search=kinondoni'))).toEqual([beach.id]);
    expect(ids(await list('/api/properties?search=Ward%20Mikocheni'))).toEqual([beach.id]);
    expect(ids(await list('/api/properties?search=house%20no.%2012'))).toEqual([beach.id]);
    expect(ids(await list('/api/properties?search=usa%20river'))).toEqual([hill.id]);
    expect(ids(await list('/api/properties?search=Plot%20No.%2077'))).toEqual([hill.id]);
    expect(ids(await list('/api/properties?search=region%20arusha'))).toEqual([hill.id]);
    // Surrounding blanks are trimmed; an all-blank search filters nothing.
    expect(ids(await list('/api/properties?search=%20%20tengeru%20'))).toEqual([hill.id]);
    expect(await list('/api/properties?search=%20%20')).toHaveLength(3);
  });

  it('ignores a search shorter than three characters: the page is the one without it', async () => {
    await insertProperty(t.db, { title: 'Nyumba ya Mbezi' });
    await insertProperty(t.db, { title: 'Kiwanja cha Kigamboni' });
    const all = ids(await list('/api/properties'));
    expect(all.length).toBeGreaterThanOrEqual(2);
    // "zz" matches no listing: had it been searched, the page would be empty.
    expect(ids(await list('/api/properties?search=zz'))).toEqual(all);
    expect(ids(await list('/api/properties?search=%20z%20'))).toEqual(all);
    expect(ids(await list('/api/properties?search=zzz'))).toEqual([]);
  });

  it('matches %, _ and \\ literally, not as wildcards', async () => {
    const percent = await insertProperty(t.db, { title: 'Punguzo 50% leo' });
    await insertProperty(t.db, { title: 'Punguzo 50 leo' });
    const underscore = await insertProperty(t.db, { title: 'Kiwanja plot_7' });
    await insertProperty(t.db, { title: 'Kiwanja plotA7' });
    const backslash = await insertProperty(t.db, { title: 'Njia A\\B' });
    await insertProperty(t.db, { title: 'Njia AB' });

    expect(ids(await list(`/api/properties?search=${encodeURIComponent('50%')}`))).toEqual([
      percent.id,
    ]);
    expect(ids(await list('/api/properties?search=plot_7'))).toEqual([underscore.id]);
    expect(ids(await list(`/api/properties?search=${encodeURIComponent('A\\B')}`))).toEqual([
      backslash.id,
    ]);
    expect(ids(await list(`/api/properties?search=${encodeURIComponent('% l')}`))).toEqual([
      percent.id,
    ]);
  });

  it('bounds the price inclusively and ignores an absent bound', async () => {
    const p100 = await insertProperty(t.db, { price: 100 });
    const p200 = await insertProperty(t.db, { price: 200 });
    const p300 = await insertProperty(t.db, { price: 300 });
    const sorted = '&sort=priceLowHigh';

    expect(ids(await list(`/api/properties?minPrice=200${sorted}`))).toEqual([p200.id, p300.id]);
    expect(ids(await list(`/api/properties?maxPrice=200${sorted}`))).toEqual([p100.id, p200.id]);
    expect(ids(await list(`/api/properties?minPrice=200&maxPrice=200`))).toEqual([p200.id]);
    expect(ids(await list(`/api/properties?minPrice=101&maxPrice=299`))).toEqual([p200.id]);
    expect(ids(await list(`/api/properties?minPrice=0${sorted}`))).toEqual([
      p100.id,
      p200.id,
      p300.id,
    ]);
  });

  it('combines filters and answers an empty array without a Link when nothing matches', async () => {
    const match = await insertProperty(t.db, { type: 'Land', title: 'Kiwanja Bagamoyo', price: 5 });
    await insertProperty(t.db, { type: 'Rent', title: 'Kiwanja Bagamoyo', price: 5 });
    await insertProperty(t.db, { type: 'Land', title: 'Kiwanja Bagamoyo', price: 50 });
    await insertProperty(t.db, { type: 'Land', title: 'Kiwanja Kibaha', price: 5 });

    expect(
      ids(await list('/api/properties?type=land&search=bagamoyo&minPrice=1&maxPrice=10')),
    ).toEqual([match.id]);

    const res = await get('/api/properties?search=hakuna-kitu-kama-hiki');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers.link).toBeUndefined();
  });
});

describe('GET /api/properties sorting and pagination', () => {
  /*
   * 23 listings with ties on price and on created_at (same millisecond and microsecond), three
   * running promotions and one expired, walked 4 per page.
   */
  async function seedTies(): Promise<{ rows: PropertyRow[]; promoted: PropertyRow[] }> {
    const owner = await insertUser(t.db);
    const rows: PropertyRow[] = [];
    const future = new Date(Date.now() + 7 * DAY);
    const later = new Date(Date.now() + 30 * DAY);
    const past = new Date(Date.now() - DAY);
    for (let i = 0; i < 23; i++) {
      const options: PropertyOptions = {
        publishedBy: owner.id,
        type: (['Land', 'Rent', 'Apartment', 'HouseForSale'] as const)[i % 4],
        price: [1000, 2000, 2000, 3000, 3000, 3000][i % 6],
        // Groups of three share a created_at exactly.
        createdAt: minutes(Math.floor(i / 3)),
        // Two running promotions end at the same instant: ties are broken by id.
        promotionEndsAt: i === 9 || i === 20 ? future : i === 2 ? later : i === 15 ? past : null,
      };
      rows.push(await insertProperty(t.db, options));
    }
    return {
      rows,
      promoted: rows.filter((r) => r.promotionEndsAt && r.promotionEndsAt > new Date()),
    };
  }

  it('sort=new: running promotions first (latest-ending first), then newest, each row once', async () => {
    const { rows, promoted } = await seedTies();
    const rest = rows.filter((r) => !promoted.includes(r));
    const expected = [...[...promoted].sort(byPromotionEnd), ...[...rest].sort(byNewest)].map(
      (r) => r.id,
    );
    expect(expected[0]).toBe(rows[2]!.id);

    const walked = await walk('/api/properties?limit=4');
    expect(walked.ids).toEqual(expected);
    expect(new Set(walked.ids).size).toBe(23);
    expect(walked.pages).toBe(6);
    // The expired promotion is not among the first.
    const expired = rows[15]!;
    expect(walked.ids.slice(0, 3)).not.toContain(expired.id);
    expect(walked.ids.slice(0, 3).sort()).toEqual(promoted.map((r) => r.id).sort());
  });

  it('sort=new pages correctly when promoted rows exactly fill a page', async () => {
    const { rows, promoted } = await seedTies();
    const rest = rows.filter((r) => !promoted.includes(r));
    const expected = [...[...promoted].sort(byPromotionEnd), ...[...rest].sort(byNewest)].map(
      (r) => r.id,
    );
    for (const limit of [1, 2, 3, 5, 23, 24]) {
      const walked = await walk(`/api/properties?limit=${limit}`);
      expect(walked.ids, `limit=${limit}`).toEqual(expected);
      expect(walked.pages, `limit=${limit}`).toBe(Math.ceil(23 / limit));
    }
  });

  it('sort=priceLowHigh and priceHighLow walk ties by id without duplicates or gaps', async () => {
    const { rows } = await seedTies();
    const asc = [...rows].sort(byPriceAsc).map((r) => r.id);

    const low = await walk('/api/properties?sort=priceLowHigh&limit=4');
    expect(low.ids).toEqual(asc);
    const high = await walk('/api/properties?sort=priceHighLow&limit=5');
    expect(high.ids).toEqual([...asc].reverse());
    // Promotions do not reorder the price sorts.
    const prices = (await list('/api/properties?sort=priceHighLow&limit=100')).map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('keeps the filters in the Link header and pages inside them', async () => {
    const { rows } = await seedTies();
    const landUnder3000 = rows
      .filter((r) => r.type === 'Land' && r.priceTzs <= 2000)
      .sort(byPriceAsc)
      .map((r) => r.id);
    expect(landUnder3000.length).toBeGreaterThan(2);

    const walked = await walk('/api/properties?type=land&maxPrice=2000&sort=priceLowHigh&limit=1');
    expect(walked.ids).toEqual(landUnder3000);
    const second = new URL(walked.urls[1]!, 'http://x');
    expect(second.pathname).toBe('/api/properties');
    expect(Object.fromEntries(second.searchParams)).toMatchObject({
      type: 'land',
      maxPrice: '2000',
      sort: 'priceLowHigh',
      limit: '1',
    });
    expect(second.searchParams.get('cursor')).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('keeps microsecond differences in created_at apart across pages', async () => {
    const a = await insertProperty(t.db);
    const b = await insertProperty(t.db);
    const c = await insertProperty(t.db);
    const stamps = [
      [a.id, '2024-05-01 10:00:00.123400+00'],
      [b.id, '2024-05-01 10:00:00.123456+00'],
      [c.id, '2024-05-01 10:00:00.123499+00'],
    ] as const;
    for (const [id, at] of stamps) {
      await transactionRefreshingCards(t.db, (tx) =>
        tx.execute(sql`update ${properties} set created_at = ${at}::timestamptz where id = ${id}`),
      );
    }
    const walked = await walk('/api/properties?limit=1');
    expect(walked.ids).toEqual([c.id, b.id, a.id]);
  });

  it('defaults to 24 per page', async () => {
    const owner = await insertUser(t.db);
    for (let i = 0; i < 25; i++) await insertProperty(t.db, { publishedBy: owner.id });
    const res = await get('/api/properties');
    expect(res.json<unknown[]>()).toHaveLength(24);
    expect(nextUrl(res.headers.link)).toContain('limit=24');
  });
});

describe('GET /api/properties visibility and privacy', () => {
  it('shows only approved listings, in the list and by id', async () => {
    const visible = await insertProperty(t.db, { status: 'approved' });
    const hidden = await Promise.all(
      (['draft', 'pending', 'rejected', 'archived'] as const).map((status) =>
        insertProperty(t.db, { status }),
      ),
    );
    expect(ids(await list('/api/properties?limit=100'))).toEqual([visible.id]);
    for (const sort of ['priceLowHigh', 'priceHighLow']) {
      expect(ids(await list(`/api/properties?sort=${sort}`))).toEqual([visible.id]);
    }
    expect((await get(`/api/properties/${visible.id}`)).statusCode).toBe(200);
    for (const row of hidden) {
      const res = await get(`/api/properties/${row.id}`);
      expect(res.statusCode, row.status).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    }
  });

  it('never shows a phone number, neither the owner’s nor the publisher’s', async () => {
    const publisher = await insertUser(t.db, { phoneNumber: '+255712345678' });
    const chain = await insertLocationChain(t.db);
    const row = await insertProperty(t.db, {
      publishedBy: publisher.id,
      ownerPhoneNumber: '+255787654321',
      address: { ...chain, houseNumber: '5' },
      promotionEndsAt: new Date(Date.now() + DAY),
    });
    await insertPhoto(t.db, row.id);

    const keys = (value: unknown): string[] =>
      Array.isArray(value)
        ? value.flatMap(keys)
        : value && typeof value === 'object'
          ? Object.entries(value).flatMap(([k, v]) => [k, ...keys(v)])
          : [];
    for (const url of ['/api/properties', `/api/properties/${row.id}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(keys(res.json()).filter((k) => /phone/i.test(k))).toEqual([]);
      for (const digits of ['712345678', '787654321']) expect(res.body).not.toContain(digits);
    }
  });
});

describe('GET /api/properties/{id}', () => {
  it('answers the full public shape of a rent listing with address and photos', async () => {
    const publisher = await insertUser(t.db, { firstName: 'Neema', lastName: 'Kweka' });
    const chain = await insertLocationChain(t.db, {
      region: 'Dar es Salaam',
      district: 'Kinondoni',
      ward: 'Mikocheni',
      street: 'Mikocheni A',
    });
    const ends = new Date(Date.now() + 3 * DAY);
    const row = await insertProperty(t.db, {
      type: 'Rent',
      title: 'Nyumba ya kupanga',
      price: 450_000,
      publishedBy: publisher.id,
      ownerName: 'Bwana Juma',
      createdAt: minutes(5),
      promotionEndsAt: ends,
      address: { ...chain, houseNumber: '12' },
    });
    const nje = await insertPhoto(t.db, row.id, {
      label: 'picha_nje',
      position: 0,
      widths: [1280, 320, 768],
    });
    const chumba = await insertPhoto(t.db, row.id, {
      label: 'picha_chumba',
      position: 1,
      widths: [320, 640, 1024],
    });

    const res = await get(`/api/properties/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=10');
    const media = (key: string) => `/media/${key}`;
    expect(res.json()).toEqual({
      id: row.id,
      type: 'Rent',
      title: 'Nyumba ya kupanga',
      description: row.description,
      ownerName: 'Bwana Juma',
      publishedBy: { id: publisher.id, firstName: 'Neema', lastName: 'Kweka' },
      propertyAddress: {
        region: chain.region,
        district: chain.district,
        ward: chain.ward,
        street: chain.street,
        apartmentNumber: null,
        houseNumber: '12',
        plotNumber: null,
      },
      media: [
        {
          name: '{"picha_nje","picha_chumba"}',
          pictures: [media(`photos/${row.id}/0-768.webp`), media(`photos/${row.id}/1-640.webp`)],
        },
      ],
      photos: [
        {
          id: nje.id,
          label: 'picha_nje',
          url: media(`photos/${row.id}/0-768.webp`),
          width: 768,
          height: 576,
          variants: [320, 768, 1280].map((w) => ({
            width: w,
            height: (w * 3) / 4,
            url: media(`photos/${row.id}/0-${w}.webp`),
          })),
        },
        {
          id: chumba.id,
          label: 'picha_chumba',
          url: media(`photos/${row.id}/1-640.webp`),
          width: 640,
          height: 480,
          variants: [320, 640, 1024].map((w) => ({
            width: w,
            height: (w * 3) / 4,
            url: media(`photos/${row.id}/1-${w}.webp`),
          })),
        },
      ],
      promotionEndDate: ends.toISOString(),
      price: 450_000,
      leasePrice: 450_000,
      leaseTerm: 6,
      numberOfBedrooms: 2,
      numberOfBathrooms: 1,
      status: 'approved',
      createdAt: minutes(5).toISOString(),
      updatedAt: minutes(5).toISOString(),
      confirmedAt: minutes(5).toISOString(),
      contactVerified: false,
    });
  });

  it('shows a photo whose variants are all wider than the display width in its narrowest', async () => {
    const row = await insertProperty(t.db, { type: 'Rent' });
    await insertPhoto(t.db, row.id, { label: 'picha_nje', position: 0, widths: [1280, 1024] });
    const res = await get(`/api/properties/${row.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ photos: TPhoto[]; media: { pictures: string[] }[] }>();
    const narrowest = `/media/photos/${row.id}/0-1024.webp`;
    expect(body.photos[0]?.url).toBe(narrowest);
    expect(body.photos[0]?.width).toBe(1024);
    expect(body.media[0]?.pictures).toEqual([narrowest]);
  });

  it('names the price field by type and carries the type-specific details', async () => {
    const land = await insertProperty(t.db, { type: 'Land', price: 10 });
    const apartment = await insertProperty(t.db, { type: 'Apartment', price: 20 });
    const house = await insertProperty(t.db, {
      type: 'HouseForSale',
      price: 30,
      details: { squareFootage: null },
    });
    const common = [
      'id',
      'type',
      'title',
      'description',
      'ownerName',
      'publishedBy',
      'propertyAddress',
      'media',
      'photos',
      'promotionEndDate',
      'price',
      'status',
      'createdAt',
      'updatedAt',
      'confirmedAt',
      'contactVerified',
    ];
    const expectations = [
      [
        land,
        {
          lotPrice: 10,
          lotWidth: 20,
          lotLength: 30.5,
          lotStatus: 'Hati miliki',
          distanceFromMainRoad: '200 m',
          isWaterServiceAvailable: true,
          isElectricityServiceAvailable: false,
        },
      ],
      [
        apartment,
        {
          appartmentPrice: 20,
          apartmentPrice: 20,
          appartmentPriceTerm: '12',
          numberOfBedrooms: 3,
          numberOfBathrooms: 2,
        },
      ],
      [
        house,
        {
          housePrice: 30,
          squareFootage: null,
          numberOfBedrooms: 4,
          numberOfBathrooms: 3,
          distanceFromMainRoad: '1 km',
          isWaterServiceAvailable: true,
          isElectricityServiceAvailable: true,
        },
      ],
    ] as const;
    for (const [row, specific] of expectations) {
      const body = (await get(`/api/properties/${row.id}`)).json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual([...common, ...Object.keys(specific)].sort());
      expect(body).toMatchObject({ ...specific, price: row.priceTzs, propertyAddress: null });
      expect(body.media).toEqual([]);
      expect(ZProperty.safeParse(body).success).toBe(true);
    }
  });

  it('is 404 for an unknown id and 400 naming id for a non-uuid', async () => {
    const missing = await get('/api/properties/6f1c1f3e-8c1b-4b8e-9a55-0a2d3c4e5f60');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });

    const bad = await get('/api/properties/not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'id' }],
    });
    expect(bad.json<{ message: string }>().message).toMatch(/^id: /);
  });
});

describe('GET /api/properties photos', () => {
  /** Inserts photos in the order given, each at the position given (so insertion order is not position order). */
  async function withPhotos(
    options: PropertyOptions,
    photos: [position: number, label: TPictureLabel][],
  ) {
    const row = await insertProperty(t.db, options);
    const inserted = [];
    for (const [position, label] of photos) {
      inserted.push(await insertPhoto(t.db, row.id, { position, label }));
    }
    const byPosition = [...inserted].sort((a, b) => a.position - b.position);
    return { row, byPosition };
  }

  it('lists only the cover photo, media with every picture, and the detail with all photos', async () => {
    // Land and house: the front photo even when it is not first; the others: the first by position.
    const land = await withPhotos({ type: 'Land', createdAt: minutes(1) }, [
      [0, 'picha_nyuma'],
      [2, 'picha_mbele'],
      [1, 'picha_kushoto'],
    ]);
    const house = await withPhotos({ type: 'HouseForSale', createdAt: minutes(2) }, [
      [1, 'picha_mbele'],
      [0, 'picha_nje'],
      [2, 'picha_jiko'],
    ]);
    const rent = await withPhotos({ type: 'Rent', createdAt: minutes(3) }, [
      [1, 'picha_mbele'],
      [0, 'picha_chumba'],
    ]);
    const apartment = await withPhotos({ type: 'Apartment', createdAt: minutes(4) }, [
      [2, 'picha_mbele'],
      [1, 'picha_jiko'],
      [0, 'picha_sebule'],
    ]);
    // A card of land without a front photo shows none: the list carries none either.
    const frontless = await withPhotos({ type: 'Land', createdAt: minutes(5) }, [
      [0, 'picha_nyuma'],
      [1, 'picha_kushoto'],
    ]);
    const bare = await withPhotos({ type: 'Rent', createdAt: minutes(6) }, []);
    const expectedCover = new Map([
      [land.row.id, 'picha_mbele'],
      [house.row.id, 'picha_mbele'],
      [rent.row.id, 'picha_chumba'],
      [apartment.row.id, 'picha_sebule'],
    ]);

    const all = [land, house, rent, apartment, frontless, bare];
    for (const sort of ['new', 'priceLowHigh', 'priceHighLow']) {
      const items = await list(`/api/properties?sort=${sort}`);
      expect(items).toHaveLength(all.length);
      for (const { row, byPosition } of all) {
        const item = items.find((i) => i.id === row.id)!;
        const cover = byPosition.find((ph) => ph.label === expectedCover.get(row.id));
        expect(
          item.photos.map((ph) => ph.id),
          `${row.type} ${sort}`,
        ).toEqual(cover ? [cover.id] : []);
        expect(item.media).toEqual(
          byPosition.length === 0
            ? []
            : [
                {
                  name: `{${byPosition.map((ph) => `"${ph.label}"`).join(',')}}`,
                  pictures: byPosition.map(
                    (ph) => `/media/photos/${row.id}/${ph.position}-768.webp`,
                  ),
                },
              ],
        );
      }
    }

    for (const { row, byPosition } of all) {
      const detail = (await get(`/api/properties/${row.id}`)).json<TProperty>();
      expect(detail.photos.map((ph) => ph.id)).toEqual(byPosition.map((ph) => ph.id));
      expect(detail.media[0]?.pictures ?? []).toHaveLength(byPosition.length);
    }
  });

  it('never picks a photo without variants as the cover, nor counts it', async () => {
    const row = await insertProperty(t.db, { type: 'Rent' });
    const broken = await insertPhoto(t.db, row.id, { position: 0, label: 'picha_nje' });
    const second = await insertPhoto(t.db, row.id, { position: 1, label: 'picha_chumba' });
    await transactionRefreshingCards(t.db, (tx) =>
      tx.execute(
        sql`update property_photos set variants = '[]'::jsonb where id = ${broken.id}::uuid`,
      ),
    );
    const [item] = await list('/api/properties');
    expect(item!.photos.map((ph) => ph.id)).toEqual([second.id]);
    expect(item!.media).toEqual([
      {
        name: '{"picha_chumba"}',
        pictures: [`/media/photos/${row.id}/1-768.webp`],
      },
    ]);
  });
});

describe('GET /api/properties bad input', () => {
  it.each([
    ['minPrice=abc', 'minPrice'],
    ['minPrice=1.5', 'minPrice'],
    ['maxPrice=-1', 'maxPrice'],
    ['limit=1000', 'limit'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['type=Castle', 'type'],
    ['sort=random', 'sort'],
    ['minPrice=10&maxPrice=5', 'minPrice'],
    [`search=${'a'.repeat(101)}`, 'search'],
    ['cursor=not-a-cursor', 'cursor'],
    ['cursor=%25%25%25', 'cursor'],
    [`cursor=${'A'.repeat(600)}`, 'cursor'],
  ])('%s → 400 naming %s', async (query, field) => {
    const res = await get(`/api/properties?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ code: string; message: string; details: { field: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details.map((d) => d.field)).toContain(field);
    expect(body.message).toContain(`${field}: `);
  });

  it('says what is wrong with a price in words a user understands', async () => {
    const res = await get('/api/properties?minPrice=abc');
    expect(res.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'minPrice: must be a whole number of TZS',
      details: [{ field: 'minPrice', message: 'must be a whole number of TZS' }],
    });
  });

  it('refuses a tampered cursor and one made for another sort or other filters', async () => {
    const owner = await insertUser(t.db);
    for (let i = 0; i < 3; i++) await insertProperty(t.db, { publishedBy: owner.id, type: 'Land' });
    const cursorOf = async (url: string) => {
      const res = await get(url);
      return new URL(nextUrl(res.headers.link)!, 'http://x').searchParams.get('cursor')!;
    };
    const newest = await cursorOf('/api/properties?limit=1');
    const cheapest = await cursorOf('/api/properties?sort=priceLowHigh&limit=1');
    const land = await cursorOf('/api/properties?type=Land&limit=1');

    // The cursor itself works, also with the type given as its slug.
    expect((await get(`/api/properties?limit=1&cursor=${newest}`)).statusCode).toBe(200);
    expect((await get(`/api/properties?type=land&limit=1&cursor=${land}`)).statusCode).toBe(200);

    const decoded = JSON.parse(Buffer.from(newest, 'base64url').toString()) as {
      k: [string, string];
    };
    const tampered = (patch: object) =>
      Buffer.from(JSON.stringify({ ...decoded, ...patch })).toString('base64url');
    const refused = [
      `sort=new&cursor=${cheapest}`,
      `sort=priceHighLow&cursor=${cheapest}`,
      `type=Rent&cursor=${land}`,
      `cursor=${land}`,
      `cursor=${tampered({ k: ['2024-02-30T00:00:00.000000Z', decoded.k[1]] })}`,
      `cursor=${tampered({ k: ['yesterday', decoded.k[1]] })}`,
      `cursor=${tampered({ k: [decoded.k[0], "1' or '1'='1"] })}`,
      `cursor=${tampered({ ph: 'everything' })}`,
      `cursor=${tampered({ at: -5 })}`,
      `cursor=${tampered({ extra: true })}`,
      `cursor=${Buffer.from('{"v":1').toString('base64url')}`,
      `cursor=${newest.slice(0, -3)}`,
    ];
    for (const query of refused) {
      const res = await get(`/api/properties?limit=1&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'cursor' }],
      });
    }
  });
});

describe('properties service', () => {
  /*
   * A search first walks a bounded window of rows in sort order, then falls back to the trigram
   * index when the term is rare. Shrinking the window to a few rows makes this small catalogue
   * exercise both strategies (and the end-of-list sentinel) on every page.
   */
  it('answers a search the same through the window walk and the trigram fallback', async () => {
    const owner = await insertUser(t.db);
    const rows: PropertyRow[] = [];
    for (let i = 0; i < 30; i++) {
      // "kawaida" in every other title (common); "adimu" only in three late rows (rare).
      const title = `${i % 2 === 0 ? 'Nyumba kawaida' : 'Nyumba'} ${i}${[25, 27, 29].includes(i) ? ' adimu' : ''}`;
      rows.push(
        await insertProperty(t.db, {
          publishedBy: owner.id,
          title,
          price: [500, 100, 300, 300][i % 4],
          createdAt: minutes(i),
          promotionEndsAt: i % 7 === 0 ? new Date(Date.now() + (i + 1) * DAY) : null,
        }),
      );
    }
    const promotedFirst = (a: PropertyRow, b: PropertyRow) => {
      const pa = a.promotionEndsAt !== null;
      const pb = b.promotionEndsAt !== null;
      if (pa !== pb) return pa ? -1 : 1;
      return pa ? byPromotionEnd(a, b) : byNewest(a, b);
    };
    const sorts = {
      new: promotedFirst,
      priceLowHigh: byPriceAsc,
      priceHighLow: (a: PropertyRow, b: PropertyRow) => byPriceAsc(b, a),
    } as const;

    for (const window of [3, 1000]) {
      const service = testPropertiesService(t.database, { searchWindow: () => window });
      for (const [sort, compare] of Object.entries(sorts) as [keyof typeof sorts, never][]) {
        for (const search of ['kawaida', 'adimu', 'hakuna']) {
          const expected = rows
            .filter((r) => r.title.includes(search))
            .sort(compare as (a: PropertyRow, b: PropertyRow) => number)
            .map((r) => r.id);
          const seen: string[] = [];
          let cursor: string | undefined;
          do {
            const page = await service.listPublic({ sort, limit: 2, search, cursor });
            seen.push(...(JSON.parse(page.json) as TProperty[]).map((p) => p.id));
            cursor = page.nextCursor ?? undefined;
          } while (cursor);
          expect(seen, `window=${window} sort=${sort} search=${search}`).toEqual(expected);
        }
      }
    }
  });

  it('reads a page, names and photos included, in one statement', async () => {
    const owner = await insertUser(t.db);
    for (let i = 0; i < 6; i++) {
      const row = await insertProperty(t.db, { publishedBy: owner.id });
      await insertPhoto(t.db, row.id, { position: 0 });
      await insertPhoto(t.db, row.id, { position: 1, label: 'picha_jiko' });
    }
    let statements = 0;
    const service = testPropertiesService(t.database, {
      wrap: (real) => ({
        ...real,
        listNewest: (...args) => {
          statements += 1;
          return real.listNewest(...args);
        },
      }),
    });
    const page = await service.listPublic({ sort: 'new', limit: 5 });
    const items = JSON.parse(page.json) as TProperty[];
    expect(items).toHaveLength(5);
    for (const item of items) {
      expect(item.photos.map((ph) => ph.label)).toEqual(['picha_nje']);
      expect(item.media[0]?.name).toBe('{"picha_nje","picha_jiko"}');
    }
    expect(statements).toBe(1);
  });
});

describe('GET /api/properties: places by the names people use', () => {
  it('finds Zanzibar’s regions by “Zanzibar”, Stone Town’s by “Unguja”, Dar es Salaam by “Dsm”', async () => {
    const place = (region: string, ward: string) => insertLocationChain(t.db, { region, ward });
    const paje = await insertProperty(t.db, { address: await place('Kusini Unguja', 'Paje') });
    const kiwengwa = await insertProperty(t.db, {
      address: await place('Kaskazini Unguja', 'Kiwengwa'),
    });
    const town = await insertProperty(t.db, { address: await place('Mjini Magharibi', 'Malindi') });
    const chake = await insertProperty(t.db, { address: await place('Kusini Pemba', 'Chake') });
    const sinza = await insertProperty(t.db, { address: await place('Dar es Salaam', 'Sinza') });
    const kawe = await insertProperty(t.db, {
      address: await insertLocationChain(t.db, {
        region: 'Dar es Salaam',
        ward: 'Kawe',
        street: 'Mbezi Beach "A"',
      }),
    });
    await insertProperty(t.db, { address: await place('Arusha', 'Kaloleni') });
    const zanzibar = [paje.id, kiwengwa.id, town.id, chake.id].sort();
    const found = async (search: string) =>
      (await walk(`/api/properties?search=${encodeURIComponent(search)}&limit=2`)).ids.sort();
    // Twice each: the second time the term is known rare and the trigram index goes first.
    for (let round = 0; round < 2; round += 1) {
      expect(await found('Zanzibar')).toEqual(zanzibar);
      expect(await found('znz')).toEqual(zanzibar);
      expect(await found('unguja')).toEqual([paje.id, kiwengwa.id, town.id].sort());
      expect(await found('Pemba')).toEqual([chake.id]);
      expect(await found('DSM')).toEqual([sinza.id, kawe.id].sort());
      expect(await found('dar')).toEqual([sinza.id, kawe.id].sort());
      // A place of several words, by its whole name, in any case.
      expect(await found('mbezi BEACH')).toEqual([kawe.id]);
      expect(await found('Dar es Salaam')).toEqual([sinza.id, kawe.id].sort());
    }
    // The count agrees with the list.
    const count = await get('/api/properties/count?search=zanzibar');
    expect(count.json()).toEqual({ count: 4, atLeast: false });
  });
});

describe('GET /api/properties/count', () => {
  const count = async (query: string) => {
    const res = await get(`/api/properties/count${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return ZPropertyCountResponse.parse(res.json());
  };

  it('counts what the list with the same filters holds, and nothing unlisted', async () => {
    const chain = await insertLocationChain(t.db, { district: 'Kinondoni' });
    for (let i = 0; i < 5; i += 1) {
      await insertProperty(t.db, {
        type: i < 3 ? 'Rent' : 'Land',
        price: 100_000 * (i + 1),
        title: i % 2 === 0 ? `Nyumba Sinza ${i}` : `Kiwanja ${i}`,
        ...(i < 2 ? { address: chain } : {}),
      });
    }
    await insertProperty(t.db, { type: 'Rent', status: 'pending' });
    await insertProperty(t.db, { type: 'Rent', details: { takenAt: new Date() } });
    for (const query of [
      '',
      '?type=Rent',
      '?type=lease',
      '?type=Land',
      '?search=sinza',
      '?search=kinondoni&type=Rent',
      '?minPrice=200000&maxPrice=400000',
      '?type=Rent&minPrice=250000',
      '?search=xyz-nothing',
      // Too short to search: the same as without it, as the list.
      '?search=ny',
    ]) {
      const listed = (await walk(`/api/properties${query}${query ? '&' : '?'}limit=2`)).ids;
      expect(await count(query), query).toEqual({ count: listed.length, atLeast: false });
    }
    expect((await count('?type=Rent')).count).toBe(3);
  });

  it('counts no further than the cap: past it, the cap and "at least"', async () => {
    for (let i = 0; i < 5; i += 1) await insertProperty(t.db, { type: 'Apartment' });
    // The walk stops one past the cap, whatever the catalogue holds.
    const catalogue = createCatalogueRepository(rawQueries(t.database));
    const filters = {
      type: 'Apartment' as const,
      search: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    };
    expect(await catalogue.countListed(filters, 2)).toBe(3);
    expect(await catalogue.countListed(filters, 10)).toBe(5);
    const service = testPropertiesService(t.database, {
      wrap: (inner) => ({ ...inner, countListed: () => Promise.resolve(PROPERTY_COUNT_CAP + 1) }),
    });
    expect(JSON.parse(await service.countPublic({ type: 'Apartment' }))).toEqual({
      count: PROPERTY_COUNT_CAP,
      atLeast: true,
    });
  });

  it('refuses what the list refuses: an inverted price range, an unknown type', async () => {
    const inverted = await get('/api/properties/count?minPrice=500&maxPrice=100');
    expect(inverted.statusCode).toBe(400);
    expect(inverted.body).toContain('minPrice');
    expect((await get('/api/properties/count?type=castle')).statusCode).toBe(400);
  });
});

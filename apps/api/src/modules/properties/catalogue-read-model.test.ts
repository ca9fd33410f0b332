import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZViewerProperty } from '@makazi/contracts/listings';
import { ZListPropertiesResponse, type TProperty } from '@makazi/contracts/properties';
import { PROPERTY_TYPES, type TPictureLabel } from '@makazi/contracts/property-values';
import { compileContractWriter } from '../../lib/response-serializer';
import {
  insertLocationChain,
  insertPhoto,
  insertProperty,
  insertUser,
  resetCatalogue,
} from '../../test/factories';
import { testPropertiesService } from '../../test/properties-service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rebuildCatalogueCards, transactionRefreshingCards } from './catalogue-cards';
import { createCatalogueRepository, RareTerms, rareTermKey } from './catalogue.repository';
import { rawQueries, type RawQuery } from '../../db/client';
import { createPropertiesRepository, type PublicPropertyRow } from './properties.repository';
import { toProperty } from './properties.service';

/*
 * The read model against the catalogue built the old way: every listing read from its normalized
 * rows at the moment of the test, mapped and written by the contract's own writer, then filtered,
 * ordered and paged here by the catalogue's rules. The served bytes must be those bytes.
 */

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

const writeList = compileContractWriter(ZListPropertiesResponse, {
  checkWithZod: false,
  what: 'expected page',
});
const writeDetail = compileContractWriter(ZViewerProperty, {
  checkWithZod: false,
  what: 'expected detail',
});

const NOW = Date.now();
const DAY = 86_400_000;

/** A varied catalogue: every type, promotions running and ended, covers and none, places, prices. */
async function seedCatalogue(): Promise<void> {
  const kinondoni = await insertLocationChain(t.db, { district: 'Kinondoni', street: 'Mwilamba' });
  const ilala = await insertLocationChain(t.db, { district: 'Ilala', street: 'Likangala' });
  const publishers = [await insertUser(t.db), await insertUser(t.db)];
  const labels: TPictureLabel[] = ['picha_nje', 'picha_mbele', 'picha_jiko'];
  for (let n = 0; n < 48; n++) {
    const type = PROPERTY_TYPES[n % PROPERTY_TYPES.length]!;
    const row = await insertProperty(t.db, {
      type,
      publishedBy: publishers[n % 2]!.id,
      title: n % 5 === 0 ? `Nyumba nzuri ${n}` : `Listing ${n}`,
      // Ties on price keep the id as the tie-break honest.
      price: 100_000 * (1 + (n % 7)),
      createdAt: new Date(NOW - n * 3_600_000 - (n % 3)),
      promotionEndsAt:
        n % 6 === 1 ? new Date(NOW + (n + 1) * DAY) : n % 9 === 4 ? new Date(NOW - DAY) : null,
      ...(n % 4 === 3 ? {} : { address: n % 2 === 0 ? kinondoni : ilala }),
    });
    // Some listings without photos, some whose front photo is missing (no cover for land).
    for (let position = 0; position < n % 4; position++) {
      await insertPhoto(t.db, row.id, {
        position,
        label: labels[(n + position) % labels.length],
        widths: position === 0 && n % 8 === 0 ? [1280, 320] : [320, 768],
      });
    }
  }
}

/** Every approved listing as the old catalogue read it: from the normalized rows, now. */
async function sourceRows(): Promise<PublicPropertyRow[]> {
  const result = await t.db.execute<{ id: string }>(
    sql`select id from properties where status = 'approved'`,
  );
  return createPropertiesRepository(t.db).findListed(result.rows.map((row) => row.id));
}

interface Query {
  type?: string;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  sort: 'new' | 'priceLowHigh' | 'priceHighLow';
}

/** The catalogue's rules for one query, over rows read from the source. */
function expectedOrder(rows: PublicPropertyRow[], query: Query, now: number): PublicPropertyRow[] {
  const searchRows = new Map<string, string>();
  const matching = rows.filter((row) => {
    if (query.type !== undefined && row.type !== query.type) return false;
    if (query.minPrice !== undefined && row.priceTzs < query.minPrice) return false;
    if (query.maxPrice !== undefined && row.priceTzs > query.maxPrice) return false;
    if (query.search !== undefined) {
      const text = `${row.title} ${row.streetName ?? ''} ${row.districtName ?? ''}`;
      searchRows.set(row.id, text);
      if (!text.toLowerCase().includes(query.search.toLowerCase())) return false;
    }
    return true;
  });
  const byId = (a: PublicPropertyRow, b: PublicPropertyRow) => (a.id < b.id ? -1 : 1);
  const sorted = [...matching];
  if (query.sort === 'new') {
    const running = (row: PublicPropertyRow) =>
      row.promotionEndsAt !== null && Date.parse(row.promotionEndsAt) > now;
    sorted.sort((a, b) => {
      if (running(a) !== running(b)) return running(a) ? -1 : 1;
      const key = running(a) ? 'promotionEndsAt' : 'createdAt';
      const at = (row: PublicPropertyRow) => Date.parse(row[key] ?? '');
      return at(b) - at(a) || byId(b, a);
    });
  } else {
    const sign = query.sort === 'priceLowHigh' ? 1 : -1;
    sorted.sort((a, b) => sign * (a.priceTzs - b.priceTzs || byId(a, b)));
  }
  return sorted;
}

function nextUrl(link: string | string[] | undefined): string | undefined {
  if (link === undefined) return undefined;
  return /^<([^>]+)>; rel="next"$/.exec(String(link))?.[1];
}

/** Every page of `query` as served, in order. */
async function servedPages(query: Query, limit: number): Promise<string[]> {
  const params = new URLSearchParams({ sort: query.sort, limit: String(limit) });
  for (const key of ['type', 'search', 'minPrice', 'maxPrice'] as const) {
    if (query[key] !== undefined) params.set(key, String(query[key]));
  }
  const bodies: string[] = [];
  let url: string | undefined = `/api/properties?${params.toString()}`;
  while (url) {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    bodies.push(res.body);
    url = nextUrl(res.headers.link);
  }
  return bodies;
}

const QUERIES: Query[] = [
  { sort: 'new' },
  { sort: 'priceLowHigh' },
  { sort: 'priceHighLow' },
  { sort: 'new', type: 'Rent' },
  { sort: 'new', type: 'Land', minPrice: 200_000 },
  { sort: 'priceLowHigh', type: 'Apartment', maxPrice: 500_000 },
  { sort: 'new', search: 'nyumba' },
  { sort: 'new', search: 'MWILAMBA' },
  { sort: 'priceHighLow', search: 'likangala', minPrice: 150_000 },
  { sort: 'new', search: 'kinondoni', type: 'HouseForSale' },
  { sort: 'new', search: 'hakuna kitu' },
];

/** Every query's pages and every listing's detail, served against built the old way. */
async function expectServedAsBuiltFromSource(): Promise<void> {
  const rows = await sourceRows();
  const limit = 5;
  for (const query of QUERIES) {
    const expected = expectedOrder(rows, query, Date.now());
    const pages: string[] = [];
    for (let from = 0; from < expected.length || from === 0; from += limit) {
      const page = expected.slice(from, from + limit).map((row) => toProperty(row, 'cover'));
      pages.push(writeList(page));
    }
    expect(await servedPages(query, limit), JSON.stringify(query)).toEqual(pages);
  }
  for (const row of rows) {
    const res = await t.app.inject({ method: 'GET', url: `/api/properties/${row.id}` });
    expect(res.body).toBe(writeDetail(toProperty(row, 'all')));
  }
}

describe('the catalogue read model', () => {
  it('serves pages and details byte for byte as built from the normalized rows', async () => {
    await seedCatalogue();
    await expectServedAsBuiltFromSource();
    // A publisher's public page too: the stored details in its order.
    const [publisher] = (
      await t.db.execute<{ id: string }>(sql`select published_by as id from properties limit 1`)
    ).rows;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/properties/publishers/${publisher!.id}?limit=100`,
    });
    const served = JSON.parse(res.body) as TProperty[];
    expect(served.length).toBeGreaterThan(0);
    const byId = new Map((await sourceRows()).map((row) => [row.id, row]));
    expect(res.body).toBe(
      `[${served.map((item) => writeDetail(toProperty(byId.get(item.id)!, 'all'))).join(',')}]`,
    );
  });

  it('compresses a page for a browser that accepts brotli, to the same bytes', async () => {
    await seedCatalogue();
    const url = '/api/properties?limit=24';
    const plain = await t.app.inject({ method: 'GET', url });
    const compressed = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(compressed.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('keeps every card as its listing, photos, publisher and places now read', async () => {
    await seedCatalogue();
    const [listing] = (
      await t.db.execute<{ id: string; published_by: string; street_id: number | null }>(
        sql`select id, published_by, street_id from properties where street_id is not null and type = 'Rent' limit 1`,
      )
    ).rows;
    const change = (statement: ReturnType<typeof sql>) =>
      transactionRefreshingCards(t.db, (tx) => tx.execute(statement));
    await change(sql`update properties set title = 'Imebadilishwa', price_tzs = 999000,
      promotion_ends_at = now() + interval '90 days' where id = ${listing!.id}`);
    await change(sql`update users set first_name = 'Mpya' where id = ${listing!.published_by}`);
    await change(sql`update streets set name = 'Mtaa Mpya' where id = ${listing!.street_id}`);
    await insertPhoto(t.db, listing!.id, { position: 9, label: 'picha_jiko' });
    await change(
      sql`delete from property_photos where property_id = ${listing!.id} and position = 0`,
    );
    await change(
      sql`update properties set status = 'archived' where id in (select id from properties where type = 'Land' limit 2)`,
    );
    await expectServedAsBuiltFromSource();

    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/properties/${listing!.id}` })
    ).json<TProperty>();
    expect(detail.title).toBe('Imebadilishwa');
    expect(detail.publishedBy.firstName).toBe('Mpya');
    expect(detail.propertyAddress?.street.name).toBe('Mtaa Mpya');
  });

  it('refuses the commit of a write that forgot to refresh the cards, and keeps the old card', async () => {
    const row = await insertProperty(t.db, { title: 'Kabla' });
    const forgetful = t.db.transaction(async (tx) => {
      await tx.execute(sql`update properties set title = 'Baada' where id = ${row.id}`);
    });
    // The driver may wrap the database's error (a failed COMMIT): its cause says why.
    const failure: unknown = await forgetful.then(
      () => undefined,
      (err: unknown) => err,
    );
    const causes = (err: unknown): string =>
      err instanceof Error ? `${err.message} ${causes(err.cause)}` : '';
    expect(causes(failure)).toMatch(/was not refreshed in the transaction that changed it/);
    const res = await t.app.inject({ method: 'GET', url: `/api/properties/${row.id}` });
    expect(res.json<TProperty>().title).toBe('Kabla');
    // A draft has no card: its writes owe the catalogue nothing.
    const draft = await insertProperty(t.db, { status: 'draft' });
    await t.db.execute(sql`update properties set title = 'Rasimu' where id = ${draft.id}`);
  });

  it('rebuilds every card, and drops the entries of listings no longer approved', async () => {
    await seedCatalogue();
    await t.db.execute(sql`update catalogue_cards set card = '{}', detail = '{}'`);
    // An entry left behind by hand: the rebuild removes it.
    await t.db.execute(sql`alter table properties disable trigger user`);
    try {
      await t.db.execute(
        sql`update properties set status = 'rejected' where id in (select id from properties limit 1)`,
      );
    } finally {
      await t.db.execute(sql`alter table properties enable trigger user`);
    }
    const count = await rebuildCatalogueCards(t.db);
    expect(count).toBe((await sourceRows()).length);
    await expectServedAsBuiltFromSource();
  });
});

describe('search terms known to be rare', () => {
  it('go to the trigram index first, answer the same pages, and are forgotten once common', async () => {
    await seedCatalogue();
    const rareTerms = new RareTerms();
    // A window of 3 rows: the adaptive walk falls back to the trigram index for most terms.
    const service = testPropertiesService(t.database, { searchWindow: () => 3, rareTerms });
    const page = async (search: string, sort: 'new' | 'priceLowHigh' = 'new') =>
      (await service.listPublic({ sort, limit: 5, search })).json;

    const adaptive = await page('likangala');
    expect(rareTerms.has(rareTermKey('likangala', undefined))).toBe(false); // more than a page of matches
    const street = await page('MWILAMBA');
    expect(rareTerms.has(rareTermKey('mwilamba', undefined))).toBe(false);
    const none = await page('hakuna kitu');
    expect(rareTerms.has(rareTermKey('hakuna kitu', undefined))).toBe(true);
    expect(none).toBe('[]');

    // A type's first page teaches the term rare for that type only: it may be common overall.
    const rent = { sort: 'new', limit: 5, search: 'nyumba nzuri 4', type: 'Rent' } as const;
    const rentFew = (await service.listPublic(rent)).json;
    expect(rareTerms.has(rareTermKey('nyumba nzuri 4', 'Rent'))).toBe(true);
    expect((await service.listPublic(rent)).json).toBe(rentFew);
    expect(rareTerms.has(rareTermKey('nyumba nzuri 4', undefined))).toBe(false);
    // A price range teaches nothing.
    await service.listPublic({ sort: 'new', limit: 5, search: 'nyumba nzuri 4', minPrice: 1 });
    expect(rareTerms.has(rareTermKey('nyumba nzuri 4', undefined))).toBe(false);
    const few = await page('Nyumba nzuri 4');
    expect(rareTerms.has(rareTermKey('nyumba nzuri 4', undefined))).toBe(true);
    // Asked again trigram first: the same bytes, by either sort.
    expect(await page('nyumba NZURI 4')).toBe(few);
    expect(await page('likangala')).toBe(adaptive);
    expect(await page('mwilamba')).toBe(street);

    // The term became common: one page read trigram first fills up, and it is forgotten.
    const owner = await insertUser(t.db);
    for (let n = 0; n < 6; n++) {
      await insertProperty(t.db, { publishedBy: owner.id, title: `Nyumba nzuri 4${n}` });
    }
    const common = await page('nyumba nzuri 4', 'priceLowHigh');
    expect(JSON.parse(common)).toHaveLength(5);
    expect(rareTerms.has(rareTermKey('nyumba nzuri 4', undefined))).toBe(false);
  });
});

describe('statements prepared by name', () => {
  it('are those without a price range, whose generic plan is their custom plan', async () => {
    await seedCatalogue();
    const sent: RawQuery[] = [];
    const database = rawQueries(t.database);
    const catalogue = createCatalogueRepository({
      query<TRow>(query: RawQuery) {
        sent.push(query);
        return database.query<TRow>(query);
      },
    });
    const at = new Date();
    const start = { phase: 0 as const, after: null };
    const prepared = async (run: () => Promise<unknown>): Promise<boolean> => {
      sent.length = 0;
      await run();
      expect(sent).toHaveLength(1);
      return sent[0]!.name !== undefined;
    };
    const noRange = {
      type: undefined,
      search: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    };
    const variants = [
      noRange,
      { ...noRange, type: 'Rent' as const },
      { ...noRange, search: 'mwilamba' },
      { ...noRange, type: 'Land' as const, search: 'nyumba' },
    ];
    for (const filters of variants) {
      expect(await prepared(() => catalogue.listNewest(filters, at, start, 5))).toBe(true);
      expect(await prepared(() => catalogue.listByPrice(filters, 'asc', null, 5))).toBe(true);
      for (const range of [{ minPrice: 1 }, { maxPrice: 900_000 }, { minPrice: 1, maxPrice: 2 }]) {
        const ranged = { ...filters, ...range };
        expect(await prepared(() => catalogue.listNewest(ranged, at, start, 5))).toBe(false);
        expect(await prepared(() => catalogue.listByPrice(ranged, 'desc', null, 5))).toBe(false);
      }
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawQueries } from '../../db/client';
import { createFakeClock } from '../../test/fake-clock';
import { insertProperty, resetCatalogue, setPropertyStatus } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createSeoRepository, HIGHEST_ID, LOWEST_ID } from './seo.repository';
import { createSeoService, type SeoService, type SeoServiceOptions } from './seo.service';

/*
 * The listing files of a large catalogue, made small: a few listings per file instead of
 * 20,000, on the real database. Every approved listing must appear exactly once across the
 * files the index names, whatever the count, and the files must chain: each starts where the
 * one before ended.
 */

const ORIGIN = 'https://makazi.example';
const HOUR_MS = 60 * 60_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await resetCatalogue(database.db);
});

function service(options: Partial<SeoServiceOptions> = {}): SeoService {
  return createSeoService(createSeoRepository(rawQueries(database.handle)), {
    clock: createFakeClock(),
    ...options,
  });
}

async function approvedListings(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await insertProperty(database.db)).id);
  return ids;
}

/** [after, until] of each listing file the index names, in its order. */
async function indexedFiles(seo: SeoService): Promise<[string, string][]> {
  const xml = await seo.sitemapIndex(ORIGIN);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs[0]).toBe(`${ORIGIN}/sitemaps/pages.xml`);
  return locs.slice(1).map((loc) => {
    const file = /^https:\/\/makazi\.example\/sitemaps\/listings\/([^/]+)\/([^/]+)\.xml$/.exec(loc);
    expect(file, loc).not.toBeNull();
    return [file![1]!, file![2]!];
  });
}

/** The listing ids of one file, once per listing (each has a URL per language). */
async function idsOfFile(seo: SeoService, [after, until]: [string, string]): Promise<string[]> {
  const xml = await seo.listingsSitemap(ORIGIN, after, until);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const ids = locs.map((loc) => /\/lease\/([0-9a-f-]{36})\?lang=(?:sw|en)$/.exec(loc)![1]!);
  // Two URLs per listing, side by side.
  expect(ids.length % 2).toBe(0);
  const listings = ids.filter((_id, i) => i % 2 === 0);
  expect(ids.filter((_id, i) => i % 2 === 1)).toEqual(listings);
  return listings;
}

/** Every file's listings, after checking that the files chain from the lowest id to the highest. */
async function walk(seo: SeoService): Promise<{ files: [string, string][]; perFile: string[][] }> {
  const files = await indexedFiles(seo);
  files.forEach(([after, until], i) => {
    expect(after < until).toBe(true);
    expect(after).toBe(i === 0 ? LOWEST_ID : files[i - 1]![1]);
  });
  if (files.length > 0) expect(files.at(-1)![1]).toBe(HIGHEST_ID);
  const perFile: string[][] = [];
  for (const file of files) perFile.push(await idsOfFile(seo, file));
  return { files, perFile };
}

describe('the listing files of a catalogue larger than one file', () => {
  it.each([1, 2, 5, 6, 7])(
    'name every approved listing exactly once, %i listings at 2 a file',
    async (count) => {
      const approved = await approvedListings(count);
      // Never public, or no longer: in no file.
      await insertProperty(database.db, { status: 'pending' });
      await insertProperty(database.db, { status: 'rejected' });
      const withdrawn = await insertProperty(database.db);
      await setPropertyStatus(database.db, withdrawn.id, 'archived');

      const { files, perFile } = await walk(service({ listingsPerFile: 2 }));
      expect(files.length).toBe(Math.ceil(count / 2));
      for (const ids of perFile) expect(ids.length).toBeLessThanOrEqual(2);
      expect(perFile.flat()).toEqual([...approved].sort());
    },
  );

  it('name no listing file for an empty catalogue', async () => {
    await insertProperty(database.db, { status: 'pending' });
    expect(await indexedFiles(service({ listingsPerFile: 2 }))).toEqual([]);
  });

  it('stay exact when listings come and go after the index picked its keys', async () => {
    const clock = createFakeClock();
    const seo = service({ listingsPerFile: 2, clock });
    const before = await approvedListings(6);
    const { files } = await walk(seo);
    expect(files.length).toBe(3);

    const added = await approvedListings(4);
    await setPropertyStatus(database.db, before[0]!, 'archived');
    const now = [...before.slice(1), ...added].sort();
    // The index is still the one picked before: the same files, holding today's listings.
    const later = await walk(seo);
    expect(later.files).toEqual(files);
    expect(later.perFile.flat()).toEqual(now);

    // An hour later the keys are picked again, for today's catalogue.
    clock.advance(HOUR_MS);
    const repicked = await walk(seo);
    expect(repicked.files.length).toBe(Math.ceil(now.length / 2));
    expect(repicked.perFile.flat()).toEqual(now);
  });

  it('never list more than the most a file may hold, however much its range grew', async () => {
    const seo = service({ listingsPerFile: 2, maxListingsPerFile: 3 });
    await approvedListings(1);
    const [file] = await indexedFiles(seo);
    await approvedListings(4);
    expect(await idsOfFile(seo, file!)).toHaveLength(3);
  });
});

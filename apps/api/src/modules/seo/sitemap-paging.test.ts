import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawQueries } from '../../db/client';
import { createFakeClock } from '../../test/fake-clock';
import { insertProperty, resetCatalogue, setPropertyStatus } from '../../test/factories';
import { createTestDatabase, type TestDatabase } from '../../test/test-app';
import { createSeoRepository, HIGHEST_ID, LOWEST_ID } from './seo.repository';
import {
  createSeoService,
  createSitemapRangeSigner,
  LISTINGS_PER_SLICE,
  type SeoService,
  type SeoServiceOptions,
} from './seo.service';

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
    ranges: createSitemapRangeSigner('a secret of the sitemap tests'),
    ...options,
  });
}

async function approvedListings(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) ids.push((await insertProperty(database.db)).id);
  return ids;
}

type IndexedFile = [after: string, until: string, mac: string];

/** [after, until, mac] of each listing file the index names, in its order. */
async function indexedFiles(seo: SeoService): Promise<IndexedFile[]> {
  const xml = await seo.sitemapIndex(ORIGIN);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(locs[0]).toBe(`${ORIGIN}/sitemaps/pages.xml`);
  return locs.slice(1).map((loc) => {
    const file =
      /^https:\/\/makazi\.example\/sitemaps\/listings\/([^/]+)\/([^/]+)\/([^/]+)\.xml$/.exec(loc);
    expect(file, loc).not.toBeNull();
    return [file![1]!, file![2]!, file![3]!];
  });
}

/** The listing ids of one file, once per listing (each has a URL per language). */
async function idsOfFile(seo: SeoService, [after, until, mac]: IndexedFile): Promise<string[]> {
  const xml = gunzipSync(await seo.listingsSitemap(ORIGIN, after, until, mac)).toString('utf8');
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const ids = locs.map((loc) => /\/lease\/([0-9a-f-]{36})\?lang=(?:sw|en)$/.exec(loc)![1]!);
  // Two URLs per listing, side by side.
  expect(ids.length % 2).toBe(0);
  const listings = ids.filter((_id, i) => i % 2 === 0);
  expect(ids.filter((_id, i) => i % 2 === 1)).toEqual(listings);
  return listings;
}

/** Every file's listings, after checking that the files chain from the lowest id to the highest. */
async function walk(seo: SeoService): Promise<{ files: IndexedFile[]; perFile: string[][] }> {
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

  it('are kept an hour, index and files, then picked and written again for today’s catalogue', async () => {
    const clock = createFakeClock();
    const seo = service({ listingsPerFile: 2, clock });
    const before = await approvedListings(6);
    const { files, perFile } = await walk(seo);
    expect(files.length).toBe(3);

    const added = await approvedListings(4);
    await setPropertyStatus(database.db, before[0]!, 'archived');
    const now = [...before.slice(1), ...added].sort();
    // Within the hour, the index and its files are the ones written before (kept, as the
    // answers' Cache-Control tells crawlers).
    const later = await walk(seo);
    expect(later).toEqual({ files, perFile });

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

describe('the listing files a client may ask for', () => {
  const signer = createSitemapRangeSigner('a secret of the sitemap tests');
  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      type: 'Rent' as const,
      lastmod: '2026-11-22T09:00:00Z',
    }));
  /** A service over a repository that counts the files it reads. */
  function counted(count: number) {
    const reads = { n: 0 };
    const seo = createSeoService(
      {
        fileStarts: () => Promise.resolve([LOWEST_ID]),
        listingsBetween: () => {
          reads.n += 1;
          return Promise.resolve(rows(count));
        },
      },
      { clock: createFakeClock(), ranges: signer },
    );
    return { seo, reads };
  }
  const notFound = (promise: Promise<unknown>) =>
    promise.then(
      () => 'served',
      (err: { code?: string }) => err.code,
    );

  it('are only the ranges an index named: any other, however well formed, is a 404', async () => {
    const { seo, reads } = counted(3);
    const [named] = await indexedFiles(seo);
    expect(named).toEqual([LOWEST_ID, HIGHEST_ID, signer.sign(LOWEST_ID, HIGHEST_ID)]);
    const middle = '80000000-0000-4000-8000-000000000000';
    const otherSecret = createSitemapRangeSigner('another secret');
    for (const [after, until, mac] of [
      // A range the index never named, signed for another range.
      [LOWEST_ID, middle, signer.sign(LOWEST_ID, HIGHEST_ID)],
      // The named range under another server's signature, or none worth the name.
      [LOWEST_ID, HIGHEST_ID, otherSecret.sign(LOWEST_ID, HIGHEST_ID)],
      [LOWEST_ID, HIGHEST_ID, 'AAAAAAAAAAAAAAAAAAAAAA'],
      [LOWEST_ID, HIGHEST_ID, 'x'],
    ] as const) {
      expect(await notFound(seo.listingsSitemap(ORIGIN, after, until, mac))).toBe('NOT_FOUND');
    }
    expect(reads.n).toBe(0);
    expect(await notFound(seo.listingsSitemap(ORIGIN, ...named!))).toBe('served');
  });

  it('write a file once within the hour, however often it is asked for', async () => {
    const { seo, reads } = counted(3);
    const [named] = await indexedFiles(seo);
    const first = await seo.listingsSitemap(ORIGIN, ...named!);
    for (let i = 0; i < 5; i += 1) {
      expect(await seo.listingsSitemap(ORIGIN, ...named!)).toBe(first);
    }
    expect(reads.n).toBe(1);
  });

  it('send at most two files at once per process; the next asker is told to come back', async () => {
    const { seo } = counted(3);
    const first = await seo.sendSlot();
    const second = await seo.sendSlot();
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(await seo.sendSlot()).toBeUndefined();
    // A slot given back (the answer sent, or the client gone) serves the next one.
    first!();
    const third = await seo.sendSlot();
    expect(third).toBeDefined();
    second!();
    third!();
  });

  it('let the event loop turn while a large file is written', async () => {
    const { seo } = counted(LISTINGS_PER_SLICE * 4);
    const [named] = await indexedFiles(seo);
    // Queued before the file is written: it runs only if the writing lets the loop turn.
    let turned = false;
    const writing = seo.listingsSitemap(ORIGIN, ...named!);
    setImmediate(() => {
      turned = true;
    });
    const xml = gunzipSync(await writing).toString('utf8');
    expect(turned).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(LISTINGS_PER_SLICE * 4 * 2);
  });
});

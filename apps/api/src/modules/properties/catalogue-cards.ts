import { ZViewerProperty } from '@makazi/contracts/listings';
import { ZListPropertiesResponse } from '@makazi/contracts/properties';
import type { Database, DatabaseHandle } from '../../db/client';
import { compileContractWriter } from '../../lib/response-serializer';
import {
  listedIdsAfter,
  dropStaleEntries,
  lockListings,
  recordCardFormat,
  saveCards,
  storedCardFormat,
  takeNotedListings,
  tidyEntries,
  type RenderedCard,
} from './catalogue.repository';
import { createPropertiesRepository, type PublicPropertyRow } from './properties.repository';
import { toProperty } from './properties.service';

/*
 * The catalogue's cards (decision 032) are rendered here, by the code that answered every
 * catalogue request before: the row mapping of properties.service and the contract's own JSON
 * writers, so a stored card is byte for byte what the route would have written. Each card is
 * checked against its contract as it is rendered: a listing the contract rejects fails the write
 * that changed it, not the readers.
 */

/**
 * The format of the stored cards. Raise it whenever what a card holds changes (the contract, the
 * row mapping, media URLs): the next start rebuilds every card in the new format.
 */
export const CARD_FORMAT = 2;

const writeCard = compileContractWriter(ZListPropertiesResponse.element, {
  checkWithZod: true,
  what: 'A catalogue card',
});
const writeDetail = compileContractWriter(ZViewerProperty, {
  checkWithZod: true,
  what: 'A catalogue detail',
});

export function renderCard(row: PublicPropertyRow): RenderedCard {
  return {
    id: row.id,
    card: writeCard(toProperty(row, 'cover')),
    detail: writeDetail(toProperty(row, 'all')),
  };
}

/** Listings rendered per statement: a bulk load's thousands never sit in memory at once. */
const RENDER_BATCH = 500;

/** Renders and stores the cards of `ids` as they now stand; drops those no longer listed. */
async function refreshCards(tx: Database, ids: string[]): Promise<void> {
  const listings = createPropertiesRepository(tx);
  // In id order across batches too, as lockListings orders within one.
  const sorted = [...ids].sort();
  for (let from = 0; from < sorted.length; from += RENDER_BATCH) {
    const batch = sorted.slice(from, from + RENDER_BATCH);
    await lockListings(tx, batch);
    const rows = await listings.findListed(batch);
    await saveCards(tx, batch, rows.map(renderCard));
  }
}

/**
 * Brings the cards of every listing this transaction changed up to date. Every transaction that
 * writes what a card shows (a listing, its photos, its publisher's or places' names) calls it
 * before it ends; the database refuses the commit otherwise (migration 0014).
 */
export async function refreshCatalogueCards(tx: Database): Promise<void> {
  await refreshCards(tx, await takeNotedListings(tx));
}

/**
 * Renders listed listings in id order (`which`: all of them, or those without a card), a batch
 * per transaction of its own: readers keep being answered from the cards already stored meanwhile.
 * The count rendered.
 */
async function renderInBatches(
  db: Database,
  which: 'all' | 'uncarded',
  onProgress?: (done: number) => void,
): Promise<number> {
  let after: string | null = null;
  let done = 0;
  for (;;) {
    const batch = await listedIdsAfter(db, after, RENDER_BATCH);
    const last = batch.at(-1);
    if (!last) return done;
    const ids = batch.filter((row) => which === 'all' || !row.carded).map((row) => row.id);
    if (ids.length > 0) {
      await db.transaction((tx) => refreshCards(tx, ids));
      done += ids.length;
      onProgress?.(done);
    }
    after = last.id;
  }
}

/**
 * Renders every listed listing's card again and drops the entries of listings no longer
 * listed: for a new card format, or by hand (`npm run catalogue:rebuild`).
 */
export async function rebuildCatalogueCards(
  db: Database,
  onProgress?: (done: number) => void,
): Promise<number> {
  const done = await renderInBatches(db, 'all', onProgress);
  await dropStaleEntries(db);
  await tidyEntries(db);
  await recordCardFormat(db, CARD_FORMAT);
  return done;
}

/**
 * Renders the cards of listed listings that have none: after a bulk load that skipped the
 * triggers (the seed's fast path). The count rendered.
 */
export async function renderMissingCards(db: Database): Promise<number> {
  const done = await renderInBatches(db, 'uncarded');
  if (done > 0) await tidyEntries(db);
  return done;
}

/** Arbitrary constant naming "Makazi catalogue rebuild" among advisory locks on the server. */
const REBUILD_LOCK_KEY = 0x6d6b6361; // 'mkca'

/**
 * Rebuilds the cards when they were stored in another format (or never built); else nothing.
 * Processes starting together against one server take turns: the first rebuilds, the others
 * then find the format current.
 */
export async function ensureCatalogueCards(
  handle: DatabaseHandle,
  onRebuild?: (count: number) => void,
): Promise<void> {
  const ensure = async () => {
    if ((await storedCardFormat(handle.db)) === CARD_FORMAT) return;
    onRebuild?.(await rebuildCatalogueCards(handle.db));
  };
  const raw = handle.raw;
  if (raw.kind === 'pglite') {
    await ensure();
    return;
  }
  const lock = await raw.pool.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [REBUILD_LOCK_KEY]);
    try {
      await ensure();
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [REBUILD_LOCK_KEY]);
    }
    lock.release();
  } catch (err) {
    lock.release(err instanceof Error ? err : true);
    throw err;
  }
}

/**
 * A transaction that refreshes the cards of what it changed before it commits: the one way
 * repositories open a transaction that may write what a card shows.
 */
export function transactionRefreshingCards<T>(
  db: Database,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await work(tx);
    await refreshCatalogueCards(tx);
    return result;
  });
}

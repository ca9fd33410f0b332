import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { TPropertySort, TPropertyType } from '@makazi/contracts/property-values';
import { invalidField } from '../../lib/errors';

/*
 * The keyset cursor: where the previous page stopped, in the order the query walks. Opaque to
 * clients (base64url JSON), checked with zod on the way back in, so a tampered or foreign cursor
 * is a 400 rather than a malformed query.
 *
 * sort=new walks two phases: "promoted" (promotion running at `at`) and then "rest". `at` is
 * fixed by the first page, so a promotion ending mid-walk cannot move a listing between phases
 * and show it twice or never.
 */

const ISO_MICROS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z$/;

/** A real instant written with microseconds (what Postgres stores), so no row falls between pages. */
const ZMicroTimestamp = z.string().refine((value) => {
  const m = ISO_MICROS.exec(value);
  if (!m) return false;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1, 7).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 2024-02-30 into March: a round trip rejects such impossible dates.
  return (
    y >= 1970 &&
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
});

const ZId = z.uuid();
const ZPrice = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** Milliseconds since the epoch, up to the year 9999. */
const ZEpochMs = z.number().int().min(0).max(253_402_300_799_999);

const ZNewCursor = z.strictObject({
  v: z.literal(1),
  s: z.literal('new'),
  f: z.string().max(32),
  at: ZEpochMs,
  ph: z.enum(['promoted', 'rest']),
  /**
   * The last row shown: (promotion_ends_at, id) in the promoted phase, (created_at, id) in the
   * rest; null when the phase starts from its beginning (promoted rows exactly filled the last page).
   */
  k: z.tuple([ZMicroTimestamp, ZId]).nullable(),
});

const ZPriceCursor = z.strictObject({
  v: z.literal(1),
  s: z.enum(['priceLowHigh', 'priceHighLow']),
  f: z.string().max(32),
  k: z.tuple([ZPrice, ZId]),
});

const ZCursor = z.discriminatedUnion('s', [ZNewCursor, ZPriceCursor]);

/** A publisher's listings, newest first: the last row shown, (created_at, id). */
const ZPublisherCursor = z.strictObject({
  v: z.literal(1),
  s: z.literal('publisher'),
  f: z.string().max(32),
  k: z.tuple([ZMicroTimestamp, ZId]),
});

export type NewCursor = z.infer<typeof ZNewCursor>;
export type PriceCursor = z.infer<typeof ZPriceCursor>;
export type Cursor = z.infer<typeof ZCursor>;
export type PublisherCursor = z.infer<typeof ZPublisherCursor>;

export interface CursorFilters {
  type: TPropertyType | undefined;
  search: string | undefined;
  minPrice: number | undefined;
  maxPrice: number | undefined;
}

/**
 * A short fingerprint of the filters a cursor was made for: reusing it with other filters would
 * silently page through a different list, so that is refused.
 */
export function filtersFingerprint(filters: CursorFilters): string {
  const canonical = JSON.stringify([
    filters.type ?? null,
    filters.search ?? null,
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

/**
 * Which publisher list a cursor was made for: another publisher's, or the owner's view (with
 * drafts) against the public one, would page through a different list.
 */
export function publisherFingerprint(publisherId: string, asOwner: boolean): string {
  return createHash('sha256')
    .update(`${publisherId}:${asOwner ? 'owner' : 'public'}`)
    .digest('base64url')
    .slice(0, 12);
}

export function encodeCursor(cursor: Cursor | PublisherCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const BAD_CURSOR = 'is not a valid cursor for this list';

function parseCursor<T extends { f: string }>(
  raw: string,
  schema: z.ZodType<T>,
  fingerprint: string,
): T {
  let json: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw new Error('not base64url');
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidField('cursor', BAD_CURSOR);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success || parsed.data.f !== fingerprint) throw invalidField('cursor', BAD_CURSOR);
  return parsed.data;
}

export function decodeCursor(raw: string, sort: TPropertySort, fingerprint: string): Cursor {
  const cursor = parseCursor(raw, ZCursor, fingerprint);
  if (cursor.s !== sort) throw invalidField('cursor', BAD_CURSOR);
  return cursor;
}

export function decodePublisherCursor(raw: string, fingerprint: string): PublisherCursor {
  return parseCursor(raw, ZPublisherCursor, fingerprint);
}

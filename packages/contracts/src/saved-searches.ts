import { z } from 'zod';
import { ZPropertySort, ZPropertyType, ZQueryPrice } from './properties';
import { ALERT_FREQUENCIES, SAVED_SEARCH_TEXT_MAX_LENGTH } from './saved-values';

/*
 * Saved searches and their SMS alerts (issue 21): /api/me/saved-searches (GET, POST),
 * /api/me/saved-searches/{id} (PATCH, DELETE), /{id}/seen (POST), and POST /api/alerts/off, the
 * signed link in every alert SMS, which needs no sign-in.
 */

export const ZAlertFrequency = z.enum(ALERT_FREQUENCIES);

const ZSearchText = z
  .string()
  .trim()
  .max(SAVED_SEARCH_TEXT_MAX_LENGTH, `must be at most ${SAVED_SEARCH_TEXT_MAX_LENGTH} characters`);

const priceRangeInOrder = (q: { minPrice?: number | null; maxPrice?: number | null }) =>
  q.minPrice === undefined ||
  q.minPrice === null ||
  q.maxPrice === undefined ||
  q.maxPrice === null ||
  q.minPrice <= q.maxPrice;

/** POST /api/me/saved-searches: the filters of a catalogue page, and how to be told. */
export const ZSavedSearchBody = z
  .object({
    type: ZPropertyType.optional(),
    search: ZSearchText.optional().transform((s) => (s === '' ? undefined : s)),
    minPrice: ZQueryPrice.optional(),
    maxPrice: ZQueryPrice.optional(),
    sort: ZPropertySort.default('new'),
    alerts: ZAlertFrequency,
  })
  .refine(priceRangeInOrder, { message: 'must not be greater than maxPrice', path: ['minPrice'] });
export type TSavedSearchBody = z.infer<typeof ZSavedSearchBody>;

/** PATCH /api/me/saved-searches/{id}: what is sent changes; null clears a filter. */
export const ZSavedSearchPatch = z
  .object({
    type: ZPropertyType.nullable().optional(),
    search: ZSearchText.nullable()
      .optional()
      .transform((s) => (s === '' ? null : s)),
    minPrice: ZQueryPrice.nullable().optional(),
    maxPrice: ZQueryPrice.nullable().optional(),
    sort: ZPropertySort.optional(),
    alerts: ZAlertFrequency.optional(),
  })
  .refine(priceRangeInOrder, { message: 'must not be greater than maxPrice', path: ['minPrice'] });
export type TSavedSearchPatch = z.infer<typeof ZSavedSearchPatch>;

export const ZSavedSearchParams = z.object({ id: z.uuid('must be a saved search id') });

export const ZSavedSearch = z.object({
  id: z.uuid(),
  type: ZPropertyType.nullable(),
  search: z.string().nullable(),
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
  sort: ZPropertySort,
  alerts: ZAlertFrequency,
  createdAt: z.string(),
  /** When its owner last opened it (POST .../seen); its creation until then. */
  lastSeenAt: z.string(),
  /** Listings that came into the catalogue matching it since lastSeenAt and are still there. */
  newMatches: z.number().int(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearch>;
export const ZSavedSearchesResponse = z.array(ZSavedSearch);
export type TSavedSearchesResponse = z.infer<typeof ZSavedSearchesResponse>;

/** POST /api/alerts/off: the code from an alert SMS's link (/alerts/off/{code}). */
export const ZAlertsOffBody = z.object({
  code: z.string().min(1, 'is required').max(100, 'is not a valid link'),
});
export type TAlertsOffBody = z.infer<typeof ZAlertsOffBody>;
/** What was turned off, so the page can say which search (nothing else about the person). */
export const ZAlertsOffResponse = z.object({
  type: ZPropertyType.nullable(),
  search: z.string().nullable(),
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
  alerts: z.literal('off'),
});
export type TAlertsOffResponse = z.infer<typeof ZAlertsOffResponse>;

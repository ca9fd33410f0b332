import { z } from 'zod';
import { ZPropertyType } from './properties';
import { ROOMS_MAX } from './listing-values';
import { PRICE_INSIGHT_LEVELS } from './saved-values';

/*
 * GET /api/insights/prices (issue 21): the typical price of a kind of listing in a ward, or in its
 * district when the ward has too few (PRICE_INSIGHT_MIN_LISTINGS), from the listings in the
 * catalogue. Figures are precomputed (price_insights), at most an hour old.
 */

const ZAreaId = z.coerce
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .positive('must be a location id')
  .max(2_147_483_647, 'must be a location id');

export const ZPriceInsightQuery = z
  .object({
    type: ZPropertyType,
    regionId: ZAreaId.optional(),
    districtId: ZAreaId.optional(),
    wardId: ZAreaId.optional(),
    /** Houses and apartments; a plot has none. */
    bedrooms: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(0, 'must not be negative')
      .max(ROOMS_MAX, `must be at most ${ROOMS_MAX}`)
      .optional(),
  })
  .refine((q) => q.wardId !== undefined || q.districtId !== undefined, {
    message: 'is required (or districtId)',
    path: ['wardId'],
  })
  .refine((q) => q.type !== 'Land' || q.bedrooms === undefined, {
    message: 'does not apply to plots',
    path: ['bedrooms'],
  });
export type TPriceInsightQuery = z.infer<typeof ZPriceInsightQuery>;

export const ZPriceInsight = z.object({
  type: ZPropertyType,
  bedrooms: z.number().int().nullable(),
  area: z.object({ level: z.enum(PRICE_INSIGHT_LEVELS), id: z.number().int(), name: z.string() }),
  /** Listings the figures come from. */
  count: z.number().int(),
  /** Whole TZS: the 25th percentile, the median and the 75th percentile. */
  low: z.number().int(),
  median: z.number().int(),
  high: z.number().int(),
  /** ISO 8601 UTC: when the figures were computed. */
  computedAt: z.string(),
});
export type TPriceInsight = z.infer<typeof ZPriceInsight>;

/** insight is null when neither the ward nor its district has enough listings of the kind. */
export const ZPriceInsightResponse = z.object({ insight: ZPriceInsight.nullable() });
export type TPriceInsightResponse = z.infer<typeof ZPriceInsightResponse>;

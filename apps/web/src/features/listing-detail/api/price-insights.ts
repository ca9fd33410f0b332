import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPriceInsight, TPriceInsightResponse } from '@makazi/contracts/price-insights';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { PRICE_INSIGHT_LEVELS } from '@makazi/contracts/saved-values';
import { apiGet } from '../../../lib/api-client';
import { isPropertyType, isRecord } from '../../../lib/guards';

/** What GET /api/insights/prices is asked: a kind of listing in a ward (or its district). */
export interface PriceInsightQuery {
  type: TPropertyType;
  wardId?: number;
  districtId?: number;
  /** Houses and apartments; never for a plot. */
  bedrooms?: number;
}

const isWholeNumber = (value: unknown): value is number => Number.isInteger(value);

function isPriceInsight(value: unknown): value is TPriceInsight {
  return (
    isRecord(value) &&
    isPropertyType(value.type) &&
    (value.bedrooms === null || isWholeNumber(value.bedrooms)) &&
    isRecord(value.area) &&
    (PRICE_INSIGHT_LEVELS as readonly unknown[]).includes(value.area.level) &&
    typeof value.area.name === 'string' &&
    isWholeNumber(value.count) &&
    isWholeNumber(value.low) &&
    isWholeNumber(value.median) &&
    isWholeNumber(value.high)
  );
}

function isPriceInsightAnswer(body: unknown): body is TPriceInsightResponse {
  return isRecord(body) && (body.insight === null || isPriceInsight(body.insight));
}

export function priceInsightQueryOptions(query: PriceInsightQuery) {
  return queryOptions({
    queryKey: ['insights', 'prices', query],
    queryFn: async ({ signal }) =>
      (await apiGet('/insights/prices', isPriceInsightAnswer, { signal, query: { ...query } })).data
        .insight,
    // The API recomputes the figures hourly: one answer serves every listing of the area a while.
    staleTime: 30 * 60_000,
  });
}

/**
 * The typical price of listings like this one, asked for in the browser once the page runs: the
 * page renders (and the server renders it) without waiting for it. null query: nothing to ask.
 */
export function usePriceInsight(query: PriceInsightQuery | null) {
  return useQuery({
    ...priceInsightQueryOptions(query ?? { type: 'Rent' }),
    enabled: query !== null,
  });
}

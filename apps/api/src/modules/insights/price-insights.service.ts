import type {
  TPriceInsight,
  TPriceInsightQuery,
  TPriceInsightResponse,
} from '@makazi/contracts/price-insights';
import {
  PRICE_INSIGHT_MIN_LISTINGS,
  type TPriceInsightLevel,
} from '@makazi/contracts/saved-values';
import type { Clock } from '../../lib/clock';
import { invalidField } from '../../lib/errors';
import type { AreaFigures, FiguresKey, PriceInsightsRepository } from './price-insights.repository';

/*
 * The typical price of a kind of listing in an area (issue 21): a ward's own figures when it has
 * PRICE_INSIGHT_MIN_LISTINGS listings of the kind, else its district's, else none. The figures are
 * computed by a periodic job (price-insights-job.ts), never per request.
 */

export interface PriceInsightsService {
  /** 400 naming the field for an area that does not exist or does not hold the other. */
  insight(query: TPriceInsightQuery): Promise<TPriceInsightResponse>;
  /** Computes every area's figures again from the catalogue; answers the groups stored. */
  recompute(): Promise<{ groups: number }>;
}

function toInsight(
  key: FiguresKey,
  figures: AreaFigures,
  names: Partial<Record<TPriceInsightLevel, string>>,
): TPriceInsight {
  return {
    type: key.type,
    bedrooms: key.bedrooms,
    area: { level: figures.level, id: figures.areaId, name: names[figures.level] ?? '' },
    count: figures.listings,
    low: figures.low,
    median: figures.median,
    high: figures.high,
    computedAt: figures.computedAt,
  };
}

export function createPriceInsightsService(deps: {
  /** Where requests read (the catalogue's own connections). */
  reads: PriceInsightsRepository;
  /** Where the job writes. */
  writes: PriceInsightsRepository;
  clock: Clock;
}): PriceInsightsService {
  const { reads, writes, clock } = deps;

  return {
    async insight(query) {
      const key: FiguresKey = { type: query.type, bedrooms: query.bedrooms ?? null };
      if (query.wardId !== undefined) {
        const ward = await reads.forWard(query.wardId, key);
        if (!ward) throw invalidField('wardId', 'is not a ward');
        if (query.districtId !== undefined && query.districtId !== ward.districtId) {
          throw invalidField('wardId', `is not in district ${query.districtId}`);
        }
        if (query.regionId !== undefined && query.regionId !== ward.regionId) {
          throw invalidField('wardId', `is not in region ${query.regionId}`);
        }
        if (!ward.figures) return { insight: null };
        const names = { ward: ward.wardName, district: ward.districtName };
        return { insight: toInsight(key, ward.figures, names) };
      }
      // The contract requires wardId or districtId.
      const districtId = query.districtId;
      if (districtId === undefined) throw invalidField('wardId', 'is required (or districtId)');
      const district = await reads.forDistrict(districtId, key);
      if (!district) throw invalidField('districtId', 'is not a district');
      if (query.regionId !== undefined && query.regionId !== district.regionId) {
        throw invalidField('districtId', `is not in region ${query.regionId}`);
      }
      if (!district.figures) return { insight: null };
      return { insight: toInsight(key, district.figures, { district: district.districtName }) };
    },

    async recompute() {
      const groups = await writes.recompute(clock(), PRICE_INSIGHT_MIN_LISTINGS);
      return { groups };
    },
  };
}

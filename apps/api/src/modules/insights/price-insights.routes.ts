import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZPriceInsightQuery, ZPriceInsightResponse } from '@makazi/contracts/price-insights';
import { PRICE_INSIGHT_MIN_LISTINGS } from '@makazi/contracts/saved-values';
import { errors, security } from '../../lib/route-schema';
import type { PriceInsightsService } from './price-insights.service';

/**
 * The figures are computed about hourly: reused for ten minutes, an answer is at most about an
 * hour and ten minutes old, and a listing page's price comparison costs the server nothing for
 * every visitor after the first.
 */
const INSIGHTS_MAX_AGE_SECONDS = 600;
const INSIGHTS_CACHE = `public, max-age=${INSIGHTS_MAX_AGE_SECONDS}`;

export const priceInsightsRoutes: FastifyPluginCallbackZod<{
  service: PriceInsightsService;
  /** The reader's catalogue budget (plugins/rate-limit.ts createCatalogueReadBudget). */
  countRead: (request: FastifyRequest) => Promise<void>;
}> = (app, { service, countRead }, done) => {
  app.get(
    '/insights/prices',
    {
      schema: {
        tags: ['insights'],
        operationId: 'getPriceInsight',
        security: security.public,
        summary: 'The typical price of a kind of listing in a ward or district',
        description: `The 25th percentile (low), median and 75th percentile (high) of the prices of the listings in the catalogue of this type (and number of bedrooms, when given; any number otherwise), in whole TZS. With wardId: the ward's figures when it has at least ${PRICE_INSIGHT_MIN_LISTINGS} such listings, else its district's (area.level says which); with districtId alone: the district's. insight is null when neither has enough. A wardId or districtId that does not exist, or a ward outside the districtId (or a district outside the regionId) given with it, is a 400. Computed about hourly; cacheable for ${INSIGHTS_MAX_AGE_SECONDS / 60} minutes.`,
        querystring: ZPriceInsightQuery,
        response: { 200: ZPriceInsightResponse, ...errors(400, 429, 503) },
      },
      preHandler: countRead,
    },
    async (request, reply) => {
      const answer = await service.insight(request.query);
      reply.header('Cache-Control', INSIGHTS_CACHE);
      return answer;
    },
  );
  done();
};

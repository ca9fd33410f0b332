import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZListPlansResponse, type TPlanKind } from '@makazi/contracts/plans';
import { preferredLocale } from '../../lib/locale';
import { security } from '../../lib/route-schema';
import type { PlansService } from './plans.service';

// Prices change only when an admin edits a plan; five minutes of staleness is harmless there.
const PLANS_CACHE = 'public, max-age=300';

export const plansRoutes: FastifyPluginCallbackZod<{ service: PlansService }> = (
  app,
  { service },
  done,
) => {
  const route = (path: string, kind: TPlanKind, operationId: string, summary: string) =>
    app.get(
      path,
      {
        schema: {
          tags: ['plans'],
          operationId,
          security: security.public,
          summary,
          description:
            'Prices in whole TZS; features in the language Accept-Language prefers (sw or en, English otherwise). Cacheable for five minutes.',
          response: { 200: ZListPlansResponse },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', PLANS_CACHE).header('Vary', 'Accept-Language');
        return service.listActive(kind, preferredLocale(request.headers['accept-language']));
      },
    );

  route(
    '/subscription-plan',
    'subscription',
    'listSubscriptionPlans',
    'Active subscription plans, shortest first',
  );
  route(
    '/promotion-plan',
    'promotion',
    'listPromotionPlans',
    'Active promotion plans, shortest first',
  );
  done();
};

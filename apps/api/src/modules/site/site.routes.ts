import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZSiteResponse } from '@makazi/contracts/site';
import { security } from '../../lib/route-schema';
import type { SiteService } from './site.service';

/** Fixed for the life of the process: a browser asks again after a few minutes at most. */
const SITE_CACHE = 'public, max-age=300';

export const siteRoutes: FastifyPluginCallbackZod<{ service: SiteService }> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        operationId: 'getSite',
        security: security.public,
        summary: 'How this server is run, as every page needs it (the demo banner)',
        description:
          'demo is true while a demo convenience is on (the payment simulator, or sign-in codes written to the SMS outbox): the web app then shows a banner on every page. Production runs refuse those unless ALLOW_DEMO_IN_PRODUCTION is set. Cacheable for 5 minutes.',
        response: { 200: ZSiteResponse },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', SITE_CACHE);
      return service.info();
    },
  );
  done();
};

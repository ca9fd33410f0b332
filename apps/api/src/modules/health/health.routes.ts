import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@makazi/contracts/common';
import { ZHealthResponse } from '@makazi/contracts/health';
import type { HealthService } from './health.service';

export const healthRoutes: FastifyPluginCallbackZod<{ service: HealthService }> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: ZHealthResponse, 503: ZErrorResponse },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.check();
    },
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZHealthResponse } from '@makazi/contracts/health';
import { errors, security } from '../../lib/route-schema';
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
        operationId: 'getHealth',
        security: security.public,
        summary: 'Liveness and database reachability',
        description:
          'ok once the process can reach its database. 503 (with Retry-After) while it cannot, or while the process is shutting down, so a load balancer stops sending it requests. Never cached.',
        response: { 200: ZHealthResponse, ...errors(503) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return service.check();
    },
  );
  done();
};

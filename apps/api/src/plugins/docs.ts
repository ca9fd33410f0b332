import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the zod contracts of every route registered after this. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Makazi API',
        description:
          'Property marketplace for Tanzania. Errors are { statusCode, code, message, details? }; lists page with Link rel="next".',
        version: '0.1.0',
      },
      tags: [{ name: 'health' }, { name: 'properties' }, { name: 'locations' }, { name: 'plans' }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

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
      tags: [
        { name: 'health' },
        { name: 'auth', description: 'Sign-in with a phone number and a one-time SMS code' },
        { name: 'users' },
        { name: 'properties' },
        {
          name: 'payments',
          description:
            'Mobile-money checkouts (202: accepted, not paid), payment status and provider callbacks',
        },
        { name: 'subscriptions', description: 'Viewing subscriptions and owner contacts' },
        { name: 'locations' },
        { name: 'plans' },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access_token of POST /api/auth/verify-otp (15 minutes).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SECURITY_SCHEMES } from '../lib/route-schema';

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
      // Relative: the API is wherever this document is served from (paths start with /api).
      servers: [{ url: '/', description: 'The server this document is served by' }],
      tags: [
        {
          name: 'health',
          description: 'Liveness and database reachability, for load balancers and monitors',
        },
        { name: 'site', description: 'How this server is run, as every page needs it' },
        { name: 'auth', description: 'Sign-in with a phone number and a one-time SMS code' },
        { name: 'users', description: 'Your own profile' },
        {
          name: 'properties',
          description:
            'The public catalogue of approved listings; publishing, editing and photographing your own',
        },
        {
          name: 'payments',
          description:
            'Mobile-money checkouts (202: accepted, not paid), payment status and provider callbacks',
        },
        { name: 'subscriptions', description: 'Viewing subscriptions and owner contacts' },
        {
          name: 'trust',
          description:
            'Reports of listings, dead-end claims, owners confirming their listings are still available or taken, and the contacts you viewed',
        },
        {
          name: 'saved-searches',
          description:
            'Saved searches of the catalogue, their SMS alerts, and the signed link that stops them',
        },
        {
          name: 'favourites',
          description: 'The listings you saved to come back to, and where each stands now',
        },
        {
          name: 'insights',
          description: 'Typical prices per ward and district, from the listings in the catalogue',
        },
        {
          name: 'locations',
          description: 'Tanzania’s regions, districts, wards and streets, for listing addresses',
        },
        { name: 'plans', description: 'The subscription and promotion plans on sale, with prices' },
        {
          name: 'support',
          description: 'The contact form: messages to the support team, answered by phone or email',
        },
        {
          name: 'admin',
          description:
            'Administration: moderation, users, payments, dashboard, support inbox and audit log. Every operation but login takes an administrator’s token.',
        },
      ],
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.user]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The access_token of POST /api/auth/verify-otp (15 minutes).',
          },
          [SECURITY_SCHEMES.admin]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The token of POST /api/admin/login (8 hours).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document ? tidySchemas(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}

const isSchemaObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Two shapes z.toJSONSchema writes that are right but read as mistakes to linters and client
 * generators, rewritten as their plain equivalents (what they accept is unchanged):
 * - a record over an enum (totals byStatus) requires every key yet defines none, admitting them
 *   through propertyNames: each required key becomes a property of the record's value schema;
 * - a nullable unknown is anyOf [{}, {type: null}], where {} admits null already: it becomes {}.
 */
function tidySchemas<T>(node: T): T {
  if (Array.isArray(node)) return node.map((item: unknown) => tidySchemas(item)) as T;
  if (!isSchemaObject(node)) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = tidySchemas(value);

  if (
    Array.isArray(out.anyOf) &&
    out.anyOf.some((s) => isSchemaObject(s) && !Object.keys(s).length)
  ) {
    delete out.anyOf;
  }

  const keys = isSchemaObject(out.propertyNames) ? out.propertyNames.enum : undefined;
  const values = out.additionalProperties;
  if (Array.isArray(out.required) && Array.isArray(keys) && isSchemaObject(values)) {
    const properties = isSchemaObject(out.properties) ? { ...out.properties } : {};
    for (const key of out.required) {
      if (typeof key === 'string' && keys.includes(key) && !(key in properties)) {
        properties[key] = values;
      }
    }
    out.properties = properties;
  }
  return out as T;
}

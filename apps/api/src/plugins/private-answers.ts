import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the routes in this plugin scope, refusals included, belongs to one person (a
 * phone number, an owner view, money): `private, no-store`, never kept by a shared cache.
 */
export function keepAnswersPrivate(app: FastifyInstance): void {
  app.addHook('onSend', (_request, reply, _payload, next) => {
    reply.header('Cache-Control', 'private, no-store');
    next();
  });
}

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZTopRevealersQuery, ZTopRevealersResponse } from '@makazi/contracts/contact-reveals';
import { guardAdminRoutes, type RequireAdmin } from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
import type { AdminContactRevealsService } from './admin-contact-reveals.service';

export const adminContactRevealsRoutes: FastifyPluginCallbackZod<{
  service: AdminContactRevealsService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Subscribers' names and phone numbers: never kept by a shared cache.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/contact-reveals/top',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminTopContactRevealers',
        security: security.admin,
        summary: 'The subscribers who saw the most owners’ phone numbers lately',
        description:
          'Over `days` East Africa days ending today (1–31, default 7: today and the six days before; `since` is 00:00 EAT of the first), the `limit` (1–100, default 20) users who were shown the contacts of the most distinct listings, ties going to the most recent activity: their name and phone, every reveal counted (the same listing again included), the distinct listings, and their first and last reveal in the period. Owners reading their own contact and admins are never recorded.',
        querystring: ZTopRevealersQuery,
        response: { 200: ZTopRevealersResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.top(request.query),
  );

  done();
};

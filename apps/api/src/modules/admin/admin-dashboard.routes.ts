import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZAdminDashboard } from '@makazi/contracts/admin';
import { guardAdminRoutes, type RequireAdmin } from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
import type { AdminDashboardService } from './admin-dashboard.service';

export const adminDashboardRoutes: FastifyPluginCallbackZod<{
  service: AdminDashboardService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Business figures: private, and stale the moment a listing or payment arrives.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminGetDashboard',
        security: security.admin,
        summary: 'Counts, this month’s revenue and the last 30 days (East Africa Time)',
        description:
          'Users, approved listings by type and listings awaiting review; revenue in whole TZS of payments that succeeded since the 1st of this month; daily new listings and revenue over the last 30 days, oldest first, days without activity included. Never cached.',
        response: { 200: ZAdminDashboard, ...errors(401, 403) },
      },
    },
    async () => service.get(),
  );

  done();
};

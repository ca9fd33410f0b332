import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZAdminDashboard } from '@makazi/contracts/admin';
import { ZErrorResponse } from '@makazi/contracts/common';
import { guardAdminRoutes, type RequireAdmin } from '../../plugins/admin-authentication';
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
        security: [{ bearerAuth: [] }],
        summary: 'Counts, this month’s revenue and the last 30 days (East Africa Time)',
        response: { 200: ZAdminDashboard, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async () => service.get(),
  );

  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZAdminAuditQuery, ZAdminAuditResponse } from '@makazi/contracts/admin';
import { ZErrorResponse } from '@makazi/contracts/common';
import { guardAdminRoutes, type RequireAdmin } from '../../plugins/admin-authentication';
import type { AdminAuditService } from './admin-audit.service';

export const adminAuditRoutes: FastifyPluginCallbackZod<{
  service: AdminAuditService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearerAuth: [] }],
        summary: 'The audit log, newest first',
        description:
          'Every admin action with who, when and what it changed (before and after). Filters: action (e.g. property.approve), targetType and targetId.',
        querystring: ZAdminAuditQuery,
        response: {
          200: ZAdminAuditResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
        },
      },
    },
    async (request) => service.list(request.query),
  );

  done();
};

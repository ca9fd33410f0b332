import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZAdminAuditQuery, ZAdminAuditResponse } from '@makazi/contracts/admin';
import { guardAdminRoutes, type RequireAdmin } from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
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
        operationId: 'adminListAudit',
        security: security.admin,
        summary: 'The audit log, newest first',
        description:
          'Every admin action with who, when and what it changed (before and after). Filters: action (e.g. property.approve), targetType and targetId.',
        querystring: ZAdminAuditQuery,
        response: { 200: ZAdminAuditResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  done();
};

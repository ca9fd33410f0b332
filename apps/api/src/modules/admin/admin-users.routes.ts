import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZAdminUserDetail,
  ZAdminUsersQuery,
  ZAdminUsersResponse,
  ZPermissions,
  ZUpdatePermissionsBody,
} from '@makazi/contracts/admin';
import { ZUuidParam } from '@makazi/contracts/common';
import {
  guardAdminRoutes,
  requireAdminActor,
  type RequireAdmin,
} from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
import type { AdminUsersService } from './admin-users.service';

const adminErrors = errors(400, 401, 403, 404);

export const adminUsersRoutes: FastifyPluginCallbackZod<{
  service: AdminUsersService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Names and phone numbers of everyone: never kept by a shared cache.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminListUsers',
        security: security.admin,
        summary: 'Users, newest first, searchable by name or phone number',
        description:
          '`q` matches a substring of the name or the phone number, without regard to case; a phone typed as 0712…, +255712… or 712… finds the same user. numberOfProperties counts listings not deleted, in any status.',
        querystring: ZAdminUsersQuery,
        response: { 200: ZAdminUsersResponse, ...adminErrors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminGetUser',
        security: security.admin,
        summary: 'One user: profile, switches, subscription and listings (deleted ones left out)',
        description:
          'The publishing switches (canPost, canEdit, canDelete), whether their reports are heard (reportsHeard; off: muted as a reporter), whether a viewing subscription is active and until when, and the user’s listings but deleted ones, in any status. 404 for an unknown id.',
        params: ZUuidParam,
        response: { 200: ZAdminUserDetail, ...adminErrors },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.patch(
    '/admin/users/:id/permissions',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminUpdateUserPermissions',
        security: security.admin,
        summary: 'Turn a user’s publishing switches on or off',
        description:
          'Any of canEdit, canDelete, canPost, reportsHeard; answers all four. reportsHeard false mutes the person as a reporter: their reports are kept but closed at once, never reach the reports queue and never hold a listing (their dead-end claims are still heard). Applies to the user’s next write at once. A change is written to the audit log with its before and after; sending the current values changes nothing and logs nothing.',
        params: ZUuidParam,
        body: ZUpdatePermissionsBody,
        response: { 200: ZPermissions, ...adminErrors },
      },
    },
    async (request) =>
      service.updatePermissions(
        requireAdminActor(request),
        request.params.id,
        request.body,
        request.ip,
      ),
  );

  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZAdminAwaitingReview,
  ZAdminPropertiesQuery,
  ZAdminPropertiesResponse,
  ZAdminPropertyDetail,
  ZDisapproveBody,
  ZModerationResult,
} from '@makazi/contracts/admin';
import { ZUuidParam } from '@makazi/contracts/common';
import {
  guardAdminRoutes,
  requireAdminActor,
  type RequireAdmin,
} from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
import type { AdminPropertiesService } from './admin-properties.service';

const tags = ['admin'];

export const adminPropertiesRoutes: FastifyPluginCallbackZod<{
  service: AdminPropertiesService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Owners' phone numbers and unpublished listings: never kept by a shared cache.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/properties',
    {
      schema: {
        tags,
        operationId: 'adminListProperties',
        security: security.admin,
        summary: 'Listings to review (default) or already decided',
        description:
          'status pending (default) is the moderation queue, oldest first; approved and rejected are newest change first. q is a substring of the title or of the publisher’s name or phone number.',
        querystring: ZAdminPropertiesQuery,
        response: { 200: ZAdminPropertiesResponse, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/admin/properties/awaiting-review',
    {
      schema: {
        tags,
        operationId: 'adminCountAwaitingReview',
        security: security.admin,
        summary: 'How many listings of each type await review',
        description:
          'New listings and edits of live ones, by type: each is the total GET /api/admin/properties?type={type} answers for the queue. Every type is there, 0 when none waits.',
        response: { 200: ZAdminAwaitingReview, ...errors(401, 403) },
      },
    },
    async () => service.awaitingReview(),
  );

  app.get(
    '/admin/properties/:id',
    {
      schema: {
        tags,
        operationId: 'adminGetProperty',
        security: security.admin,
        summary: 'A listing in any status but deleted, as its owner sees it, with its publisher',
        description:
          'The owner view (status, rejection reason, missing photos, contact number) and who published it. 404 for a deleted listing or an unknown id.',
        params: ZUuidParam,
        response: { 200: ZAdminPropertyDetail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.post(
    '/admin/properties/:id/approve',
    {
      schema: {
        tags,
        operationId: 'adminApproveProperty',
        security: security.admin,
        summary: 'Publish a listing awaiting review (or rejected before)',
        description:
          'Approving an approved listing changes nothing. 409 for a draft (no address or photos missing); 404 for a deleted listing. The owner gets an SMS.',
        params: ZUuidParam,
        response: { 200: ZModerationResult, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.approve(requireAdminActor(request), request.params.id, { ip: request.ip }),
  );

  app.post(
    '/admin/properties/:id/disapprove',
    {
      schema: {
        tags,
        operationId: 'adminDisapproveProperty',
        security: security.admin,
        summary: 'Reject a listing with a reason (it leaves the public catalogue at once)',
        description:
          'Pending or approved listings become rejected; a rejected one gets the new reason. The owner sees the reason in their posts and gets it by SMS. 409 for a draft; 404 for a deleted listing.',
        params: ZUuidParam,
        body: ZDisapproveBody,
        response: { 200: ZModerationResult, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.disapprove(requireAdminActor(request), request.params.id, request.body.reason, {
        ip: request.ip,
      }),
  );

  done();
};

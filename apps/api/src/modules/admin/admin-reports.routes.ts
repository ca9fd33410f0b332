import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZAdminRefuseClaimBody,
  ZAdminReportedListing,
  ZAdminReportsQuery,
  ZAdminReportsResponse,
  ZAdminSuspendBody,
  ZAdminTakeDownBody,
  ZReportIdParams,
  ZReportedPropertyParams,
} from '@makazi/contracts/trust';
import {
  guardAdminRoutes,
  requireAdminActor,
  type RequireAdmin,
} from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
import type { AdminReportsService } from './admin-reports.service';

const tags = ['admin'];
const answers = { 200: ZAdminReportedListing, ...errors(400, 401, 403, 404, 409) };

export const adminReportsRoutes: FastifyPluginCallbackZod<{
  service: AdminReportsService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Reporters' and publishers' phone numbers: never kept by a shared cache.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        operationId: 'adminListReports',
        security: security.admin,
        summary: 'Listings with open reports or dead-end claims waiting for a decision',
        description:
          'Latest report first, each listing with its open reports counted per reason and every report of it (reporter, note, claim).',
        querystring: ZAdminReportsQuery,
        response: { 200: ZAdminReportsResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/admin/reports/:propertyId/dismiss',
    {
      schema: {
        tags,
        operationId: 'adminDismissReports',
        security: security.admin,
        summary: 'Nothing wrong: close the listing’s open reports and lift a hold',
        description:
          'Reports filed after this count towards a new hold; claims keep waiting for their own decision.',
        params: ZReportedPropertyParams,
        response: answers,
      },
    },
    async (request) =>
      service.dismiss(requireAdminActor(request), request.params.propertyId, { ip: request.ip }),
  );

  app.post(
    '/admin/reports/:propertyId/take-down',
    {
      schema: {
        tags,
        operationId: 'adminTakeDownReported',
        security: security.admin,
        summary: 'Take the listing down (rejected) with a reason the owner receives by SMS',
        description:
          'As fake or asks_money_first, every dead-end claim on it (now and later) is upheld.',
        params: ZReportedPropertyParams,
        body: ZAdminTakeDownBody,
        response: answers,
      },
    },
    async (request) =>
      service.takeDown(requireAdminActor(request), request.params.propertyId, request.body, {
        ip: request.ip,
      }),
  );

  app.post(
    '/admin/reports/:propertyId/suspend-publisher',
    {
      schema: {
        tags,
        operationId: 'adminSuspendReportedPublisher',
        security: security.admin,
        summary: 'Suspend the listing’s publisher: no posting, every listing of theirs hidden',
        description: 'The publisher receives the message by SMS.',
        params: ZReportedPropertyParams,
        body: ZAdminSuspendBody,
        response: answers,
      },
    },
    async (request) =>
      service.suspendPublisher(
        requireAdminActor(request),
        request.params.propertyId,
        request.body,
        {
          ip: request.ip,
        },
      ),
  );

  app.post(
    '/admin/claims/:reportId/uphold',
    {
      schema: {
        tags,
        operationId: 'adminUpholdClaim',
        security: security.admin,
        summary: 'Uphold a dead-end claim: a day back on the subscription',
        description:
          'Refused instead when the subscriber had GUARANTEE_CREDITS_PER_PERIOD (3) credits in that period. 409 when already decided.',
        params: ZReportIdParams,
        response: answers,
      },
    },
    async (request) =>
      service.upholdClaim(requireAdminActor(request), request.params.reportId, { ip: request.ip }),
  );

  app.post(
    '/admin/claims/:reportId/refuse',
    {
      schema: {
        tags,
        operationId: 'adminRefuseClaim',
        security: security.admin,
        summary: 'Refuse a dead-end claim; the subscriber receives the reason by SMS',
        description: '409 when already decided.',
        params: ZReportIdParams,
        body: ZAdminRefuseClaimBody,
        response: answers,
      },
    },
    async (request) =>
      service.refuseClaim(requireAdminActor(request), request.params.reportId, request.body, {
        ip: request.ip,
      }),
  );

  done();
};

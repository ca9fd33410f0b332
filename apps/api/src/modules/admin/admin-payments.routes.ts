import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminPaymentsQuery, ZAdminPaymentsResponse } from '@makazi/contracts/admin';
import { guardAdminRoutes, type RequireAdmin } from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
import type { AdminPaymentsService } from './admin-payments.service';

/** The export takes the list's filters; paging parameters, if sent, are ignored. */
const ZExportQuery = ZAdminPaymentsQuery.omit({ page: true, pageSize: true });

export const adminPaymentsRoutes: FastifyPluginCallbackZod<{
  service: AdminPaymentsService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Who paid what, with their phone numbers: never kept by a shared cache.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/payments',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminListPayments',
        security: security.admin,
        summary: 'Finance records: payments, newest first, with totals over every match',
        description:
          '`from` and `to` are inclusive calendar days in East Africa Time (from=2026-11-01 starts at 2026-10-31T21:00Z); `provider` is the payer’s network. totals count every payment matching the filters, not just this page; byStatus names every status, zeros included.',
        querystring: ZAdminPaymentsQuery,
        response: { 200: ZAdminPaymentsResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.get(
    '/admin/payments/export.csv',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminExportPayments',
        security: security.admin,
        summary: 'The payments matching the filters as a CSV file (UTF-8 with BOM, for Excel)',
        description:
          'Same filters as GET /api/admin/payments, every matching payment (at most 100,000: more is a 400 asking to narrow the dates). Times are East Africa Time; cells that would start a spreadsheet formula start with a single quote.',
        querystring: ZExportQuery,
        // The file is streamed, never serialised: the schema documents what a client receives.
        response: {
          200: {
            description: 'The CSV file, UTF-8 with a byte-order mark',
            content: {
              'text/csv': {
                schema: z
                  .custom<Readable>((file) => file instanceof Readable)
                  .meta({ type: 'string' }),
              },
            },
          },
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { filename, chunks } = await service.exportCsv(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .send(Readable.from(chunks));
    },
  );

  done();
};

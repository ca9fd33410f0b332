import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZUuidParam } from '@makazi/contracts/common';
import {
  ZAdminSupportMessage,
  ZAdminSupportMessagesQuery,
  ZAdminSupportMessagesResponse,
  ZUpdateSupportMessageBody,
} from '@makazi/contracts/support';
import {
  guardAdminRoutes,
  requireAdminActor,
  type RequireAdmin,
} from '../../plugins/admin-authentication';
import { errors, security } from '../../lib/route-schema';
import type { AdminSupportService } from './admin-support.service';

export const adminSupportRoutes: FastifyPluginCallbackZod<{
  service: AdminSupportService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Senders' names, phones and emails: never kept by a shared cache.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/support-messages',
    {
      schema: {
        tags: ['admin'],
        operationId: 'adminListSupportMessages',
        security: security.admin,
        summary: 'Messages sent through the contact form, newest first',
        description:
          'One status at a time: open (the default) or closed. userId is the sender’s account when they were signed in; phone and email are what they typed, so support can answer.',
        querystring: ZAdminSupportMessagesQuery,
        response: { 200: ZAdminSupportMessagesResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.list(request.query),
  );

  app.patch(
    '/admin/support-messages/:id',
    {
      config: { keepsCatalogue: true },
      schema: {
        tags: ['admin'],
        operationId: 'adminUpdateSupportMessage',
        security: security.admin,
        summary: 'Close a support message, or reopen it',
        description:
          'Answers the message as it now is. A change is written to the audit log (support-message.close or support-message.reopen) with the status before and after; sending the current status changes nothing and logs nothing. 404 for an unknown id.',
        params: ZUuidParam,
        body: ZUpdateSupportMessageBody,
        response: { 200: ZAdminSupportMessage, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setStatus(requireAdminActor(request), request.params.id, request.body, request.ip),
  );

  done();
};

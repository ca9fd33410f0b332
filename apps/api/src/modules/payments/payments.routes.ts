import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@makazi/contracts/common';
import { ZPropertyIdParams } from '@makazi/contracts/listings';
import {
  ZCreateSubscriptionBody,
  ZPayment,
  ZPaymentAccepted,
  ZPaymentIdParams,
  ZPromotePropertyBody,
} from '@makazi/contracts/payments';
import type { AdminTokenAuthenticator } from '../../plugins/admin-authentication';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { createAdminOrSignIn } from '../admin-auth/admin-or-sign-in';
import type { PaymentsService } from './payments.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  503: ZErrorResponse,
};

const ZCallbackParams = z.object({ provider: z.string().min(1).max(40) });
const ZCallbackReceived = z.object({ received: z.literal(true) });

export const paymentsRoutes: FastifyPluginCallbackZod<{
  service: PaymentsService;
  requireSignIn: RequireSignIn;
  /** Admins may read any payment (createAdminOrSignIn). */
  admins: AdminTokenAuthenticator;
}> = (app, { service, requireSignIn, admins }, done) => {
  const adminOrSignIn = createAdminOrSignIn(admins, requireSignIn);

  app.post(
    '/subscription/create',
    {
      // Only a callback's success changes the catalogue (a promotion), not the request to pay.
      config: { keepsCatalogue: true },
      onRequest: requireSignIn,
      schema: {
        tags: ['payments'],
        security: [{ bearerAuth: [] }],
        summary: 'Buy a viewing subscription: asks the provider for a USSD push',
        body: ZCreateSubscriptionBody,
        response: { 202: ZPaymentAccepted, ...errors },
      },
    },
    async (request, reply) => {
      const accepted = await service.createSubscription(requireActor(request), request.body);
      return reply.code(202).send(accepted);
    },
  );

  app.post(
    '/properties/:id/promote',
    {
      config: { keepsCatalogue: true },
      onRequest: requireSignIn,
      schema: {
        tags: ['payments'],
        security: [{ bearerAuth: [] }],
        summary: 'Promote your approved listing: asks the provider for a USSD push',
        params: ZPropertyIdParams,
        body: ZPromotePropertyBody,
        response: { 202: ZPaymentAccepted, ...errors },
      },
    },
    async (request, reply) => {
      const accepted = await service.promote(
        requireActor(request),
        request.params.id,
        request.body,
      );
      return reply.code(202).send(accepted);
    },
  );

  app.get(
    '/payments/:paymentId',
    {
      onRequest: adminOrSignIn,
      schema: {
        tags: ['payments'],
        security: [{ bearerAuth: [] }],
        summary: 'Your payment and its status (any payment, for an admin token)',
        params: ZPaymentIdParams,
        response: { 200: ZPayment, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return request.admin
        ? service.getForAdmin(request.params.paymentId)
        : service.get(requireActor(request), request.params.paymentId);
    },
  );

  // The provider's callback: its signature covers the exact bytes, so the body is kept raw.
  app.register((scope, _options, registered) => {
    const callbacks = scope.withTypeProvider<ZodTypeProvider>();
    callbacks.removeAllContentTypeParsers();
    callbacks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => {
      parsed(null, body);
    });
    callbacks.post(
      '/payments/callback/:provider',
      {
        schema: {
          tags: ['payments'],
          summary: "The payment provider's result of a payment (signed)",
          params: ZCallbackParams,
          response: { 200: ZCallbackReceived, 400: ZErrorResponse, 404: ZErrorResponse },
        },
      },
      async (request) => {
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        await service.handleCallback(request.params.provider, {
          headers: request.headers,
          rawBody,
        });
        return { received: true as const };
      },
    );
    registered();
  });

  done();
};

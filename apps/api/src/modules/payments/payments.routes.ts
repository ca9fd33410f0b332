import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { errors, security } from '../../lib/route-schema';
import type { PaymentsService } from './payments.service';

const paymentErrors = errors(400, 401, 403, 404, 409, 503);

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
        operationId: 'createSubscription',
        security: security.user,
        summary: 'Buy a viewing subscription: asks the provider for a USSD push',
        description:
          'userId must be your own (403 otherwise) and planId an active subscription plan (404 otherwise). 202 means the payer’s phone was asked to confirm, not that anything was paid: poll GET /api/payments/{paymentId} until the status is no longer pending. The same idempotencyKey again answers the same payment without a second push. 503 when the provider cannot be reached (the payment is then failed).',
        body: ZCreateSubscriptionBody,
        response: { 202: ZPaymentAccepted, ...paymentErrors },
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
        operationId: 'promoteProperty',
        security: security.user,
        summary: 'Promote your approved listing: asks the provider for a USSD push',
        description:
          'Your own listing only (403 for another’s, 404 for a deleted one), once approved (409 before); promotionPlanId an active promotion plan (404 otherwise). 202, idempotencyKey and 503 as for POST /api/subscription/create; once paid, the listing comes first in the newest-first catalogue until the promotion ends.',
        params: ZPropertyIdParams,
        body: ZPromotePropertyBody,
        response: { 202: ZPaymentAccepted, ...paymentErrors },
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
        operationId: 'getPayment',
        security: security.userOrAdmin,
        summary: 'Your payment and its status (any payment, for an admin token)',
        description:
          'pending until the provider answers, then succeeded, failed (reason says why) or expired. Someone else’s payment is a 404, as an unknown one. Never cached.',
        params: ZPaymentIdParams,
        response: { 200: ZPayment, ...paymentErrors },
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
          operationId: 'receivePaymentCallback',
          // The provider signs the body instead: no token.
          security: security.public,
          summary: "The payment provider's result of a payment (signed)",
          description:
            'For the configured provider only (404 for any other). The body is the provider’s own, verified by its signature over the exact bytes (400 when it does not verify). A callback for an unknown payment, or one already settled, is acknowledged all the same, so the provider stops retrying.',
          params: ZCallbackParams,
          response: { 200: ZCallbackReceived, ...errors(400, 404) },
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

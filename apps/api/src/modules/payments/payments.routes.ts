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
/** A checkout also refuses a second waiting payment (409) and too many pushes or tries (429). */
const checkoutErrors = errors(400, 401, 403, 404, 409, 429, 503);

const CHECKOUT_RULES =
  ' A user has one payment waiting for the payer at a time: while one is pending, a new checkout is a 409 whose body names it (paymentId); cancel it (POST /api/payments/{paymentId}/cancel) or wait for it to end. At most PUSHES_PER_PAYER_PHONE_PER_HOUR (default 3) pushes go to one payer phone and CHECKOUTS_PER_USER_PER_HOUR (default 10) checkouts are started by one user in a rolling hour: past either, 429 with Retry-After. The same idempotencyKey is answered before any of these rules.';

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
          'userId must be your own (403 otherwise) and planId an active subscription plan (404 otherwise). 202 means the payer’s phone was asked to confirm, not that anything was paid: poll GET /api/payments/{paymentId} until the status is no longer pending. The same idempotencyKey again answers the same payment without a second push. 503 when the provider cannot be reached (the payment is then failed).' +
          CHECKOUT_RULES,
        body: ZCreateSubscriptionBody,
        response: { 202: ZPaymentAccepted, ...checkoutErrors },
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
          'Your own listing only (403 for another’s, 404 for a deleted one), once approved (409 before); promotionPlanId an active promotion plan (404 otherwise). 202, idempotencyKey and 503 as for POST /api/subscription/create; once paid, the listing comes first in the newest-first catalogue until the promotion ends.' +
          CHECKOUT_RULES,
        params: ZPropertyIdParams,
        body: ZPromotePropertyBody,
        response: { 202: ZPaymentAccepted, ...checkoutErrors },
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
          'pending until the provider answers, then succeeded, failed (reason says why), expired, cancelled (by the payer), or needs_review (the provider reported another amount or currency than the order’s, or none: nothing is granted until someone checks it). Someone else’s payment is a 404, as an unknown one. Never cached.',
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

  app.post(
    '/payments/:paymentId/cancel',
    {
      config: { keepsCatalogue: true },
      onRequest: requireSignIn,
      schema: {
        tags: ['payments'],
        operationId: 'cancelPayment',
        security: security.user,
        summary: 'Stop waiting for your pending payment, so a new checkout can start',
        description:
          'Your own pending payment becomes cancelled at once and is answered as GET /api/payments/{paymentId} would. Someone else’s payment is a 404, as an unknown one; a payment no longer pending is a 409 naming its status. The prompt may still be on the payer’s phone: if the payer approves it after all, the provider’s confirmation still grants what was paid for, once.',
        params: ZPaymentIdParams,
        response: { 200: ZPayment, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.cancel(requireActor(request), request.params.paymentId);
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

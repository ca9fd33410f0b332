import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZPropertyIdParams } from '@makazi/contracts/listings';
import {
  ZContactResponse,
  ZSubscriptionStatusResponse,
  ZUserIdParams,
} from '@makazi/contracts/payments';
import type { AdminTokenAuthenticator } from '../../plugins/admin-authentication';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { createAdminOrSignIn } from '../admin-auth/admin-or-sign-in';
import type { SubscriptionsService } from './subscriptions.service';
import { keepAnswersPrivate } from '../../plugins/private-answers';
import { errors, security } from '../../lib/route-schema';

export const subscriptionsRoutes: FastifyPluginCallbackZod<{
  service: SubscriptionsService;
  requireSignIn: RequireSignIn;
  /** Admins may read any listing's contact (createAdminOrSignIn). */
  admins: AdminTokenAuthenticator;
}> = (app, { service, requireSignIn, admins }, done) => {
  const adminOrSignIn = createAdminOrSignIn(admins, requireSignIn);

  // A subscription and an owner's phone number are one user's answers: never in a shared cache.
  keepAnswersPrivate(app);

  app.get(
    '/subscription/status/:userId',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['subscriptions'],
        operationId: 'getSubscriptionStatus',
        security: security.user,
        summary: 'Whether your viewing subscription is active, and until when',
        description:
          'isActive while a subscription runs; endsAt is when it ends, including any subscription bought to follow it (null when none is active). Only for yourself (403 otherwise).',
        params: ZUserIdParams,
        response: { 200: ZSubscriptionStatusResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.status(requireActor(request), request.params.userId),
  );

  app.get(
    '/properties/:id/contact',
    {
      onRequest: adminOrSignIn,
      schema: {
        tags: ['properties'],
        operationId: 'getPropertyContact',
        security: security.userOrAdmin,
        summary: 'The owner’s name and phone number of a listing',
        description:
          'For users with an active subscription (402 otherwise) on listings in the public catalogue (approved, and not taken, stale, held for reports or of a suspended publisher), for the listing’s owner on any listing of theirs not deleted, and for an admin token on any listing not deleted. 404 when the listing does not exist or is not public. Every answer to a subscriber is recorded; a subscriber sees the contacts of at most CONTACT_REVEALS_PER_DAY (50) distinct listings per East Africa day, a listing already seen that day being free: past it, 429 with Retry-After until 00:00 EAT. Owners and admins are neither counted nor capped.',
        params: ZPropertyIdParams,
        response: { 200: ZContactResponse, ...errors(400, 401, 402, 404, 429) },
      },
    },
    async (request) =>
      request.admin
        ? service.contactForAdmin(request.params.id)
        : service.contact(requireActor(request), request.params.id),
  );

  done();
};

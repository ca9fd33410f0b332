import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZPropertyIdParams, ZViewerProperty } from '@makazi/contracts/listings';
import {
  ZContactRevealsQuery,
  ZContactRevealsResponse,
  ZReport,
  ZReportBody,
  ZTakenBody,
} from '@makazi/contracts/trust';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { keepAnswersPrivate } from '../../plugins/private-answers';
import { errors, security } from '../../lib/route-schema';
import type { TrustService } from './trust.service';

export const trustRoutes: FastifyPluginCallbackZod<{
  service: TrustService;
  requireSignIn: RequireSignIn;
}> = (app, { service, requireSignIn }, done) => {
  // Reports, owner views and reveal histories are one person's answers.
  keepAnswersPrivate(app);

  app.post(
    '/properties/:id/reports',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['trust'],
        operationId: 'reportProperty',
        security: security.user,
        summary: 'Report a listing, or claim its contact was a dead end',
        description:
          'One report per person and listing: reporting again replaces yours (200) and never counts twice; a new one is 201. `note` (up to 500 characters) is required with `other`. Reported by REPORTS_TO_HOLD (3) people whose accounts are at least a day old, the listing leaves the catalogue until an admin looks. With already_taken or fake, from a subscriber shown the contact in the last DEAD_END_CLAIM_HOURS (72), the report is also a dead-end claim: upheld at once when the owner marked it taken before your reveal or it was taken down as a scam, otherwise by an admin; an upheld claim adds a day to your subscription. 403 on your own listing; 404 for a listing that is not public (unless you were shown its contact); 409 when a claim and another kind of report would mix; 429 past REPORTS_PER_USER_PER_DAY (20) new reports a day.',
        params: ZPropertyIdParams,
        body: ZReportBody,
        response: { 200: ZReport, 201: ZReport, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const { report, created } = await service.report(
        requireActor(request),
        request.params.id,
        request.body,
      );
      return reply.code(created ? 201 : 200).send(report);
    },
  );

  app.post(
    '/properties/:id/confirm',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['trust'],
        operationId: 'confirmProperty',
        security: security.user,
        summary: 'Say your listing is still available',
        description:
          'Sets confirmedAt to now; a listing hidden for not being confirmed in LISTING_STALE_AFTER_DAYS (30) is back in the catalogue. Your own approved listings only (409 for one not approved or marked taken).',
        params: ZPropertyIdParams,
        response: { 200: ZViewerProperty, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.confirm(requireActor(request), request.params.id),
  );

  app.post(
    '/properties/:id/taken',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['trust'],
        operationId: 'markPropertyTaken',
        security: security.user,
        summary: 'Mark your listing let or sold',
        description:
          'It leaves the catalogue at once and stays in your listings as taken. `takenAt` is when it was let or sold (default now; not in the future, not before it was published). Dead-end claims about contacts shown before this mark are left to an admin, who sees takenAt beside when you marked it, whatever day takenAt names. Your own approved listings only; 409 when already taken.',
        params: ZPropertyIdParams,
        body: ZTakenBody,
        response: { 200: ZViewerProperty, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.markTaken(requireActor(request), request.params.id, request.body ?? {}),
  );

  app.get(
    '/me/contact-reveals',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['trust'],
        operationId: 'listMyContactReveals',
        security: security.user,
        summary: 'The listings whose owner’s contact you were shown',
        description:
          'Latest reveal first, each with its availability now, until when a dead-end claim may be made on it, and your report of it. `contact` is the owner’s name and phone while your subscription is active and the listing is public, as GET /api/properties/{id}/contact would give them; otherwise null, with `contactWithheld` saying why (subscription_ended, listing_unavailable). Reading them here records no reveal and counts nothing towards the daily cap.',
        querystring: ZContactRevealsQuery,
        response: { 200: ZContactRevealsResponse, ...errors(400, 401) },
      },
    },
    async (request) => service.contactReveals(requireActor(request), request.query),
  );

  done();
};

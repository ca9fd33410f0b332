import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZOwnerPhoneCodeBody,
  ZOwnerPhoneCodeResponse,
  ZOwnerPhonesResponse,
  ZOwnerPhoneVerifyBody,
} from '@makazi/contracts/trust';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { keepAnswersPrivate } from '../../plugins/private-answers';
import { errors, security } from '../../lib/route-schema';
import type { OwnerPhonesService } from './owner-phones.service';

export const ownerPhonesRoutes: FastifyPluginCallbackZod<{
  service: OwnerPhonesService;
  requireSignIn: RequireSignIn;
}> = (app, { service, requireSignIn }, done) => {
  keepAnswersPrivate(app);

  app.get(
    '/me/owner-phones',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['trust'],
        operationId: 'listMyVerifiedPhones',
        security: security.user,
        summary: 'Your verified contact numbers',
        description:
          'Your sign-in number first (verified by signing in), then the numbers you proved with a code. A listing whose contact number is one of these shows “Verified phone”.',
        response: { 200: ZOwnerPhonesResponse, ...errors(401) },
      },
    },
    async (request) => service.list(requireActor(request)),
  );

  app.post(
    '/me/owner-phones/codes',
    {
      // Sends a text but changes no listing until the code is answered.
      config: { keepsCatalogue: true },
      onRequest: requireSignIn,
      schema: {
        tags: ['trust'],
        operationId: 'sendOwnerPhoneCode',
        security: security.user,
        summary: 'Send a code to a contact number of one of your listings',
        description:
          'Your sign-in number, or one proven before, is verified at once (verified: true, no text). Otherwise a six-digit code valid five minutes is sent to it; one a minute, at most 3 an hour to one number, 5 an hour and 10 an East Africa day per person (429 with Retry-After past them). Each code counts in the global SMS budget, of which these codes may use 90 %: past it, 503 with Retry-After. 400 when the number is on none of your listings submitted for review or live (a draft or a rejected listing must be submitted first).',
        body: ZOwnerPhoneCodeBody,
        response: { 200: ZOwnerPhoneCodeResponse, ...errors(400, 401, 429, 503) },
      },
    },
    async (request) => service.requestCode(requireActor(request), request.body),
  );

  app.post(
    '/me/owner-phones/verify',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['trust'],
        operationId: 'verifyOwnerPhone',
        security: security.user,
        summary: 'Answer the code sent to a contact number',
        description:
          'The number is verified: your listings that give it show “Verified phone”. 400 OTP_INVALID for a wrong code, OTP_EXPIRED for an expired one (or none); after five wrong codes, 429 until a new code is asked for.',
        body: ZOwnerPhoneVerifyBody,
        response: { 200: ZOwnerPhonesResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) => service.verify(requireActor(request), request.body),
  );

  done();
};

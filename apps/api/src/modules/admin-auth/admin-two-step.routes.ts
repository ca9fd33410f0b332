import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminRecoveryCodes,
  ZAdminTwoStepCodeBody,
  ZAdminTwoStepSetup,
  ZAdminTwoStepStatus,
} from '@makazi/contracts/admin-two-step';
import {
  guardAdminRoutes,
  requireAdminActor,
  type RequireAdmin,
} from '../../plugins/admin-authentication';
import { clientAddress } from '../../plugins/rate-limit';
import { errors, security } from '../../lib/route-schema';
import type { AdminAuthService } from './admin-auth.service';

/*
 * The admin's own two-step sign-in, from their profile page. Every route here is open before it
 * is set up (openBeforeTwoStep): in production that is all a new admin may reach until they do.
 */

/**
 * Each code-checking route tries a six-digit guess; a stolen session guessing its way to turning
 * the second step off would need about 50,000 tries for even odds, which this makes take years.
 */
const CODE_LIMIT = { max: 20, timeWindow: '15 minutes' };

export const adminTwoStepRoutes: FastifyPluginCallbackZod<{
  service: AdminAuthService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // The secret and the recovery codes travel in these answers: never kept by any cache.
  guardAdminRoutes(app, requireAdmin);

  app.get(
    '/admin/me/two-step',
    {
      config: { openBeforeTwoStep: true },
      schema: {
        tags: ['admin'],
        operationId: 'getAdminTwoStep',
        security: security.admin,
        summary: 'Whether two-step sign-in is on for this admin',
        description:
          '`required` is true in production: it cannot be turned off there, and until it is on every other admin route but this profile, its setup and logout answers 403.',
        response: { 200: ZAdminTwoStepStatus, ...errors(401, 403) },
      },
    },
    async (request) => service.twoStepStatus(requireAdminActor(request)),
  );

  app.post(
    '/admin/me/two-step/setup',
    {
      config: { openBeforeTwoStep: true, keepsCatalogue: true },
      schema: {
        tags: ['admin'],
        operationId: 'startAdminTwoStepSetup',
        security: security.admin,
        summary: 'Start setting up two-step sign-in: a new secret for the authenticator app',
        description:
          'Answers the otpauth:// URI, the same as a QR code (an SVG data URL) and the secret in base32 for typing by hand. The secret is stored encrypted and signs nothing in until it is confirmed with a code; starting again replaces it. 409 when two-step sign-in is on already.',
        response: { 200: ZAdminTwoStepSetup, ...errors(401, 403, 409) },
      },
    },
    async (request) => service.startTwoStepSetup(requireAdminActor(request)),
  );

  app.post(
    '/admin/me/two-step/confirm',
    {
      config: { openBeforeTwoStep: true, keepsCatalogue: true, rateLimit: CODE_LIMIT },
      schema: {
        tags: ['admin'],
        operationId: 'confirmAdminTwoStep',
        security: security.admin,
        summary: 'Turn two-step sign-in on with a code from the authenticator app',
        description:
          'Answers ten recovery codes, shown this once: only their hashes are kept. Written to the audit log (admin.two-step-enable). 400 OTP_INVALID for a wrong code; 409 when no setup was started or it is on already.',
        body: ZAdminTwoStepCodeBody,
        response: { 200: ZAdminRecoveryCodes, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      service.confirmTwoStep(requireAdminActor(request), request.body.code, clientAddress(request)),
  );

  app.post(
    '/admin/me/two-step/recovery-codes',
    {
      config: { openBeforeTwoStep: true, keepsCatalogue: true, rateLimit: CODE_LIMIT },
      schema: {
        tags: ['admin'],
        operationId: 'regenerateAdminRecoveryCodes',
        security: security.admin,
        summary: 'Replace the recovery codes, with a current code',
        description:
          'The old codes stop working; the ten new ones are shown this once. Written to the audit log (admin.recovery-codes-regenerate). 400 OTP_INVALID for a wrong or used code; 409 while two-step sign-in is off.',
        body: ZAdminTwoStepCodeBody,
        response: { 200: ZAdminRecoveryCodes, ...errors(400, 401, 403, 409, 429) },
      },
    },
    async (request) =>
      service.regenerateRecoveryCodes(
        requireAdminActor(request),
        request.body.code,
        clientAddress(request),
      ),
  );

  app.post(
    '/admin/me/two-step/disable',
    {
      config: { openBeforeTwoStep: true, keepsCatalogue: true, rateLimit: CODE_LIMIT },
      schema: {
        tags: ['admin'],
        operationId: 'disableAdminTwoStep',
        security: security.admin,
        summary: 'Turn two-step sign-in off, with a current code',
        description:
          'The secret and the recovery codes are deleted; the password alone signs in again. Written to the audit log (admin.two-step-disable). 403 in production, where it is required. 400 OTP_INVALID for a wrong or used code; 409 while it is off. 204 without a body.',
        body: ZAdminTwoStepCodeBody,
        response: {
          204: z.null().describe('Turned off'),
          ...errors(400, 401, 403, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await service.disableTwoStep(
        requireAdminActor(request),
        request.body.code,
        clientAddress(request),
      );
      return reply.code(204).send(null);
    },
  );

  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminLoginBody, ZAdminLoginResponse, ZAdminMe } from '@makazi/contracts/admin';
import { ZAdminLoginAnswer, ZAdminSecondFactorBody } from '@makazi/contracts/admin-two-step';
import { requireAdminActor, type RequireAdmin } from '../../plugins/admin-authentication';
import { clientAddress } from '../../plugins/rate-limit';
import { errors, security } from '../../lib/route-schema';
import type { AdminAuthService } from './admin-auth.service';

/*
 * A coarse per-address guard (the rate-limit plugin: Redis when there is one) in front of the
 * per-(username, address) lock the service keeps in the database: it slows a spray of guesses
 * over many usernames, which that lock cannot see, and caps the argon2 work (19 MiB and tens of
 * milliseconds a try) one address can ask for. The second step has a budget of its own.
 */
const LOGIN_LIMIT = { max: 20, timeWindow: '15 minutes' };

export const adminAuthRoutes: FastifyPluginCallbackZod<{
  service: AdminAuthService;
  requireAdmin: RequireAdmin;
}> = (app, { service, requireAdmin }, done) => {
  // Answers carry tokens or say who is signed in: never cached anywhere.
  app.addHook('onSend', (_request, reply, _payload, next) => {
    reply.header('Cache-Control', 'no-store');
    next();
  });

  app.post(
    '/admin/login',
    {
      config: { rateLimit: LOGIN_LIMIT, keepsCatalogue: true },
      schema: {
        tags: ['admin'],
        operationId: 'adminLogin',
        security: security.public,
        summary: 'Sign in as an administrator with a username and password',
        description:
          'Without two-step sign-in: the token, valid for 8 hours, until logout, or until the password is changed. With it: `{ mfaRequired: true, mfaToken }`, no session yet; send the token with a code to POST /api/admin/login/second-factor within 5 minutes. 401 for a wrong password, an unknown username, and a (username, address) pair locked for 15 minutes after 5 wrong tries in a row: one answer, byte for byte, for all three, and the same admin signing in from another address is not affected. 429 with Retry-After after too many tries from one address, whatever the usernames.',
        body: ZAdminLoginBody,
        response: { 200: ZAdminLoginAnswer, ...errors(400, 401, 429) },
      },
    },
    async (request) =>
      service.login(request.body, {
        ip: clientAddress(request),
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/admin/login/second-factor',
    {
      config: { rateLimit: LOGIN_LIMIT, keepsCatalogue: true },
      schema: {
        tags: ['admin'],
        operationId: 'adminLoginSecondFactor',
        security: security.public,
        summary:
          'Finish an admin sign-in with a code from the authenticator app or a recovery code',
        description:
          'Takes the mfaToken of POST /api/admin/login with either `code` (6 digits, good once, the current 30-second step or one either side) or `recoveryCode` (each good once). Answers the admin token as POST /api/admin/login does without two-step sign-in. 401 for a wrong or used code and while the (username, address) pair is locked (one answer for both; wrong codes count towards that lock like wrong passwords), and for an expired token or a password changed since. 429 with Retry-After after too many tries from one address.',
        body: ZAdminSecondFactorBody,
        response: { 200: ZAdminLoginResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) =>
      service.secondFactor(request.body, {
        ip: clientAddress(request),
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/admin/logout',
    {
      // Open before two-step sign-in is set up: an admin may always leave.
      config: { keepsCatalogue: true, openBeforeTwoStep: true },
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'adminLogout',
        security: security.admin,
        summary: "End this token's admin session at once",
        description: 'The token stops working at once. 204 without a body.',
        response: { 204: z.null().describe('Logged out'), ...errors(401, 403) },
      },
    },
    async (request, reply) => {
      await service.logout(requireAdminActor(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/me',
    {
      config: { openBeforeTwoStep: true },
      onRequest: requireAdmin,
      schema: {
        tags: ['admin'],
        operationId: 'getAdminMe',
        security: security.admin,
        summary: 'The administrator this token belongs to',
        description:
          'A way to check that a stored token still works: 401 once it has expired or its session has ended, 403 for a user’s token.',
        response: { 200: ZAdminMe, ...errors(401, 403) },
      },
    },
    (request) => service.me(requireAdminActor(request)),
  );

  done();
};

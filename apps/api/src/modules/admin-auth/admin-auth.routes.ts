import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminLoginBody, ZAdminLoginResponse, ZAdminMe } from '@makazi/contracts/admin';
import { requireAdminActor, type RequireAdmin } from '../../plugins/admin-authentication';
import { clientAddress } from '../../plugins/rate-limit';
import { errors, security } from '../../lib/route-schema';
import type { AdminAuthService } from './admin-auth.service';

/*
 * A coarse per-address guard (in-process) in front of the per-account lockout the service keeps in
 * the database: it slows a spray of guesses over many usernames, which the lockout cannot see,
 * and caps the argon2 work (19 MiB and tens of milliseconds a try) one address can ask for.
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
          'The token is valid for 8 hours, until logout, or until the password is changed. 401 for a wrong username or password (one answer for both); 429 with Retry-After after 5 wrong passwords in a row (the account is locked for 15 minutes) or too many tries from one address.',
        body: ZAdminLoginBody,
        response: { 200: ZAdminLoginResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) =>
      service.login(request.body, {
        ip: clientAddress(request),
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/admin/logout',
    {
      config: { keepsCatalogue: true },
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

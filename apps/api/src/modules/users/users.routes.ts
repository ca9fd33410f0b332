import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZUuidParam } from '@makazi/contracts/common';
import { ZUpdateUserBody, ZUser } from '@makazi/contracts/users';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { errors, security } from '../../lib/route-schema';
import type { UsersService } from './users.service';
import { keepAnswersPrivate } from '../../plugins/private-answers';

const userErrors = errors(400, 401, 403, 404);

export const usersRoutes: FastifyPluginCallbackZod<{
  service: UsersService;
  requireSignIn: RequireSignIn;
}> = (app, { service, requireSignIn }, done) => {
  // A profile holds a phone number: private, never kept by a shared cache.
  keepAnswersPrivate(app);

  app.get(
    '/users/:id',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['users'],
        operationId: 'getUser',
        security: security.user,
        summary: 'Your own profile',
        description:
          'The id is your own (the sub of POST /api/auth/verify-otp): 403 for anyone else’s. Never cached.',
        params: ZUuidParam,
        response: { 200: ZUser, ...userErrors },
      },
    },
    async (request) => service.get(requireActor(request), request.params.id),
  );

  app.patch(
    '/users/:id',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['users'],
        operationId: 'updateUser',
        security: security.user,
        summary: 'Change your own name',
        description: 'Both names, each required. Only your own profile: 403 for anyone else’s.',
        params: ZUuidParam,
        body: ZUpdateUserBody,
        response: { 200: ZUser, ...userErrors },
      },
    },
    async (request) => service.update(requireActor(request), request.params.id, request.body),
  );

  done();
};

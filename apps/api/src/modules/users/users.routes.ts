import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZUuidParam } from '@makazi/contracts/common';
import { ZDeleteUserResponse, ZUpdateUserBody, ZUser } from '@makazi/contracts/users';
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

  // Not marked keepsCatalogue: the listings it archives leave the cached catalogue pages too.
  app.delete(
    '/users/:id',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['users'],
        operationId: 'deleteUser',
        security: security.user,
        summary: 'Delete your own account',
        description:
          'Only your own account: 403 for anyone else’s. At once and for good: your listings are deleted (archived) and their contact erased, every sign-in ends (this access token and every refresh token answer 401 from now on), running and queued subscriptions end, and your name and phone number are removed; the number is free to register again as a new account. Your payments stay in the finance records, without your name or number. Asking again with the same token is a 401.',
        params: ZUuidParam,
        response: { 200: ZDeleteUserResponse, ...errors(400, 401, 403) },
      },
    },
    async (request) => service.remove(requireActor(request), request.params.id),
  );

  done();
};

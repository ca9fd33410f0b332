import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZUuidParam } from '@makazi/contracts/common';
import { ZUpdateUserBody, ZUser } from '@makazi/contracts/users';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import type { UsersService } from './users.service';
import { keepAnswersPrivate } from '../../plugins/private-answers';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

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
        security: [{ bearerAuth: [] }],
        summary: 'Your own profile',
        params: ZUuidParam,
        response: { 200: ZUser, ...errors },
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
        security: [{ bearerAuth: [] }],
        summary: 'Change your own name',
        params: ZUuidParam,
        body: ZUpdateUserBody,
        response: { 200: ZUser, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.params.id, request.body),
  );

  done();
};

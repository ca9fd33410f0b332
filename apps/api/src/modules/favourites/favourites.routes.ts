import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZFavouriteParams,
  ZFavouritesMergeBody,
  ZFavouritesMergeResponse,
  ZFavouritesResponse,
} from '@makazi/contracts/favourites';
import { FAVOURITES_MAX, FAVOURITES_MERGE_MAX } from '@makazi/contracts/saved-values';
import type { LimitsConfig } from '../../config';
import { RateLimitedError, waitInWords } from '../../lib/rate-limited-error';
import { errors, security } from '../../lib/route-schema';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { keepAnswersPrivate } from '../../plugins/private-answers';
import type { FavouritesService } from './favourites.service';

export const favouritesRoutes: FastifyPluginCallbackZod<{
  service: FavouritesService;
  requireSignIn: RequireSignIn;
  limits: Pick<LimitsConfig, 'favouriteWritesPerUserPerMinute'>;
}> = (app, { service, requireSignIn, limits }, done) => {
  // One person's list.
  keepAnswersPrivate(app);

  // One budget for every write of an account's favourites, whichever route (in Redis when there
  // is one, so it holds across processes).
  const perAccount = app.createRateLimit({
    max: limits.favouriteWritesPerUserPerMinute,
    timeWindow: '1 minute',
    // The keys of createRateLimit carry no route name: the prefix keeps them apart from others.
    keyGenerator: (request) => `favourite-writes:user:${requireActor(request).userId}`,
  });
  async function countWrite(request: FastifyRequest): Promise<void> {
    const verdict = await perAccount(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw new RateLimitedError(
        `Too many changes to your favourites. Try again in ${waitInWords(verdict.ttlInSeconds)}.`,
        verdict.ttlInSeconds,
      );
    }
  }
  const writeLimit = `429 past FAVOURITE_WRITES_PER_USER_PER_MINUTE (${limits.favouriteWritesPerUserPerMinute}) saves, removals and merges a minute.`;

  app.get(
    '/me/favourites',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['favourites'],
        operationId: 'listMyFavourites',
        security: security.user,
        summary: 'The listings you saved, newest first',
        description:
          'Each with where it stands now: available (in the catalogue), taken (its owner let or sold it), stale (not confirmed for a while; back when its owner confirms) or removed (deleted or taken out; no photo then).',
        response: { 200: ZFavouritesResponse, ...errors(401) },
      },
    },
    async (request) => service.list(requireActor(request)),
  );

  app.put(
    '/me/favourites/:propertyId',
    {
      onRequest: requireSignIn,
      preHandler: countWrite,
      config: { keepsCatalogue: true },
      schema: {
        tags: ['favourites'],
        operationId: 'saveFavourite',
        security: security.user,
        summary: 'Save a listing to your favourites',
        description: `Saving one already saved changes nothing (its savedAt stays). 404 for a listing not in the catalogue, unless you saved it before. 409 FAVOURITES_LIMIT when you keep ${FAVOURITES_MAX} already. ${writeLimit} 204 without a body.`,
        params: ZFavouriteParams,
        response: { 204: z.null().describe('Saved'), ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      await service.save(requireActor(request), request.params.propertyId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/me/favourites/:propertyId',
    {
      onRequest: requireSignIn,
      preHandler: countWrite,
      config: { keepsCatalogue: true },
      schema: {
        tags: ['favourites'],
        operationId: 'removeFavourite',
        security: security.user,
        summary: 'Remove a listing from your favourites',
        description: `204 whether or not it was saved. ${writeLimit}`,
        params: ZFavouriteParams,
        response: { 204: z.null().describe('Removed'), ...errors(400, 401, 429) },
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.params.propertyId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/favourites/merge',
    {
      onRequest: requireSignIn,
      preHandler: countWrite,
      config: { keepsCatalogue: true },
      schema: {
        tags: ['favourites'],
        operationId: 'mergeFavourites',
        security: security.user,
        summary: 'Bring the favourites kept in this browser into your account',
        description: `Up to ${FAVOURITES_MERGE_MAX} listing ids, as a browser kept them before sign-in. Each listing in the catalogue that is not saved yet is saved; ids of listings not public (or of none) are skipped, not refused, and past ${FAVOURITES_MAX} favourites the rest are dropped. Sending the same ids again changes nothing. Answers all your favourites, newest first. ${writeLimit}`,
        body: ZFavouritesMergeBody,
        response: { 200: ZFavouritesMergeResponse, ...errors(400, 401, 429) },
      },
    },
    async (request) => service.merge(requireActor(request), request.body),
  );

  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAlertsOffBody,
  ZAlertsOffResponse,
  ZSavedSearch,
  ZSavedSearchBody,
  ZSavedSearchesResponse,
  ZSavedSearchParams,
  ZSavedSearchPatch,
} from '@makazi/contracts/saved-searches';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { keepAnswersPrivate } from '../../plugins/private-answers';
import { errors, security } from '../../lib/route-schema';
import type { SavedSearchesService } from './saved-searches.service';

const ALERTS =
  'alerts: instant (an SMS within a minute of a matching listing coming into the catalogue, at most 3 a day; past that they wait for the digest), daily (one digest at 18:00 East Africa Time), or off. No alert SMS between 21:00 and 08:00 EAT: they wait for the morning.';

export const savedSearchesRoutes: FastifyPluginCallbackZod<{
  service: SavedSearchesService;
  requireSignIn: RequireSignIn;
}> = (app, { service, requireSignIn }, done) => {
  keepAnswersPrivate(app);
  // None of these change what the catalogue shows.
  const config = { keepsCatalogue: true };

  app.get(
    '/me/saved-searches',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['saved-searches'],
        operationId: 'listMySavedSearches',
        security: security.user,
        summary: 'Your saved searches',
        description:
          'Oldest first, each with newMatches: the listings that came into the catalogue matching it since you last opened it (POST …/seen) and are still there.',
        response: { 200: ZSavedSearchesResponse, ...errors(401) },
      },
    },
    async (request) => service.list(requireActor(request)),
  );

  app.post(
    '/me/saved-searches',
    {
      config,
      onRequest: requireSignIn,
      schema: {
        tags: ['saved-searches'],
        operationId: 'createSavedSearch',
        security: security.user,
        summary: 'Save a search of the catalogue',
        description: `The filters of a catalogue page (type, search text, price range, sort) and how to be told of new matches. ${ALERTS} 201 with the new search; 200 with the one already saved when the same search (type, words whatever their case and spacing, price range) is saved again, now with the sort and alerts sent, so nobody is texted twice about one listing. 409 past 10 saved searches.`,
        body: ZSavedSearchBody,
        response: { 200: ZSavedSearch, 201: ZSavedSearch, ...errors(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const { created, search } = await service.create(requireActor(request), request.body);
      return reply.code(created ? 201 : 200).send(search);
    },
  );

  app.patch(
    '/me/saved-searches/:id',
    {
      config,
      onRequest: requireSignIn,
      schema: {
        tags: ['saved-searches'],
        operationId: 'updateSavedSearch',
        security: security.user,
        summary: 'Change a saved search or its alerts',
        description: `Only what is sent changes; null clears a filter. ${ALERTS}`,
        params: ZSavedSearchParams,
        body: ZSavedSearchPatch,
        response: { 200: ZSavedSearch, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.update(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/me/saved-searches/:id',
    {
      config,
      onRequest: requireSignIn,
      schema: {
        tags: ['saved-searches'],
        operationId: 'deleteSavedSearch',
        security: security.user,
        summary: 'Delete a saved search',
        description: 'Its matches go with it; no more alerts are sent for it.',
        params: ZSavedSearchParams,
        response: { 204: z.null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/saved-searches/:id/seen',
    {
      config,
      onRequest: requireSignIn,
      schema: {
        tags: ['saved-searches'],
        operationId: 'markSavedSearchSeen',
        security: security.user,
        summary: 'Say you opened a saved search',
        description: 'Its newMatches counts from now.',
        params: ZSavedSearchParams,
        response: { 204: z.null(), ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await service.markSeen(requireActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/alerts/off',
    {
      config,
      schema: {
        tags: ['saved-searches'],
        operationId: 'turnAlertsOff',
        security: security.public,
        summary: 'Stop a saved search’s alert SMS, from the link in one',
        description:
          'No sign-in: the code is signed, so only the SMS’s recipient has it. A POST (the page’s button), never a GET, because SMS apps fetch links to preview them. 400 for a code that is not one we signed; 404 when the saved search was deleted. Answers which search was turned off, nothing about its owner.',
        body: ZAlertsOffBody,
        response: { 200: ZAlertsOffResponse, ...errors(400, 404) },
      },
    },
    async (request) => service.turnAlertsOff(request.body.code),
  );

  done();
};

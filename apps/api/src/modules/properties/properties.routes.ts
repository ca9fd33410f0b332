import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZPublisherParams,
  ZPublisherPropertiesResponse,
  ZViewerProperty,
} from '@makazi/contracts/listings';
import {
  ZGetPropertyParams,
  ZListPropertiesQuery,
  ZListPropertiesResponse,
  type TListPropertiesQuery,
} from '@makazi/contracts/properties';
import { CATALOGUE_MAX_AGE_SECONDS } from '../../config';
import { errors, security } from '../../lib/route-schema';
import type { OptionalSignIn } from '../../plugins/authentication';
import type { PropertiesService } from './properties.service';

/*
 * Public catalogue answers may be reused for a few seconds. Once owners edit and admins approve
 * or archive, a change shows within this window everywhere, which is acceptable for a
 * marketplace; longer would leave a withdrawn listing on screen noticeably. Owner answers are
 * never stored (OWNER_VIEW_CACHE).
 */
const PUBLIC_CATALOGUE_CACHE = `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`;
/** What an owner sees of their own listings (phone, drafts, rejection reasons): never stored. */
const OWNER_VIEW_CACHE = 'private, no-store';

/**
 * Routes that answer the owner more than the public: the answer depends on the Authorization
 * header, so a cache must key on it (and, by `private, no-store`, never keep the owner's).
 */
function viewerCacheHeaders(reply: FastifyReply, asOwner: boolean): void {
  reply.header('Cache-Control', asOwner ? OWNER_VIEW_CACHE : PUBLIC_CATALOGUE_CACHE);
  reply.header('Vary', 'Authorization');
}

/** The next page's URL: the same filters as parsed (so defaults are explicit) plus the cursor. */
export function nextPageLink(query: TListPropertiesQuery, cursor: string): string {
  const params = new URLSearchParams();
  if (query.type !== undefined) params.set('type', query.type);
  if (query.search) params.set('search', query.search);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  params.set('sort', query.sort);
  params.set('limit', String(query.limit));
  params.set('cursor', cursor);
  return `</api/properties?${params.toString()}>; rel="next"`;
}

export const propertiesRoutes: FastifyPluginCallbackZod<{
  service: PropertiesService;
  optionalSignIn: OptionalSignIn;
}> = (app, { service, optionalSignIn }, done) => {
  app.get(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        operationId: 'listProperties',
        security: security.public,
        summary: 'Approved listings, filtered and sorted; next page in the Link rel="next" header',
        description: `The public catalogue. sort=new (the default) puts listings with a running promotion first. Follow the Link rel="next" URL (the same filters and a cursor) until none is sent; a cursor sent with other filters or another sort is a 400. Cacheable for ${CATALOGUE_MAX_AGE_SECONDS} seconds.`,
        querystring: ZListPropertiesQuery,
        response: { 200: ZListPropertiesResponse, ...errors(400) },
      },
    },
    async (request, reply) => {
      const page = await service.listPublic(request.query);
      reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE);
      if (page.nextCursor) reply.header('Link', nextPageLink(request.query, page.nextCursor));
      return page.items;
    },
  );

  app.get(
    '/properties/publishers/:publisherId',
    {
      onRequest: optionalSignIn,
      schema: {
        tags: ['properties'],
        operationId: 'listPublisherProperties',
        security: security.optionalUser,
        summary: "A publisher's listings, newest first (at most 200)",
        description:
          'With the publisher’s own token: every listing but deleted ones, with status, ownerPhoneNumber, rejectionReason and missingPictureLabels. Anyone else: the approved ones, as the catalogue shows them. Every photo of each listing is included. A bearer token that is not valid is a 401 (refresh and retry).',
        params: ZPublisherParams,
        response: { 200: ZPublisherPropertiesResponse, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const { items, asOwner } = await service.listByPublisher(
        request.params.publisherId,
        request.actor?.userId,
      );
      viewerCacheHeaders(reply, asOwner);
      return items;
    },
  );

  app.get(
    '/properties/:id',
    {
      onRequest: optionalSignIn,
      schema: {
        tags: ['properties'],
        operationId: 'getProperty',
        security: security.optionalUser,
        summary: 'One approved listing, or one of your own with its owner fields',
        description:
          'Anonymous or another user: approved listings only (404 otherwise). With the owner’s token: their listing in any status but deleted, with ownerPhoneNumber, rejectionReason and missingPictureLabels. A bearer token that is not valid is a 401 (refresh and retry).',
        params: ZGetPropertyParams,
        response: { 200: ZViewerProperty, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { property, asOwner } = await service.getForViewer(
        request.params.id,
        request.actor?.userId,
      );
      viewerCacheHeaders(reply, asOwner);
      return property;
    },
  );
  done();
};

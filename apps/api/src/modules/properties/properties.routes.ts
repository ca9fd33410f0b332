import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZPublisherParams,
  ZPublisherPropertiesQuery,
  ZPublisherPropertiesResponse,
  type TPublisherPropertiesQuery,
  ZViewerProperty,
} from '@makazi/contracts/listings';
import {
  ZCountPropertiesQuery,
  ZGetPropertyParams,
  ZGoneListingResponse,
  ZListPropertiesQuery,
  ZListPropertiesResponse,
  ZPropertyCountResponse,
  type TGoneListingResponse,
  type TListPropertiesQuery,
} from '@makazi/contracts/properties';
import { PROPERTY_COUNT_CAP } from '@makazi/contracts/property-values';
import { CATALOGUE_MAX_AGE_SECONDS } from '../../config';
import { CATALOGUE_COMPRESSION } from '../../lib/catalogue-compression';
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

/**
 * Sends JSON the catalogue stored ready-written (decision 032): with its content type set, Fastify
 * sends a string as it is instead of serializing it again. The contract's writer made every
 * stored answer, checked against the contract as it was stored.
 */
function sendReady(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
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

function nextPublisherPageLink(
  publisherId: string,
  query: TPublisherPropertiesQuery,
  cursor: string,
): string {
  const params = new URLSearchParams({ limit: String(query.limit), cursor });
  return `</api/properties/publishers/${publisherId}?${params.toString()}>; rel="next"`;
}

/** The 410 of a listing rented or sold (the message in the words a renter or a buyer reads). */
export function goneBody(listing: TGoneListingResponse['listing']): TGoneListingResponse {
  const what = listing.type === 'Rent' || listing.type === 'Apartment' ? 'rented' : 'sold';
  return {
    statusCode: 410,
    code: 'GONE',
    message: `This listing has been ${what} and is no longer available`,
    listing,
  };
}

export const propertiesRoutes: FastifyPluginCallbackZod<{
  service: PropertiesService;
  optionalSignIn: OptionalSignIn;
  /** The reader's catalogue budget (plugins/rate-limit.ts createCatalogueReadBudget). */
  countRead: (request: FastifyRequest) => Promise<void>;
}> = (app, { service, optionalSignIn, countRead }, done) => {
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
        response: { 200: ZListPropertiesResponse, ...errors(400, 429, 503) },
      },
      preHandler: countRead,
      compress: CATALOGUE_COMPRESSION,
    },
    async (request, reply) => {
      const page = await service.listPublic(request.query);
      reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE);
      if (page.nextCursor) reply.header('Link', nextPageLink(request.query, page.nextCursor));
      return sendReady(reply, page.json);
    },
  );

  app.get(
    '/properties/count',
    {
      schema: {
        tags: ['properties'],
        operationId: 'countProperties',
        security: security.public,
        summary: 'How many approved listings the list with the same filters holds',
        description: `Takes GET /api/properties's filters (type, search, minPrice, maxPrice). Counts up to ${PROPERTY_COUNT_CAP}: past that, \`count\` is ${PROPERTY_COUNT_CAP} and \`atLeast\` true ("${PROPERTY_COUNT_CAP.toLocaleString('en')}+"). Cacheable for ${CATALOGUE_MAX_AGE_SECONDS} seconds.`,
        querystring: ZCountPropertiesQuery,
        response: { 200: ZPropertyCountResponse, ...errors(400, 429, 503) },
      },
      preHandler: countRead,
    },
    async (request, reply) => {
      const json = await service.countPublic(request.query);
      reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE);
      return sendReady(reply, json);
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
        summary: "A publisher's listings, newest first, a page at a time",
        description:
          'With the publisher’s own token: every listing but deleted ones, with status, ownerPhoneNumber, rejectionReason and missingPictureLabels. Anyone else: the approved ones, as the catalogue shows them. Every photo of each listing is included. At most `limit` listings (default 24, at most 100); follow the Link rel="next" URL until none is sent (a cursor made for another publisher, or for the owner’s view, is a 400). A bearer token that is not valid is a 401 (refresh and retry).',
        params: ZPublisherParams,
        querystring: ZPublisherPropertiesQuery,
        response: { 200: ZPublisherPropertiesResponse, ...errors(400, 401, 429, 503) },
      },
      preHandler: countRead,
      compress: CATALOGUE_COMPRESSION,
    },
    async (request, reply) => {
      const { publisherId } = request.params;
      const page = await service.listByPublisher(publisherId, request.actor?.userId, request.query);
      viewerCacheHeaders(reply, page.asOwner);
      if (page.nextCursor) {
        reply.header('Link', nextPublisherPageLink(publisherId, request.query, page.nextCursor));
      }
      return page.asOwner ? page.items : sendReady(reply, page.json);
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
          'Anonymous or another user: listed listings only. A listing its owner marked rented or sold is a 410 (code GONE) with what the public may still know of it (`listing`: type, title, region and district, when), so a link kept in a favourite or a share can say what happened and offer similar listings; any other listing not listed is a 404. With the owner’s token: their listing in any status but deleted, with ownerPhoneNumber, rejectionReason and missingPictureLabels. A bearer token that is not valid is a 401 (refresh and retry).',
        params: ZGetPropertyParams,
        response: {
          200: ZViewerProperty,
          410: ZGoneListingResponse.describe('Rented or sold: no longer in the catalogue'),
          ...errors(400, 401, 404, 429, 503),
        },
      },
      preHandler: countRead,
      compress: CATALOGUE_COMPRESSION,
    },
    async (request, reply) => {
      const viewed = await service.getForViewer(request.params.id, request.actor?.userId);
      viewerCacheHeaders(reply, viewed.asOwner);
      if (viewed.asOwner) return viewed.property;
      if ('taken' in viewed) return reply.code(410).send(goneBody(viewed.taken));
      return sendReady(reply, viewed.json);
    },
  );
  done();
};

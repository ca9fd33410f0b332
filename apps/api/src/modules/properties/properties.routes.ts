import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@makazi/contracts/common';
import {
  ZGetPropertyParams,
  ZListPropertiesQuery,
  ZListPropertiesResponse,
  ZProperty,
  type TListPropertiesQuery,
} from '@makazi/contracts/properties';
import type { PropertiesService } from './properties.service';

/*
 * Public catalogue answers may be reused for a few seconds. Once owners edit and admins approve
 * or archive (later issues), a change shows within this window everywhere, which is acceptable
 * for a marketplace; longer would leave a withdrawn listing on screen noticeably. Owner-facing
 * and admin routes will not use this header.
 */
const PUBLIC_CATALOGUE_CACHE = 'public, max-age=10';

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

export const propertiesRoutes: FastifyPluginCallbackZod<{ service: PropertiesService }> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/properties',
    {
      schema: {
        tags: ['properties'],
        summary: 'Approved listings, filtered and sorted; next page in the Link rel="next" header',
        querystring: ZListPropertiesQuery,
        response: { 200: ZListPropertiesResponse, 400: ZErrorResponse },
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
    '/properties/:id',
    {
      schema: {
        tags: ['properties'],
        summary: 'One approved listing',
        params: ZGetPropertyParams,
        response: { 200: ZProperty, 400: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const property = await service.getPublic(request.params.id);
      reply.header('Cache-Control', PUBLIC_CATALOGUE_CACHE);
      return property;
    },
  );
  done();
};

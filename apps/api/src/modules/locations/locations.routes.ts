import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZDistrictResponse,
  ZListRegionsResponse,
  ZLocationIdParams,
  ZRegionResponse,
  ZWardResponse,
} from '@makazi/contracts/locations';
import { errors, security } from '../../lib/route-schema';
import type { LocationsService } from './locations.service';

// Tanzania's administrative divisions change by statute, not by the hour: let browsers and CDNs keep them a day.
const LOCATIONS_CACHE = 'public, max-age=86400';

export const locationsRoutes: FastifyPluginCallbackZod<{ service: LocationsService }> = (
  app,
  { service },
  done,
) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) reply.header('Cache-Control', LOCATIONS_CACHE);
  });

  app.get(
    '/locations/regions',
    {
      schema: {
        tags: ['locations'],
        operationId: 'listRegions',
        security: security.public,
        summary: 'Every region, by name',
        description:
          'The first link of an address chain: region, district, ward, street. Cacheable for a day.',
        response: { 200: ZListRegionsResponse },
      },
    },
    () => service.listRegions(),
  );
  app.get(
    '/locations/regions/:id',
    {
      schema: {
        tags: ['locations'],
        operationId: 'getRegion',
        security: security.public,
        summary: 'A region with its districts, by name',
        description: 'Cacheable for a day. 404 for an unknown region.',
        params: ZLocationIdParams,
        response: { 200: ZRegionResponse, ...errors(400, 404) },
      },
    },
    (request) => service.getRegion(request.params.id),
  );
  app.get(
    '/locations/districts/:id',
    {
      schema: {
        tags: ['locations'],
        operationId: 'getDistrict',
        security: security.public,
        summary: 'A district with its wards, by name',
        description: 'Cacheable for a day. 404 for an unknown district.',
        params: ZLocationIdParams,
        response: { 200: ZDistrictResponse, ...errors(400, 404) },
      },
    },
    (request) => service.getDistrict(request.params.id),
  );
  app.get(
    '/locations/wards/:id',
    {
      schema: {
        tags: ['locations'],
        operationId: 'getWard',
        security: security.public,
        summary: 'A ward with its streets, by name',
        description: 'Cacheable for a day. 404 for an unknown ward.',
        params: ZLocationIdParams,
        response: { 200: ZWardResponse, ...errors(400, 404) },
      },
    },
    (request) => service.getWard(request.params.id),
  );
  done();
};

import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@makazi/contracts/common';
import {
  ZDistrictResponse,
  ZListRegionsResponse,
  ZLocationIdParams,
  ZRegionResponse,
  ZWardResponse,
} from '@makazi/contracts/locations';
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

  const errors = { 400: ZErrorResponse, 404: ZErrorResponse };

  app.get(
    '/locations/regions',
    { schema: { tags: ['locations'], response: { 200: ZListRegionsResponse } } },
    () => service.listRegions(),
  );
  app.get(
    '/locations/regions/:id',
    {
      schema: {
        tags: ['locations'],
        params: ZLocationIdParams,
        response: { 200: ZRegionResponse, ...errors },
      },
    },
    (request) => service.getRegion(request.params.id),
  );
  app.get(
    '/locations/districts/:id',
    {
      schema: {
        tags: ['locations'],
        params: ZLocationIdParams,
        response: { 200: ZDistrictResponse, ...errors },
      },
    },
    (request) => service.getDistrict(request.params.id),
  );
  app.get(
    '/locations/wards/:id',
    {
      schema: {
        tags: ['locations'],
        params: ZLocationIdParams,
        response: { 200: ZWardResponse, ...errors },
      },
    },
    (request) => service.getWard(request.params.id),
  );
  done();
};

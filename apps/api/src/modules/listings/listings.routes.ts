import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@makazi/contracts/common';
import {
  ZAddressBody,
  ZCreatePropertyBody,
  ZCreatePropertyParams,
  ZDeletePropertyResponse,
  ZPropertyIdParams,
  ZUpdatePropertyBody,
  ZViewerProperty,
} from '@makazi/contracts/listings';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import type { ListingsService } from './listings.service';
import { keepAnswersPrivate } from '../../plugins/private-answers';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};
const security = [{ bearerAuth: [] }];

export const listingsRoutes: FastifyPluginCallbackZod<{
  service: ListingsService;
  requireSignIn: RequireSignIn;
}> = (app, { service, requireSignIn }, done) => {
  // Every answer is the owner's view of their listing (their contact number, its status).
  keepAnswersPrivate(app);

  app.post(
    '/properties/:slug',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        security,
        summary:
          'Publish a listing of the type in the path (land, lease, apartment, house-for-sale)',
        description:
          'The body holds the type’s detail fields (spec 3); `type`, when sent, must be the path’s type; `publishedBy` is ignored: the publisher is the signed-in user. The listing starts as a draft: it goes to review (pending) once it has an address and every required photo. 403 when the account may not post.',
        params: ZCreatePropertyParams,
        body: ZCreatePropertyBody,
        response: { 201: ZViewerProperty, ...errors },
      },
    },
    async (request, reply) => {
      const created = await service.create(
        requireActor(request),
        request.params.slug,
        request.body,
      );
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/properties/:id/address',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        security,
        summary: 'Set the address of your listing',
        description:
          'regionId, districtId, wardId and streetId must form one chain (400 names the first broken link); the number field is the type’s: plotNumber (Land), houseNumber (Rent, HouseForSale), apartmentNumber (Apartment). The listing goes (back) to review when it is complete.',
        params: ZPropertyIdParams,
        body: ZAddressBody,
        response: { 200: ZViewerProperty, ...errors },
      },
    },
    async (request) => service.setAddress(requireActor(request), request.params.id, request.body),
  );

  app.patch(
    '/properties/:id',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        security,
        summary: 'Edit your listing: detail fields, address, photo removal and order',
        description:
          'Any detail fields of the listing’s type (a field of another type is a 400), `address` (as POST …/address), `removePhotoIds` (photos of this listing) and `photoOrder` (every remaining photo id once). All or nothing. A change of content sends the listing back to review (or to draft when incomplete) and clears a rejection reason; reordering alone does not.',
        params: ZPropertyIdParams,
        body: ZUpdatePropertyBody,
        response: { 200: ZViewerProperty, ...errors },
      },
    },
    async (request) => service.update(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/properties/:id',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        security,
        summary: 'Delete your listing',
        description: 'It disappears for everyone (404 afterwards) and from every list.',
        params: ZPropertyIdParams,
        response: { 200: ZDeletePropertyResponse, ...errors },
      },
    },
    async (request) => service.remove(requireActor(request), request.params.id),
  );

  done();
};

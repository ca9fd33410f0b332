import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import {
  ZAddressBody,
  ZCreatePropertyBodyByType,
  ZCreatePropertyParams,
  ZDeletePropertyResponse,
  ZPropertyIdParams,
  ZUpdatePropertyBody,
  ZViewerProperty,
} from '@makazi/contracts/listings';
import { requireActor, type RequireSignIn } from '../../plugins/authentication';
import { PROPERTY_TYPES, PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { invalidField } from '../../lib/errors';
import { errors, security } from '../../lib/route-schema';
import type { ListingsService } from './listings.service';
import { keepAnswersPrivate } from '../../plugins/private-answers';

const ownerErrors = errors(400, 401, 403, 404);

export const listingsRoutes: FastifyPluginCallbackZod<{
  service: ListingsService;
  requireSignIn: RequireSignIn;
}> = (app, { service, requireSignIn }, done) => {
  // Every answer is the owner's view of their listing (their contact number, its status).
  keepAnswersPrivate(app);

  // One path per type, each with its type's body schema: OpenAPI documents every field and a bad
  // one is a 400 before the service.
  for (const type of PROPERTY_TYPES) {
    const slug = PROPERTY_TYPE_SLUGS[type];
    app.post(
      `/properties/${slug}`,
      {
        onRequest: requireSignIn,
        preValidation: (request) => service.assertMayPost(requireActor(request)),
        schema: {
          tags: ['properties'],
          operationId: `create${type}Property`,
          security: security.user,
          summary: `Publish a ${type} listing`,
          description:
            'The body holds the type’s detail fields; `type`, when sent, must be the path’s type; `publishedBy` is ignored: the publisher is the signed-in user. The listing starts as a draft: it goes to review (pending) once it has an address and every required photo. 403 when the account may not post.',
          body: ZCreatePropertyBodyByType[type],
          response: { 201: ZViewerProperty, ...ownerErrors },
        },
      },
      async (request, reply) => {
        const created = await service.create(requireActor(request), type, request.body);
        return reply.code(201).send(created);
      },
    );
  }
  // Any other segment is no type: a 400 naming `slug` (the type paths above match first).
  app.post(
    '/properties/:slug',
    { onRequest: requireSignIn, schema: { hide: true, params: ZCreatePropertyParams } },
    (request) => {
      throw invalidField('slug', `${request.params.slug} is not a listing type`);
    },
  );

  app.post(
    '/properties/:id/address',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        operationId: 'setPropertyAddress',
        security: security.user,
        summary: 'Set the address of your listing',
        description:
          'regionId, districtId, wardId and streetId must form one chain (400 names the first broken link); the number field is the type’s: plotNumber (Land), houseNumber (Rent, HouseForSale), apartmentNumber (Apartment). The listing goes (back) to review when it is complete.',
        params: ZPropertyIdParams,
        body: ZAddressBody,
        response: { 200: ZViewerProperty, ...ownerErrors },
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
        operationId: 'updateProperty',
        security: security.user,
        summary: 'Edit your listing: detail fields, address, photo removal and order',
        description:
          'Any detail fields of the listing’s type (a field of another type is a 400), `address` (as POST …/address), `removePhotoIds` (photos of this listing) and `photoOrder` (every remaining photo id once). All or nothing. A change of content sends a listing that is not live back to review (or to draft when incomplete) and clears a rejection reason; reordering alone does not. An approved listing stays live as it is: the edit becomes its `pendingChange` (merged with any earlier one, as a difference from the live version) and replaces the live version once an admin approves it.',
        params: ZPropertyIdParams,
        body: ZUpdatePropertyBody,
        response: { 200: ZViewerProperty, ...ownerErrors },
      },
    },
    async (request) => service.update(requireActor(request), request.params.id, request.body),
  );

  app.delete(
    '/properties/:id/pending-change',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        operationId: 'discardPropertyPendingChange',
        security: security.user,
        summary: 'Discard the changes to your live listing that await review',
        description:
          'The live version stays as it is; photos the change added are deleted. 404 when no change awaits.',
        params: ZPropertyIdParams,
        response: { 200: ZViewerProperty, ...ownerErrors },
      },
    },
    async (request) => service.discardPendingChange(requireActor(request), request.params.id),
  );

  app.delete(
    '/properties/:id',
    {
      onRequest: requireSignIn,
      schema: {
        tags: ['properties'],
        operationId: 'deleteProperty',
        security: security.user,
        summary: 'Delete your listing',
        description: 'It disappears for everyone (404 afterwards) and from every list.',
        params: ZPropertyIdParams,
        response: { 200: ZDeletePropertyResponse, ...ownerErrors },
      },
    },
    async (request) => service.remove(requireActor(request), request.params.id),
  );

  done();
};

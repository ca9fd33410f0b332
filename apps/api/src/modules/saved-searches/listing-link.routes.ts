import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import { isAppError } from '../../lib/errors';
import type { PropertiesService } from '../properties/properties.service';
import { readShortListingCode } from './alert-links';

/**
 * /l/{code}: the short listing links SMS carry (alert-links.ts), redirected straight to the
 * listing's page. One that is no longer public goes to /details/{id}, which says so in the
 * reader's language; a code that is not one goes home.
 */
export const listingLinkRoutes: FastifyPluginCallbackZod<{ service: PropertiesService }> = (
  app,
  { service },
  done,
) => {
  app.get(
    '/l/:code',
    {
      schema: {
        hide: true,
        params: z.object({ code: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const id = readShortListingCode(request.params.code);
      if (id === undefined) return reply.redirect('/home', 302);
      try {
        const found = await service.getForViewer(id, undefined);
        const type = found.asOwner
          ? found.property.type
          : 'taken' in found
            ? found.taken.type
            : readType(found.json);
        if (type) return reply.redirect(`/${PROPERTY_TYPE_SLUGS[type]}/${id}`, 302);
      } catch (err) {
        if (!isAppError(err) || err.statusCode !== 404) throw err;
      }
      return reply.redirect(`/details/${id}`, 302);
    },
  );
  done();
};

function readType(json: string): TPropertyType | undefined {
  const parsed = JSON.parse(json) as { type?: TPropertyType };
  return parsed.type;
}

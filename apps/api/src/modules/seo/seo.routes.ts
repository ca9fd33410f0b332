import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { ServiceUnavailableError } from '../../lib/errors';
import { RateLimitedError, waitInWords } from '../../lib/rate-limited-error';
import type { SiteOrigin } from '../../lib/site-origin';
import { clientAddress } from '../../plugins/rate-limit';
import { LISTINGS_SITEMAP_PREFIX, PAGES_SITEMAP_PATH, type SeoService } from './seo.service';

/*
 * GET /robots.txt, /sitemap.xml and /sitemaps/… at the site's root, where crawlers look for
 * them. Registered before the web app, whose catch-all would otherwise answer them with the
 * page shell. Not part of the API document (they are no API): hidden like /media/*.
 */

/** The rules change with a release at most; crawlers read robots.txt about daily anyway. */
const ROBOTS_CACHE = 'public, max-age=86400';
/** The index and its files: a new listing reaches crawlers within the hour. */
const SITEMAP_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

/**
 * Sitemap reads per client address a minute (the index and the files together). A crawler
 * reads the index and then each file once: about 100 files at 1,000,000 listings. More than that
 * from one address in a minute is no crawler.
 */
const SITEMAP_READS_PER_ADDRESS_PER_MINUTE = 120;
const gunzipAsync = promisify(gunzip);

/** Whether the client takes gzip (`gzip` or `*` in Accept-Encoding, not refused with q=0). */
function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    return (name === 'gzip' || name === 'x-gzip' || name === '*') && !refused;
  });
}
/** A crawler told to wait comes back this soon: a file is sent in well under a second. */
const SENDS_BUSY_RETRY_AFTER_SECONDS = 5;

export const seoRoutes: FastifyPluginCallbackZod<{
  service: SeoService;
  /** The origin every absolute URL names (lib/site-origin.ts). */
  siteOrigin: SiteOrigin;
}> = (app, { service, siteOrigin }, done) => {
  const perReader = app.createRateLimit({
    max: SITEMAP_READS_PER_ADDRESS_PER_MINUTE,
    timeWindow: '1 minute',
    // The keys of createRateLimit carry no route name: the prefix keeps them apart from others.
    keyGenerator: (request) => `sitemap-reads:address:${clientAddress(request)}`,
  });
  async function countRead(request: FastifyRequest): Promise<void> {
    const verdict = await perReader(request);
    if (!verdict.isAllowed && verdict.isExceeded) {
      throw new RateLimitedError(
        `Too many sitemaps were asked for from your network. Try again in ${waitInWords(verdict.ttlInSeconds)}.`,
        verdict.ttlInSeconds,
      );
    }
  }

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .header('Cache-Control', ROBOTS_CACHE)
      .type('text/plain; charset=utf-8')
      .send(service.robots(siteOrigin(request))),
  );

  app.get(
    '/sitemap.xml',
    { schema: { hide: true }, preHandler: countRead },
    async (request, reply) => {
      const xml = await service.sitemapIndex(siteOrigin(request));
      return reply.header('Cache-Control', SITEMAP_CACHE).type(XML).send(xml);
    },
  );

  app.get(
    PAGES_SITEMAP_PATH,
    { schema: { hide: true }, preHandler: countRead },
    async (request, reply) =>
      reply
        .header('Cache-Control', SITEMAP_CACHE)
        .type(XML)
        .send(service.pagesSitemap(siteOrigin(request))),
  );

  // Any other /sitemaps/… path is the web app's unknown path: a JSON 404 for a crawler.
  app.get(
    `${LISTINGS_SITEMAP_PREFIX}:after/:until/:mac.xml`,
    { schema: { hide: true }, preHandler: countRead },
    async (request, reply) => {
      const { after, until, mac } = request.params as { after: string; until: string; mac: string };
      const xml = await service.listingsSitemap(siteOrigin(request), after, until, mac);
      const release = await service.sendSlot();
      if (!release) {
        throw new ServiceUnavailableError(
          'Many sitemaps are being sent right now. Try again in a moment.',
          SENDS_BUSY_RETRY_AFTER_SECONDS,
        );
      }
      // Held until the last byte is out, or the client is gone.
      reply.raw.once('close', release);
      reply.header('Cache-Control', SITEMAP_CACHE).header('Vary', 'Accept-Encoding').type(XML);
      // Kept gzip-compressed: sent as it is to whoever accepts it (crawlers do), unpacked for the
      // rest off the event loop; the compression plugin leaves an encoded answer alone.
      if (acceptsGzip(request)) return reply.header('Content-Encoding', 'gzip').send(xml);
      return reply.send(await gunzipAsync(xml));
    },
  );
  done();
};

import type { FastifyRequest } from 'fastify';

/**
 * The origin absolute links name (canonical URLs, link previews, sitemaps): PUBLIC_URL when it is
 * set, which is the only trustworthy source on a public site. Without it (a development machine,
 * the tests) the origin the request was sent to; the Host header is written by the client, so
 * anything cached with an origin from it must be keyed on that origin too.
 */
export type SiteOrigin = (request: FastifyRequest) => string;

export function createSiteOrigin(publicUrl: string | undefined): SiteOrigin {
  if (publicUrl) {
    const fixed = new URL(publicUrl).origin;
    return () => fixed;
  }
  return (request) => `${request.protocol}://${request.host}`;
}

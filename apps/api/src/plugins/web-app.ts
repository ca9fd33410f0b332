import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { sendAppError } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the hashed bundles of the current release, so a browser must revalidate it.
const REVALIDATE = 'no-cache';
/** A `..` path segment, / or \ separated, as the file server (send) tests for it. */
const DOT_DOT_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;

/** Paths the SPA never owns: an unknown one is a JSON 404, whatever the Accept header says. */
function isBackendPath(url: string): boolean {
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url.startsWith('/media/')
  );
}

/**
 * Browsers navigating send Accept: text/html. A bare * / * (curl, some crawlers) counts only for
 * extension-less paths, so a missing /favicon.ico or /assets/x.js stays a 404 instead of HTML.
 */
function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  if (accept !== '' && !accept.includes('*/*')) return false;
  const pathname = request.url.split('?')[0] ?? '';
  return !path.posix.basename(pathname).includes('.');
}

/**
 * Serves the built web app from `webDistDir` (when it holds an index.html) and answers every
 * unmatched request: the SPA shell for page navigations (deep links such as /lease/<id>, and
 * unknown paths the web app itself redirects to /home), a JSON 404 for everything else.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const hasIndex = existsSync(path.join(webDistDir, 'index.html'));

  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: ['index.html'],
      // Paths the file server would refuse with an error (a 500 here): a NUL (GET /x%00), which
      // the file system throws on, and a `..` segment, even with a backslash (GET /a..%5C..%5Cb),
      // which it forbids. No file has either, so they are unknown paths: the 404 below.
      allowedPath: (pathName) => !pathName.includes('\0') && !DOT_DOT_SEGMENT.test(pathName),
      // Cache-Control is decided per file below: hashed assets forever, everything else revalidated.
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasIndex && !isBackendPath(request.url) && wantsHtml(request)) {
      return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
    }
    const pathname = request.url.split('?')[0] ?? request.url;
    return sendAppError(
      reply,
      new AppError('NOT_FOUND', `Route ${request.method} ${pathname} not found`),
    );
  });
}

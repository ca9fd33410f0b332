import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageRenderer, PageRendererModule } from '@makazi/contracts/page-rendering';
import { PROPERTY_TYPE_SLUG_VALUES } from '@makazi/contracts/property-values';
import { CATALOGUE_MAX_AGE_SECONDS } from '../config';
import { CATALOGUE_COMPRESSION } from '../lib/catalogue-compression';
import { AppError } from '../lib/errors';
import type { SiteOrigin } from '../lib/site-origin';
import { ACCEPT_CH, DATA_SAVER_VARY, decideDataSaver } from '../modules/pages/data-saver';
import { pageLanguage } from '../modules/pages/page-language';
import type { PageAnswer, PageEncoding, PagesService } from '../modules/pages/pages.service';
import { sendAppError } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// index.html names the hashed bundles of the current release, so a browser must revalidate it.
const REVALIDATE = 'no-cache';
/**
 * A rendered page is anonymous, the same for everyone: shared for as long as the catalogue's own
 * answers, and forgotten with them on every write (decision 015).
 */
const PAGE_CACHE = `public, max-age=${CATALOGUE_MAX_AGE_SECONDS}`;
/** A `..` path segment, / or \ separated, as the file server (send) tests for it. */
const DOT_DOT_SEGMENT = /(?:^|[\\/])\.\.(?:[\\/]|$)/;
/** Where the web build keeps its server renderer (apps/web package.json "build"). */
const SERVER_ENTRY = path.join('.ssr', 'entry-server.js');

/** A path segment that starts with a dot: the build's manifest (.vite) and server renderer (.ssr). */
const HIDDEN_SEGMENT = /(?:^|\/)\./;

/**
 * Whether the file server may answer a path; anything else is an unknown path (the 404 below).
 * Refused: a NUL (GET /x%00), which the file system throws on, and a `..` segment, even with a
 * backslash (GET /a..%5C..%5Cb), which it forbids (both a 500 otherwise); hidden files, which
 * are the build's own; and directories (`/`), which are pages.
 */
function isServableFile(pathName: string): boolean {
  return (
    !pathName.includes('\0') &&
    !DOT_DOT_SEGMENT.test(pathName) &&
    !HIDDEN_SEGMENT.test(pathName) &&
    !pathName.endsWith('/')
  );
}

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
 * The web build's server renderer, when the build has one (`npm run build`); null otherwise (the
 * API's own tests, `npm run dev`), and every page is then the client-rendered shell.
 */
export async function loadPageRenderer(webDistDir: string): Promise<PageRenderer | null> {
  const entry = path.join(webDistDir, SERVER_ENTRY);
  const manifestFile = path.join(webDistDir, '.vite', 'manifest.json');
  if (!existsSync(entry) || !existsSync(manifestFile)) return null;
  const module = (await import(pathToFileURL(entry).href)) as PageRendererModule;
  type Build = Parameters<PageRendererModule['createPageRenderer']>[0];
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Build['manifest'];
  const cssFiles = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
  return module.createPageRenderer({
    template: readFileSync(path.join(webDistDir, 'index.html'), 'utf8'),
    manifest,
    styles: Object.fromEntries(
      [...cssFiles].map((file) => [file, readFileSync(path.join(webDistDir, file), 'utf8')]),
    ),
  });
}

export interface ServerRenderedPages {
  service: PagesService;
  siteOrigin: SiteOrigin;
  /**
   * Counts a page read against the reader's budget (the catalogue's, per address): a rendered
   * page costs what the API answers it is made of.
   */
  countRead(request: FastifyRequest): Promise<void>;
}

/** The encoding the client accepts that a rendered page is kept in: br, then gzip, else none. */
export function pageEncoding(acceptEncoding: string | undefined): PageEncoding | null {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [coding = '', ...params] = part.trim().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function sendAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PageAnswer,
  variesByVisitor: boolean,
) {
  // Every answer depends on data saver (decision 044), which the cookie or the browser's hints
  // decide; the language too unless the URL names it.
  const vary = [...(variesByVisitor ? ['Accept-Language'] : []), ...DATA_SAVER_VARY].join(', ');
  reply.header('Vary', vary).header('Accept-CH', ACCEPT_CH);
  if (answer.kind === 'redirect') {
    return reply.header('Cache-Control', PAGE_CACHE).redirect(answer.location, answer.status);
  }
  if (answer.kind === 'page') {
    const encoding = pageEncoding(request.headers['accept-encoding']);
    reply
      .code(answer.status)
      .header('Cache-Control', PAGE_CACHE)
      .header('Vary', `${vary}, Accept-Encoding`)
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    const { html } = answer;
    return reply.send(
      encoding
        ? answer.encoded(encoding)
        : Buffer.from(html.buffer, html.byteOffset, html.byteLength),
    );
  }
  return reply
    .code(answer.status)
    .header('Cache-Control', REVALIDATE)
    .type('text/html; charset=utf-8')
    .send(answer.html);
}

/**
 * Serves the built web app from `webDistDir` (when it holds an index.html) and answers every page
 * navigation: the public pages rendered on the server (decision 034) when the build has its
 * renderer, every other page (and all of them without it) with the client-rendered shell, and
 * anything else unmatched with a JSON 404.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  pages?: ServerRenderedPages,
): Promise<void> {
  const hasIndex = existsSync(path.join(webDistDir, 'index.html'));

  if (hasIndex) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // One route for every file: the public pages have routes of their own (below), which match
      // first, so a page navigation never asks the disk; a file the API also answers (robots.txt)
      // is the API's.
      wildcard: true,
      // `/` is a page like any other (it redirects to /home); the shell is never a file to ask for.
      index: false,
      allowedPath: isServableFile,
      // Cache-Control is decided per file below: hashed assets forever, everything else revalidated.
      cacheControl: false,
      setHeaders(res, filePath) {
        const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  }

  async function answerPage(
    request: FastifyRequest,
    reply: FastifyReply,
    pages: ServerRenderedPages,
  ) {
    const { service } = pages;
    const { language, fromUrl } = pageLanguage(request);
    const dataSaver = decideDataSaver(request.headers).on;
    try {
      await pages.countRead(request);
      const answer = await service.answer({
        url: request.url,
        origin: pages.siteOrigin(request),
        language,
        dataSaver,
      });
      return sendAnswer(request, reply, answer, !fromUrl);
    } catch (error) {
      // Too many reads, or the catalogue too busy: the shell says so in the visitor's language
      // once it asks the API itself, and the status and Retry-After tell crawlers when to return.
      const retryAfter = error instanceof AppError ? error.retryAfterSeconds : undefined;
      if (retryAfter === undefined) {
        // The page still works as the client-rendered app; the failure is ours to fix.
        request.log.error({ err: error }, 'could not render a page; sent the shell');
      }
      const shell: PageAnswer = {
        kind: 'shell',
        status: error instanceof AppError && retryAfter !== undefined ? error.statusCode : 200,
        html: service.shell(language, dataSaver),
      };
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      return sendAnswer(request, reply, shell, !fromUrl);
    }
  }

  if (hasIndex && pages) {
    // The public pages the server renders, as routes of their own: compressed like the catalogue
    // answers they are made of (the plugin compresses routes, not the not-found handler).
    const paths = [
      '/',
      '/home',
      '/about',
      '/terms',
      '/privacy',
      '/faq',
      '/details/:id',
      ...PROPERTY_TYPE_SLUG_VALUES.flatMap((slug) => [`/${slug}`, `/${slug}/:id`]),
    ];
    for (const url of paths) {
      app.get(url, { schema: { hide: true }, compress: CATALOGUE_COMPRESSION }, (request, reply) =>
        answerPage(request, reply, pages),
      );
    }
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasIndex && !isBackendPath(request.url) && wantsHtml(request)) {
      if (pages) return answerPage(request, reply, pages);
      return reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
    }
    const pathname = request.url.split('?')[0] ?? request.url;
    return sendAppError(
      reply,
      new AppError('NOT_FOUND', `Route ${request.method} ${pathname} not found`),
    );
  });
}

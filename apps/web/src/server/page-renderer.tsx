import { StrictMode, type ReactNode } from 'react';
// The Node build, wherever this runs (the API, and the tests under jsdom): Node streams are
// cheaper to collect than web streams (about a tenth of a list page's rendering).
import { renderToPipeableStream } from 'react-dom/server.node';
import { Writable } from 'node:stream';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  type HydrationState,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { dehydrate } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { LOCALES, type TLocale } from '@makazi/contracts/common-values';
import type {
  BuiltChunk,
  PageRenderRequest,
  PageRenderResult,
  PageRenderer,
} from '@makazi/contracts/page-rendering';
import { AppProvider } from '../app/provider';
import { createRoutes, type PageHandle } from '../app/router';
import { createI18n } from '../lib/i18n';
import { jsonForHtml } from '../lib/json-for-html';
import { PAGE_STATE_ID, type PageState } from '../lib/page-state';
import { PageClockProvider } from '../lib/page-clock';
import { createQueryClient } from '../lib/query-client';
import { SiteOriginProvider } from '../lib/site-origin';
import { localeResources } from './locale-resources';
import { assetTags, createPageAssets } from './page-assets';
import { createPageTemplate } from './page-template';
import { serverLoaders, type ServerLoadContext } from './server-loaders';
import { siteInfoQueryOptions } from '../lib/site-info';

/**
 * Where the rendered app's own markup starts (RootLayout's outer element): React writes the
 * page's head tags (title, meta, canonical and alternate links) ahead of it, and they go to the
 * document's head.
 */
const APP_START = '<div id="app" ';

/**
 * The router's answers (a 404) as plain objects the browser's router accepts
 * (isRouteErrorResponse). Failures never get here: the page is not rendered.
 */
function serializableErrors(errors: StaticHandlerContext['errors']): HydrationState['errors'] {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([routeId, error]) => {
      const answer = error as { status: number; statusText: string; data: unknown };
      return [
        routeId,
        {
          status: answer.status,
          statusText: answer.statusText,
          internal: false,
          data: answer.data,
        },
      ];
    }),
  );
}

function renderToHtml(app: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on('finish', () => {
      if (failure === undefined) {
        resolve(Buffer.concat(chunks));
      } else {
        reject(
          failure instanceof Error
            ? failure
            : new Error('The page could not be rendered', { cause: failure }),
        );
      }
    });
    const stream = renderToPipeableStream(app, {
      onError(error) {
        failure ??= error;
      },
      onShellError: reject,
      // Everything the page shows was read before rendering, so the whole page is ready at once.
      onAllReady() {
        stream.pipe(sink);
      },
    });
  });
}

/**
 * The route table as the server runs it: the pages it renders keep their loaders and modules;
 * every other route keeps only its place in the table, so the static handler matches it (one
 * match per request, against branches it ranked once) without loading a module or running a
 * loader, and its page is the client-rendered shell.
 */
function serverRouteTable(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const kept: RouteObject = (route.handle as PageHandle | undefined)?.serverPage
      ? route
      : { ...route, lazy: undefined, loader: undefined };
    return route.index || !route.children
      ? kept
      : { ...kept, index: false, children: serverRouteTable(route.children) };
  });
}

export function createPageRendererFromBuild(build: {
  template: string;
  manifest: Record<string, BuiltChunk>;
  styles: Record<string, string>;
}): PageRenderer {
  const template = createPageTemplate(build.template);
  const pageAssets = createPageAssets(build.manifest, build.styles);
  // Read-only after start: a rendering never changes its instance's language.
  const instances = new Map<TLocale, Promise<I18n>>(
    LOCALES.map((language) => [language, createI18n({ language, resources: localeResources })]),
  );

  // One route table and handler for every request: each brings its own query client and source.
  const handler = createStaticHandler(serverRouteTable(createRoutes(serverLoaders())));

  async function render(request: PageRenderRequest): Promise<PageRenderResult> {
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteInfoQueryOptions.queryKey, request.data.siteInfo());
    const url = new URL(request.url, request.origin);
    const requestContext: ServerLoadContext = { queryClient, source: request.data };
    const context = await handler.query(new Request(url), { requestContext });
    if (context instanceof Response) {
      const location = context.headers.get('Location');
      if (location && context.status >= 300 && context.status < 400) {
        return { kind: 'redirect', status: context.status, location };
      }
      throw new Error(`A page loader answered ${context.status} without a redirect`);
    }
    const handle = context.matches.at(-1)?.route.handle as PageHandle | undefined;
    const page = handle?.serverPage;
    if (!page) return { kind: 'shell' };
    if (page === 'redirect') throw new Error(`${url.pathname} should have redirected`);
    // A loader or a route module that failed (not a 404 it answered): the server sends the shell,
    // which tries again in the browser, rather than an error page with a 500.
    const failure: unknown = Object.values<unknown>(context.errors ?? {}).find(
      (error) => !isRouteErrorResponse(error),
    );
    if (failure !== undefined) {
      throw failure instanceof Error
        ? failure
        : new Error('A page loader failed', { cause: failure });
    }

    const i18n = await instances.get(request.language)!;
    const router = createStaticRouter(handler.dataRoutes, context);
    const renderedAt = Date.now();
    const html = await renderToHtml(
      <StrictMode>
        <AppProvider i18n={i18n} queryClient={queryClient} dataSaver={request.dataSaver}>
          <SiteOriginProvider origin={request.origin}>
            <PageClockProvider renderedAt={renderedAt}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </PageClockProvider>
          </SiteOriginProvider>
        </AppProvider>
      </StrictMode>,
    );
    const appStart = html.indexOf(APP_START);
    if (appStart < 0) throw new Error('The rendered page lacks the app layout it is hydrated into');

    const state: PageState = {
      queries: dehydrate(queryClient),
      router: {
        loaderData: context.loaderData,
        actionData: context.actionData,
        errors: serializableErrors(context.errors),
      },
      language: request.language,
      origin: request.origin,
      renderedAt,
      dataSaver: request.dataSaver,
    };
    return {
      kind: 'page',
      status: context.statusCode,
      html: template.page({
        language: request.language,
        dataSaver: request.dataSaver,
        early: html.subarray(0, appStart),
        late: assetTags(pageAssets(page, request.language, handle.namespaces)),
        body: html.subarray(appStart),
        state: `<script type="application/json" id="${PAGE_STATE_ID}">${jsonForHtml(state)}</script>`,
      }),
    };
  }

  return { render, shell: (language, dataSaver = false) => template.shell(language, dataSaver) };
}

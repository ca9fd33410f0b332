import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { RouterProvider, matchRoutes, type RouteObject } from 'react-router';
import { hydrate } from '@tanstack/react-query';
import { adoptStoredLanguage, createI18n, detectLanguage, switchLanguage } from '../lib/i18n';
import { PageClockProvider } from '../lib/page-clock';
import { readPageState } from '../lib/page-state';
import { createQueryClient } from '../lib/query-client';
import { SiteOriginProvider } from '../lib/site-origin';
import { AppProvider } from './provider';
import { registerServiceWorker } from './service-worker-registration';
import { createAppRouter, createRoutes, type PageHandle } from './router';

/** The lazy i18n namespaces the first page was rendered with (its route's handle). */
function firstPageNamespaces(routes: RouteObject[]): string[] {
  return (matchRoutes(routes, window.location) ?? []).flatMap(
    (match) => (match.route.handle as PageHandle | undefined)?.namespaces ?? [],
  );
}

/**
 * The lazy routes of the first page, loaded before hydrating: the router would otherwise render
 * their fallback over the server's markup.
 */
async function loadFirstPageRoutes(routes: RouteObject[]): Promise<void> {
  const lazy = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

/**
 * Starts the app in `container`. A page the server rendered carries what it was rendered from
 * (lib/page-state.ts): hydrating from the same data renders the same markup, and nothing is asked
 * for again. Any other page (the shell) is rendered here.
 */
export async function startApp(
  container: HTMLElement,
  { onRecoverableError }: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<void> {
  const pageState = readPageState();
  const queryClient = createQueryClient();
  if (pageState) hydrate(queryClient, pageState.queries);
  const routes = createRoutes(queryClient);

  // Started together: the language files, the page's code chunk and (client-rendered) its API
  // data, which a router made at once starts fetching.
  const [i18n, router] = await Promise.all([
    createI18n({ language: pageState?.language ?? detectLanguage() }).then(async (instance) => {
      // The texts the server rendered with, before hydrating: the page would otherwise render
      // its loading state over the server's markup.
      if (pageState) await instance.loadNamespaces(firstPageNamespaces(routes));
      return instance;
    }),
    pageState
      ? loadFirstPageRoutes(routes).then(() => createAppRouter(routes, pageState.router))
      : createAppRouter(routes, undefined),
  ]);
  const app = (
    <StrictMode>
      <AppProvider i18n={i18n} queryClient={queryClient} dataSaver={pageState?.dataSaver}>
        <SiteOriginProvider origin={pageState?.origin ?? window.location.origin}>
          <PageClockProvider renderedAt={pageState?.renderedAt ?? null}>
            <RouterProvider router={router} />
          </PageClockProvider>
        </SiteOriginProvider>
      </AppProvider>
    </StrictMode>
  );
  registerServiceWorker();
  if (!pageState) {
    createRoot(container, { onRecoverableError }).render(app);
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for the whole page (48 cards on /home): a tap during it is answered at once,
  // and a phone's long tasks (Total Blocking Time) stay short. The server's markup is on screen
  // meanwhile.
  startTransition(() => {
    hydrateRoot(container, app, { onRecoverableError });
  });
  const stored = adoptStoredLanguage(pageState.language);
  if (stored) await switchLanguage(i18n, stored);
}

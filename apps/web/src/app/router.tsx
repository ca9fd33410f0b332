import { createBrowserRouter, redirect, type HydrationState, type RouteObject } from 'react-router';
import { QueryClient } from '@tanstack/react-query';
import {
  PROPERTY_TYPES,
  PROPERTY_TYPE_SLUGS,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import {
  carouselQueryOptions,
  propertyPagesQueryOptions,
} from '../features/catalogue/api/properties';
import { hasActiveFilter, parseCatalogueSearch } from '../features/catalogue/utils/search-params';
import { HOME_CAROUSEL_TYPES } from '../features/catalogue/utils/home';
import { isUuid } from '../lib/guards';
import { priceRangeInverted } from '../lib/price-input';
import { propertyQueryOptions } from '../features/listing-detail/api/property';
import { adminRoutes } from './admin-routes';
import type { TInfoPage } from './routes/info';
import { RootLayout } from './layouts/root-layout';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';

/** The pages about Makazi itself, each at /{page}: the footer links to them. */
const INFO_PAGES: readonly TInfoPage[] = ['about', 'terms', 'privacy', 'faq'];

/**
 * What the router's loaders do for the pages the server renders. In the browser they only start
 * the page's API requests (never awaited), so data downloads at the same time as the page's code
 * chunk instead of after it: one round trip saved on 3G. On the server (entry-server.tsx) they
 * read the catalogue and wait for it, and may answer a redirect or a 404.
 */
export interface PageLoaders {
  /** `context`: what the server hands each request (its query client, its data source). */
  home(url: string, context: unknown): unknown;
  list(type: TPropertyType, url: string, context: unknown): unknown;
  detail(type: TPropertyType, id: string | undefined, context: unknown): unknown;
  /** /details/{id}, the product's old links: only the listing knows its type. */
  listingType(id: string | undefined, context: unknown): unknown;
}

/** Which server-rendered page a route is (route handle): the server renders these, and only these. */
export type TServerPage = 'home' | 'list' | 'detail' | 'details' | 'info' | 'redirect';
export interface PageHandle {
  serverPage: TServerPage;
  /**
   * The lazy i18n namespaces the page reads (LAZY_NAMESPACES): the server renders with them, so
   * the browser loads them before it hydrates.
   */
  namespaces?: readonly string[];
}

export function prefetchingLoaders(queryClient: QueryClient): PageLoaders {
  return {
    home(url) {
      const search = parseCatalogueSearch(new URL(url).searchParams);
      // The page shows what is wrong with the range instead of results the API would refuse.
      if (priceRangeInverted(search)) return null;
      if (hasActiveFilter(search)) {
        const { sort: _sort, cursor, ...filter } = search;
        void queryClient.prefetchInfiniteQuery(propertyPagesQueryOptions(filter, cursor));
      } else {
        for (const type of HOME_CAROUSEL_TYPES)
          void queryClient.prefetchQuery(carouselQueryOptions(type));
      }
      return null;
    },
    list(type, url) {
      const {
        sort,
        cursor,
        type: _ignored,
        ...filter
      } = parseCatalogueSearch(new URL(url).searchParams);
      if (priceRangeInverted(filter)) return null;
      void queryClient.prefetchInfiniteQuery(
        propertyPagesQueryOptions({ ...filter, type, sort }, cursor),
      );
      return null;
    },
    detail(_type, id) {
      if (isUuid(id)) void queryClient.prefetchQuery(propertyQueryOptions(id));
      return null;
    },
    listingType(id) {
      // Public: the listing's type decides where the old link goes, whoever follows it.
      if (isUuid(id)) void queryClient.prefetchQuery(propertyQueryOptions(id));
      return null;
    },
  };
}

const serverPage = (page: TServerPage, namespaces?: readonly string[]): PageHandle => ({
  serverPage: page,
  ...(namespaces ? { namespaces } : {}),
});

/** The route table: the browser's loaders for `queryClient`, or the server's `loaders`. */
export function createRoutes(loadersOrClient: QueryClient | PageLoaders): RouteObject[] {
  const loaders =
    loadersOrClient instanceof QueryClient ? prefetchingLoaders(loadersOrClient) : loadersOrClient;
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RouteError />,
      children: [
        {
          // Errors and loading of a page render inside the layout, so the header stays usable.
          errorElement: <RouteError />,
          hydrateFallbackElement: <PageFallback />,
          children: [
            // Spec 2: / and unknown paths go to /home; the server answers these with a redirect.
            { index: true, loader: () => redirect('/home'), handle: serverPage('redirect') },
            {
              path: 'home',
              handle: serverPage('home'),
              loader: ({ request, context }) => loaders.home(request.url, context),
              lazy: async () => {
                const { HomeRoute } = await import('./routes/home');
                return { Component: HomeRoute };
              },
            },
            ...PROPERTY_TYPES.map((type): RouteObject => ({
              path: PROPERTY_TYPE_SLUGS[type],
              handle: serverPage('list'),
              loader: ({ request, context }) => loaders.list(type, request.url, context),
              lazy: async () => {
                const { ListRoute } = await import('./routes/list');
                return { element: <ListRoute type={type} /> };
              },
            })),
            {
              // Old links of the product: sent on to the listing's own page once its type is known.
              path: 'details/:id',
              handle: serverPage('details'),
              loader: ({ params, context }) => loaders.listingType(params.id, context),
              lazy: async () => {
                const { DetailsRedirectRoute, DetailsRedirectError } =
                  await import('./routes/details-redirect');
                return { Component: DetailsRedirectRoute, errorElement: <DetailsRedirectError /> };
              },
            },
            // Public (decision 037): a shared link shows the house; the owner's phone stays behind
            // sign-in and a subscription, asked for when the visitor taps View Contacts.
            ...PROPERTY_TYPES.map((type): RouteObject => ({
              path: `${PROPERTY_TYPE_SLUGS[type]}/:id`,
              handle: serverPage('detail'),
              loader: ({ params, context }) => loaders.detail(type, params.id, context),
              lazy: async () => {
                const { DetailRoute, DetailRouteError } = await import('./routes/detail');
                return {
                  element: <DetailRoute type={type} />,
                  errorElement: <DetailRouteError type={type} />,
                };
              },
            })),
            {
              path: 'login',
              lazy: async () => {
                const { LoginRoute } = await import('./routes/login');
                return { Component: LoginRoute };
              },
            },
            {
              path: 'register',
              lazy: async () => {
                const { RegisterRoute } = await import('./routes/register');
                return { Component: RegisterRoute };
              },
            },
            {
              // How to reach Makazi and its contact form: the footer's Support and Feedback and the
              // wizard's 'Contact support' link here.
              path: 'support',
              lazy: async () => {
                const { SupportRoute } = await import('./routes/support');
                return { Component: SupportRoute };
              },
            },
            ...INFO_PAGES.map((page): RouteObject => ({
              path: page,
              handle: serverPage('info', ['info']),
              lazy: async () => {
                const { InfoRoute } = await import('./routes/info');
                return { element: <InfoRoute page={page} /> };
              },
            })),
            {
              path: 'subscribe',
              lazy: async () => {
                const { SubscribeRoute } = await import('./routes/subscribe');
                return { Component: SubscribeRoute };
              },
            },
            {
              // The subscription checkout: public, an anonymous visitor signs in on its step 1.
              path: 'plan/:days',
              lazy: async () => {
                const { PlanRoute } = await import('./routes/plan');
                return { Component: PlanRoute };
              },
            },
            {
              // The link of every saved-search alert SMS: no sign-in, and nothing changes until the
              // person presses the button (SMS apps open links to preview them).
              path: 'alerts/off/:code',
              lazy: async () => {
                const { AlertsOffRoute } = await import('./routes/alerts-off');
                return { Component: AlertsOffRoute };
              },
            },
            {
              // Favourites and saved searches: for anonymous visitors too, whose browser keeps their
              // favourites until they sign in.
              path: 'saved',
              lazy: async () => {
                const { SavedRoute } = await import('./routes/saved');
                return { Component: SavedRoute };
              },
            },
            {
              // The sign-in-only routes: anonymous visitors go to /login with the page in state.
              // The guard is its own small chunk, fetched with the page's: the home page never needs it.
              lazy: async () => {
                const { RequireLogin } = await import('./routes/require-login');
                return { Component: RequireLogin };
              },
              children: [
                {
                  path: 'posts',
                  lazy: async () => {
                    const { PostsRoute } = await import('./routes/posts');
                    return { Component: PostsRoute };
                  },
                },
                {
                  // The listings whose owner's number the user was shown (header menu, profile).
                  path: 'contacts-viewed',
                  lazy: async () => {
                    const { ContactsViewedRoute } = await import('./routes/contacts-viewed');
                    return { Component: ContactsViewedRoute };
                  },
                },
                {
                  // The create wizard, and with ?edit={id} the same wizard on the owner's listing.
                  path: 'post',
                  lazy: async () => {
                    const { PostRoute } = await import('./routes/post');
                    return { Component: PostRoute };
                  },
                },
                // The owner detail pages: the signed-in user's own listing, in any status.
                ...PROPERTY_TYPES.map((type): RouteObject => ({
                  path: `user/${PROPERTY_TYPE_SLUGS[type]}/:id`,
                  lazy: async () => {
                    const { OwnerListingRoute } = await import('./routes/owner-listing');
                    return { element: <OwnerListingRoute type={type} /> };
                  },
                })),
                {
                  // 'Choose Promotion Plan' for the listing /posts' Promote button passes in state.
                  path: 'promote',
                  lazy: async () => {
                    const { PromoteRoute } = await import('./routes/promote');
                    return { Component: PromoteRoute };
                  },
                },
                {
                  path: 'promotion-plan/:days',
                  lazy: async () => {
                    const { PromotionPlanRoute } = await import('./routes/promotion-plan');
                    return { Component: PromotionPlanRoute };
                  },
                },
              ],
            },
            { path: '*', loader: () => redirect('/home'), handle: serverPage('redirect') },
          ],
        },
      ],
    },
    // The admin area: its own frame, without the public header and footer.
    ...adminRoutes,
  ];
}

export function createAppRouter(routes: RouteObject[], hydrationData: HydrationState | undefined) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : {});
}

import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { PROPERTY_TYPES, PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import type { TPropertyType } from '@makazi/contracts/properties';
import {
  carouselQueryOptions,
  propertyPagesQueryOptions,
} from '../features/catalogue/api/get-properties';
import { hasActiveFilter, parseCatalogueSearch } from '../features/catalogue/utils/search-params';
import { HOME_CAROUSEL_TYPES } from '../features/catalogue/utils/home';
import { isUuid } from '../lib/guards';
import { propertyQueryOptions } from '../features/listing-detail/api/get-property';
import { RootLayout } from './layouts/root-layout';
import { DetailGuard } from './routes/detail-guard';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';

/*
 * Loaders only start the page's API requests (never awaited), so data downloads at the same time
 * as the page's code chunk instead of after it: one round trip saved on 3G.
 */
function prefetchHome(queryClient: QueryClient, url: string) {
  const search = parseCatalogueSearch(new URL(url).searchParams);
  if (hasActiveFilter(search)) {
    const { sort: _sort, ...filter } = search;
    void queryClient.prefetchInfiniteQuery(propertyPagesQueryOptions(filter));
  } else {
    for (const type of HOME_CAROUSEL_TYPES)
      void queryClient.prefetchQuery(carouselQueryOptions(type));
  }
  return null;
}

function prefetchList(queryClient: QueryClient, type: TPropertyType, url: string) {
  const { sort, type: _ignored, ...filter } = parseCatalogueSearch(new URL(url).searchParams);
  void queryClient.prefetchInfiniteQuery(propertyPagesQueryOptions({ ...filter, type, sort }));
  return null;
}

function prefetchDetail(queryClient: QueryClient, id: string | undefined) {
  if (isUuid(id)) {
    void queryClient.prefetchQuery(propertyQueryOptions(id));
  }
  return null;
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
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
            { index: true, element: <Navigate to="/home" replace /> },
            {
              path: 'home',
              loader: ({ request }) => prefetchHome(queryClient, request.url),
              lazy: async () => {
                const { HomeRoute } = await import('./routes/home');
                return { Component: HomeRoute };
              },
            },
            ...PROPERTY_TYPES.map((type): RouteObject => ({
              path: PROPERTY_TYPE_SLUGS[type],
              loader: ({ request }) => prefetchList(queryClient, type, request.url),
              lazy: async () => {
                const { ListRoute } = await import('./routes/list');
                return { element: <ListRoute type={type} /> };
              },
            })),
            {
              // The seam for spec 2's guarded detail routes.
              element: <DetailGuard />,
              children: PROPERTY_TYPES.map((type): RouteObject => ({
                path: `${PROPERTY_TYPE_SLUGS[type]}/:id`,
                loader: ({ params }) => prefetchDetail(queryClient, params.id),
                lazy: async () => {
                  const { DetailRoute } = await import('./routes/detail');
                  return { element: <DetailRoute type={type} /> };
                },
              })),
            },
            // Routes of later issues (/login, /posts, /post, /subscribe …) land here until they exist.
            { path: '*', element: <Navigate to="/home" replace /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

import { data, redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { PageDataSource } from '@makazi/contracts/page-rendering';
import type { TProperty } from '@makazi/contracts/properties';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import type { PageLoaders } from '../app/router';
import {
  CAROUSEL_LIMIT,
  GRID_PAGE_SIZE,
  carouselQueryOptions,
  propertyPagesQueryOptions,
  type PropertiesFilter,
} from '../features/catalogue/api/properties';
import { HOME_CAROUSEL_TYPES } from '../features/catalogue/utils/home';
import { hasActiveFilter, parseCatalogueSearch } from '../features/catalogue/utils/search-params';
import { propertyQueryOptions } from '../features/listing-detail/api/property';
import { isUuid } from '../lib/guards';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** The same address without its cursor: where a cursor that no longer fits sends the visitor. */
function withoutCursor(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('cursor');
  const query = params.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/** What each request hands the loaders (the static handler's `requestContext`). */
export interface ServerLoadContext {
  queryClient: QueryClient;
  source: PageDataSource;
}

/**
 * The router's loaders on the server: they read what the page shows, wait for it and put it in
 * the request's query client under the very keys the components ask for, so the page renders with
 * its content and the browser, given the same cache, asks for nothing again. Made once: each
 * request brings its own client and source.
 */
export function serverLoaders(): PageLoaders {
  async function loadPages(
    { queryClient, source }: ServerLoadContext,
    url: URL,
    filter: PropertiesFilter,
    cursor: string | undefined,
  ) {
    const page = await source.listProperties({
      ...filter,
      sort: filter.sort ?? 'new',
      limit: GRID_PAGE_SIZE,
      cursor,
    });
    if (!page) throw redirect(withoutCursor(url));
    queryClient.setQueryData(propertyPagesQueryOptions(filter, cursor).queryKey, {
      pages: [{ data: JSON.parse(page.json) as TProperty[], nextCursor: page.nextCursor }],
      pageParams: [cursor],
    });
  }

  async function loadCarousel({ queryClient, source }: ServerLoadContext, type: TPropertyType) {
    const page = await source.listProperties({ type, sort: 'new', limit: CAROUSEL_LIMIT });
    queryClient.setQueryData(
      carouselQueryOptions(type).queryKey,
      page ? (JSON.parse(page.json) as TProperty[]) : [],
    );
  }

  async function loadProperty(
    { queryClient, source }: ServerLoadContext,
    id: string | undefined,
  ): Promise<TProperty> {
    if (!isUuid(id)) throw notFound();
    const json = await source.getProperty(id);
    if (json === null) throw notFound();
    const property = JSON.parse(json) as TProperty;
    queryClient.setQueryData(propertyQueryOptions(id).queryKey, property);
    return property;
  }

  return {
    async home(rawUrl, context) {
      const loading = context as ServerLoadContext;
      const url = new URL(rawUrl);
      const search = parseCatalogueSearch(url.searchParams);
      if (hasActiveFilter(search)) {
        const { sort: _sort, cursor, ...filter } = search;
        await loadPages(loading, url, filter, cursor);
      } else {
        await Promise.all(HOME_CAROUSEL_TYPES.map((type) => loadCarousel(loading, type)));
      }
      return null;
    },
    async list(type, rawUrl, context) {
      const url = new URL(rawUrl);
      const { sort, cursor, type: _ignored, ...filter } = parseCatalogueSearch(url.searchParams);
      await loadPages(context as ServerLoadContext, url, { ...filter, type, sort }, cursor);
      return null;
    },
    async detail(type, id, context) {
      const property = await loadProperty(context as ServerLoadContext, id);
      // An id of another type lives at that type's address: a permanent move for crawlers too.
      if (property.type !== type) {
        throw redirect(`/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`, 301);
      }
      return null;
    },
    async listingType(id, context) {
      const property = await loadProperty(context as ServerLoadContext, id);
      throw redirect(`/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`, 301);
    },
  };
}

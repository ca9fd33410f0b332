import { data, redirect } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { PageDataSource } from '@makazi/contracts/page-rendering';
import type { TProperty, TTakenListing } from '@makazi/contracts/properties';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import type { PageLoaders } from '../app/router';
import {
  CAROUSEL_LIMIT,
  GRID_PAGE_SIZE,
  carouselQueryOptions,
  countQueryOptions,
  propertyPagesQueryOptions,
  type CountFilter,
  type PropertiesFilter,
} from '../features/catalogue/api/properties';
import { HOME_CAROUSEL_TYPES } from '../features/catalogue/utils/home';
import { hasActiveFilter, parseCatalogueSearch } from '../features/catalogue/utils/search-params';
import { propertyQueryOptions } from '../features/listing-detail/api/property';
import { isUuid } from '../lib/guards';
import { priceRangeInverted } from '../lib/price-input';

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });
/** A listing rented or sold: the page says so (DetailRouteError), and crawlers drop it (410). */
const gone = (listing: TTakenListing) => data(listing, { status: 410, statusText: 'Gone' });

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
  /** What the list holds in all (ResultCount, the home's counters), under the browser's key. */
  async function loadCount({ queryClient, source }: ServerLoadContext, filter: CountFilter) {
    const { type, search, minPrice, maxPrice } = filter;
    const count = await source.countProperties({ type, search, minPrice, maxPrice });
    queryClient.setQueryData(countQueryOptions(filter).queryKey, count);
  }

  async function loadPages(
    context: ServerLoadContext,
    url: URL,
    filter: PropertiesFilter,
    cursor: string | undefined,
  ) {
    const { queryClient, source } = context;
    const { sort, ...counted } = filter;
    const [page] = await Promise.all([
      source.listProperties({ ...filter, sort: sort ?? 'new', limit: GRID_PAGE_SIZE, cursor }),
      loadCount(context, counted),
    ]);
    if (!page) throw redirect(withoutCursor(url));
    queryClient.setQueryData(propertyPagesQueryOptions(filter, cursor).queryKey, {
      pages: [{ data: JSON.parse(page.json) as TProperty[], nextCursor: page.nextCursor }],
      pageParams: [cursor],
    });
  }

  async function loadCarousel(
    { queryClient, source }: ServerLoadContext,
    type: TPropertyType,
    search?: string,
  ) {
    const page = await source.listProperties({ type, search, sort: 'new', limit: CAROUSEL_LIMIT });
    queryClient.setQueryData(
      carouselQueryOptions(type, search).queryKey,
      page ? (JSON.parse(page.json) as TProperty[]) : [],
    );
  }

  async function loadProperty(
    context: ServerLoadContext,
    id: string | undefined,
  ): Promise<TProperty> {
    const { queryClient, source } = context;
    if (!isUuid(id)) throw notFound();
    const found = await source.getProperty(id);
    if (found === null) throw notFound();
    if ('taken' in found) {
      // The similar listings are on the page too, as a crawler and a slow phone first see it.
      await loadCarousel(context, found.taken.type, found.taken.place?.district.name);
      throw gone(found.taken);
    }
    const property = JSON.parse(found.json) as TProperty;
    queryClient.setQueryData(propertyQueryOptions(id).queryKey, property);
    return property;
  }

  return {
    async home(rawUrl, context) {
      const loading = context as ServerLoadContext;
      const url = new URL(rawUrl);
      const search = parseCatalogueSearch(url.searchParams);
      // The page shows what is wrong with the range instead of results the API would refuse.
      if (priceRangeInverted(search)) return null;
      if (hasActiveFilter(search)) {
        const { sort: _sort, cursor, ...filter } = search;
        await loadPages(loading, url, filter, cursor);
      } else {
        await Promise.all(
          HOME_CAROUSEL_TYPES.flatMap((type) => [
            loadCarousel(loading, type),
            loadCount(loading, { type }),
          ]),
        );
      }
      return null;
    },
    async list(type, rawUrl, context) {
      const url = new URL(rawUrl);
      const { sort, cursor, type: _ignored, ...filter } = parseCatalogueSearch(url.searchParams);
      if (priceRangeInverted(filter)) return null;
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

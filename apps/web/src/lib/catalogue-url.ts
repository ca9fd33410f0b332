import {
  PROPERTY_TYPE_SLUGS,
  type TPropertySort,
  type TPropertyType,
} from '@makazi/contracts/property-values';

/*
 * How a catalogue page's filters are written in its URL. Shared: the catalogue reads and writes
 * its own pages with it, and a saved search opens the very page it was saved from.
 */

export interface CatalogueSearch {
  search?: string;
  type?: TPropertyType;
  minPrice?: number;
  maxPrice?: number;
  sort: TPropertySort;
  /**
   * Where the list starts: the next-page links of a page rendered without JavaScript (and the ones
   * crawlers follow) carry the API's cursor of the page after.
   */
  cursor?: string;
}

/** A catalogue page's filters and order, without where its list starts. */
export type CatalogueQuery = Omit<CatalogueSearch, 'cursor'>;

export function serializeCatalogueSearch(state: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.type) params.set('type', state.type);
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice));
  if (state.sort !== 'new') params.set('sort', state.sort);
  if (state.cursor) params.set('cursor', state.cursor);
  return params;
}

/**
 * The page that shows `query`: a type's own list page (/lease …) with the other filters in its
 * query string, or the home page's results for every type.
 */
export function catalogueUrl({ type, ...rest }: CatalogueQuery): string {
  const path = type ? `/${PROPERTY_TYPE_SLUGS[type]}` : '/home';
  const query = serializeCatalogueSearch(rest).toString();
  return query ? `${path}?${query}` : path;
}

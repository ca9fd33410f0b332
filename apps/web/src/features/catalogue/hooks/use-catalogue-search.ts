import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TPropertySort } from '@makazi/contracts/property-values';
import { serializeCatalogueSearch, type CatalogueSearch } from '../../../lib/catalogue-url';
import { hasActiveFilter, parseCatalogueSearch } from '../utils/search-params';

export type CatalogueFilters = Omit<CatalogueSearch, 'sort' | 'cursor'>;

/** Search, filters and sort live in the query string: shareable, and the back button undoes them. */
export function useCatalogueSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  // Keyed by the serialised query so a new URLSearchParams object with the same content keeps the state stable.
  const { cursor, state } = useMemo(() => {
    const { cursor: start, ...rest } = parseCatalogueSearch(new URLSearchParams(key));
    return { cursor: start, state: rest };
  }, [key]);

  const setFilters = useCallback(
    (filters: CatalogueFilters) => {
      setSearchParams(serializeCatalogueSearch({ ...filters, sort: state.sort }));
    },
    [setSearchParams, state.sort],
  );

  const setSort = useCallback(
    (sort: TPropertySort) => {
      setSearchParams(serializeCatalogueSearch({ ...state, sort }));
    },
    [setSearchParams, state],
  );

  // New filters or a new order start the list again from its first page.
  return { state, cursor, key, isFiltering: hasActiveFilter(state), setFilters, setSort };
}

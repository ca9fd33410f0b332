import type { CountFilter } from '../api/properties';

export type BroaderKind = 'fewerWords' | 'anyPrice' | 'allTypes' | 'withoutSearch';

export interface BroaderSearch {
  kind: BroaderKind;
  filter: CountFilter;
}

/**
 * The searches one step wider than `filter`, nearest first: the search without its last word
 * ("Mbezi Beach" → "Mbezi"), without its price bound, of every type, and without the words at
 * all when nothing else is left to widen. A search with no results offers those that have some.
 */
export function broaderSearches(filter: CountFilter): BroaderSearch[] {
  const found: BroaderSearch[] = [];
  const words = filter.search?.trim().split(/\s+/) ?? [];
  if (words.length > 1) {
    found.push({ kind: 'fewerWords', filter: { ...filter, search: words.slice(0, -1).join(' ') } });
  }
  if (filter.minPrice !== undefined || filter.maxPrice !== undefined) {
    found.push({
      kind: 'anyPrice',
      filter: { ...filter, minPrice: undefined, maxPrice: undefined },
    });
  }
  if (filter.type !== undefined && filter.search !== undefined) {
    found.push({ kind: 'allTypes', filter: { ...filter, type: undefined } });
  }
  if (found.length === 0 && filter.search !== undefined) {
    found.push({ kind: 'withoutSearch', filter: { ...filter, search: undefined } });
  }
  return found;
}

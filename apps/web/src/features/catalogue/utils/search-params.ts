import {
  PRICE_TZS_MAX,
  type TPropertySort,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { isPropertySort, isPropertyType } from '../../../lib/guards';

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

/** The API's limit on the search text. */
export const SEARCH_MAX = 100;

function searchParam(raw: string | null): string | undefined {
  const trimmed = raw?.trim();
  return trimmed && trimmed.length <= SEARCH_MAX ? trimmed : undefined;
}

/** A whole number of TZS written in plain digits; '1e3', '0x10', '1.5' and '-5' are not prices. */
function priceParam(raw: string | null): number | undefined {
  const trimmed = raw?.trim();
  if (!trimmed || !/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= PRICE_TZS_MAX ? value : undefined;
}

/** The API's cursors are base64url text; anything else cannot be one. */
const CURSOR = /^[A-Za-z0-9_-]{1,512}$/;

/** Each field is read on its own and a bad value is dropped, so a hand-edited URL never breaks the page. */
export function parseCatalogueSearch(params: URLSearchParams): CatalogueSearch {
  const sort = params.get('sort');
  const result: CatalogueSearch = { sort: isPropertySort(sort) ? sort : 'new' };
  const search = searchParam(params.get('search'));
  if (search !== undefined) result.search = search;
  const type = params.get('type');
  if (isPropertyType(type)) result.type = type;
  const minPrice = priceParam(params.get('minPrice'));
  const maxPrice = priceParam(params.get('maxPrice'));
  if (minPrice !== undefined) result.minPrice = minPrice;
  // The API refuses min > max; keep the lower bound the visitor typed first and drop the other.
  if (maxPrice !== undefined && (minPrice ?? 0) <= maxPrice) result.maxPrice = maxPrice;
  const cursor = params.get('cursor');
  if (cursor !== null && CURSOR.test(cursor)) result.cursor = cursor;
  return result;
}

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

/** Home swaps its carousels for a results grid as soon as any of these is set. */
export function hasActiveFilter(state: CatalogueSearch): boolean {
  return (
    Boolean(state.search) ||
    state.type !== undefined ||
    state.minPrice !== undefined ||
    state.maxPrice !== undefined
  );
}

/** The parameters that make a catalogue page what it is, as its canonical URL names them. */
export function canonicalParams(state: CatalogueSearch): Record<string, string> {
  return Object.fromEntries(serializeCatalogueSearch(state));
}

import { serializeCatalogueSearch, type CatalogueSearch } from '../../../lib/catalogue-url';
import { isPropertySort, isPropertyType } from '../../../lib/guards';
import { parsePriceInput } from '../../../lib/price-input';

/** The API's limit on the search text. */
export const SEARCH_MAX = 100;

function searchParam(raw: string | null): string | undefined {
  const trimmed = raw?.trim();
  return trimmed && trimmed.length <= SEARCH_MAX ? trimmed : undefined;
}

/**
 * Read as the price boxes read what is typed: without JavaScript the browser sends the boxes' text
 * as it is ('800,000', '800k'). '1e3', '0x10', '1.5' and '-5' are not prices.
 */
function priceParam(raw: string | null): number | undefined {
  const price = parsePriceInput(raw ?? '');
  return price.kind === 'price' ? price.value : undefined;
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
  // Both bounds even when the minimum is above the maximum: the form shows them as the URL has
  // them and says what is wrong, and the page asks the API nothing (priceRangeInverted).
  if (maxPrice !== undefined) result.maxPrice = maxPrice;
  const cursor = params.get('cursor');
  if (cursor !== null && CURSOR.test(cursor)) result.cursor = cursor;
  return result;
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

import { z } from 'zod';
import {
  PRICE_TZS_MAX,
  ZPropertySort,
  ZPropertyType,
  type TPropertySort,
  type TPropertyType,
} from '@makazi/contracts/properties';

export interface CatalogueSearch {
  search?: string;
  type?: TPropertyType;
  minPrice?: number;
  maxPrice?: number;
  sort: TPropertySort;
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const ZPriceParam = z.preprocess(
  blankToUndefined,
  z.coerce.number().int().min(0).max(PRICE_TZS_MAX).optional(),
);

// Each field is parsed on its own and a bad value is dropped, so a hand-edited URL never breaks the page.
const ZSearchParams = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()).catch(undefined),
  type: ZPropertyType.optional().catch(undefined),
  minPrice: ZPriceParam.catch(undefined),
  maxPrice: ZPriceParam.catch(undefined),
  sort: ZPropertySort.catch('new'),
});

export function parseCatalogueSearch(params: URLSearchParams): CatalogueSearch {
  const parsed = ZSearchParams.parse({
    search: params.get('search') ?? undefined,
    type: params.get('type') ?? undefined,
    minPrice: params.get('minPrice') ?? undefined,
    maxPrice: params.get('maxPrice') ?? undefined,
    sort: params.get('sort') ?? undefined,
  });
  const result: CatalogueSearch = { sort: parsed.sort };
  if (parsed.search !== undefined) result.search = parsed.search;
  if (parsed.type !== undefined) result.type = parsed.type;
  if (parsed.minPrice !== undefined) result.minPrice = parsed.minPrice;
  // The API refuses min > max; keep the lower bound the visitor typed first and drop the other.
  if (parsed.maxPrice !== undefined && (parsed.minPrice ?? 0) <= parsed.maxPrice) {
    result.maxPrice = parsed.maxPrice;
  }
  return result;
}

export function serializeCatalogueSearch(state: CatalogueSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.type) params.set('type', state.type);
  if (state.minPrice !== undefined) params.set('minPrice', String(state.minPrice));
  if (state.maxPrice !== undefined) params.set('maxPrice', String(state.maxPrice));
  if (state.sort !== 'new') params.set('sort', state.sort);
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

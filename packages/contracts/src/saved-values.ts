/*
 * Values of favourites, saved searches and their alerts (issue 21), without zod so the browser
 * can use them freely.
 */

/** Favourites one account keeps; an anonymous browser keeps as many in localStorage. */
export const FAVOURITES_MAX = 500;
/** Listing ids one merge (after sign-in) may carry. */
export const FAVOURITES_MERGE_MAX = 100;

/**
 * Where a favourite stands now. available: in the catalogue; taken: its owner said it was let or
 * sold; stale: not confirmed for a while (it comes back when the owner confirms); removed:
 * deleted, taken down or otherwise out of the catalogue.
 */
export const FAVOURITE_STATES = ['available', 'taken', 'stale', 'removed'] as const;
export type TFavouriteState = (typeof FAVOURITE_STATES)[number];

/** The browser's own list of favourites before sign-in (localStorage key). */
export const LOCAL_FAVOURITES_KEY = 'makazi.favourites';

export const SAVED_SEARCHES_MAX = 10;
export const SAVED_SEARCH_TEXT_MAX_LENGTH = 100;

/** The filters that make a saved search the one it is: what its alerts match. */
export interface SavedSearchFilters {
  type?: string | null;
  search?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
}

/**
 * One text per search, however it was typed: the same type, words (case and spacing aside) and
 * price range are the same search, whatever its order or alerts. Saving it again is saving that
 * one (issue 41): two copies would text the same listing twice.
 */
export function savedSearchIdentity(filters: SavedSearchFilters): string {
  const words = (filters.search ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  return JSON.stringify([
    filters.type ?? null,
    words,
    filters.minPrice ?? null,
    filters.maxPrice ?? null,
  ]);
}

/** instant: an SMS within a minute (at most INSTANT_ALERTS_PER_DAY a day); daily: one at 18:00. */
export const ALERT_FREQUENCIES = ['instant', 'daily', 'off'] as const;
export type TAlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const INSTANT_ALERTS_PER_DAY = 3;

/** A ward needs this many listings of a kind for its own figures; otherwise its district's. */
export const PRICE_INSIGHT_MIN_LISTINGS = 5;
export const PRICE_INSIGHT_LEVELS = ['ward', 'district'] as const;
export type TPriceInsightLevel = (typeof PRICE_INSIGHT_LEVELS)[number];

/** Where a price sits against an area's middle half. */
export type TPricePosition = 'below' | 'within' | 'above';
export function pricePosition(price: number, low: number, high: number): TPricePosition {
  if (price < low) return 'below';
  if (price > high) return 'above';
  return 'within';
}

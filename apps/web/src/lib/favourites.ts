import { useSyncExternalStore } from 'react';
import { FAVOURITES_MAX, LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import type { TFavourite } from '@makazi/contracts/favourites';
import type { TProperty } from '@makazi/contracts/properties';
import { shortPlace } from './format';
import { isPropertyType, isRecord, isUuid } from './guards';

/*
 * Favourites kept by the browser before sign-in (issue 21), in local storage under
 * LOCAL_FAVOURITES_KEY: each with what /saved shows of it, so that page needs no network. Signing
 * in hands them to the account (lib/favourites-merge.ts); the account's list is then the truth.
 */

/** What a favourite shows of its listing: the API's TFavourite['property']. */
export type FavouriteListing = TFavourite['property'];

export interface LocalFavourite extends FavouriteListing {
  /** ISO 8601 UTC: when it was saved. */
  savedAt: string;
}

/**
 * A listing as a heart saves it: ward and district for its place, and the API's thumbnail of a
 * personal list (the narrowest variant of its first photo), so the list looks the same before and
 * after sign-in.
 */
export function favouriteListing(property: TProperty): FavouriteListing {
  const [first] = property.photos;
  const narrowest = first?.variants.reduce<(typeof first.variants)[number] | undefined>(
    (best, variant) => (best === undefined || variant.width < best.width ? variant : best),
    undefined,
  );
  return {
    id: property.id,
    title: property.title,
    type: property.type,
    price: property.price,
    place: shortPlace(property.propertyAddress),
    coverUrl: narrowest?.url ?? first?.url ?? null,
  };
}

function isLocalFavourite(value: unknown): value is LocalFavourite {
  return (
    isRecord(value) &&
    isUuid(value.id) &&
    typeof value.title === 'string' &&
    isPropertyType(value.type) &&
    typeof value.price === 'number' &&
    Number.isFinite(value.price) &&
    typeof value.place === 'string' &&
    (value.coverUrl === null || typeof value.coverUrl === 'string') &&
    typeof value.savedAt === 'string'
  );
}

const NONE: readonly LocalFavourite[] = [];
const listeners = new Set<() => void>();
let current: readonly LocalFavourite[] | undefined;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (some private modes): the list lives in memory for this tab only.
    return null;
  }
}

/**
 * The stored list, read defensively: another version of the app, an extension or a full disk may
 * have left anything there. Whatever cannot be read is left out; nothing here throws.
 */
function readStored(): readonly LocalFavourite[] {
  let parsed: unknown;
  try {
    const raw = storage()?.getItem(LOCAL_FAVOURITES_KEY);
    if (!raw) return NONE;
    parsed = JSON.parse(raw);
  } catch {
    return NONE;
  }
  if (!Array.isArray(parsed)) return NONE;
  const seen = new Set<string>();
  const list: LocalFavourite[] = [];
  for (const entry of parsed) {
    if (!isLocalFavourite(entry) || seen.has(entry.id)) continue;
    seen.add(entry.id);
    const { id, title, type, price, place, coverUrl, savedAt } = entry;
    list.push({ id, title, type, price, place, coverUrl, savedAt });
    if (list.length === FAVOURITES_MAX) break;
  }
  return list;
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

function write(list: readonly LocalFavourite[]): void {
  current = list;
  const store = storage();
  try {
    if (list.length === 0) store?.removeItem(LOCAL_FAVOURITES_KEY);
    else store?.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(list));
  } catch {
    // A full or refusing storage keeps the list in memory: this tab still shows what was saved.
  }
  emit();
}

/** The browser's favourites, newest first. */
export function getLocalFavourites(): readonly LocalFavourite[] {
  current ??= readStored();
  return current;
}

/** Reads the stored list again (another tab changed it; a test cleared the storage). */
export function reloadLocalFavourites(): void {
  current = readStored();
  emit();
}

export function subscribeLocalFavourites(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Saves a listing in the browser: false when the list already holds FAVOURITES_MAX (nothing is
 * pushed out to make room: an old favourite is no less wanted than a new one).
 */
export function addLocalFavourite(listing: FavouriteListing, savedAt = new Date()): boolean {
  const list = getLocalFavourites();
  if (list.some((favourite) => favourite.id === listing.id)) return true;
  if (list.length >= FAVOURITES_MAX) return false;
  write([{ ...listing, savedAt: savedAt.toISOString() }, ...list]);
  return true;
}

/** Puts back a favourite exactly as it was (a failed removal), in its place by date. */
export function restoreLocalFavourite(favourite: LocalFavourite): void {
  const list = getLocalFavourites().filter((entry) => entry.id !== favourite.id);
  write([...list, favourite].sort((a, b) => b.savedAt.localeCompare(a.savedAt)));
}

export function removeLocalFavourites(ids: readonly string[]): void {
  const list = getLocalFavourites();
  const next = list.filter((favourite) => !ids.includes(favourite.id));
  if (next.length !== list.length) write(next);
}

// Another tab saved or removed one, or signed in and handed them over: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === LOCAL_FAVOURITES_KEY) reloadLocalFavourites();
  });
}

/**
 * The browser's favourites for a component. The server has no storage, so it renders none; the
 * first render in the browser (hydration) does the same, and the stored ones follow at once, so
 * a page the server rendered hydrates without a mismatch.
 */
export function useLocalFavourites(): readonly LocalFavourite[] {
  return useSyncExternalStore(subscribeLocalFavourites, getLocalFavourites, () => NONE);
}

import type { TProperty } from '@makazi/contracts/properties';
import { truncate } from '../../../lib/format';

// Display limits for cards: a longer text is cut and ends in an ellipsis. Titles are whole: the
// card's CSS shows two lines of them (a cut at 22 characters lost the place a title ends with).
export const OWNER_MAX = 15;
export const OWNER_KEEP = 12;
export const ADDRESS_MAX = 45;
export const PRICE_TERM_WORDS = 15;

/** Returns null for an empty title so the caller can show the translated 'No title'. */
export function cardTitle(title: string): string | null {
  return title.trim() || null;
}

export function cardOwner(ownerName: string): string {
  return truncate(ownerName.trim(), OWNER_MAX, OWNER_KEEP);
}

/** `address` is already in the reader's language (lib/use-address-text.ts). */
export function cardAddress(address: string): string {
  return truncate(address, ADDRESS_MAX);
}

export function firstWords(text: string, count: number): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.length > count ? `${words.slice(0, count).join(' ')}…` : words.join(' ');
}

/** The picture count on a card comes from the first media group. */
export function pictureCount(property: Pick<TProperty, 'media'>): number {
  return property.media[0]?.pictures.length ?? 0;
}

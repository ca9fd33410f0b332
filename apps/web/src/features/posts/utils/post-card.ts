import type { TPhoto, TProperty } from '@makazi/contracts/properties';
import type { TPropertyStatus } from '@makazi/contracts/property-values';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import { truncate } from '../../../lib/format';

/** Spec 5: on post cards the title and the description are cut to 52 characters plus an ellipsis. */
export const POST_TEXT_MAX = 52;

/**
 * Each text is measured by its own length. (Spec 5 notes that the original measured the
 * description by the title's length, which cuts a long description under a short title never and a
 * short one under a long title needlessly; the rule the spec states is kept, not that slip.)
 */
export function postText(text: string): string {
  return truncate(text.trim(), POST_TEXT_MAX);
}

/** The card's picture: the front photo of land and houses for sale, else the first photo. */
export function coverPhoto(property: Pick<TProperty, 'type' | 'photos'>): TPhoto | undefined {
  if (property.type === 'Land' || property.type === 'HouseForSale') {
    return property.photos.find((photo) => photo.label === 'picha_mbele') ?? property.photos[0];
  }
  return property.photos[0];
}

/**
 * Spec 4, word for word: 'a listing with no promotionEndDate, or whose end date is not in the past,
 * shows a Promote button'. A running promotion therefore still shows it (to extend it); only a
 * promotion that has ended hides it. An end date that cannot be read counts as none.
 */
export function promotionRuleShowsButton(promotionEndDate: string | null, now: Date): boolean {
  if (promotionEndDate === null) return true;
  const end = Date.parse(promotionEndDate);
  if (Number.isNaN(end)) return true;
  return end >= now.getTime();
}

/**
 * Only a published listing can be promoted: promotion puts it first in the public lists, where a
 * draft, a listing awaiting review or a rejected one never appears. So the spec's rule applies to
 * approved listings, and the others show no Promote button at all.
 */
export function showsPromoteButton(
  property: { status: TPropertyStatus; promotionEndDate: string | null },
  now: Date,
): boolean {
  return property.status === 'approved' && promotionRuleShowsButton(property.promotionEndDate, now);
}

/** The user's listings by type, in the app's type order, keeping the server's order inside each. */
export function groupByType<T extends { type: TPropertyType }>(
  posts: readonly T[],
): { type: TPropertyType; posts: T[] }[] {
  return PROPERTY_TYPES.map((type) => ({
    type,
    posts: posts.filter((post) => post.type === type),
  })).filter((group) => group.posts.length > 0);
}

import type { TPropertyStatus } from '@makazi/contracts/property-values';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import { truncate } from '../../../lib/format';

/** On post cards the title and the description are cut to 52 characters plus an ellipsis. */
export const POST_TEXT_MAX = 52;

/**
 * Each text is measured by its own length, the description too: measuring it by the title's length
 * would never cut a long description under a short title, and would cut a short one under a long
 * title needlessly.
 */
export function postText(text: string): string {
  return truncate(text.trim(), POST_TEXT_MAX);
}

/**
 * The end of a promotion that is still running at `now`, or null: none, ended, or an end date that
 * cannot be read. The card says 'Promoted until …' with it.
 */
export function runningPromotionEnd(promotionEndDate: string | null, now: Date): Date | null {
  if (promotionEndDate === null) return null;
  const end = Date.parse(promotionEndDate);
  return end > now.getTime() ? new Date(end) : null;
}

/**
 * Every approved listing shows Promote, whatever its promotion (decision 011): none or an ended one
 * is bought anew, a running one is extended (the API chains the new promotion after its end).
 * A rule on the end date alone ('no promotionEndDate, or an end date not in the past') would hide
 * the button for good once a promotion ended. A draft, a listing awaiting review or a rejected one
 * never appears in the public lists, so it shows none (the API answers 409 for it).
 */
export function showsPromoteButton(property: { status: TPropertyStatus }): boolean {
  return property.status === 'approved';
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

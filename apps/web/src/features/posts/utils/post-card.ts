import type { TPropertyStatus } from '@makazi/contracts/property-values';
import type { TListingVisibility } from '@makazi/contracts/trust-values';
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
 * never appears in the public lists, so it shows none (the API answers 409 for it); nor does a
 * listing its owner marked taken.
 */
export function showsPromoteButton(property: {
  status: TPropertyStatus;
  visibility?: TListingVisibility | null;
}): boolean {
  // A listing let or sold is out of the catalogue for good: nothing left to promote.
  return property.status === 'approved' && property.visibility !== 'taken';
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

/** `date` as a date input writes it (yyyy-mm-dd), in the browser's time zone. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The takenAt sent for the day the owner picked: none for today (the API then takes its own
 * clock, which a phone's cannot be ahead of), otherwise the start of that day in the owner's time
 * zone (whoever was shown the contact later that day met a dead end), but never before the
 * listing was published (the API refuses that).
 */
export function takenAtFor(day: string, today: string, createdAt: string): string | undefined {
  if (day === today) return undefined;
  const start = new Date(`${day}T00:00:00`).getTime();
  return new Date(Math.max(start, Date.parse(createdAt))).toISOString();
}

import type { TPropertyCountResponse } from '@makazi/contracts/properties';
import { formatWholeNumber } from '../../../lib/format';

/** Below this a count is said exactly; from it, rounded down to the hundred ("1,200+"). */
const EXACT_BELOW = 1_000;

/**
 * A count as a page says it, never more than there is: "18", "1,200+" for 1,234, and the API's
 * cap with a plus when it stopped counting ("10,000+").
 */
export function countValue({ count, atLeast }: TPropertyCountResponse): string {
  if (atLeast) return `${formatWholeNumber(count)}+`;
  if (count < EXACT_BELOW) return formatWholeNumber(count);
  const floored = Math.floor(count / 100) * 100;
  return floored === count ? formatWholeNumber(count) : `${formatWholeNumber(floored)}+`;
}

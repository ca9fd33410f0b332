// Grouping with commas is how prices are written in Tanzania in both languages ('TZS 1,500,000').
const tzsNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A whole number grouped with commas, '1,500,000': the wizard's limits and the catalogue's price
 * boxes, which show what the search will use.
 */
export function formatWholeNumber(amount: number): string {
  return tzsNumber.format(amount);
}

export function formatTzs(amount: number): string {
  return `TZS ${tzsNumber.format(amount)}`;
}

/** A price range as it is written in Tanzania: 'TZS 300,000–600,000'. */
export function formatTzsRange(low: number, high: number): string {
  return `TZS ${tzsNumber.format(low)}–${tzsNumber.format(high)}`;
}

/**
 * Cuts `text` to `keep` characters plus an ellipsis once it is longer than `max`. Counts code points
 * so an emoji is never split in half.
 */
export function truncate(text: string, max: number, keep: number = max): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, keep).join('')}…` : text;
}

/** Where a listing is, in one line of a list or a message: 'Ward, District'; '' without an address. */
export function shortPlace(
  address: { ward: { name: string }; district: { name: string } } | null,
): string {
  return address ? `${address.ward.name}, ${address.district.name}` : '';
}

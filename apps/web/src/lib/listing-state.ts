import type { TProperty } from '@makazi/contracts/properties';
import { isRecord } from './guards';

/**
 * The listing a card handed over in navigation state (`state={{ property }}`), if it passes
 * `isListing` and has the id of the URL: a page paints it at once and trusts it no further.
 */
export function listingFromState<T extends TProperty>(
  state: unknown,
  id: string,
  isListing: (value: unknown) => value is T,
): T | undefined {
  if (!isRecord(state)) return undefined;
  const { property } = state;
  return isListing(property) && property.id === id ? property : undefined;
}

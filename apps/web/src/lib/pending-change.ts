import type { TPendingChange, TPendingChangeStatus } from '@makazi/contracts/listings';
import { PENDING_CHANGE_STATUSES } from '@makazi/contracts/listing-values';
import { isPropertyOutline, isRecord } from './guards';

/*
 * An edit of an approved listing waits for review beside it (`pendingChange` of the owner view):
 * the listing's own fields stay the live version the public sees, the edit is `proposed`. The
 * owner's screens (/posts, the owner page, the edit wizard) read it through here.
 */

export function isPendingChangeStatus(value: unknown): value is TPendingChangeStatus {
  return (
    typeof value === 'string' && (PENDING_CHANGE_STATUSES as readonly string[]).includes(value)
  );
}

/**
 * The listing's pending change, or null: none, or an answer whose change lacks what the screens
 * branch on (an older server sends no `pendingChange`; the listing then reads as before).
 */
export function pendingChangeOf(listing: { pendingChange?: unknown }): TPendingChange | null {
  const change = listing.pendingChange;
  if (
    !isRecord(change) ||
    !isPendingChangeStatus(change.status) ||
    !isPropertyOutline(change.proposed) ||
    !Array.isArray(change.changedFields) ||
    !Array.isArray(change.addedPhotoIds) ||
    !Array.isArray(change.removedPhotoIds) ||
    typeof change.ownerPhoneNumber !== 'string'
  ) {
    return null;
  }
  return change as unknown as TPendingChange;
}

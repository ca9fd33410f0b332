import { missingPictureLabels } from '@makazi/contracts/listing-values';
import type {
  TPictureLabel,
  TPropertyStatus,
  TPropertyType,
} from '@makazi/contracts/property-values';
import { AppError, notFound } from '../../lib/errors';

/*
 * The rules every write to a listing obeys, shared by the listings module (details, address,
 * photo order, delete) and the media module (photo uploads), so both decide alike.
 */

/** What the rules need to know about a listing. */
export interface ListingFacts {
  publishedBy: string;
  type: TPropertyType;
  status: TPropertyStatus;
}

/** The per-user switches an admin can turn off (users.can_post / can_edit / can_delete). */
export interface PublisherPermissions {
  canPost: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

const LISTING_NOT_FOUND = 'No listing has this id';

/**
 * The listing `userId` may change: 404 when it does not exist or was deleted (archived listings
 * are gone for everyone), 403 when someone else published it.
 */
export function assertOwnListing<T extends ListingFacts>(
  userId: string,
  listing: T | undefined,
): T {
  if (!listing || listing.status === 'archived') throw notFound(LISTING_NOT_FOUND);
  if (listing.publishedBy !== userId) {
    throw new AppError('FORBIDDEN', 'You can only change your own listings.');
  }
  return listing;
}

const PERMISSION_MESSAGES: Record<keyof PublisherPermissions, string> = {
  canPost: 'Your account may not publish listings. Contact support.',
  canEdit: 'Your account may not edit listings. Contact support.',
  canDelete: 'Your account may not delete listings. Contact support.',
};

export function assertPermission(
  permissions: PublisherPermissions,
  permission: keyof PublisherPermissions,
): void {
  if (!permissions[permission]) throw new AppError('FORBIDDEN', PERMISSION_MESSAGES[permission]);
}

/**
 * The status after an owner changed a listing's content: complete (an address and every required
 * photo) → pending, awaiting review again even when it was approved or rejected (what the public
 * sees is always what an admin approved); incomplete → draft.
 */
export function statusAfterEdit(
  type: TPropertyType,
  hasAddress: boolean,
  photoLabels: readonly string[],
): { status: 'draft' | 'pending'; missing: TPictureLabel[] } {
  const missing = missingPictureLabels(type, photoLabels);
  return { status: hasAddress && missing.length === 0 ? 'pending' : 'draft', missing };
}

import type { TPropertyStatus } from '@makazi/contracts/property-values';
import { AppError, notFound } from '../../lib/errors';

/*
 * Who a request acts for and what they may do, decided once for every module (decision 021):
 * services take the actor from here, not from the HTTP plugins that set it, and every module that
 * checks a publisher's switches or a listing's owner asks these functions, so one case always
 * gets one answer.
 */

/** The signed-in user a request acts for, and the sign-in (session) it acts through. */
export interface Actor {
  userId: string;
  sessionId: string;
}

/** The admin a request acts for, and the admin session it acts through. */
export interface AdminActor {
  adminId: string;
  username: string;
  sessionId: string;
}

/** The per-user switches an admin can turn off (users.can_post / can_edit / can_delete). */
export interface PublisherPermissions {
  canPost: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

export type PublisherPermission = keyof PublisherPermissions;

/**
 * Where requirePublisher reads the switches: the access repository, bound to the caller's
 * transaction when the check runs inside one.
 */
export interface PublisherPermissionsReader {
  /** Read fresh on every call, so an admin's change applies at once; undefined: no such user. */
  readPublisherPermissions(userId: string): Promise<PublisherPermissions | undefined>;
}

/**
 * The session check joins the user, so a signed-in actor without a user row was deleted during
 * the request. It is the session that ended: 401, which the web app answers by refreshing, and a
 * refused refresh signs the reader out, instead of a 403 telling them an admin stopped them.
 */
export function accountGone(): AppError {
  return new AppError('UNAUTHORIZED', 'This account no longer exists.');
}

const PERMISSION_MESSAGES: Record<PublisherPermission, string> = {
  canPost: 'Your account may not publish listings. Contact support.',
  canEdit: 'Your account may not edit listings. Contact support.',
  canDelete: 'Your account may not delete listings. Contact support.',
};

/** 401 when the actor's account is gone, 403 when an admin turned `permission` off. */
export async function requirePublisher(
  reader: PublisherPermissionsReader,
  actor: Actor,
  permission: PublisherPermission,
): Promise<void> {
  const permissions = await reader.readPublisherPermissions(actor.userId);
  if (!permissions) throw accountGone();
  if (!permissions[permission]) throw new AppError('FORBIDDEN', PERMISSION_MESSAGES[permission]);
}

/** What requireOwnListing needs to know about a listing. */
export interface OwnedListing {
  publishedBy: string;
  status: TPropertyStatus;
}

const LISTING_NOT_FOUND = 'No listing has this id';

/**
 * The listing `actorUserId` may change: 404 when it does not exist or was deleted (archived
 * listings are gone for everyone), 403 when someone else published it.
 */
export function requireOwnListing<T extends OwnedListing>(
  actorUserId: string,
  listing: T | undefined,
): T {
  if (!listing || listing.status === 'archived') throw notFound(LISTING_NOT_FOUND);
  if (listing.publishedBy !== actorUserId) {
    throw new AppError('FORBIDDEN', 'You can only change your own listings.');
  }
  return listing;
}

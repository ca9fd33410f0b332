import type { TContactResponse, TSubscriptionStatusResponse } from '@makazi/contracts/payments';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../access/access';
import type { SubscriptionWindow, SubscriptionsRepository } from './subscriptions.repository';

export interface SubscriptionsService {
  status(actor: Actor, userId: string): Promise<TSubscriptionStatusResponse>;
  contact(actor: Actor, propertyId: string): Promise<TContactResponse>;
  /** An admin reads the contact of any listing not deleted, whatever its status, without a subscription. */
  contactForAdmin(propertyId: string): Promise<TContactResponse>;
}

/**
 * The end of uninterrupted access from `now`: undefined when no window is running; otherwise the
 * end of the running window, carried on by every window that starts before (or exactly when) the
 * access so far ends, as a renewal queued after the running subscription does.
 * `windows` must be sorted by startsAt.
 */
export function accessEndsAt(windows: SubscriptionWindow[], now: Date): Date | undefined {
  const t = now.getTime();
  let end: number | undefined;
  for (const w of windows) {
    const start = w.startsAt.getTime();
    const stop = w.endsAt.getTime();
    if (end === undefined) {
      if (start <= t && t < stop) end = stop;
    } else if (start <= end && stop > end) {
      end = stop;
    }
  }
  // Sorted by start, a window that could extend the chain comes after the one it extends, and
  // no window after the first queued one (start > now) can be running.
  return end === undefined ? undefined : new Date(end);
}

const listingGone = () => notFound('This listing does not exist or is no longer available.');

export function createSubscriptionsService(
  repository: SubscriptionsRepository,
  clock: Clock,
): SubscriptionsService {
  async function activeUntil(userId: string): Promise<Date | undefined> {
    const now = clock();
    return accessEndsAt(await repository.unendedWindows(userId, now), now);
  }

  return {
    async status(actor, userId) {
      // Like a profile, a subscription is its holder's alone (403 whether or not the id exists).
      if (actor.userId !== userId) {
        throw new AppError('FORBIDDEN', 'You can only see your own subscription.');
      }
      const endsAt = await activeUntil(userId);
      return { data: { isActive: endsAt !== undefined, endsAt: endsAt?.toISOString() ?? null } };
    },

    async contact(actor, propertyId) {
      const row = await repository.findListingContact(propertyId);
      if (!row || row.status === 'archived' || row.ownerPhoneNumber === null) throw listingGone();
      const contact = { ownerName: row.ownerName, phoneNumber: row.ownerPhoneNumber };
      // The owner sees their own contact on any listing they have not deleted.
      if (row.publishedBy === actor.userId) return contact;
      if (row.status !== 'approved') throw listingGone();
      if ((await activeUntil(actor.userId)) !== undefined) return contact;
      throw new AppError('PAYMENT_REQUIRED', 'Subscribe to see the owner’s phone number.');
    },

    async contactForAdmin(propertyId) {
      const row = await repository.findListingContact(propertyId);
      // Moderators call owners about listings still in review or sent back, not only public ones.
      if (!row || row.status === 'archived' || row.ownerPhoneNumber === null) throw listingGone();
      return { ownerName: row.ownerName, phoneNumber: row.ownerPhoneNumber };
    },
  };
}

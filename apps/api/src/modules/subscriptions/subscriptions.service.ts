import type { TContactResponse, TSubscriptionStatusResponse } from '@makazi/contracts/payments';
import type { LimitsConfig } from '../../config';
import type { Clock } from '../../lib/clock';
import { eatDayStart, nextEatDayStart } from '../../lib/east-africa-day';
import { AppError, notFound } from '../../lib/errors';
import { RateLimitedError, secondsUntil, waitInWords } from '../../lib/rate-limited-error';
import { accountGone, type Actor } from '../access/access';
import type { SubscriptionWindow, SubscriptionsRepository } from './subscriptions.repository';

export interface SubscriptionsService {
  status(actor: Actor, userId: string): Promise<TSubscriptionStatusResponse>;
  /**
   * The owner's contact for the listing's owner, or for a subscriber: each time a subscriber is
   * shown it, the reveal is recorded, within the daily cap of distinct listings (429 past it).
   */
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

function dailyCapReached(limit: number, now: Date): RateLimitedError {
  const seconds = secondsUntil(nextEatDayStart(now), now);
  return new RateLimitedError(
    `You have viewed the contacts of ${limit} listings today, the most allowed in a day. You can view more in ${waitInWords(seconds)}.`,
    seconds,
  );
}

export function createSubscriptionsService(
  repository: SubscriptionsRepository,
  clock: Clock,
  /** contactRevealsPerDay: distinct listings a subscriber may see the contact of per EAT day. */
  limits: Pick<LimitsConfig, 'contactRevealsPerDay'>,
): SubscriptionsService {
  async function activeUntil(userId: string): Promise<Date | undefined> {
    const now = clock();
    return accessEndsAt(await repository.unendedWindows(userId, now), now);
  }

  /**
   * Records that `userId` was shown the contact of `propertyId`, or refuses past the daily cap:
   * at most contactRevealsPerDay distinct listings per East Africa day, a listing already shown
   * today being free. One transaction: the user's lock, one indexed count, one insert. The lock
   * makes the count and the insert one step per user, so two requests at once for the last
   * free listing and one more cannot both pass, on any number of processes.
   */
  async function recordReveal(userId: string, propertyId: string): Promise<void> {
    await repository.transaction(async (tx) => {
      await tx.lockRevealsOf(userId);
      // Read after the lock: a request that waited for it sees what the one before recorded.
      const now = clock();
      const today = await tx.revealsSince(userId, propertyId, eatDayStart(now));
      // Deleted while this request waited: its reveals are erased and must stay so.
      if (!today.accountLive) throw accountGone();
      if (!today.includesListing && today.listings >= limits.contactRevealsPerDay) {
        throw dailyCapReached(limits.contactRevealsPerDay, now);
      }
      await tx.recordReveal({ userId, propertyId, at: now });
    });
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
      // Only what the public may see: a listing taken, stale, held for reports or of a suspended
      // publisher keeps its number, as it would for anyone the catalogue no longer shows it to.
      if (!row.listed) throw listingGone();
      if ((await activeUntil(actor.userId)) === undefined) {
        throw new AppError('PAYMENT_REQUIRED', 'Subscribe to see the owner’s phone number.');
      }
      // Only what a subscriber is shown is counted: the owner above, and admins, are not.
      await recordReveal(actor.userId, propertyId);
      return contact;
    },

    async contactForAdmin(propertyId) {
      const row = await repository.findListingContact(propertyId);
      // Moderators call owners about listings still in review or sent back, not only public ones.
      if (!row || row.status === 'archived' || row.ownerPhoneNumber === null) throw listingGone();
      return { ownerName: row.ownerName, phoneNumber: row.ownerPhoneNumber };
    },
  };
}

import { and, asc, eq, gt } from 'drizzle-orm';
import type { TPropertyStatus } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import { properties, subscriptions } from '../../db/schema';

/** One subscription's time window: it grants access for startsAt ≤ now < endsAt. */
export interface SubscriptionWindow {
  startsAt: Date;
  endsAt: Date;
}

/** What the contact route needs of a listing: who owns it, whether it is public, the contact. */
export interface ListingContactRow {
  status: TPropertyStatus;
  publishedBy: string;
  ownerName: string;
  /** Null only on an archived listing whose publisher deleted their account. */
  ownerPhoneNumber: string | null;
}

export interface SubscriptionsRepository {
  /** The user's subscriptions that have not ended by `now` (running or queued), earliest first. */
  unendedWindows(userId: string, now: Date): Promise<SubscriptionWindow[]>;
  findListingContact(propertyId: string): Promise<ListingContactRow | undefined>;
}

export function createSubscriptionsRepository(db: Database): SubscriptionsRepository {
  return {
    async unendedWindows(userId, now) {
      return db
        .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, now)))
        .orderBy(asc(subscriptions.startsAt), asc(subscriptions.endsAt));
    },
    async findListingContact(propertyId) {
      const [row] = await db
        .select({
          status: properties.status,
          publishedBy: properties.publishedBy,
          ownerName: properties.ownerName,
          ownerPhoneNumber: properties.ownerPhoneNumber,
        })
        .from(properties)
        .where(eq(properties.id, propertyId));
      return row;
    },
  };
}

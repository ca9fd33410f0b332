import { and, asc, eq, gt, gte, sql } from 'drizzle-orm';
import type { TPropertyStatus } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import { contactReveals, properties, subscriptions, users } from '../../db/schema';

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
  /**
   * In the public catalogue (properties.listed, the one definition of public): approved, and not
   * taken, stale, held for reports or suspended with its publisher.
   */
  listed: boolean;
}

/** A subscriber's reveals since the start of the day, as the daily cap reads them. */
export interface RevealsToday {
  /** False once the account is deleted (or gone): nothing may be recorded for it any more. */
  accountLive: boolean;
  /** Distinct listings whose contact they were shown. */
  listings: number;
  /** Whether the listing asked about is one of them (seeing it again is free). */
  includesListing: boolean;
}

export interface SubscriptionsRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: SubscriptionsRepository) => Promise<T>): Promise<T>;
  /** The user's subscriptions that have not ended by `now` (running or queued), earliest first. */
  unendedWindows(userId: string, now: Date): Promise<SubscriptionWindow[]>;
  findListingContact(propertyId: string): Promise<ListingContactRow | undefined>;
  /**
   * Waits for, then holds until the transaction ends, the user's contact-reveal lock: whoever
   * counts the user's reveals and then records one does both alone.
   */
  lockRevealsOf(userId: string): Promise<void>;
  /** One statement over contact_reveals_user_revealed_idx (user_id, revealed_at desc). */
  revealsSince(userId: string, propertyId: string, since: Date): Promise<RevealsToday>;
  recordReveal(reveal: { userId: string; propertyId: string; at: Date }): Promise<void>;
}

/**
 * Names "contact reveals of one user" among the two-key advisory locks (a key space of its own,
 * apart from the one-key locks of migrations and seeding); the second key is a hash of the user
 * id. Two users whose ids hash alike only wait for each other a moment.
 */
const CONTACT_REVEALS_LOCK = 28_001;

/**
 * Takes the user's contact-reveal lock in the caller's transaction. Account deletion takes it
 * too, before it locks the user's row, so a reveal in flight either lands before the deletion
 * erases the reveals or sees the account deleted.
 */
export async function lockContactRevealsOf(db: Database, userId: string): Promise<void> {
  await db.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(CONTACT_REVEALS_LOCK))}, hashtext(${userId}::text))`,
  );
}

const r = contactReveals;

export function createSubscriptionsRepository(db: Database): SubscriptionsRepository {
  return {
    transaction: (work) => db.transaction((tx) => work(createSubscriptionsRepository(tx))),

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
          listed: properties.listed,
        })
        .from(properties)
        .where(eq(properties.id, propertyId));
      return row;
    },

    lockRevealsOf: (userId) => lockContactRevealsOf(db, userId),

    async revealsSince(userId, propertyId, since) {
      const [row] = await db
        .select({
          accountLive: sql<boolean>`coalesce((select ${users.deletedAt} is null from ${users} where ${users.id} = ${userId}), false)`,
          listings: sql<number>`count(distinct ${r.propertyId})::int`,
          includesListing: sql<boolean>`coalesce(bool_or(${r.propertyId} = ${propertyId}), false)`,
        })
        .from(r)
        .where(and(eq(r.userId, userId), gte(r.revealedAt, since)));
      if (!row) throw new Error('reveals count returned no row');
      return row;
    },

    async recordReveal({ userId, propertyId, at }) {
      await db.insert(r).values({ userId, propertyId, revealedAt: at });
    },
  };
}

import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  authSessions,
  contactReveals,
  alertSms,
  favourites,
  listingReports,
  mediaUploads,
  otpChallenges,
  ownerPhoneChallenges,
  payments,
  pendingChanges,
  properties,
  propertyPhotos,
  refreshTokens,
  subscriptions,
  supportMessages,
  users,
  savedSearchMatches,
  photoUploads,
  savedSearches,
  verifiedOwnerPhones,
} from '../../db/schema';
import type { RevokedReason } from '../auth/auth.repository';
import { lockFavouritesOf } from '../favourites/favourites.repository';
import { lockContactRevealsOf } from '../subscriptions/subscriptions.repository';
import { transactionRefreshingCards } from '../properties/catalogue-cards';

export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export interface UsersRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: UsersRepository) => Promise<T>): Promise<T>;
  /** undefined: no such user, or their account was deleted. */
  findById(id: string): Promise<UserRow | undefined>;
  updateNames(
    id: string,
    names: { firstName: string; lastName: string },
    now: Date,
  ): Promise<UserRow | undefined>;

  /*
   * Account deletion (decision 023), each step in the caller's transaction.
   */

  /**
   * Holds the user's contact-reveal lock until the transaction ends. Taken before the user's row
   * (lockLiveUser), in the order a reveal takes them (its lock, then the row through its foreign
   * key), so the two never wait on each other in a circle.
   */
  lockContactReveals(userId: string): Promise<void>;
  /** The account's favourites lock (favourites.repository.ts), held until the transaction ends. */
  lockFavourites(userId: string): Promise<void>;
  /**
   * Locks the user's row until the transaction ends (a second deletion waits, then finds it
   * deleted); false when there is no such user or the account is already deleted.
   */
  lockLiveUser(id: string): Promise<boolean>;
  /**
   * Archives every listing of the user (they leave every list and every detail page) and erases
   * the contact on all of them, archived before or not: the owner's name and phone number. Their
   * photos go too: the rows now, the files (served to whoever kept a link) by the media sweeper,
   * which finds their keys in the upload journal.
   */
  archiveListingsOf(userId: string, now: Date): Promise<void>;
  /** Revokes every sign-in of the user and forgets their refresh tokens and sign-in codes. */
  endSignIns(userId: string, now: Date): Promise<void>;
  /** Running and queued subscriptions end now; ended ones stay as they were. */
  endSubscriptions(userId: string, now: Date): Promise<void>;
  /** The payments stay (finance records) without the number that paid. */
  erasePayerPhones(userId: string, now: Date): Promise<void>;
  /**
   * Deletes the messages they sent support, signed in or from the same phone number: the name,
   * number and words they typed. Before anonymise, which removes the number.
   */
  eraseSupportMessages(userId: string): Promise<void>;
  /** Deletes the record of whose phone numbers they were shown, and when. */
  eraseContactReveals(userId: string): Promise<void>;
  /** Deletes the listings they saved: what someone looked at to live in is theirs alone. */
  eraseFavourites(userId: string): Promise<void>;
  /** Their saved searches, the matches and alerts waiting on them, and the record of alerts sent. */
  eraseSavedSearches(userId: string): Promise<void>;
  /**
   * Forgets the user's resumable uploads not attached yet (decision 043); answers their ids, whose
   * files the caller deletes once this commits (the upload sweep deletes any it could not).
   */
  eraseOpenUploads(userId: string): Promise<string[]>;
  /** The numbers they proved for their listings, and the codes sent to prove them. */
  eraseOwnerPhones(userId: string): Promise<void>;
  /**
   * The words they wrote in reports. The reports stay, for what they did to holds and the daily
   * cap (their reporter key is a keyed hash, not the number).
   */
  eraseReportNotes(userId: string): Promise<void>;
  /** Names emptied, phone number removed (free for a new account), deleted_at set. */
  anonymise(userId: string, now: Date): Promise<void>;
}

const profileColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
};

const ACCOUNT_DELETED: RevokedReason = 'account_deleted';

/** `now` as a value of SQL expressions (a bare Date is not typed there). */
const timestamp = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/** A live account always has a phone number (users_phone_until_deleted): no row otherwise. */
function live(row: (Omit<UserRow, 'phoneNumber'> & { phoneNumber: string | null }) | undefined) {
  if (!row || row.phoneNumber === null) return undefined;
  return { ...row, phoneNumber: row.phoneNumber };
}

export function createUsersRepository(db: Database): UsersRepository {
  return {
    transaction: (work) => transactionRefreshingCards(db, (tx) => work(createUsersRepository(tx))),

    async findById(id) {
      const [row] = await db
        .select(profileColumns)
        .from(users)
        .where(and(eq(users.id, id), isNull(users.deletedAt)));
      return live(row);
    },

    async updateNames(id, { firstName, lastName }, now) {
      const [row] = await db
        .update(users)
        .set({ firstName, lastName, updatedAt: now })
        .where(and(eq(users.id, id), isNull(users.deletedAt)))
        .returning(profileColumns);
      return live(row);
    },

    lockContactReveals: (userId) => lockContactRevealsOf(db, userId),
    lockFavourites: (userId) => lockFavouritesOf(db, userId),

    async lockLiveUser(id) {
      const [row] = await db
        .select({ deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, id))
        .for('update');
      return row !== undefined && row.deletedAt === null;
    },

    async archiveListingsOf(userId, now) {
      await db
        .update(properties)
        .set({
          status: 'archived',
          deletedAt: sql`coalesce(${properties.deletedAt}, ${timestamp(now)})`,
          ownerName: '',
          ownerPhoneNumber: null,
          updatedAt: now,
        })
        .where(eq(properties.publishedBy, userId));
      // Their pending edits go too (one may hold a new contact number); the photos those edits
      // added are journaled, so the media sweeper deletes their files.
      await db.execute(sql`with gone as (
  delete from ${pendingChanges}
  where ${pendingChanges.propertyId} in (select ${properties.id} from ${properties} where ${properties.publishedBy} = ${userId})
  returning ${pendingChanges.propertyId} as property_id, ${pendingChanges.addedPhotos} as added_photos
)
insert into ${mediaUploads} (key, property_id, created_at)
select variant->>'key', gone.property_id, ${timestamp(now)}
from gone, jsonb_array_elements(gone.added_photos) photo, jsonb_array_elements(photo->'variants') variant
on conflict do nothing`);
      await db.execute(sql`with gone as (
  delete from ${propertyPhotos}
  where ${propertyPhotos.propertyId} in (select ${properties.id} from ${properties} where ${properties.publishedBy} = ${userId})
  returning ${propertyPhotos.propertyId} as property_id, ${propertyPhotos.variants} as variants
)
insert into ${mediaUploads} (key, property_id, created_at)
select variant->>'key', gone.property_id, ${timestamp(now)}
from gone, jsonb_array_elements(gone.variants) variant
on conflict do nothing`);
    },

    async endSignIns(userId, now) {
      await db
        .update(authSessions)
        .set({
          revokedAt: sql`coalesce(${authSessions.revokedAt}, ${timestamp(now)})`,
          revokedReason: sql`coalesce(${authSessions.revokedReason}, ${ACCOUNT_DELETED})`,
          userAgent: null,
        })
        .where(eq(authSessions.userId, userId));
      await db
        .delete(refreshTokens)
        .where(
          sql`${refreshTokens.sessionId} in (select ${authSessions.id} from ${authSessions} where ${authSessions.userId} = ${userId})`,
        );
      await db.delete(otpChallenges).where(eq(otpChallenges.userId, userId));
    },

    async endSubscriptions(userId, now) {
      await db
        .update(subscriptions)
        .set({
          startsAt: sql`least(${subscriptions.startsAt}, ${timestamp(now)})`,
          endsAt: now,
        })
        .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, now)));
    },

    async erasePayerPhones(userId, now) {
      await db
        .update(payments)
        .set({ payerPhone: null, updatedAt: now })
        .where(eq(payments.userId, userId));
    },

    async eraseSupportMessages(userId) {
      await db
        .delete(supportMessages)
        .where(
          sql`${supportMessages.userId} = ${userId} or ${supportMessages.phone} = (select ${users.phoneNumber} from ${users} where ${users.id} = ${userId})`,
        );
    },

    async eraseContactReveals(userId) {
      await db.delete(contactReveals).where(eq(contactReveals.userId, userId));
    },

    async eraseFavourites(userId) {
      await db.delete(favourites).where(eq(favourites.userId, userId));
    },

    async eraseSavedSearches(userId) {
      await db.delete(savedSearchMatches).where(eq(savedSearchMatches.userId, userId));
      await db.delete(savedSearches).where(eq(savedSearches.userId, userId));
      await db.delete(alertSms).where(eq(alertSms.userId, userId));
    },

    async eraseOpenUploads(userId) {
      const gone = await db
        .delete(photoUploads)
        .where(and(eq(photoUploads.userId, userId), isNull(photoUploads.photoId)))
        .returning({ id: photoUploads.id });
      return gone.map((row) => row.id);
    },

    async eraseOwnerPhones(userId) {
      await db.delete(verifiedOwnerPhones).where(eq(verifiedOwnerPhones.userId, userId));
      await db.delete(ownerPhoneChallenges).where(eq(ownerPhoneChallenges.userId, userId));
    },

    async eraseReportNotes(userId) {
      await db
        .update(listingReports)
        .set({ note: null })
        .where(eq(listingReports.reporterId, userId));
    },

    async anonymise(userId, now) {
      await db
        .update(users)
        .set({
          firstName: '',
          lastName: '',
          phoneNumber: null,
          canPost: false,
          canEdit: false,
          canDelete: false,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
    },
  };
}

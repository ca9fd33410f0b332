import type { TDeleteUserResponse, TUpdateUserBody, TUser } from '@makazi/contracts/users';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { accountGone, type Actor } from '../access/access';
import type { UserRow, UsersRepository } from './users.repository';

export interface UsersService {
  get(actor: Actor, userId: string): Promise<TUser>;
  update(actor: Actor, userId: string, body: TUpdateUserBody): Promise<TUser>;
  /**
   * Deletes the actor's own account (decision 023), in one transaction: their listings archived
   * and their contact erased, every sign-in ended, subscriptions ended, the payments kept without
   * the number that paid, their contact reveals, favourites, saved searches, proven contact
   * numbers and the words of their reports erased, their listings' photos deleted, and the user
   * row anonymised (names emptied, phone number removed).
   */
  remove(actor: Actor, userId: string): Promise<TDeleteUserResponse>;
}

function toUser(row: UserRow): TUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneNumber: row.phoneNumber,
  };
}

/** A profile is its owner's alone: the same answer whether or not another id exists. */
function assertSelf(
  actor: Actor,
  userId: string,
  refusal = 'You can only see and change your own profile.',
): void {
  if (actor.userId !== userId) throw new AppError('FORBIDDEN', refusal);
}

export function createUsersService(
  repository: UsersRepository,
  clock: Clock,
  /** The resumable uploads' files (uploads/upload-files.ts): an account's go with it. */
  uploadFiles: { remove(id: string): Promise<void> },
): UsersService {
  return {
    async get(actor, userId) {
      assertSelf(actor, userId);
      const row = await repository.findById(userId);
      if (!row) throw accountGone();
      return toUser(row);
    },
    async update(actor, userId, body) {
      assertSelf(actor, userId);
      const row = await repository.updateNames(
        userId,
        { firstName: body.firstName, lastName: body.lastName },
        clock(),
      );
      if (!row) throw accountGone();
      return toUser(row);
    },
    async remove(actor, userId) {
      assertSelf(actor, userId, 'You can only delete your own account.');
      const openUploads = await repository.transaction(async (tx) => {
        // First: a reveal of an owner's contact in flight either is recorded before the erasure
        // below, or waits and then finds the account deleted.
        await tx.lockContactReveals(userId);
        // Likewise a favourite being saved.
        await tx.lockFavourites(userId);
        // Deleted by another request meanwhile (two tabs): this session has just ended too.
        if (!(await tx.lockLiveUser(userId))) throw accountGone();
        const now = clock();
        await tx.archiveListingsOf(userId, now);
        await tx.endSignIns(userId, now);
        await tx.endSubscriptions(userId, now);
        await tx.erasePayerPhones(userId, now);
        await tx.eraseSupportMessages(userId);
        await tx.eraseContactReveals(userId);
        await tx.eraseFavourites(userId);
        await tx.eraseSavedSearches(userId);
        const uploads = await tx.eraseOpenUploads(userId);
        await tx.eraseOwnerPhones(userId);
        await tx.eraseReportNotes(userId);
        await tx.anonymise(userId, now);
        return uploads;
      });
      // Their half-sent photos leave the disk now; one that cannot be removed has no row left,
      // so the upload sweep removes it within the hour.
      await Promise.allSettled(openUploads.map((id) => uploadFiles.remove(id)));
      return { id: userId, deleted: true };
    },
  };
}

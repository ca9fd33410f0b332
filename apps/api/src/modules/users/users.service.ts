import type { TUpdateUserBody, TUser } from '@makazi/contracts/users';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { accountGone, type Actor } from '../access/access';
import type { UserRow, UsersRepository } from './users.repository';

export interface UsersService {
  get(actor: Actor, userId: string): Promise<TUser>;
  update(actor: Actor, userId: string, body: TUpdateUserBody): Promise<TUser>;
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
function assertSelf(actor: Actor, userId: string): void {
  if (actor.userId !== userId) {
    throw new AppError('FORBIDDEN', 'You can only see and change your own profile.');
  }
}

export function createUsersService(repository: UsersRepository, clock: Clock): UsersService {
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
  };
}

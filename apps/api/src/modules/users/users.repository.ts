import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export interface UserRow {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export interface UsersRepository {
  findById(id: string): Promise<UserRow | undefined>;
  updateNames(
    id: string,
    names: { firstName: string; lastName: string },
    now: Date,
  ): Promise<UserRow | undefined>;
}

const profileColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
};

export function createUsersRepository(db: Database): UsersRepository {
  return {
    async findById(id) {
      const [row] = await db.select(profileColumns).from(users).where(eq(users.id, id));
      return row;
    },
    async updateNames(id, { firstName, lastName }, now) {
      const [row] = await db
        .update(users)
        .set({ firstName, lastName, updatedAt: now })
        .where(eq(users.id, id))
        .returning(profileColumns);
      return row;
    },
  };
}

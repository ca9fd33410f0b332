import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { PublisherPermissionsReader } from './access';

/*
 * The SQL of access checks. A module whose service checks access exposes this repository as its
 * own repository's `access`, made from the same connection: a check inside a transaction then
 * reads through it, where a read on another connection would wait for the transaction to end on
 * PGlite's one connection.
 */

export type AccessRepository = PublisherPermissionsReader;

export function createAccessRepository(db: Database): AccessRepository {
  return {
    async readPublisherPermissions(userId) {
      const [row] = await db
        .select({ canPost: users.canPost, canEdit: users.canEdit, canDelete: users.canDelete })
        .from(users)
        // A deleted account is as gone as a missing one: 401 (accountGone).
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      return row;
    },
  };
}

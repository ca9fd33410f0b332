import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { TPropertyStatus, TPropertyType } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import { properties, users } from '../../db/schema';
import type { PublisherPermissions } from '../access/access';
import { recordAudit, type AuditEntry } from './audit.repository';
import { transactionRefreshingCards } from '../properties/catalogue-cards';

/*
 * SQL of the admin's users pages: the searchable list, one user's detail, and the publishing
 * switches (users.can_post / can_edit / can_delete) the access module reads on every write.
 */

export interface AdminUserRecord {
  id: string;
  firstName: string;
  lastName: string;
  /** Null once the account is deleted. */
  phoneNumber: string | null;
  canPost: boolean;
  canEdit: boolean;
  canDelete: boolean;
  reportsHeard: boolean;
  createdAt: Date;
  /** When the person deleted their account (the row stays, anonymised). */
  deletedAt: Date | null;
}

/** What an admin switches on a user: the publishing permissions, and whether their reports count. */
export type UserPermissions = PublisherPermissions & { reportsHeard: boolean };

export interface AdminUserListing {
  id: string;
  type: TPropertyType;
  title: string;
  description: string;
  status: TPropertyStatus;
  createdAt: Date;
}

export interface AdminUsersRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AdminUsersRepository) => Promise<T>): Promise<T>;
  /**
   * A page of users, newest first, and how many match in all. `pattern` is an ILIKE pattern
   * (wildcards in the search already escaped) over name and phone; undefined lists everyone.
   */
  listUsers(
    pattern: string | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: AdminUserRecord[]; total: number }>;
  /** Listings not deleted (archived), per user id; users without any are absent. */
  countListings(userIds: string[]): Promise<Map<string, number>>;
  findUser(id: string): Promise<AdminUserRecord | undefined>;
  /** The user's listings but deleted ones, newest first. */
  listingsOf(userId: string): Promise<AdminUserListing[]>;
  /** The switches, the row locked until the transaction ends so two admins change them in turn. */
  lockPermissions(userId: string): Promise<UserPermissions | undefined>;
  updatePermissions(userId: string, permissions: UserPermissions, now: Date): Promise<void>;
  /** Ends a suspension (decision 040): the publisher's listings may be listed again. */
  liftSuspension(userId: string): Promise<void>;
  recordAudit(entry: AuditEntry): Promise<void>;
}

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phoneNumber: users.phoneNumber,
  canPost: users.canPost,
  canEdit: users.canEdit,
  canDelete: users.canDelete,
  reportsHeard: users.reportsHeard,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
};

/** Exactly the expression of users_search_trgm_idx, so a substring search can use the index. */
const searchText = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.phoneNumber})`;

const notDeleted = ne(properties.status, 'archived');

/**
 * Rows that are someone's account: the number was proven by a code, or the account was deleted
 * (which takes a sign-in; rows deleted before numbers were marked proven have no mark). A sign-up
 * nobody answered a code for is no one's yet, and the admin pages do not show or count it.
 */
export const accountHolders: SQL = or(
  isNotNull(users.phoneVerifiedAt),
  isNotNull(users.deletedAt),
)!;

export function createAdminUsersRepository(db: Database): AdminUsersRepository {
  return {
    transaction: (work) =>
      transactionRefreshingCards(db, (tx) => work(createAdminUsersRepository(tx))),

    async listUsers(pattern, limit, offset) {
      const where = and(
        accountHolders,
        pattern === undefined ? undefined : ilike(searchText, pattern),
      );
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit)
        .offset(offset);
      const [counted] = await db.select({ total: count() }).from(users).where(where);
      return { rows, total: counted?.total ?? 0 };
    },

    async countListings(userIds) {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: properties.publishedBy, listings: count() })
        .from(properties)
        .where(and(inArray(properties.publishedBy, userIds), notDeleted))
        .groupBy(properties.publishedBy);
      return new Map(rows.map((row) => [row.userId, row.listings]));
    },

    async findUser(id) {
      const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
      return row;
    },

    async listingsOf(userId) {
      return db
        .select({
          id: properties.id,
          type: properties.type,
          title: properties.title,
          description: properties.description,
          status: properties.status,
          createdAt: properties.createdAt,
        })
        .from(properties)
        .where(and(eq(properties.publishedBy, userId), notDeleted))
        .orderBy(desc(properties.createdAt), desc(properties.id));
    },

    async lockPermissions(userId) {
      const [row] = await db
        .select({
          canPost: users.canPost,
          canEdit: users.canEdit,
          canDelete: users.canDelete,
          reportsHeard: users.reportsHeard,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row;
    },

    async updatePermissions(userId, { canPost, canEdit, canDelete, reportsHeard }, now) {
      await db
        .update(users)
        .set({ canPost, canEdit, canDelete, reportsHeard, updatedAt: now })
        .where(eq(users.id, userId));
    },

    async liftSuspension(userId) {
      await db.update(users).set({ suspendedAt: null }).where(eq(users.id, userId));
      await db
        .update(properties)
        .set({ publisherSuspendedAt: null })
        .where(and(eq(properties.publishedBy, userId), isNotNull(properties.publisherSuspendedAt)));
    },

    recordAudit: (entry) => recordAudit(db, entry),
  };
}

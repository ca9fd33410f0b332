import type {
  TAdminUserDetail,
  TAdminUserRow,
  TAdminUsersQuery,
  TAdminUsersResponse,
  TPermissions,
  TUpdatePermissionsBody,
} from '@makazi/contracts/admin';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { normaliseTanzanianMobile } from '../../lib/phone';
import type { AdminActor } from '../access/access';
import type { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { accessEndsAt } from '../subscriptions/subscriptions.service';
import { displayName } from './deleted-user';
import type {
  AdminUserRecord,
  AdminUsersRepository,
  UserPermissions,
} from './admin-users.repository';

export interface AdminUsersService {
  list(query: TAdminUsersQuery): Promise<TAdminUsersResponse>;
  get(userId: string): Promise<TAdminUserDetail>;
  /** Changes the switches that were sent; answers all three as they now are. */
  updatePermissions(
    admin: AdminActor,
    userId: string,
    body: TUpdatePermissionsBody,
    ip: string,
  ): Promise<TPermissions>;
}

export interface AdminUsersDeps {
  repository: AdminUsersRepository;
  /** The user detail's subscription follows the same rule as the user's own status route. */
  subscriptions: SubscriptionsRepository;
  clock: Clock;
}

/** Typed like a phone number: digits with the separators people type, at most one leading +. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d[\d\s().-]*$/;
const SEPARATORS = /[\s().-]/g;

/**
 * What to look for in "first last +255…": a phone, however typed (0712…, +255712…, 712…, whole or
 * partial), becomes the digits after +255, since stored numbers are E.164 and "0712" is not a
 * substring of "+255712…". Anything else is searched as typed.
 */
export function searchTerm(q: string): string {
  if (!PHONE_LIKE.test(q)) return q;
  const whole = normaliseTanzanianMobile(q);
  if (whole) return whole.slice('+255'.length);
  const digits = q.replace(SEPARATORS, '');
  const national = digits.replace(/^(\+255|0)/, '');
  // "0" or "+255" alone say nothing beyond "a phone": look for the digits as typed.
  return national === '' ? digits.replace(/^\+/, '') : national;
}

/** An ILIKE pattern matching `term` anywhere, its own % _ and \ taken literally. */
export function substringPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function toPermissions(record: UserPermissions): TPermissions {
  return {
    canEdit: record.canEdit,
    canDelete: record.canDelete,
    canPost: record.canPost,
    reportsHeard: record.reportsHeard,
  };
}

function toRow(record: AdminUserRecord, numberOfProperties: number): TAdminUserRow {
  return {
    id: record.id,
    firstName: record.firstName,
    lastName: record.lastName,
    name: displayName(record),
    phoneNumber: record.phoneNumber ?? '',
    numberOfProperties,
    permissions: toPermissions(record),
    createdAt: record.createdAt.toISOString(),
  };
}

const PERMISSION_KEYS = ['canEdit', 'canDelete', 'canPost', 'reportsHeard'] as const;

const unknownUser = () => notFound('No user has this id.');

export function createAdminUsersService({
  repository,
  subscriptions,
  clock,
}: AdminUsersDeps): AdminUsersService {
  return {
    async list({ q, page, pageSize }) {
      const pattern = q ? substringPattern(searchTerm(q)) : undefined;
      const { rows, total } = await repository.listUsers(pattern, pageSize, (page - 1) * pageSize);
      const counts = await repository.countListings(rows.map((row) => row.id));
      return {
        items: rows.map((row) => toRow(row, counts.get(row.id) ?? 0)),
        page,
        pageSize,
        total,
      };
    },

    async get(userId) {
      const record = await repository.findUser(userId);
      if (!record) throw unknownUser();
      const listings = await repository.listingsOf(userId);
      const now = clock();
      const endsAt = accessEndsAt(await subscriptions.unendedWindows(userId, now), now);
      return {
        user: toRow(record, listings.length),
        subscription: { isActive: endsAt !== undefined, endsAt: endsAt?.toISOString() ?? null },
        properties: listings.map((listing) => ({
          id: listing.id,
          type: listing.type,
          title: listing.title,
          description: listing.description,
          status: listing.status,
          createdAt: listing.createdAt.toISOString(),
        })),
      };
    },

    async updatePermissions(admin, userId, body, ip) {
      return repository.transaction(async (tx) => {
        const current = await tx.lockPermissions(userId);
        if (!current) throw unknownUser();
        const next = { ...current };
        const before: Partial<TPermissions> = {};
        const after: Partial<TPermissions> = {};
        for (const key of PERMISSION_KEYS) {
          const wanted = body[key];
          if (wanted === undefined || wanted === current[key]) continue;
          before[key] = current[key];
          after[key] = wanted;
          next[key] = wanted;
        }
        // Sending the values a user already has changes nothing, so there is nothing to audit.
        if (Object.keys(after).length === 0) return toPermissions(current);
        const now = clock();
        await tx.updatePermissions(userId, next, now);
        // Posting allowed again ends a suspension from the reports queue: its listings return.
        if (after.canPost === true) await tx.liftSuspension(userId);
        await tx.recordAudit({
          adminId: admin.adminId,
          actor: admin.username,
          action: 'user.permissions',
          targetType: 'user',
          targetId: userId,
          before,
          after,
          ip,
          at: now,
        });
        return toPermissions(next);
      });
    },
  };
}

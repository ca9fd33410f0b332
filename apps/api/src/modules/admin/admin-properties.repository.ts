import { contactVerified } from '../properties/properties.repository';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { TLocale } from '@makazi/contracts/common';
import type { TPendingChangeStatus } from '@makazi/contracts/listings';
import type { TPropertyStatus, TPropertyType } from '@makazi/contracts/property-values';
import type { Database } from '../../db/client';
import { pendingChanges, properties, propertyPhotos, regions, users } from '../../db/schema';
import type { PendingChangeState } from '../listings/pending-change';
import {
  createPendingChangesRepository as pendingChangesOf,
  type PendingChangesRepository,
} from '../listings/pending-changes.repository';
import { escapeLike } from '../../lib/escape-like';
import { recordAudit, type AuditEntry } from './audit.repository';
import { millisIso } from '../../db/iso-text';
import { transactionRefreshingCards } from '../properties/catalogue-cards';

/*
 * All SQL of moderation: the review list, the listing an admin acts on (locked), the publisher's
 * contact for the SMS, and the audit entry written in the same transaction as the change. The
 * listing itself is read back through the properties module (the owner view).
 */

export type ModeratedStatus = 'pending' | 'approved' | 'rejected';

export interface ModerationFilters {
  type: TPropertyType | undefined;
  status: ModeratedStatus;
  /** Trimmed, non-empty; matched as a literal substring. */
  search: string | undefined;
}

export type ModerationRow = {
  id: string;
  type: TPropertyType;
  title: string;
  status: TPropertyStatus;
  regionName: string | null;
  priceTzs: number;
  publisherId: string;
  publisherFirstName: string;
  publisherLastName: string;
  publisherPhoneNumber: string;
  /** Variants of the first showable photo (position order); null without one. */
  coverVariants: { width: number; height: number; key: string }[] | null;
  rejectionReason: string | null;
  pendingChange: TPendingChangeStatus | null;
  contactVerified: boolean;
  /** ISO 8601 UTC with milliseconds. */
  createdAt: string;
  updatedAt: string;
};

/** What moderation needs of a listing, read under its row lock. */
export interface ModeratedListing {
  id: string;
  status: TPropertyStatus;
  rejectionReason: string | null;
  title: string;
  publishedBy: string;
  /** The owner's edit of the live listing, when there is one. */
  pendingChange: PendingChangeState | undefined;
}

export interface Publisher {
  id: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  locale: TLocale;
}

export interface ModerationChange {
  status: 'approved' | 'rejected';
  rejectionReason: string | null;
  /** Set when the listing goes public; left as it was otherwise. */
  approvedAt?: Date;
}

export interface AdminPropertiesRepository {
  /** Runs `work` in one transaction, with a repository bound to it. */
  transaction<T>(work: (repository: AdminPropertiesRepository) => Promise<T>): Promise<T>;
  /** One page of listings matching the filters, in the status's review order, and their count. */
  list(
    filters: ModerationFilters,
    offset: number,
    limit: number,
  ): Promise<{ rows: ModerationRow[]; total: number }>;
  /** How many listings of each type wait for review; a type with none is left out. */
  awaitingByType(): Promise<{ type: TPropertyType; count: number }[]>;
  /**
   * The listing with its row locked until the transaction ends (SELECT … FOR UPDATE): an owner's
   * edit (which also locks it) and another admin's decision wait for this one, so the status an
   * admin approves is the one the owner left. undefined when no row has this id.
   */
  lockListing(id: string): Promise<ModeratedListing | undefined>;
  setModeration(id: string, change: ModerationChange, now: Date): Promise<void>;
  /** Edits of live listings, on this repository's connection. */
  pendingChanges: PendingChangesRepository;
  /** The publisher of a listing that is not archived; undefined for an archived or unknown id. */
  publisherOfListing(id: string): Promise<Publisher | undefined>;
  publisher(userId: string): Promise<Publisher | undefined>;
  /** Appends to the audit log in this repository's transaction. */
  recordAudit(entry: AuditEntry): Promise<void>;
}

const p = properties;
const ph = propertyPhotos;

/*
 * The queue (pending) is worked oldest first, so nothing waits for ever; it walks
 * properties_status_type_created_idx. Decided listings are looked up by what changed last.
 */
const ORDER: Record<ModeratedStatus, SQL> = {
  pending: sql`${p.createdAt} asc, ${p.id} asc`,
  approved: sql`${p.updatedAt} desc, ${p.id} desc`,
  rejected: sql`${p.updatedAt} desc, ${p.id} desc`,
};

/**
 * Phone numbers are stored as E.164 (+255712…) but an admin types them as the owner says them
 * (0712…, 712…): a term that reads as a Tanzanian number is also tried without its prefix.
 */
function phoneDigits(search: string): string | undefined {
  const compact = search.replace(/[\s-]/g, '');
  const match = /^(?:\+?255|0)?(\d{3,9})$/.exec(compact);
  return match?.[1];
}

/**
 * The queue holds new listings and edits of live ones; the edits are found through their own
 * table (a short list of ids probed by primary key), not by a scan of every approved listing.
 */
const awaitingReview = sql`(${p.status} = 'pending' or ${p.id} = any(array(
  select ${pendingChanges.propertyId} from ${pendingChanges} where ${pendingChanges.status} = 'pending')))`;

function conditions(filters: ModerationFilters): SQL {
  const where: SQL[] = [
    filters.status === 'pending' ? awaitingReview : sql`${p.status} = ${filters.status}`,
  ];
  if (filters.type !== undefined) where.push(sql`${p.type} = ${filters.type}`);
  if (filters.search !== undefined) {
    const pattern = `%${escapeLike(filters.search)}%`;
    const digits = phoneDigits(filters.search);
    const publisherMatches = [
      sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
      sql`${users.phoneNumber} ilike ${pattern}`,
      ...(digits === undefined ? [] : [sql`${users.phoneNumber} like ${`%${digits}%`}`]),
    ];
    where.push(
      sql`(${p.title} ilike ${pattern} or exists (select 1 from ${users} where ${users.id} = ${p.publishedBy} and (${sql.join(publisherMatches, sql` or `)})))`,
    );
  }
  return sql.join(where, sql` and `);
}

/** A deleted account is no publisher: its listings are archived and its number is gone. */
async function readPublisher(db: Database, where: SQL): Promise<Publisher | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phoneNumber: users.phoneNumber,
      locale: users.locale,
    })
    .from(users)
    .where(and(where, isNull(users.deletedAt)));
  if (!row || row.phoneNumber === null) return undefined;
  return { ...row, phoneNumber: row.phoneNumber };
}

export function createAdminPropertiesRepository(db: Database): AdminPropertiesRepository {
  return {
    transaction: (work) =>
      transactionRefreshingCards(db, (tx) => work(createAdminPropertiesRepository(tx))),

    async list(filters, offset, limit) {
      const where = conditions(filters);
      const [page, count] = await Promise.all([
        db.execute<ModerationRow>(sql`select
  ${p.id} as "id", ${p.type} as "type", ${p.title} as "title", ${p.status} as "status",
  (select ${regions.name} from ${regions} where ${regions.id} = ${p.regionId}) as "regionName",
  ${p.priceTzs}::float8 as "priceTzs",
  ${users.id} as "publisherId", ${users.firstName} as "publisherFirstName",
  ${users.lastName} as "publisherLastName", ${users.phoneNumber} as "publisherPhoneNumber",
  (select ${ph.variants} from ${ph}
    where ${ph.propertyId} = ${p.id} and jsonb_array_length(${ph.variants}) > 0
    order by ${ph.position} limit 1) as "coverVariants",
  ${p.rejectionReason} as "rejectionReason", ${contactVerified} as "contactVerified",
  (select ${pendingChanges.status} from ${pendingChanges}
    where ${pendingChanges.propertyId} = ${p.id}) as "pendingChange",
  ${millisIso(sql`${p.createdAt}`)} as "createdAt", ${millisIso(sql`${p.updatedAt}`)} as "updatedAt"
from ${p} join ${users} on ${users.id} = ${p.publishedBy}
where ${where}
order by ${ORDER[filters.status]}
limit ${limit} offset ${offset}`),
        db.execute<{ total: number }>(
          sql`select count(*)::int as "total" from ${p} where ${where}`,
        ),
      ]);
      return {
        rows: page.rows,
        total: count.rows[0]?.total ?? 0,
      };
    },

    async awaitingByType() {
      // The queue's own condition, so each count is that type's list total; it reads what the
      // queue's count already reads (the pending rows by index, the edits by primary key), not
      // the approved catalogue.
      const result = await db.execute<{ type: TPropertyType; count: number }>(
        sql`select ${p.type} as "type", count(*)::int as "count" from ${p}
where ${awaitingReview} group by ${p.type}`,
      );
      return result.rows;
    },

    async lockListing(id) {
      const [row] = await db
        .select({
          id: p.id,
          status: p.status,
          rejectionReason: p.rejectionReason,
          title: p.title,
          publishedBy: p.publishedBy,
        })
        .from(p)
        .where(eq(p.id, id))
        .for('update');
      return row && { ...row, pendingChange: await pendingChangesOf(db).find(id) };
    },

    pendingChanges: pendingChangesOf(db),

    async setModeration(id, change, now) {
      await db
        .update(p)
        .set({
          status: change.status,
          rejectionReason: change.rejectionReason,
          // Approval counts as the owner confirming it is available (decision 040): the
          // freshness clock starts again, and any stale mark or reminder belongs to the past.
          ...(change.approvedAt
            ? {
                approvedAt: change.approvedAt,
                confirmedAt: change.approvedAt,
                staleAt: null,
                staleReminderAt: null,
              }
            : {}),
          updatedAt: now,
        })
        .where(eq(p.id, id));
    },

    publisherOfListing: (id) =>
      readPublisher(
        db,
        sql`${users.id} = (select ${p.publishedBy} from ${p} where ${p.id} = ${id}::uuid and ${p.status} <> 'archived')`,
      ),

    publisher: (userId) => readPublisher(db, eq(users.id, userId)),

    recordAudit: (entry) => recordAudit(db, entry),
  };
}

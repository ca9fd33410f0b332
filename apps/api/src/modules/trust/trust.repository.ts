import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { TLocale } from '@makazi/contracts/common';
import type { TPropertyStatus, TPropertyType } from '@makazi/contracts/property-values';
import type {
  TClaimDecision,
  TClaimStatus,
  TListingVisibility,
  TReportReason,
  TReportStatus,
} from '@makazi/contracts/trust-values';
import type { Database } from '../../db/client';
import {
  contactReveals,
  listingReports,
  payments,
  properties,
  subscriptions,
  users,
} from '../../db/schema';
import { transactionRefreshingCards } from '../properties/catalogue-cards';
import {
  contactVerified,
  listingVisibility,
  thumbnailKey,
} from '../properties/properties.repository';
import { recordAudit, type AuditEntry } from '../admin/audit.repository';
import { lockContactRevealsOf } from '../subscriptions/subscriptions.repository';

/*
 * Trust's SQL (decision 040): reports and claims, a listing's freshness, guarantee credits and the
 * admin's reports queue. Every write that can change whether a listing is listed runs in a
 * transaction that refreshes the catalogue's cards (transactionRefreshingCards).
 */

/** What the trust rules read of a listing, its row locked. */
export interface TrustListing {
  id: string;
  title: string;
  type: TPropertyType;
  status: TPropertyStatus;
  publishedBy: string;
  listed: boolean;
  createdAt: Date;
  takenAt: Date | null;
  /** When the taken mark was written (takenAt may name an earlier day). */
  takenMarkedAt: Date | null;
  takenDownAs: TReportReason | null;
  heldForReportsAt: Date | null;
  reportsClearedAt: Date | null;
}

export interface ReportRecord {
  id: string;
  propertyId: string;
  reporterId: string;
  /** The reporter's number, as a keyed hash (reporter-key.ts): one reporter across accounts. */
  reporterKey: string;
  reason: TReportReason;
  note: string | null;
  status: TReportStatus;
  countsToHold: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** Created, or filed again after it was closed: what the daily cap counts. */
  filedAt: Date;
  resolvedAt: Date | null;
  claimStatus: TClaimStatus | null;
  claimRevealedAt: Date | null;
  claimSubscriptionId: string | null;
  claimDecidedAt: Date | null;
  claimDecision: TClaimDecision | null;
  creditPaymentId: string | null;
}

/** Who a text goes to: a user's number and language; undefined once they deleted their account. */
export interface Recipient {
  phoneNumber: string;
  locale: TLocale;
}

/** The paid subscription a reveal happened under, and its plan. */
export interface PaidPeriod {
  subscriptionId: string;
  planId: string;
}

export type ReminderDue = {
  id: string;
  title: string;
  publishedBy: string;
};

export interface RevealedListingRow {
  propertyId: string;
  title: string;
  type: TPropertyType;
  priceTzs: number;
  status: TPropertyStatus;
  listed: boolean;
  takenAt: Date | null;
  revealedAt: Date;
  coverKey: string | null;
  ownerName: string;
  /** Null only on an archived listing whose publisher deleted their account. */
  ownerPhoneNumber: string | null;
}

export interface ReportedListingRow {
  id: string;
  title: string;
  type: TPropertyType;
  status: TPropertyStatus;
  /** As the owner view says it (properties.repository listingVisibility). */
  visibility: TListingVisibility | null;
  contactVerified: boolean;
  takenAt: Date | null;
  takenMarkedAt: Date | null;
  publisherId: string;
  publisherFirstName: string;
  publisherLastName: string;
  publisherDeletedAt: Date | null;
  publisherPhone: string | null;
  publisherSuspended: boolean;
  lastReportAt: Date | null;
}

export interface AdminReportRow extends ReportRecord {
  reporterFirstName: string;
  reporterLastName: string;
  reporterDeletedAt: Date | null;
  reporterPhone: string | null;
}

export interface TrustRepository {
  /** Runs `work` in one transaction that refreshes the cards of the listings it changed. */
  transaction<T>(work: (repository: TrustRepository) => Promise<T>): Promise<T>;
  lockListing(id: string): Promise<TrustListing | undefined>;
  /** Locks the user's row: credits and reports of one user are decided one at a time. */
  lockUser(userId: string): Promise<
    | {
        createdAt: Date;
        deleted: boolean;
        /** Null once deleted. */
        phoneNumber: string | null;
        suspended: boolean;
        /** Off once an admin muted them as a reporter. */
        reportsHeard: boolean;
      }
    | undefined
  >;
  findReport(propertyId: string, reporterId: string): Promise<ReportRecord | undefined>;
  findReportById(id: string): Promise<ReportRecord | undefined>;
  lockReport(id: string): Promise<ReportRecord | undefined>;
  insertReport(values: Omit<ReportRecord, 'id'>): Promise<ReportRecord>;
  updateReport(id: string, changes: Partial<Omit<ReportRecord, 'id'>>): Promise<ReportRecord>;
  /**
   * Reports one number filed since `since`, from any of its accounts, new or filed again
   * (listing_reports_reporter_key_filed_idx).
   */
  reportsFiledSince(reporterKey: string, since: Date): Promise<number>;
  /**
   * Distinct numbers whose open reports count to a hold, filed after the last admin look, from
   * accounts not deleted.
   */
  holdingReporters(propertyId: string, after: Date | null): Promise<number>;
  /**
   * Whether another account of the same number reported the listing in a way that may no longer
   * count (an admin dismissed it, or it never could): the number's word is not new.
   */
  discountedByKey(propertyId: string, reporterKey: string, reporterId: string): Promise<boolean>;
  /** The user's latest reveal of the listing at or after `since`. */
  latestReveal(userId: string, propertyId: string, since: Date): Promise<Date | undefined>;
  /** The paid subscription running at `at` (a credit's own window is not a period). */
  paidPeriodAt(userId: string, at: Date): Promise<PaidPeriod | undefined>;
  creditsInPeriod(subscriptionId: string): Promise<number>;
  /** The plan a subscription was bought with: a credit in its period is recorded against it. */
  planOfSubscription(subscriptionId: string): Promise<string>;
  /** The user's subscription windows not ended by `now`, earliest first. */
  unendedWindows(userId: string, now: Date): Promise<{ startsAt: Date; endsAt: Date }[]>;
  /** Records a guarantee credit: a free succeeded payment and its subscription window. */
  insertCredit(credit: {
    userId: string;
    planId: string;
    reportId: string;
    startsAt: Date;
    endsAt: Date;
    at: Date;
  }): Promise<string>;
  /** Pending claims on the listing: all of them, or those about reveals after `revealedAfter`. */
  pendingClaims(propertyId: string): Promise<ReportRecord[]>;
  setListing(
    id: string,
    changes: Partial<{
      status: 'rejected';
      rejectionReason: string;
      confirmedAt: Date;
      takenAt: Date;
      takenMarkedAt: Date;
      takenDownAs: TReportReason;
      staleAt: Date | null;
      staleReminderAt: Date | null;
      heldForReportsAt: Date | null;
      reportsClearedAt: Date;
    }>,
    now: Date,
  ): Promise<void>;
  /** Open reports of the listing become `status`, resolved at `now`. */
  resolveOpenReports(
    propertyId: string,
    status: 'dismissed' | 'actioned',
    now: Date,
  ): Promise<void>;
  /** Suspends a publisher: no posting, and every listing of theirs out of the catalogue. */
  suspendPublisher(userId: string, now: Date): Promise<void>;
  recipient(userId: string): Promise<Recipient | undefined>;
  recordAudit(entry: AuditEntry): Promise<void>;

  /** Listed listings confirmed at or before `confirmedBy` not yet reminded; marks them reminded. */
  claimReminders(confirmedBy: Date, now: Date, limit: number): Promise<ReminderDue[]>;
  /** Listed listings confirmed at or before `confirmedBy` become stale; answers how many. */
  markStale(confirmedBy: Date, now: Date, limit: number): Promise<number>;

  /** The listings whose contact the user was shown, latest reveal first. */
  revealedListings(userId: string, limit: number): Promise<RevealedListingRow[]>;
  reportsOf(reporterId: string, propertyIds: string[]): Promise<ReportRecord[]>;

  /** Listings with open reports or pending claims, latest report first. */
  reportedListings(
    offset: number,
    limit: number,
  ): Promise<{ rows: ReportedListingRow[]; total: number }>;
  reportedListing(propertyId: string): Promise<ReportedListingRow | undefined>;
  reportsOfListings(propertyIds: string[]): Promise<AdminReportRow[]>;
}

const p = properties;
const r = listingReports;

const listingColumns = {
  id: p.id,
  title: p.title,
  type: p.type,
  status: p.status,
  publishedBy: p.publishedBy,
  listed: p.listed,
  createdAt: p.createdAt,
  takenAt: p.takenAt,
  takenMarkedAt: p.takenMarkedAt,
  takenDownAs: p.takenDownAs,
  heldForReportsAt: p.heldForReportsAt,
  reportsClearedAt: p.reportsClearedAt,
};

const reportColumns = {
  id: r.id,
  propertyId: r.propertyId,
  reporterId: r.reporterId,
  reporterKey: r.reporterKey,
  reason: r.reason,
  note: r.note,
  status: r.status,
  countsToHold: r.countsToHold,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  filedAt: r.filedAt,
  resolvedAt: r.resolvedAt,
  claimStatus: r.claimStatus,
  claimRevealedAt: r.claimRevealedAt,
  claimSubscriptionId: r.claimSubscriptionId,
  claimDecidedAt: r.claimDecidedAt,
  claimDecision: r.claimDecision,
  creditPaymentId: r.creditPaymentId,
};

/** Listings the admin queue shows: an open report, or a claim waiting for a decision. */
const needsLook = or(eq(r.status, 'open'), eq(r.claimStatus, 'pending'));

const reportedColumns = {
  id: p.id,
  title: p.title,
  type: p.type,
  status: p.status,
  visibility: listingVisibility,
  // Reads the publisher as `users`: both queries below join them so.
  contactVerified,
  takenAt: p.takenAt,
  takenMarkedAt: p.takenMarkedAt,
  publisherId: users.id,
  publisherFirstName: users.firstName,
  publisherLastName: users.lastName,
  publisherDeletedAt: users.deletedAt,
  publisherPhone: users.phoneNumber,
  publisherSuspended: sql<boolean>`(${users.suspendedAt} is not null)`,
};

export function createTrustRepository(db: Database): TrustRepository {
  return {
    transaction: (work) => transactionRefreshingCards(db, (tx) => work(createTrustRepository(tx))),

    async lockListing(id) {
      const [row] = await db
        .select(listingColumns)
        .from(p)
        .where(and(eq(p.id, id), sql`${p.status} <> 'archived'`))
        .for('update');
      return row;
    },

    async lockUser(userId) {
      // The reveal lock first, as a reveal takes it before it reads the user (account deletion
      // takes it too): a reveal and a claim never wait for each other in the other order.
      await lockContactRevealsOf(db, userId);
      const [row] = await db
        .select({
          createdAt: users.createdAt,
          deleted: sql<boolean>`(${users.deletedAt} is not null)`,
          phoneNumber: users.phoneNumber,
          suspended: sql<boolean>`(${users.suspendedAt} is not null)`,
          reportsHeard: users.reportsHeard,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row;
    },

    async findReport(propertyId, reporterId) {
      const [row] = await db
        .select(reportColumns)
        .from(r)
        .where(and(eq(r.propertyId, propertyId), eq(r.reporterId, reporterId)));
      return row;
    },

    async findReportById(id) {
      const [row] = await db.select(reportColumns).from(r).where(eq(r.id, id));
      return row;
    },

    async lockReport(id) {
      const [row] = await db.select(reportColumns).from(r).where(eq(r.id, id)).for('update');
      return row;
    },

    async insertReport(values) {
      const [row] = await db.insert(r).values(values).returning(reportColumns);
      if (!row) throw new Error('report insert returned no row');
      return row;
    },

    async updateReport(id, changes) {
      const [row] = await db.update(r).set(changes).where(eq(r.id, id)).returning(reportColumns);
      if (!row) throw new Error(`report ${id} vanished while locked`);
      return row;
    },

    async reportsFiledSince(reporterKey, since) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(r)
        .where(and(eq(r.reporterKey, reporterKey), gte(r.filedAt, since)));
      return row?.n ?? 0;
    },

    async holdingReporters(propertyId, after) {
      const [row] = await db
        .select({ n: sql<number>`count(distinct ${r.reporterKey})::int` })
        .from(r)
        .innerJoin(users, eq(users.id, r.reporterId))
        .where(
          and(
            eq(r.propertyId, propertyId),
            eq(r.status, 'open'),
            eq(r.countsToHold, true),
            isNull(users.deletedAt),
            after ? gt(r.updatedAt, after) : undefined,
          ),
        );
      return row?.n ?? 0;
    },

    async discountedByKey(propertyId, reporterKey, reporterId) {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(r)
        .where(
          and(
            eq(r.propertyId, propertyId),
            eq(r.reporterKey, reporterKey),
            ne(r.reporterId, reporterId),
            or(eq(r.status, 'dismissed'), eq(r.countsToHold, false)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async latestReveal(userId, propertyId, since) {
      // contact_reveals_property_revealed_idx, then the few reveals of one listing.
      const [row] = await db
        .select({ at: sql<Date | null>`max(${contactReveals.revealedAt})` })
        .from(contactReveals)
        .where(
          and(
            eq(contactReveals.propertyId, propertyId),
            eq(contactReveals.userId, userId),
            gte(contactReveals.revealedAt, since),
          ),
        );
      const at = row?.at;
      return at === null || at === undefined ? undefined : new Date(at);
    },

    async paidPeriodAt(userId, at) {
      const [row] = await db
        .select({ subscriptionId: subscriptions.id, planId: payments.planId })
        .from(subscriptions)
        .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
        .where(
          and(
            eq(subscriptions.userId, userId),
            lte(subscriptions.startsAt, at),
            gt(subscriptions.endsAt, at),
            eq(payments.purpose, 'subscription'),
          ),
        )
        .orderBy(desc(subscriptions.startsAt))
        .limit(1);
      return row;
    },

    async creditsInPeriod(subscriptionId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(r)
        .where(and(eq(r.claimSubscriptionId, subscriptionId), isNotNull(r.creditPaymentId)));
      return row?.n ?? 0;
    },

    async planOfSubscription(subscriptionId) {
      const [row] = await db
        .select({ planId: payments.planId })
        .from(subscriptions)
        .innerJoin(payments, eq(payments.id, subscriptions.paymentId))
        .where(eq(subscriptions.id, subscriptionId));
      if (!row) throw new Error(`subscription ${subscriptionId} not found`);
      return row.planId;
    },

    async unendedWindows(userId, now) {
      return db
        .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endsAt, now)))
        .orderBy(asc(subscriptions.startsAt), asc(subscriptions.endsAt));
    },

    async insertCredit({ userId, planId, reportId, startsAt, endsAt, at }) {
      const [payment] = await db
        .insert(payments)
        .values({
          userId,
          purpose: 'guarantee_credit',
          planId,
          propertyId: null,
          amountTzs: 0,
          provider: null,
          network: null,
          payerPhone: null,
          status: 'succeeded',
          statusReason: 'Dead-end guarantee: a day back for a contact that was a dead end',
          // One credit per claim, whatever retries: the idempotency index holds it.
          idempotencyKey: `guarantee:${reportId}`,
          createdAt: at,
          updatedAt: at,
          completedAt: at,
        })
        .returning({ id: payments.id });
      if (!payment) throw new Error('credit insert returned no row');
      await db
        .insert(subscriptions)
        .values({ userId, paymentId: payment.id, startsAt, endsAt, createdAt: at });
      return payment.id;
    },

    async pendingClaims(propertyId) {
      return db
        .select(reportColumns)
        .from(r)
        .where(and(eq(r.propertyId, propertyId), eq(r.claimStatus, 'pending')))
        .orderBy(asc(r.createdAt))
        .for('update');
    },

    async setListing(id, changes, now) {
      await db
        .update(p)
        .set({ ...changes, updatedAt: now })
        .where(eq(p.id, id));
    },

    async resolveOpenReports(propertyId, status, now) {
      await db
        .update(r)
        .set({ status, resolvedAt: now })
        .where(and(eq(r.propertyId, propertyId), eq(r.status, 'open')));
    },

    async suspendPublisher(userId, now) {
      await db
        .update(users)
        .set({ canPost: false, suspendedAt: now, updatedAt: now })
        .where(eq(users.id, userId));
      await db
        .update(p)
        .set({ publisherSuspendedAt: now })
        .where(and(eq(p.publishedBy, userId), isNull(p.publisherSuspendedAt)));
    },

    async recipient(userId) {
      const [row] = await db
        .select({ phoneNumber: users.phoneNumber, locale: users.locale })
        .from(users)
        .where(eq(users.id, userId));
      return row?.phoneNumber ? { phoneNumber: row.phoneNumber, locale: row.locale } : undefined;
    },

    recordAudit: (entry) => recordAudit(db, entry),

    async claimReminders(confirmedBy, now, limit) {
      // SKIP LOCKED: a listing its owner is confirming right now is left for the next run.
      const result = await db.execute<ReminderDue>(sql`update ${p} set stale_reminder_at = ${now}
  where ${p.id} in (select ${p.id} from ${p}
    where ${p.listed} and ${p.confirmedAt} <= ${confirmedBy} and ${p.staleReminderAt} is null
    order by ${p.confirmedAt} limit ${limit} for update skip locked)
  returning ${p.id} as "id", ${p.title} as "title", ${p.publishedBy} as "publishedBy"`);
      return result.rows;
    },

    async markStale(confirmedBy, now, limit) {
      const result = await db.execute<{ id: string }>(sql`update ${p} set stale_at = ${now}
  where ${p.id} in (select ${p.id} from ${p}
    where ${p.listed} and ${p.confirmedAt} <= ${confirmedBy}
    order by ${p.confirmedAt} limit ${limit} for update skip locked)
  returning ${p.id} as "id"`);
      return result.rows.length;
    },

    async revealedListings(userId, limit) {
      const cr = contactReveals;
      const latest = db
        .select({
          propertyId: cr.propertyId,
          revealedAt: sql<Date>`max(${cr.revealedAt})`.as('revealed_at'),
        })
        .from(cr)
        .where(eq(cr.userId, userId))
        .groupBy(cr.propertyId)
        .as('latest');
      const rows = await db
        .select({
          propertyId: p.id,
          title: p.title,
          type: p.type,
          priceTzs: p.priceTzs,
          status: p.status,
          listed: p.listed,
          takenAt: p.takenAt,
          revealedAt: latest.revealedAt,
          coverKey: thumbnailKey,
          ownerName: p.ownerName,
          ownerPhoneNumber: p.ownerPhoneNumber,
        })
        .from(latest)
        .innerJoin(p, eq(p.id, latest.propertyId))
        .orderBy(desc(latest.revealedAt))
        .limit(limit);
      return rows.map((row) => ({ ...row, revealedAt: new Date(row.revealedAt) }));
    },

    async reportsOf(reporterId, propertyIds) {
      if (propertyIds.length === 0) return [];
      return db
        .select(reportColumns)
        .from(r)
        .where(and(eq(r.reporterId, reporterId), inArray(r.propertyId, propertyIds)));
    },

    async reportedListings(offset, limit) {
      const latest = db
        .select({
          propertyId: r.propertyId,
          lastReportAt: sql<Date>`max(${r.updatedAt})`.as('last_report_at'),
        })
        .from(r)
        .where(needsLook)
        .groupBy(r.propertyId)
        .as('latest');
      const [rows, [count]] = await Promise.all([
        db
          .select({ ...reportedColumns, lastReportAt: latest.lastReportAt })
          .from(latest)
          .innerJoin(p, eq(p.id, latest.propertyId))
          .innerJoin(users, eq(users.id, p.publishedBy))
          .orderBy(desc(latest.lastReportAt), desc(p.id))
          .offset(offset)
          .limit(limit),
        db
          .select({ n: sql<number>`count(distinct ${r.propertyId})::int` })
          .from(r)
          .where(needsLook),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, lastReportAt: new Date(row.lastReportAt) })),
        total: count?.n ?? 0,
      };
    },

    async reportedListing(propertyId) {
      const [row] = await db
        .select({
          ...reportedColumns,
          lastReportAt: sql<Date | null>`(select max(${r.updatedAt}) from ${r} where ${r.propertyId} = ${p.id})`,
        })
        .from(p)
        .innerJoin(users, eq(users.id, p.publishedBy))
        .where(eq(p.id, propertyId));
      if (!row) return undefined;
      return {
        ...row,
        lastReportAt: row.lastReportAt === null ? null : new Date(row.lastReportAt),
      };
    },

    async reportsOfListings(propertyIds) {
      if (propertyIds.length === 0) return [];
      return db
        .select({
          ...reportColumns,
          reporterFirstName: users.firstName,
          reporterLastName: users.lastName,
          reporterDeletedAt: users.deletedAt,
          reporterPhone: users.phoneNumber,
        })
        .from(r)
        .innerJoin(users, eq(users.id, r.reporterId))
        .where(inArray(r.propertyId, propertyIds))
        .orderBy(desc(r.updatedAt));
    },
  };
}

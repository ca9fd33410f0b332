import type {
  TAdminRefuseClaimBody,
  TAdminReportedListing,
  TAdminReportsQuery,
  TAdminReportsResponse,
  TAdminSuspendBody,
  TAdminTakeDownBody,
} from '@makazi/contracts/trust';
import { REPORT_REASONS, SCAM_REASONS, type TReportReason } from '@makazi/contracts/trust-values';
import type { TrustConfig } from '../../config';
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { AdminActor } from '../access/access';
import { upholdClaim, type ClaimOutcome } from '../trust/guarantee';
import type {
  AdminReportRow,
  ReportedListingRow,
  TrustRepository,
} from '../trust/trust.repository';
import { notifyCredits, toClaim } from '../trust/trust.service';
import { trustSmsText, type TrustText } from '../trust/trust-sms';
import type { RequestContext } from './admin-properties.service';
import { displayName } from './deleted-user';
import { offsetOf } from './paging';

/*
 * The reports queue (issue 20, decision 040): listings with open reports or claims waiting for a
 * decision, and what an admin does about them. Each action is one transaction with its audit
 * entry; texts go after the commit (a text is not something a rollback can take back).
 */

export interface AdminReportsService {
  list(query: TAdminReportsQuery): Promise<TAdminReportsResponse>;
  /** Nothing wrong: the open reports are closed and a hold is lifted. */
  dismiss(
    admin: AdminActor,
    propertyId: string,
    context: RequestContext,
  ): Promise<TAdminReportedListing>;
  takeDown(
    admin: AdminActor,
    propertyId: string,
    body: TAdminTakeDownBody,
    context: RequestContext,
  ): Promise<TAdminReportedListing>;
  suspendPublisher(
    admin: AdminActor,
    propertyId: string,
    body: TAdminSuspendBody,
    context: RequestContext,
  ): Promise<TAdminReportedListing>;
  upholdClaim(
    admin: AdminActor,
    reportId: string,
    context: RequestContext,
  ): Promise<TAdminReportedListing>;
  refuseClaim(
    admin: AdminActor,
    reportId: string,
    body: TAdminRefuseClaimBody,
    context: RequestContext,
  ): Promise<TAdminReportedListing>;
}

export interface AdminReportsServiceDeps {
  repository: TrustRepository;
  sms: SmsGateway;
  clock: Clock;
  trust: TrustConfig;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

const listingNotFound = (id: string) => notFound(`Listing ${id} not found`);
const claimNotFound = (id: string) => notFound(`No dead-end claim has id ${id}`);

function toReportedListing(
  row: ReportedListingRow,
  reports: AdminReportRow[],
): TAdminReportedListing {
  const counts = Object.fromEntries(REPORT_REASONS.map((reason) => [reason, 0])) as Record<
    TReportReason,
    number
  >;
  for (const report of reports) if (report.status === 'open') counts[report.reason] += 1;
  return {
    property: {
      id: row.id,
      title: row.title,
      type: row.type,
      status: row.status,
      visibility: row.visibility,
      contactVerified: row.contactVerified,
      takenAt: row.takenAt?.toISOString() ?? null,
      takenMarkedAt: row.takenMarkedAt?.toISOString() ?? null,
      publisher: {
        id: row.publisherId,
        name: displayName({
          firstName: row.publisherFirstName,
          lastName: row.publisherLastName,
          deletedAt: row.publisherDeletedAt,
        }),
        phoneNumber: row.publisherPhone ?? '',
        suspended: row.publisherSuspended,
      },
    },
    counts,
    openReports: reports.filter((report) => report.status === 'open').length,
    pendingClaims: reports.filter((report) => report.claimStatus === 'pending').length,
    lastReportAt: row.lastReportAt?.toISOString() ?? null,
    reports: reports.map((report) => ({
      id: report.id,
      reason: report.reason,
      note: report.note,
      status: report.status,
      reporter: {
        id: report.reporterId,
        name: displayName({
          firstName: report.reporterFirstName,
          lastName: report.reporterLastName,
          deletedAt: report.reporterDeletedAt,
        }),
        phoneNumber: report.reporterPhone ?? '',
      },
      createdAt: report.createdAt.toISOString(),
      updatedAt: report.updatedAt.toISOString(),
      claim: toClaim(report),
    })),
  };
}

/** What an action leaves to do after its commit. */
interface AfterCommit {
  title: string;
  outcomes: ClaimOutcome[];
  texts: { userId: string; text: TrustText }[];
}

export function createAdminReportsService(deps: AdminReportsServiceDeps): AdminReportsService {
  const { repository, sms, clock, trust, log } = deps;

  async function entry(propertyId: string): Promise<TAdminReportedListing> {
    const row = await repository.reportedListing(propertyId);
    if (!row) throw listingNotFound(propertyId);
    return toReportedListing(row, await repository.reportsOfListings([propertyId]));
  }

  async function afterCommit(done: AfterCommit): Promise<void> {
    await notifyCredits(deps, done.outcomes, () => done.title);
    for (const { userId, text } of done.texts) {
      try {
        const to = await repository.recipient(userId);
        if (to) await sms.send({ to: to.phoneNumber, text: trustSmsText(to.locale, text) });
      } catch (err) {
        log.warn({ err, userId }, `could not send a ${text.kind} text`);
      }
    }
  }

  /** Runs an action on a listing (locked) with its audit entry, then its texts. */
  async function onListing(
    admin: AdminActor,
    propertyId: string,
    context: RequestContext,
    action: string,
    work: (
      tx: TrustRepository,
      listing: NonNullable<Awaited<ReturnType<TrustRepository['lockListing']>>>,
      now: Date,
    ) => Promise<{ after: unknown; outcomes?: ClaimOutcome[]; texts?: AfterCommit['texts'] }>,
  ): Promise<TAdminReportedListing> {
    const done = await repository.transaction(async (tx) => {
      const listing = await tx.lockListing(propertyId);
      if (!listing) throw listingNotFound(propertyId);
      const now = clock();
      const result = await work(tx, listing, now);
      await tx.recordAudit({
        adminId: admin.adminId,
        actor: admin.username,
        action,
        targetType: 'property',
        targetId: propertyId,
        after: result.after,
        ip: context.ip,
        at: now,
      });
      return { title: listing.title, outcomes: result.outcomes ?? [], texts: result.texts ?? [] };
    });
    await afterCommit(done);
    return entry(propertyId);
  }

  /** Runs a decision on a pending claim (locked, with its listing) and its audit entry. */
  async function onClaim(
    admin: AdminActor,
    reportId: string,
    context: RequestContext,
    action: 'claim.uphold' | 'claim.refuse',
    decide: (
      tx: TrustRepository,
      claim: NonNullable<Awaited<ReturnType<TrustRepository['lockReport']>>>,
      now: Date,
    ) => Promise<{ outcomes?: ClaimOutcome[]; texts?: AfterCommit['texts']; after: unknown }>,
  ): Promise<TAdminReportedListing> {
    // Which listing to lock first; the claim itself is read again under the lock.
    const first = await repository.findReportById(reportId);
    if (!first || first.claimStatus === null) throw claimNotFound(reportId);
    const propertyId = first.propertyId;
    return onListing(admin, propertyId, context, action, async (tx, _listing, now) => {
      // Locked after its listing, as every path that decides claims locks them.
      const claim = await tx.lockReport(reportId);
      if (!claim || claim.claimStatus === null) throw claimNotFound(reportId);
      if (claim.claimStatus !== 'pending') {
        throw new AppError('CONFLICT', `This claim was already ${claim.claimStatus}.`);
      }
      return decide(tx, claim, now);
    });
  }

  return {
    async list(query) {
      const { rows, total } = await repository.reportedListings(offsetOf(query), query.pageSize);
      const reports = await repository.reportsOfListings(rows.map((row) => row.id));
      return {
        items: rows.map((row) =>
          toReportedListing(
            row,
            reports.filter((report) => report.propertyId === row.id),
          ),
        ),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    dismiss(admin, propertyId, context) {
      return onListing(admin, propertyId, context, 'reports.dismiss', async (tx, listing, now) => {
        await tx.resolveOpenReports(propertyId, 'dismissed', now);
        // Only reports filed from now on count towards holding it again.
        await tx.setListing(propertyId, { heldForReportsAt: null, reportsClearedAt: now }, now);
        return { after: { heldForReports: false, wasHeld: listing.heldForReportsAt !== null } };
      });
    },

    takeDown(admin, propertyId, body, context) {
      return onListing(
        admin,
        propertyId,
        context,
        'reports.take-down',
        async (tx, listing, now) => {
          // Only what the public sees or is about to see can be taken down: a rejected listing
          // is down already, and a draft was never up.
          if (listing.status !== 'approved' && listing.status !== 'pending') {
            throw new AppError(
              'CONFLICT',
              `This listing is ${listing.status}: only a live listing or one awaiting review can be taken down.`,
            );
          }
          await tx.resolveOpenReports(propertyId, 'actioned', now);
          await tx.setListing(
            propertyId,
            {
              status: 'rejected',
              rejectionReason: body.message,
              takenDownAs: body.reason,
              heldForReportsAt: null,
            },
            now,
          );
          const outcomes: ClaimOutcome[] = [];
          if ((SCAM_REASONS as readonly TReportReason[]).includes(body.reason)) {
            for (const claim of await tx.pendingClaims(propertyId)) {
              outcomes.push(await upholdClaim(tx, claim, 'taken_down', now, trust));
            }
          }
          return {
            after: { status: 'rejected', takenDownAs: body.reason, message: body.message },
            outcomes,
            texts: [
              {
                userId: listing.publishedBy,
                text: { kind: 'takenDown', title: listing.title, message: body.message },
              },
            ],
          };
        },
      );
    },

    suspendPublisher(admin, propertyId, body, context) {
      return onListing(
        admin,
        propertyId,
        context,
        'reports.suspend-publisher',
        async (tx, listing, now) => {
          const publisher = await tx.lockUser(listing.publishedBy);
          if (!publisher || publisher.deleted) {
            throw new AppError('CONFLICT', 'This publisher deleted their account.');
          }
          if (publisher.suspended) {
            throw new AppError('CONFLICT', 'This publisher is suspended already.');
          }
          await tx.resolveOpenReports(propertyId, 'actioned', now);
          await tx.suspendPublisher(listing.publishedBy, now);
          await tx.recordAudit({
            adminId: admin.adminId,
            actor: admin.username,
            action: 'user.suspend',
            targetType: 'user',
            targetId: listing.publishedBy,
            after: { canPost: false, suspended: true, message: body.message },
            ip: context.ip,
            at: now,
          });
          return {
            after: { publisherSuspended: true },
            texts: [
              { userId: listing.publishedBy, text: { kind: 'suspended', message: body.message } },
            ],
          };
        },
      );
    },

    upholdClaim(admin, reportId, context) {
      return onClaim(admin, reportId, context, 'claim.uphold', async (tx, claim, now) => {
        const outcome = await upholdClaim(tx, claim, 'admin_upheld', now, trust);
        return { outcomes: [outcome], after: { credited: outcome.credited } };
      });
    },

    refuseClaim(admin, reportId, body, context) {
      return onClaim(admin, reportId, context, 'claim.refuse', async (tx, claim, now) => {
        await tx.updateReport(claim.id, {
          claimStatus: 'refused',
          claimDecision: 'admin_refused',
          claimDecidedAt: now,
        });
        const listing = await tx.lockListing(claim.propertyId);
        return {
          after: { claimStatus: 'refused', reason: body.reason },
          texts: [
            {
              userId: claim.reporterId,
              text: { kind: 'claimRefused', title: listing?.title ?? '', reason: body.reason },
            },
          ],
        };
      });
    },
  };
}

import type { TViewerProperty } from '@makazi/contracts/listings';
import type {
  TClaim,
  TContactReveal,
  TContactRevealsQuery,
  TReport,
  TReportBody,
  TTakenBody,
} from '@makazi/contracts/trust';
import { isDeadEndReason, type TReportReason } from '@makazi/contracts/trust-values';
import type { TrustConfig } from '../../config';
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { Clock } from '../../lib/clock';
import { eatDayStart, nextEatDayStart } from '../../lib/east-africa-day';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { RateLimitedError, secondsUntil, waitInWords } from '../../lib/rate-limited-error';
import { accountGone, requireOwnListing, type Actor } from '../access/access';
import { thumbnailUrl, type PropertiesService } from '../properties/properties.service';
import { accessEndsAt } from '../subscriptions/subscriptions.service';
import { upholdClaim, type ClaimOutcome } from './guarantee';
import type { ReporterKey } from './reporter-key';
import type {
  ReportRecord,
  RevealedListingRow,
  TrustListing,
  TrustRepository,
} from './trust.repository';
import { trustSmsText } from './trust-sms';

/*
 * Trust for users (issue 20, decision 040): reporting a listing (and, for a subscriber shown its
 * contact within the claim window, claiming it was a dead end), an owner confirming a listing is
 * still available or marking it taken, the contacts a subscriber viewed, and the freshness job.
 */

export interface TrustService {
  /** Files or replaces the actor's report; `created` tells a new report from a replaced one. */
  report(
    actor: Actor,
    propertyId: string,
    body: TReportBody,
  ): Promise<{ report: TReport; created: boolean }>;
  confirm(actor: Actor, propertyId: string): Promise<TViewerProperty>;
  markTaken(actor: Actor, propertyId: string, body: TTakenBody): Promise<TViewerProperty>;
  contactReveals(actor: Actor, query: TContactRevealsQuery): Promise<TContactReveal[]>;
  /** One run of the freshness job: reminders first, then stale listings out of the catalogue. */
  refreshListings(): Promise<{ reminded: number; staled: number }>;
}

export interface TrustServiceDeps {
  repository: TrustRepository;
  views: Pick<PropertiesService, 'getOwnerView'>;
  sms: SmsGateway;
  clock: Clock;
  trust: TrustConfig;
  /** Where links in texts point: the site's origin, or '' for a relative path. */
  siteOrigin: string;
  /** Who a reporter is across their accounts: a keyed hash of the number. */
  reporterKey: ReporterKey;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

/** Rows the freshness job handles per statement, so one run never holds thousands of locks. */
const FRESHNESS_BATCH = 200;

const listingGone = () => notFound('This listing does not exist or is no longer available.');

/**
 * The owner of a listing whose contact the subscriber was shown, or why not any more. A listing
 * out of the public catalogue (properties.listed) comes first: subscribing again would not bring
 * its number back.
 */
function revealedContact(
  row: Pick<RevealedListingRow, 'listed' | 'ownerName' | 'ownerPhoneNumber'>,
  subscribed: boolean,
): Pick<TContactReveal, 'contact' | 'contactWithheld'> {
  if (!row.listed || row.ownerPhoneNumber === null) {
    return { contact: null, contactWithheld: 'listing_unavailable' };
  }
  if (!subscribed) return { contact: null, contactWithheld: 'subscription_ended' };
  return {
    contact: { ownerName: row.ownerName, phoneNumber: row.ownerPhoneNumber },
    contactWithheld: null,
  };
}

export function toClaim(report: ReportRecord): TClaim | null {
  if (report.claimStatus === null || report.claimRevealedAt === null) return null;
  return {
    status: report.claimStatus,
    revealedAt: report.claimRevealedAt.toISOString(),
    decidedAt: report.claimDecidedAt?.toISOString() ?? null,
    decision: report.claimDecision,
    credited: report.creditPaymentId !== null,
  };
}

export function toReport(report: ReportRecord): TReport {
  return {
    id: report.id,
    propertyId: report.propertyId,
    reason: report.reason,
    note: report.note,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
    claim: toClaim(report),
  };
}

const REASON_WORDS: Record<TReportReason, string> = {
  already_taken: 'already let or sold',
  fake: 'fake or a scam',
  asks_money_first: 'asking for money before a viewing',
  wrong_price: 'a wrong price',
  wrong_photos: 'photos that do not match',
  duplicate: 'a duplicate',
  other: 'another reason',
};

/**
 * Texts each decided claim's subscriber after the commit: a day back, or nothing (a claim refused
 * for the period's limit is shown on their list, not texted). A failed text is logged; the
 * credit stands.
 */
export async function notifyCredits(
  deps: Pick<TrustServiceDeps, 'repository' | 'sms' | 'trust' | 'log'>,
  outcomes: ClaimOutcome[],
  titleOf: (propertyId: string) => string,
): Promise<void> {
  const creditDays = Math.round(deps.trust.creditMs / 86_400_000);
  for (const outcome of outcomes.filter((o) => o.credited)) {
    try {
      const to = await deps.repository.recipient(outcome.reporterId);
      if (!to) continue;
      await deps.sms.send({
        to: to.phoneNumber,
        text: trustSmsText(to.locale, {
          kind: 'credited',
          title: titleOf(outcome.propertyId),
          creditDays,
        }),
      });
    } catch (err) {
      deps.log.warn({ err, propertyId: outcome.propertyId }, 'could not text a guarantee credit');
    }
  }
}

export function createTrustService(deps: TrustServiceDeps): TrustService {
  const { repository, views, sms, clock, trust, siteOrigin, log, reporterKey } = deps;

  /**
   * Whether a report of `reason` is a dead-end claim, and about which reveal: the reporter's
   * latest reveal of the listing within the claim window, made under a paid subscription.
   */
  async function claimFacts(
    tx: TrustRepository,
    reporterId: string,
    listing: TrustListing,
    now: Date,
  ): Promise<{ revealedAt: Date; subscriptionId: string } | undefined> {
    const revealedAt = await tx.latestReveal(
      reporterId,
      listing.id,
      new Date(now.getTime() - trust.claimWindowMs),
    );
    if (!revealedAt) return undefined;
    const period = await tx.paidPeriodAt(reporterId, revealedAt);
    // Shown the contact in a credited day only: the claim is still heard, within the same cap.
    return period ? { revealedAt, subscriptionId: period.subscriptionId } : undefined;
  }

  /** An automatic ruling on a new claim, from what is already known of the listing. */
  function autoDecision(listing: TrustListing, revealedAt: Date) {
    if (listing.takenDownAs === 'fake' || listing.takenDownAs === 'asks_money_first') {
      return 'taken_down' as const;
    }
    // Said taken before the subscriber was shown the number: what the owner wrote then, not a date
    // they name afterwards (which anyone, an owner's second account included, could backdate).
    if (listing.takenMarkedAt && listing.takenMarkedAt < revealedAt) {
      return 'taken_before_reveal' as const;
    }
    return undefined;
  }

  return {
    async report(actor, propertyId, body) {
      const result = await repository.transaction(async (tx) => {
        const listing = await tx.lockListing(propertyId);
        if (!listing) throw listingGone();
        if (listing.publishedBy === actor.userId) {
          throw new AppError('FORBIDDEN', 'You cannot report your own listing.');
        }
        const reporter = await tx.lockUser(actor.userId);
        if (!reporter || reporter.deleted || !reporter.phoneNumber) throw accountGone();
        if (reporter.suspended) {
          throw new AppError(
            'FORBIDDEN',
            'Your account is suspended, so you cannot report listings. Contact support if this is a mistake.',
          );
        }
        const now = clock();
        const before = await tx.findReport(propertyId, actor.userId);
        const claim = isDeadEndReason(body.reason)
          ? await claimFacts(tx, actor.userId, listing, now)
          : undefined;
        // A listing the public cannot see is reported only by someone it let down: a claim.
        if (!listing.listed && !claim && !before) throw listingGone();

        if (before?.claimStatus && !isDeadEndReason(body.reason)) {
          throw new AppError(
            'CONFLICT',
            'You said this contact was a dead end: that claim stands, and it cannot become another kind of report.',
          );
        }
        if (claim && before && !before.claimStatus && !isDeadEndReason(before.reason)) {
          throw new AppError(
            'CONFLICT',
            `You reported this listing for ${REASON_WORDS[before.reason]}, so it cannot also be a dead-end claim.`,
          );
        }
        // A new report, or one filed again after an admin closed it, counts in the daily cap;
        // changing a report still open is free.
        const filing = !before || before.status !== 'open';
        const key = reporterKey(reporter.phoneNumber);
        if (filing) {
          const filed = await tx.reportsFiledSince(key, eatDayStart(now));
          if (filed >= trust.reportsPerUserPerDay) {
            const seconds = secondsUntil(nextEatDayStart(now), now);
            throw new RateLimitedError(
              `You have reported ${trust.reportsPerUserPerDay} listings today, the most allowed in a day. You can report more in ${waitInWords(seconds)}.`,
              seconds,
            );
          }
        }

        /*
         * A muted reporter's report is kept, closed at once: it neither reaches the queue nor holds
         * the listing (a claim in it is still heard). A report an admin dismissed never counts to
         * a hold of this listing again, however often it is filed: the same people cannot hold a
         * listing again seconds after an admin looked.
         */
        const heard = reporter.reportsHeard;
        const fields = {
          reason: body.reason,
          note: body.note ?? null,
          status: heard ? ('open' as const) : ('dismissed' as const),
          resolvedAt: heard ? null : now,
          updatedAt: now,
          ...(filing ? { filedAt: now } : {}),
        };
        // New accounts are heard by the admin but cannot take a listing down on their own, nor
        // can a number whose report on this listing, from an account since deleted, was set aside.
        const oldEnough =
          now.getTime() - reporter.createdAt.getTime() >= trust.reporterMinAccountAgeMs;
        let report: ReportRecord;
        if (before) {
          report = await tx.updateReport(before.id, {
            ...fields,
            countsToHold: heard && before.status !== 'dismissed' && before.countsToHold,
            ...(claim && !before.claimStatus
              ? {
                  claimStatus: 'pending' as const,
                  claimRevealedAt: claim.revealedAt,
                  claimSubscriptionId: claim.subscriptionId,
                }
              : {}),
          });
        } else {
          report = await tx.insertReport({
            ...fields,
            filedAt: now,
            propertyId,
            reporterId: actor.userId,
            reporterKey: key,
            countsToHold:
              heard && oldEnough && !(await tx.discountedByKey(propertyId, key, actor.userId)),
            createdAt: now,
            claimStatus: claim ? 'pending' : null,
            claimRevealedAt: claim?.revealedAt ?? null,
            claimSubscriptionId: claim?.subscriptionId ?? null,
            claimDecidedAt: null,
            claimDecision: null,
            creditPaymentId: null,
          });
        }

        const outcomes: ClaimOutcome[] = [];
        const ruling =
          report.claimStatus === 'pending' && report.claimRevealedAt
            ? autoDecision(listing, report.claimRevealedAt)
            : undefined;
        if (ruling) {
          outcomes.push(await upholdClaim(tx, report, ruling, now, trust));
          report = (await tx.findReport(propertyId, actor.userId)) ?? report;
        }

        if (listing.listed && listing.heldForReportsAt === null) {
          const reporters = await tx.holdingReporters(propertyId, listing.reportsClearedAt);
          if (reporters >= trust.reportsToHold) {
            await tx.setListing(propertyId, { heldForReportsAt: now }, now);
          }
        }
        return { report, created: !before, outcomes, title: listing.title };
      });
      await notifyCredits(deps, result.outcomes, () => result.title);
      return { report: toReport(result.report), created: result.created };
    },

    async confirm(actor, propertyId) {
      await repository.transaction(async (tx) => {
        const listing = requireOwnListing(actor.userId, await tx.lockListing(propertyId));
        if (listing.takenAt) {
          throw new AppError('CONFLICT', 'This listing is marked taken: it cannot be confirmed.');
        }
        if (listing.status !== 'approved') {
          throw new AppError(
            'CONFLICT',
            'Only a live listing can be confirmed: this one is not approved yet.',
          );
        }
        const now = clock();
        await tx.setListing(
          propertyId,
          { confirmedAt: now, staleAt: null, staleReminderAt: null },
          now,
        );
      });
      return views.getOwnerView(propertyId, actor.userId);
    },

    async markTaken(actor, propertyId, body) {
      await repository.transaction(async (tx) => {
        const listing = requireOwnListing(actor.userId, await tx.lockListing(propertyId));
        if (listing.takenAt) {
          throw new AppError(
            'CONFLICT',
            `This listing is already marked taken (${listing.takenAt.toISOString().slice(0, 10)}).`,
          );
        }
        if (listing.status !== 'approved') {
          throw new AppError('CONFLICT', 'Only a live listing can be marked taken.');
        }
        const now = clock();
        const takenAt = body.takenAt ? new Date(body.takenAt) : now;
        if (takenAt > now) throw invalidField('takenAt', 'cannot be in the future');
        if (takenAt < listing.createdAt) {
          throw invalidField('takenAt', 'is before the listing was published');
        }
        // Every pending claim is about a reveal before now, when this mark is written: whatever
        // day it names, an admin decides those claims (takenAt is shown to them), never the mark.
        await tx.setListing(propertyId, { takenAt, takenMarkedAt: now }, now);
      });
      return views.getOwnerView(propertyId, actor.userId);
    },

    async contactReveals(actor, query) {
      const now = clock();
      const rows = await repository.revealedListings(actor.userId, query.limit);
      // The listing's contact route's rules (subscriptions.service contact): a running
      // subscription, and a listing the public may see. The owner was paid for once, at the
      // reveal: showing them again here records nothing and takes no place in the day's cap.
      const subscribed =
        rows.length > 0 &&
        accessEndsAt(await repository.unendedWindows(actor.userId, now), now) !== undefined;
      const reports = await repository.reportsOf(
        actor.userId,
        rows.map((row) => row.propertyId),
      );
      const byListing = new Map(reports.map((report) => [report.propertyId, report]));
      return rows.map((row) => {
        const until = new Date(row.revealedAt.getTime() + trust.claimWindowMs);
        const report = byListing.get(row.propertyId);
        return {
          property: {
            id: row.propertyId,
            title: row.title,
            type: row.type,
            price: row.priceTzs,
            availability: row.takenAt ? 'taken' : row.listed ? 'available' : 'unavailable',
            coverUrl: thumbnailUrl(row.coverKey),
          },
          revealedAt: row.revealedAt.toISOString(),
          claimableUntil: until > now ? until.toISOString() : null,
          report: report ? toReport(report) : null,
          ...revealedContact(row, subscribed),
        };
      });
    },

    async refreshListings() {
      const now = clock();
      const remindBy = new Date(now.getTime() - (trust.staleAfterMs - trust.reminderBeforeMs));
      const staleBy = new Date(now.getTime() - trust.staleAfterMs);
      const daysLeft = Math.round(trust.reminderBeforeMs / 86_400_000);
      let reminded = 0;
      for (;;) {
        // Marked reminded in the claim's own commit, before any text: at most one reminder each,
        // even when a text fails or the process dies between the two.
        const due = await repository.transaction((tx) =>
          tx.claimReminders(remindBy, now, FRESHNESS_BATCH),
        );
        for (const listing of due) {
          try {
            const to = await repository.recipient(listing.publishedBy);
            if (!to) continue;
            await sms.send({
              to: to.phoneNumber,
              text: trustSmsText(to.locale, {
                kind: 'reminder',
                title: listing.title,
                daysLeft,
                link: `${siteOrigin}/posts?confirm=${listing.id}`,
              }),
            });
            reminded += 1;
          } catch (err) {
            log.warn({ err, listingId: listing.id }, 'could not send a confirmation reminder');
          }
        }
        if (due.length < FRESHNESS_BATCH) break;
      }
      let staled = 0;
      for (;;) {
        const n = await repository.transaction((tx) => tx.markStale(staleBy, now, FRESHNESS_BATCH));
        staled += n;
        if (n < FRESHNESS_BATCH) break;
      }
      return { reminded, staled };
    },
  };
}

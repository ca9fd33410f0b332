import type { TClaimDecision } from '@makazi/contracts/trust-values';
import type { TrustConfig } from '../../config';
import { accessEndsAt } from '../subscriptions/subscriptions.service';
import type { ReportRecord, TrustRepository } from './trust.repository';

/*
 * The dead-end guarantee (decision 040): an upheld claim gives the subscriber creditMs more
 * subscription, recorded as a free payment (purpose guarantee_credit) with its own window, once
 * per listing (one report per reporter and listing; the credit's idempotency key is the report's)
 * and at most creditsPerPeriod times per paid subscription period.
 */

/** A subscriber to tell, after the commit, that their claim was decided. */
export interface ClaimOutcome {
  reporterId: string;
  propertyId: string;
  credited: boolean;
}

/**
 * Upholds `claim` (pending, locked by the caller's transaction) for `decision`: credits the
 * subscriber unless the period's credits are used up, in which case it is refused as
 * credit_limit. Locks the subscriber's row, so two claims of one person are decided in turn.
 */
export async function upholdClaim(
  tx: TrustRepository,
  claim: ReportRecord,
  decision: Exclude<TClaimDecision, 'admin_refused' | 'credit_limit'>,
  now: Date,
  trust: Pick<TrustConfig, 'creditMs' | 'creditsPerPeriod'>,
): Promise<ClaimOutcome> {
  const outcome = { reporterId: claim.reporterId, propertyId: claim.propertyId };
  const subscriber = await tx.lockUser(claim.reporterId);
  const period = claim.claimSubscriptionId;
  if (
    !subscriber ||
    subscriber.deleted ||
    period === null ||
    (await tx.creditsInPeriod(period)) >= trust.creditsPerPeriod
  ) {
    await tx.updateReport(claim.id, {
      claimStatus: 'refused',
      claimDecision: 'credit_limit',
      claimDecidedAt: now,
    });
    return { ...outcome, credited: false };
  }
  // The day goes after whatever access is running or queued, so it is never lost inside it.
  const startsAt = accessEndsAt(await tx.unendedWindows(claim.reporterId, now), now) ?? now;
  const creditPaymentId = await tx.insertCredit({
    userId: claim.reporterId,
    planId: await tx.planOfSubscription(period),
    reportId: claim.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + trust.creditMs),
    at: now,
  });
  await tx.updateReport(claim.id, {
    claimStatus: 'upheld',
    claimDecision: decision,
    claimDecidedAt: now,
    creditPaymentId,
  });
  return { ...outcome, credited: true };
}

/*
 * Trust rules (issue 20), free of zod so the web app can name reasons and states without a schema
 * library. trust.ts builds its schemas from these, and the database enums are these lists.
 */

/** Why someone reports a listing. already_taken and fake may also be dead-end claims. */
export const REPORT_REASONS = [
  'already_taken',
  'fake',
  'asks_money_first',
  'wrong_price',
  'wrong_photos',
  'duplicate',
  'other',
] as const;
export type TReportReason = (typeof REPORT_REASONS)[number];

/** The reasons a subscriber may claim a revealed contact was a dead end with. */
export const DEAD_END_REASONS = [
  'already_taken',
  'fake',
] as const satisfies readonly TReportReason[];
export type TDeadEndReason = (typeof DEAD_END_REASONS)[number];

export function isDeadEndReason(reason: TReportReason): reason is TDeadEndReason {
  return (DEAD_END_REASONS as readonly TReportReason[]).includes(reason);
}

/**
 * Why "Contacts you viewed" no longer shows a listing's owner: the subscription ended, or the
 * listing left the public catalogue. The listing's contact route refuses on the same two grounds.
 */
export const CONTACT_WITHHELD_REASONS = ['subscription_ended', 'listing_unavailable'] as const;
export type TContactWithheldReason = (typeof CONTACT_WITHHELD_REASONS)[number];

export const REPORT_NOTE_MAX_LENGTH = 500;

/** open: awaiting an admin; dismissed: an admin found nothing; actioned: the listing was taken down. */
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];

/** A dead-end claim: pending an admin (or an automatic rule), upheld (credited) or refused. */
export const CLAIM_STATUSES = ['pending', 'upheld', 'refused'] as const;
export type TClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * Where an approved listing stands with the public: listed, or why it is not (the owner sees
 * this on /posts). Listings not approved have no visibility of their own: their status says it.
 */
export const LISTING_VISIBILITIES = [
  'listed',
  'taken',
  'stale',
  'held_for_reports',
  'publisher_suspended',
] as const;
export type TListingVisibility = (typeof LISTING_VISIBILITIES)[number];

/** Whole days since `confirmedAt` at `now`, never below 0 (a clock a little behind the server's). */
export function daysSinceConfirmed(confirmedAt: string | Date, now: Date): number {
  const then = typeof confirmedAt === 'string' ? Date.parse(confirmedAt) : confirmedAt.getTime();
  return Math.max(0, Math.floor((now.getTime() - then) / 86_400_000));
}

/**
 * Why a claim was decided: the owner marked it taken before the reveal, an admin took it down as
 * fake or a scam, an admin looked, or the period's credits were used up.
 */
export const CLAIM_DECISIONS = [
  'taken_before_reveal',
  'taken_down',
  'admin_upheld',
  'admin_refused',
  'credit_limit',
] as const;
export type TClaimDecision = (typeof CLAIM_DECISIONS)[number];

/** Takedown reasons that make every dead-end claim on the listing right. */
export const SCAM_REASONS = [
  'fake',
  'asks_money_first',
] as const satisfies readonly TReportReason[];

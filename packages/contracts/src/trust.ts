import { z } from 'zod';
import { ZPaging, paged } from './admin';
import { OTP_PATTERN } from './auth-values';
import { OWNER_PHONE_PATTERN } from './listing-values';
import { ZContactResponse } from './payments';
import { ZPropertyStatus, ZPropertyType } from './properties';
import {
  CLAIM_DECISIONS,
  CLAIM_STATUSES,
  CONTACT_WITHHELD_REASONS,
  LISTING_VISIBILITIES,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_STATUSES,
} from './trust-values';

/*
 * Trust (issue 20, decision 040): reports of listings, freshness (confirm, taken), the dead-end
 * guarantee (claims and credits), and the admin's reports queue.
 */

export const ZReportReason = z.enum(REPORT_REASONS);
export const ZReportStatus = z.enum(REPORT_STATUSES);
export const ZClaimStatus = z.enum(CLAIM_STATUSES);
export const ZListingVisibility = z.enum(LISTING_VISIBILITIES);

/** POST /api/properties/{id}/reports. A note is required with `other`, so the admin knows what. */
export const ZReportBody = z
  .object({
    reason: ZReportReason,
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX_LENGTH, `must be at most ${REPORT_NOTE_MAX_LENGTH} characters`)
      .optional()
      .transform((note) => (note === '' ? undefined : note)),
  })
  .refine((body) => body.reason !== 'other' || body.note !== undefined, {
    path: ['note'],
    error: 'is required when the reason is other',
  });
export type TReportBody = z.infer<typeof ZReportBody>;

/** A dead-end claim: a report by a subscriber shown the contact within the claim window. */
export const ZClaim = z.object({
  status: ZClaimStatus,
  /** The reveal it is about. */
  revealedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Why it was upheld or refused (the web app words it in both languages). */
  decision: z.enum(CLAIM_DECISIONS).nullable(),
  /** Whether the subscription got its day back. */
  credited: z.boolean(),
});
export type TClaim = z.infer<typeof ZClaim>;

/** 201 for a new report, 200 when it replaced the reporter's earlier one. */
export const ZReport = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  reason: ZReportReason,
  note: z.string().nullable(),
  status: ZReportStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
  claim: ZClaim.nullable(),
});
export type TReport = z.infer<typeof ZReport>;

/** POST /api/properties/{id}/taken. Default: now; never in the future or before it was published. */
export const ZTakenBody = z.object({
  takenAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).optional(),
});
export type TTakenBody = z.infer<typeof ZTakenBody>;

/** GET /api/me/contact-reveals: the listings whose contact you were shown, latest first. */
export const ZContactRevealsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TContactRevealsQuery = z.infer<typeof ZContactRevealsQuery>;

export const ZContactReveal = z.object({
  property: z.object({
    id: z.uuid(),
    title: z.string(),
    type: ZPropertyType,
    price: z.number().int(),
    /** Whether it is still in the catalogue; taken: its owner said it was let or sold. */
    availability: z.enum(['available', 'taken', 'unavailable']),
    coverUrl: z.string().nullable(),
  }),
  /** Your latest reveal of it. */
  revealedAt: z.string(),
  /** Until when a dead-end claim may be made on it; null when the window has passed. */
  claimableUntil: z.string().nullable(),
  /** Your report of it, with its claim, if you made one. */
  report: ZReport.nullable(),
  /**
   * The owner's name and phone as the listing's contact route gives them, while your subscription
   * runs and the listing is public; null otherwise. Reading them here records no new reveal.
   */
  contact: ZContactResponse.nullable(),
  /** Why `contact` is null; null while it is shown. */
  contactWithheld: z.enum(CONTACT_WITHHELD_REASONS).nullable(),
});
export type TContactReveal = z.infer<typeof ZContactReveal>;
export const ZContactRevealsResponse = z.array(ZContactReveal);

// ---------------------------------------------------------------- admin

/** GET /api/admin/reports: listings with open reports or pending claims, latest report first. */
export const ZAdminReportsQuery = z.object({ ...ZPaging });
export type TAdminReportsQuery = z.infer<typeof ZAdminReportsQuery>;

export const ZAdminReportEntry = z.object({
  id: z.uuid(),
  reason: ZReportReason,
  note: z.string().nullable(),
  status: ZReportStatus,
  reporter: z.object({ id: z.uuid(), name: z.string(), phoneNumber: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
  claim: ZClaim.nullable(),
});
export type TAdminReportEntry = z.infer<typeof ZAdminReportEntry>;

export const ZAdminReportedListing = z.object({
  property: z.object({
    id: z.uuid(),
    title: z.string(),
    type: ZPropertyType,
    status: ZPropertyStatus,
    visibility: ZListingVisibility.nullable(),
    /** The contact number is one its publisher proved is theirs, as the moderation queue says. */
    contactVerified: z.boolean(),
    /**
     * When it was let or sold as its owner said, and when they said it: a dead-end claim about a
     * reveal between the two is the admin's to judge (decision 040).
     */
    takenAt: z.string().nullable(),
    takenMarkedAt: z.string().nullable(),
    publisher: z.object({
      id: z.uuid(),
      name: z.string(),
      phoneNumber: z.string(),
      suspended: z.boolean(),
    }),
  }),
  /** Open reports per reason. */
  counts: z.record(ZReportReason, z.number().int()),
  openReports: z.number().int(),
  pendingClaims: z.number().int(),
  /** Null for a listing nobody reported (an action taken on it straight from its page). */
  lastReportAt: z.string().nullable(),
  /** Every report of it, latest first. */
  reports: z.array(ZAdminReportEntry),
});
export type TAdminReportedListing = z.infer<typeof ZAdminReportedListing>;
export const ZAdminReportsResponse = paged(ZAdminReportedListing);
export type TAdminReportsResponse = z.infer<typeof ZAdminReportsResponse>;

const ZAdminMessage = z
  .string()
  .trim()
  .min(3, 'must be at least 3 characters')
  .max(300, 'must be at most 300 characters');

/** POST /api/admin/reports/{propertyId}/take-down: the owner receives `message` by SMS. */
export const ZAdminTakeDownBody = z.object({ reason: ZReportReason, message: ZAdminMessage });
export type TAdminTakeDownBody = z.infer<typeof ZAdminTakeDownBody>;

/** POST /api/admin/reports/{propertyId}/suspend-publisher: the publisher receives `message`. */
export const ZAdminSuspendBody = z.object({ message: ZAdminMessage });
export type TAdminSuspendBody = z.infer<typeof ZAdminSuspendBody>;

/** POST /api/admin/claims/{reportId}/refuse. */
export const ZAdminRefuseClaimBody = z.object({ reason: ZAdminMessage });
export type TAdminRefuseClaimBody = z.infer<typeof ZAdminRefuseClaimBody>;

export const ZReportedPropertyParams = z.object({ propertyId: z.uuid('must be a listing id') });
export const ZReportIdParams = z.object({ reportId: z.uuid('must be a report id') });

// ---------------------------------------------------------------- verified owner phones

const ZOwnerPhone = z
  .string()
  .trim()
  .regex(OWNER_PHONE_PATTERN, 'must be +255 or 0 followed by nine digits');

/** POST /api/me/owner-phones/codes: send a code to a contact number of one of your listings. */
export const ZOwnerPhoneCodeBody = z.object({ phoneNumber: ZOwnerPhone });
export type TOwnerPhoneCodeBody = z.infer<typeof ZOwnerPhoneCodeBody>;

/** Your sign-in number, or one proven before, is verified at once: no code is sent. */
export const ZOwnerPhoneCodeResponse = z.object({
  /** E.164. */
  phoneNumber: z.string(),
  verified: z.boolean(),
  /** When a code was sent: how long it is valid, and when another may be asked for. */
  expiresInSeconds: z.number().int().nullable(),
  resendInSeconds: z.number().int().nullable(),
});
export type TOwnerPhoneCodeResponse = z.infer<typeof ZOwnerPhoneCodeResponse>;

/** POST /api/me/owner-phones/verify. */
export const ZOwnerPhoneVerifyBody = z.object({
  phoneNumber: ZOwnerPhone,
  code: z.string().trim().regex(OTP_PATTERN, 'must be the 6 digits of the code'),
});
export type TOwnerPhoneVerifyBody = z.infer<typeof ZOwnerPhoneVerifyBody>;

/** GET /api/me/owner-phones: your verified contact numbers, your sign-in number first. */
export const ZOwnerPhonesResponse = z.array(
  z.object({ phoneNumber: z.string(), verifiedAt: z.string().nullable(), signIn: z.boolean() }),
);
export type TOwnerPhonesResponse = z.infer<typeof ZOwnerPhonesResponse>;

import { z } from 'zod';
import { ZPendingChangeStatus, ZViewerProperty } from './listings';
import { ZMobileMoneyNetwork, ZPaymentPurpose, ZPaymentStatus } from './payments';
import { ZPropertyStatus, ZPropertyType } from './properties';

/*
 * The admin area (issue 6): every route under /api/admin but login needs an admin session (401
 * anonymous, 403 with a user's token). Admin tokens are of their own audience: a user token
 * never opens these routes, and an admin token never acts as a user.
 */

// ---------------------------------------------------------------- sign-in

/** POST /api/admin/login. Both non-empty, else 400 'Username and Password are required'. */
export const ZAdminLoginBody = z.object({
  username: z.string().trim().min(1, 'Username and Password are required').max(64),
  password: z.string().min(1, 'Username and Password are required').max(256),
});
export type TAdminLoginBody = z.infer<typeof ZAdminLoginBody>;

export const ZAdminLoginResponse = z.object({
  access_token: z.string(),
  /** Seconds the token is valid for. */
  expires_in: z.number().int(),
  username: z.string(),
});
export type TAdminLoginResponse = z.infer<typeof ZAdminLoginResponse>;

/** GET /api/admin/me: who the token belongs to (the web checks a stored token with it). */
export const ZAdminMe = z.object({ id: z.uuid(), username: z.string() });
export type TAdminMe = z.infer<typeof ZAdminMe>;

// ---------------------------------------------------------------- paging

/** Page numbers start at 1; 20 rows a page unless asked, at most 100. */
export const ZPaging = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};

export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    /** Rows matching the filters, over all pages. */
    total: z.number().int(),
  });
}

/**
 * YYYY-MM-DD, a day in East Africa Time (the business's calendar). Years 2000–2999: a day far
 * outside (0000-01-01, 9999-12-31) becomes an instant PostgreSQL cannot read once shifted to EAT.
 */
export const ZCalendarDay = z.iso
  .date('must be a date like 2026-11-22')
  .refine((day) => day >= '2000-01-01' && day <= '2999-12-31', {
    error: 'must be a date from 2000-01-01 to 2999-12-31',
  });

// ---------------------------------------------------------------- dashboard

/** GET /api/admin/dashboard */
export const ZAdminDashboard = z.object({
  totalUsers: z.number().int(),
  /** Listings the public sees (approved), by type: with totalUsers, the dashboard's five cards. */
  totalPlots: z.number().int(),
  totalHousesForRent: z.number().int(),
  totalApartments: z.number().int(),
  totalHousesForSale: z.number().int(),
  awaitingReview: z.number().int(),
  /** Payments held because the provider reported other money than the order's (needs_review). */
  paymentsNeedingReview: z.number().int(),
  /** Whole TZS of payments that succeeded since the 1st of this month, East Africa Time. */
  revenueThisMonth: z.number().int(),
  /** The last 30 days, oldest first, one entry per day (EAT), days without activity included. */
  daily: z.array(
    z.object({
      day: ZCalendarDay,
      newListings: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

// ---------------------------------------------------------------- moderation

/** GET /api/admin/properties: drafts are the owner's business and archived ones are gone. */
export const ZAdminPropertiesQuery = z.object({
  type: ZPropertyType.optional(),
  /** Default: awaiting review (pending), oldest first, which is the moderation queue. */
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  /** Substring of the title or the publisher's name or phone. */
  q: z.string().trim().max(100).optional(),
  ...ZPaging,
});
export type TAdminPropertiesQuery = z.infer<typeof ZAdminPropertiesQuery>;

const ZAdminPublisher = z.object({
  id: z.uuid(),
  /** "Deleted user" once the person deleted their account. */
  name: z.string(),
  /** E.164; empty once the person deleted their account. */
  phoneNumber: z.string(),
});

/**
 * Another publisher's listing (not archived) holding a photo whose perceptual hash is within
 * PHOTO_DUPLICATE_MAX_DISTANCE bits of one of this listing's photos, or of one its pending change
 * adds (issue 20, decision 041): the same picture, re-encoded, resized or lightly edited. Worth a
 * look: the same property listed twice, or photos taken from someone else's listing.
 */
export const ZDuplicatePhotoCandidate = z.object({
  /** The other listing; the admin's page of it is /admin/{its type's slug}/{propertyId}. */
  propertyId: z.uuid(),
  type: ZPropertyType,
  title: z.string(),
  status: ZPropertyStatus,
  publisher: ZAdminPublisher,
  /** Bits of 64 in which the closest pair of photos differ: 0 is the same picture. */
  distance: z.number().int().min(0).max(64),
  /** That pair's smallest variants: this listing's photo, then the other listing's. */
  photoUrl: z.string().nullable(),
  otherPhotoUrl: z.string().nullable(),
});
export type TDuplicatePhotoCandidate = z.infer<typeof ZDuplicatePhotoCandidate>;
/** Candidates a listing carries at most: a stock photo may be on hundreds of listings. */
export const DUPLICATE_PHOTOS_MAX = 10;

export const ZAdminPropertyRow = z.object({
  id: z.uuid(),
  type: ZPropertyType,
  title: z.string(),
  status: ZPropertyStatus,
  /** The moderation list's Location column: the region's name, null without an address. */
  regionName: z.string().nullable(),
  /** TZS, whatever the type. */
  price: z.number().int(),
  publisher: ZAdminPublisher,
  /** Cover photo's smallest variant URL, null without photos. */
  coverUrl: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  /** The contact number is one its publisher proved is theirs (issue 20). */
  contactVerified: z.boolean(),
  /** An edit of this approved listing awaiting review, or null. */
  pendingChange: ZPendingChangeStatus.nullable(),
  /** Possible duplicate photos, closest first; empty for none. */
  duplicatePhotos: z.array(ZDuplicatePhotoCandidate).max(DUPLICATE_PHOTOS_MAX),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminPropertyRow = z.infer<typeof ZAdminPropertyRow>;
export const ZAdminPropertiesResponse = paged(ZAdminPropertyRow);
export type TAdminPropertiesResponse = z.infer<typeof ZAdminPropertiesResponse>;

/**
 * GET /api/admin/properties/awaiting-review: how many listings of each type wait for review, new
 * ones and edits of live ones: each type's total of the queue (status pending). The moderation
 * page opens on the first type that has any, rather than on an empty one (issue 41).
 */
export const ZAdminAwaitingReview = z.object({
  byType: z.record(ZPropertyType, z.number().int().min(0)),
});
export type TAdminAwaitingReview = z.infer<typeof ZAdminAwaitingReview>;

/** GET /api/admin/properties/{id}: any status but archived, with the owner's fields and publisher. */
export const ZAdminPropertyDetail = z.object({
  property: ZViewerProperty,
  publisher: ZAdminPublisher,
  /** As the list row's. */
  duplicatePhotos: z.array(ZDuplicatePhotoCandidate).max(DUPLICATE_PHOTOS_MAX),
});
export type TAdminPropertyDetail = z.infer<typeof ZAdminPropertyDetail>;

/** POST /api/admin/properties/{id}/disapprove: the reason reaches the owner in /posts and by SMS. */
export const ZDisapproveBody = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Give the owner a reason (at least 3 characters)')
    .max(500, 'Keep the reason under 500 characters')
    // A lone UTF-16 surrogate is no text, and PostgreSQL refuses it in the audit entry's JSON.
    .refine((reason) => !/\p{Cs}/u.test(reason), { error: 'must be valid text' }),
});
export type TDisapproveBody = z.infer<typeof ZDisapproveBody>;

/** Answer of approve and disapprove. */
export const ZModerationResult = z.object({
  id: z.uuid(),
  status: ZPropertyStatus,
  rejectionReason: z.string().nullable(),
  /**
   * The pending change after the decision: null once approved (it is now the live version) or
   * when there was none; 'rejected' with its reason when an admin did not approve it.
   */
  pendingChange: z
    .object({ status: ZPendingChangeStatus, rejectionReason: z.string().nullable() })
    .nullable(),
});
export type TModerationResult = z.infer<typeof ZModerationResult>;

// ---------------------------------------------------------------- users

export const ZPermissions = z.object({
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  canPost: z.boolean(),
  /** Off: the person is muted as a reporter (their reports are kept, closed, never hold a listing). */
  reportsHeard: z.boolean(),
});
export type TPermissions = z.infer<typeof ZPermissions>;

/** GET /api/admin/users */
export const ZAdminUsersQuery = z.object({
  /** Substring of the name or the phone number (0712…, +255712… and 712… all find one user). */
  q: z.string().trim().max(100).optional(),
  ...ZPaging,
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** A deleted account stays listed: names empty, name "Deleted user", phoneNumber empty. */
export const ZAdminUserRow = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  /** E.164; empty once the person deleted their account. */
  phoneNumber: z.string(),
  /** Listings that are not deleted, in any status. */
  numberOfProperties: z.number().int(),
  permissions: ZPermissions,
  createdAt: z.string(),
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;
export const ZAdminUsersResponse = paged(ZAdminUserRow);
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

/** GET /api/admin/users/{id} */
export const ZAdminUserDetail = z.object({
  user: ZAdminUserRow,
  subscription: z.object({ isActive: z.boolean(), endsAt: z.string().nullable() }),
  properties: z.array(
    z.object({
      id: z.uuid(),
      type: ZPropertyType,
      title: z.string(),
      description: z.string(),
      status: ZPropertyStatus,
      createdAt: z.string(),
    }),
  ),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

/** PATCH /api/admin/users/{id}/permissions: any of the three; answers all three. */
export const ZUpdatePermissionsBody = ZPermissions.partial().refine(
  (body) => Object.values(body).some((value) => value !== undefined),
  'Send at least one of canEdit, canDelete, canPost, reportsHeard',
);
export type TUpdatePermissionsBody = z.infer<typeof ZUpdatePermissionsBody>;

// ---------------------------------------------------------------- finance

/** GET /api/admin/payments and GET /api/admin/payments/export.csv (same filters, no paging). */
export const ZAdminPaymentsQuery = z.object({
  /** First day, inclusive (EAT). */
  from: ZCalendarDay.optional(),
  /** Last day, inclusive (EAT). */
  to: ZCalendarDay.optional(),
  status: ZPaymentStatus.optional(),
  /** The payer's network. */
  provider: ZMobileMoneyNetwork.optional(),
  purpose: ZPaymentPurpose.optional(),
  ...ZPaging,
});
export type TAdminPaymentsQuery = z.infer<typeof ZAdminPaymentsQuery>;

export const ZAdminPaymentRow = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  user: ZAdminPublisher,
  purpose: ZPaymentPurpose,
  plan: z.object({ id: z.uuid(), durationInDays: z.number().int() }),
  /** The promoted listing; null for a subscription. */
  propertyId: z.uuid().nullable(),
  /** The payer's network; null for a guarantee credit (nobody paid). */
  provider: ZMobileMoneyNetwork.nullable(),
  /** Whole TZS. */
  amount: z.number().int(),
  status: ZPaymentStatus,
  reason: z.string().nullable(),
  /** E.164 of the phone that paid; empty once the payer deleted their account. */
  payerPhone: z.string(),
  /** The aggregator's transaction id, for reconciliation with its statement. */
  providerReference: z.string().nullable(),
});
export type TAdminPaymentRow = z.infer<typeof ZAdminPaymentRow>;

export const ZAdminPaymentsResponse = paged(ZAdminPaymentRow).extend({
  /** Over every row matching the filters, not just this page. */
  totals: z.object({
    count: z.number().int(),
    /** Whole TZS of the succeeded ones. */
    succeededAmount: z.number().int(),
    byStatus: z.record(ZPaymentStatus, z.number().int()),
  }),
});
export type TAdminPaymentsResponse = z.infer<typeof ZAdminPaymentsResponse>;

// ---------------------------------------------------------------- audit

/** GET /api/admin/audit: newest first. */
export const ZAdminAuditQuery = z.object({
  action: z.string().trim().max(64).optional(),
  targetType: z.enum(['property', 'user', 'admin', 'payment', 'support-message']).optional(),
  targetId: z.string().trim().max(64).optional(),
  ...ZPaging,
});
export type TAdminAuditQuery = z.infer<typeof ZAdminAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.uuid(),
  /** The admin's username, or 'system' for the CLI and the start-up bootstrap. */
  actor: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAdminAuditResponse = paged(ZAuditEntry);
export type TAdminAuditResponse = z.infer<typeof ZAdminAuditResponse>;

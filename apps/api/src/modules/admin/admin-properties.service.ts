import {
  DUPLICATE_PHOTOS_MAX,
  type TAdminAwaitingReview,
  type TAdminPropertiesQuery,
  type TAdminPropertiesResponse,
  type TAdminPropertyDetail,
  type TAdminPropertyRow,
  type TDuplicatePhotoCandidate,
  type TModerationResult,
} from '@makazi/contracts/admin';
import type { TLocale } from '@makazi/contracts/common';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { Clock } from '../../lib/clock';
import { shortTitle, withoutFinalStop } from '../../lib/sms-words';
import { AppError, notFound } from '../../lib/errors';
import type { AdminActor } from '../access/access';
import { mediaUrl, type PropertiesService } from '../properties/properties.service';
import type {
  AdminPropertiesRepository,
  ModeratedListing,
  ModerationChange,
  ModerationRow,
} from './admin-properties.repository';
import { offsetOf } from './paging';
import type {
  DuplicateCandidateRow,
  DuplicatePhotosRepository,
} from '../media/duplicate-photos.repository';
import { isReviewable, proposedPhotos, type PendingChangeState } from '../listings/pending-change';

/** What the audit log keeps of a listing's moderation state before and after a decision. */
const auditState = (result: TModerationResult) => ({
  status: result.status,
  rejectionReason: result.rejectionReason,
  pendingChange: result.pendingChange,
});

/*
 * Moderation: the review list, one listing as its owner sees it, and the two decisions. A
 * decision is one transaction that locks the listing, changes its status and writes the audit
 * entry, so the change and its record exist together or not at all. The owner hears of it by SMS
 * after the commit: a text is not something a rollback can take back, and a provider's failure
 * must not undo a decision already made.
 */

export interface AdminPropertiesService {
  list(query: TAdminPropertiesQuery): Promise<TAdminPropertiesResponse>;
  /** Every type's count of listings awaiting review, 0 for a type with none. */
  awaitingReview(): Promise<TAdminAwaitingReview>;
  get(id: string): Promise<TAdminPropertyDetail>;
  approve(admin: AdminActor, id: string, context: RequestContext): Promise<TModerationResult>;
  disapprove(
    admin: AdminActor,
    id: string,
    reason: string,
    context: RequestContext,
  ): Promise<TModerationResult>;
}

export interface RequestContext {
  /** The client's address, for the audit entry. */
  ip: string;
}

export interface AdminPropertiesServiceDeps {
  repository: AdminPropertiesRepository;
  /** Reads a listing as its owner sees it. */
  views: Pick<PropertiesService, 'getOwnerView'>;
  sms: SmsGateway;
  clock: Clock;
  log: { warn(details: Record<string, unknown>, message: string): void };
  /** Other publishers' listings with the same photos (decision 041). */
  duplicates: Pick<DuplicatePhotosRepository, 'candidates'>;
  /** PHOTO_DUPLICATE_MAX_DISTANCE: bits two photos' hashes may differ in and be the same. */
  maxPhotoDistance: number;
}

const listingNotFound = (id: string) => notFound(`Listing ${id} not found`);

export const INCOMPLETE_MESSAGE =
  'This listing is incomplete (no address or missing photos) and cannot be approved yet.';
const INCOMPLETE_DISAPPROVE_MESSAGE =
  'This listing is incomplete (no address or missing photos): it is not awaiting review yet.';

/** What the owner is told: a decision on the listing, or on their edit of it while it is live. */
export type DecisionText =
  | { status: 'approved' }
  | { status: 'rejected'; reason: string }
  | { status: 'changeApproved' }
  | { status: 'changeRejected'; reason: string };

const SMS_TEXT: Record<
  TLocale,
  {
    approved: (title: string) => string;
    rejected: (title: string, reason: string) => string;
    changeApproved: (title: string) => string;
    changeRejected: (title: string, reason: string) => string;
  }
> = {
  en: {
    approved: (title) => `Makazi: your listing "${title}" is now live.`,
    rejected: (title, reason) =>
      `Makazi: your listing "${title}" was not approved: ${reason}. Edit it in My posts.`,
    changeApproved: (title) => `Makazi: your changes to "${title}" are now live.`,
    changeRejected: (title, reason) =>
      `Makazi: your changes to "${title}" were not approved: ${reason}. The listing stays live as before. Edit it in My posts.`,
  },
  sw: {
    approved: (title) => `Makazi: tangazo lako "${title}" sasa linaonekana kwa wote.`,
    rejected: (title, reason) =>
      `Makazi: tangazo lako "${title}" halikukubaliwa: ${reason}. Lirekebishe katika Matangazo Yako.`,
    changeApproved: (title) =>
      `Makazi: mabadiliko ya tangazo lako "${title}" sasa yanaonekana kwa wote.`,
    changeRejected: (title, reason) =>
      `Makazi: mabadiliko ya tangazo lako "${title}" hayakukubaliwa: ${reason}. Tangazo linabaki kama lilivyokuwa. Yarekebishe katika Matangazo Yako.`,
  },
};

/** The owner's text about a decision, in the language of their last sign-in. */
export function moderationSmsText(locale: TLocale, title: string, decision: DecisionText): string {
  const text = SMS_TEXT[locale];
  const shown = shortTitle(title);
  switch (decision.status) {
    case 'approved':
      return text.approved(shown);
    case 'rejected':
      return text.rejected(shown, withoutFinalStop(decision.reason));
    case 'changeApproved':
      return text.changeApproved(shown);
    case 'changeRejected':
      return text.changeRejected(shown, withoutFinalStop(decision.reason));
  }
}

/** A photo's smallest variant's URL: what a thumbnail shows. */
function thumbnailUrl(variants: readonly { width: number; key: string }[] | null): string | null {
  const smallest = variants?.reduce<{ width: number; key: string } | undefined>(
    (best, variant) => (best && best.width <= variant.width ? best : variant),
    undefined,
  );
  return smallest ? mediaUrl(smallest.key) : null;
}

function toCandidate(row: DuplicateCandidateRow): TDuplicatePhotoCandidate {
  return {
    propertyId: row.propertyId,
    type: row.type,
    title: row.title,
    status: row.status,
    publisher: {
      id: row.publisherId,
      name: `${row.publisherFirstName} ${row.publisherLastName}`,
      // Only a deleted account has none, and its listings are archived: never a candidate.
      phoneNumber: row.publisherPhoneNumber ?? '',
    },
    distance: row.distance,
    photoUrl: thumbnailUrl(row.photoVariants),
    otherPhotoUrl: thumbnailUrl(row.otherPhotoVariants),
  };
}

function toRow(row: ModerationRow, duplicatePhotos: TDuplicatePhotoCandidate[]): TAdminPropertyRow {
  // The smallest variant: a table row shows a thumbnail.
  const smallest = row.coverVariants?.reduce((a, b) => (b.width < a.width ? b : a));
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    status: row.status,
    regionName: row.regionName,
    price: row.priceTzs,
    publisher: {
      id: row.publisherId,
      name: `${row.publisherFirstName} ${row.publisherLastName}`,
      phoneNumber: row.publisherPhoneNumber,
    },
    coverUrl: smallest ? mediaUrl(smallest.key) : null,
    rejectionReason: row.rejectionReason,
    contactVerified: row.contactVerified,
    pendingChange: row.pendingChange,
    duplicatePhotos,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function toResult(
  id: string,
  listing: { status: ModeratedListing['status']; rejectionReason: string | null },
  pendingChange: PendingChangeState | undefined,
): TModerationResult {
  return {
    id,
    status: listing.status,
    // As the owner view says it: a reason belongs to a rejection only.
    rejectionReason: listing.status === 'rejected' ? listing.rejectionReason : null,
    pendingChange: pendingChange
      ? {
          status: pendingChange.status,
          rejectionReason:
            pendingChange.status === 'rejected' ? pendingChange.rejectionReason : null,
        }
      : null,
  };
}

/** What a decision does: to the listing's status, or to the owner's edit of the live listing. */
type Verdict =
  | { on: 'listing'; change: ModerationChange }
  | { on: 'pendingChange'; approve: true }
  | { on: 'pendingChange'; approve: false; reason: string };

/** What a decision did: the answer, and the owner's text when something changed. */
interface Decision {
  result: TModerationResult;
  notify?: { publishedBy: string; text: (locale: TLocale) => string };
}

/** Drafts have nothing to review and archived listings are gone (404 as for everyone). */
function assertReviewable(listing: ModeratedListing | undefined, id: string, draftMessage: string) {
  if (!listing || listing.status === 'archived') throw listingNotFound(id);
  if (listing.status === 'draft') throw new AppError('CONFLICT', draftMessage);
  return listing;
}

export function createAdminPropertiesService(
  deps: AdminPropertiesServiceDeps,
): AdminPropertiesService {
  const { repository, views, sms, clock, log, duplicates, maxPhotoDistance } = deps;

  /**
   * Each listing's possible duplicate photos, worked out as they are asked for: one search for
   * the whole page, whatever its listings' statuses and changes are now (decision 041).
   */
  async function duplicatePhotosOf(
    ids: string[],
  ): Promise<Map<string, TDuplicatePhotoCandidate[]>> {
    const byListing = new Map<string, TDuplicatePhotoCandidate[]>(ids.map((id) => [id, []]));
    const rows = await duplicates.candidates(ids, {
      maxDistance: maxPhotoDistance,
      perListing: DUPLICATE_PHOTOS_MAX,
    });
    for (const row of rows) byListing.get(row.listingId)?.push(toCandidate(row));
    return byListing;
  }

  /**
   * Locks the listing, lets `decide` pick the change (undefined: nothing to do), applies it and
   * writes the audit entry, all in one transaction.
   */
  async function moderate(
    admin: AdminActor,
    id: string,
    context: RequestContext,
    action: 'property.approve' | 'property.disapprove',
    decide: (listing: ModeratedListing, now: Date) => Verdict | undefined,
  ): Promise<Decision> {
    return repository.transaction(async (tx) => {
      const listing = assertReviewable(
        await tx.lockListing(id),
        id,
        action === 'property.approve' ? INCOMPLETE_MESSAGE : INCOMPLETE_DISAPPROVE_MESSAGE,
      );
      const before = toResult(id, listing, listing.pendingChange);
      const now = clock();
      const verdict = decide(listing, now);
      if (!verdict) return { result: before };

      let title = listing.title;
      let result: TModerationResult;
      let text: DecisionText;
      if (verdict.on === 'listing') {
        await tx.setModeration(id, verdict.change, now);
        result = toResult(id, verdict.change, listing.pendingChange);
        const reason = verdict.change.rejectionReason;
        text = reason === null ? { status: 'approved' } : { status: 'rejected', reason };
      } else {
        const change = listing.pendingChange;
        if (!change) throw new Error(`listing ${id}: a verdict on a change it does not have`);
        if (verdict.approve) {
          // The change becomes the live version. The files of the photos it drops are left to the
          // media sweeper (apply journals them): no row names them any more.
          const order = proposedPhotos(await tx.pendingChanges.livePhotos(id), change);
          await tx.pendingChanges.apply(
            id,
            change,
            order.map((photo) => photo.id),
            now,
          );
          title = change.changes.title ?? title;
          result = toResult(id, listing, undefined);
          text = { status: 'changeApproved' };
        } else {
          const rejected = {
            ...change,
            status: 'rejected' as const,
            rejectionReason: verdict.reason,
          };
          await tx.pendingChanges.save(id, rejected, now);
          result = toResult(id, listing, rejected);
          text = { status: 'changeRejected', reason: verdict.reason };
        }
      }
      await tx.recordAudit({
        adminId: admin.adminId,
        actor: admin.username,
        action,
        targetType: 'property',
        targetId: id,
        before: auditState(before),
        after: auditState(result),
        ip: context.ip,
        at: now,
      });
      return {
        result,
        notify: {
          publishedBy: listing.publishedBy,
          text: (locale) => moderationSmsText(locale, title, text),
        },
      };
    });
  }

  /**
   * Tells the owner, after the commit. Awaited so the answer leaves once the provider accepted
   * the text (each gateway bounds its own wait); any failure is logged and the decision stands.
   */
  async function notifyOwner(listingId: string, notify: Decision['notify']): Promise<void> {
    if (!notify) return;
    try {
      const publisher = await repository.publisher(notify.publishedBy);
      if (!publisher) return;
      await sms.send({ to: publisher.phoneNumber, text: notify.text(publisher.locale) });
    } catch (err) {
      log.warn({ err, listingId }, 'could not text the owner about a moderation decision');
    }
  }

  return {
    async list(query) {
      const { rows, total } = await repository.list(
        { type: query.type, status: query.status, search: query.q ? query.q : undefined },
        offsetOf(query),
        query.pageSize,
      );
      const duplicatePhotos = await duplicatePhotosOf(rows.map((row) => row.id));
      return {
        items: rows.map((row) => toRow(row, duplicatePhotos.get(row.id) ?? [])),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    async awaitingReview() {
      const byType = Object.fromEntries(PROPERTY_TYPES.map((type) => [type, 0])) as Record<
        TPropertyType,
        number
      >;
      for (const { type, count } of await repository.awaitingByType()) byType[type] = count;
      return { byType };
    },

    async get(id) {
      const publisher = await repository.publisherOfListing(id);
      if (!publisher) throw listingNotFound(id);
      const [property, duplicatePhotos] = await Promise.all([
        views.getOwnerView(id, publisher.id),
        duplicatePhotosOf([id]),
      ]);
      return {
        property,
        publisher: {
          id: publisher.id,
          name: `${publisher.firstName} ${publisher.lastName}`,
          phoneNumber: publisher.phoneNumber,
        },
        duplicatePhotos: duplicatePhotos.get(id) ?? [],
      };
    },

    async approve(admin, id, context) {
      const decision = await moderate(admin, id, context, 'property.approve', (listing, now) => {
        // A live listing's edit is what awaits review. Approving twice (a double click, two
        // admins) changes nothing and records nothing.
        if (listing.status === 'approved') {
          return isReviewable(listing.pendingChange)
            ? { on: 'pendingChange', approve: true }
            : undefined;
        }
        return {
          on: 'listing',
          change: { status: 'approved', rejectionReason: null, approvedAt: now },
        };
      });
      await notifyOwner(id, decision.notify);
      return decision.result;
    },

    async disapprove(admin, id, reason, context) {
      const decision = await moderate(admin, id, context, 'property.disapprove', (listing) => {
        // The same reason again is a repeat, not a new decision; a new one replaces the old.
        const change = listing.pendingChange;
        if (listing.status === 'approved' && isReviewable(change)) {
          // The edit is refused; the live version stays up.
          return change?.status === 'rejected' && change.rejectionReason === reason
            ? undefined
            : { on: 'pendingChange', approve: false, reason };
        }
        return listing.status === 'rejected' && listing.rejectionReason === reason
          ? undefined
          : { on: 'listing', change: { status: 'rejected', rejectionReason: reason } };
      });
      await notifyOwner(id, decision.notify);
      return decision.result;
    },
  };
}

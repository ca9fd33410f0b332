import type {
  TAdminPropertiesQuery,
  TAdminPropertiesResponse,
  TAdminPropertyDetail,
  TAdminPropertyRow,
  TModerationResult,
} from '@makazi/contracts/admin';
import type { TLocale } from '@makazi/contracts/common';
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { Clock } from '../../lib/clock';
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

/*
 * Moderation: the review list, one listing as its owner sees it, and the two decisions. A
 * decision is one transaction that locks the listing, changes its status and writes the audit
 * entry, so the change and its record exist together or not at all. The owner hears of it by SMS
 * after the commit: a text is not something a rollback can take back, and a provider's failure
 * must not undo a decision already made.
 */

export interface AdminPropertiesService {
  list(query: TAdminPropertiesQuery): Promise<TAdminPropertiesResponse>;
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
}

const listingNotFound = (id: string) => notFound(`Listing ${id} not found`);

export const INCOMPLETE_MESSAGE =
  'This listing is incomplete (no address or missing photos) and cannot be approved yet.';
const INCOMPLETE_DISAPPROVE_MESSAGE =
  'This listing is incomplete (no address or missing photos): it is not awaiting review yet.';

/** SMS costs by the 160-character part: a long title is cut, the admin's reason never is. */
const SMS_TITLE_MAX = 40;

function shortTitle(title: string): string {
  return title.length <= SMS_TITLE_MAX ? title : `${title.slice(0, SMS_TITLE_MAX - 1)}…`;
}

const SMS_TEXT: Record<
  TLocale,
  { approved: (title: string) => string; rejected: (title: string, reason: string) => string }
> = {
  en: {
    approved: (title) => `Makazi: your listing "${title}" is now live.`,
    rejected: (title, reason) =>
      `Makazi: your listing "${title}" was not approved: ${reason}. Edit it in My posts.`,
  },
  sw: {
    approved: (title) => `Makazi: tangazo lako "${title}" sasa linaonekana kwa wote.`,
    rejected: (title, reason) =>
      `Makazi: tangazo lako "${title}" halikukubaliwa: ${reason}. Lirekebishe katika Matangazo Yako.`,
  },
};

/** The owner's text about a decision, in the language of their last sign-in. */
export function moderationSmsText(
  locale: TLocale,
  title: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
): string {
  const text = SMS_TEXT[locale];
  const shown = shortTitle(title);
  // A reason typed with a final full stop would read "..". twice over.
  return decision.status === 'approved'
    ? text.approved(shown)
    : text.rejected(shown, decision.reason.replace(/[.\s]+$/, ''));
}

function toRow(row: ModerationRow): TAdminPropertyRow {
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
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

const toResult = (listing: {
  id: string;
  status: ModeratedListing['status'];
  rejectionReason: string | null;
}): TModerationResult => ({
  id: listing.id,
  status: listing.status,
  // As the owner view says it: a reason belongs to a rejection only.
  rejectionReason: listing.status === 'rejected' ? listing.rejectionReason : null,
});

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
  const { repository, views, sms, clock, log } = deps;

  /**
   * Locks the listing, lets `decide` pick the change (undefined: nothing to do), applies it and
   * writes the audit entry, all in one transaction.
   */
  async function moderate(
    admin: AdminActor,
    id: string,
    context: RequestContext,
    action: 'property.approve' | 'property.disapprove',
    decide: (listing: ModeratedListing, now: Date) => ModerationChange | undefined,
  ): Promise<Decision> {
    return repository.transaction(async (tx) => {
      const listing = assertReviewable(
        await tx.lockListing(id),
        id,
        action === 'property.approve' ? INCOMPLETE_MESSAGE : INCOMPLETE_DISAPPROVE_MESSAGE,
      );
      const now = clock();
      const change = decide(listing, now);
      if (!change) return { result: toResult(listing) };
      await tx.setModeration(id, change, now);
      await tx.recordAudit({
        adminId: admin.adminId,
        actor: admin.username,
        action,
        targetType: 'property',
        targetId: id,
        before: { status: listing.status, rejectionReason: listing.rejectionReason },
        after: { status: change.status, rejectionReason: change.rejectionReason },
        ip: context.ip,
        at: now,
      });
      const { title } = listing;
      const reason = change.rejectionReason;
      return {
        result: toResult({ id, ...change }),
        notify: {
          publishedBy: listing.publishedBy,
          text: (locale) =>
            moderationSmsText(
              locale,
              title,
              reason === null ? { status: 'approved' } : { status: 'rejected', reason },
            ),
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
      return { items: rows.map(toRow), page: query.page, pageSize: query.pageSize, total };
    },

    async get(id) {
      const publisher = await repository.publisherOfListing(id);
      if (!publisher) throw listingNotFound(id);
      return {
        property: await views.getOwnerView(id, publisher.id),
        publisher: {
          id: publisher.id,
          name: `${publisher.firstName} ${publisher.lastName}`,
          phoneNumber: publisher.phoneNumber,
        },
      };
    },

    async approve(admin, id, context) {
      const decision = await moderate(admin, id, context, 'property.approve', (listing, now) =>
        // Approving twice (a double click, two admins) changes nothing and records nothing.
        listing.status === 'approved'
          ? undefined
          : { status: 'approved', rejectionReason: null, approvedAt: now },
      );
      await notifyOwner(id, decision.notify);
      return decision.result;
    },

    async disapprove(admin, id, reason, context) {
      const decision = await moderate(admin, id, context, 'property.disapprove', (listing) =>
        // The same reason again is a repeat, not a new decision; a new one replaces the old.
        listing.status === 'rejected' && listing.rejectionReason === reason
          ? undefined
          : { status: 'rejected', rejectionReason: reason },
      );
      await notifyOwner(id, decision.notify);
      return decision.result;
    },
  };
}

import { useTranslation } from '../lib/use-translation';
import type { TPictureLabel, TPropertyStatus } from '@makazi/contracts/property-values';
import type { TListingVisibility } from '@makazi/contracts/trust-values';
import './listing-status.css';

/** What the owner's status line reads of a listing (the owner view of GET /publishers and /{id}). */
export interface ListingStatusProps {
  status: TPropertyStatus;
  rejectionReason?: string | null;
  missingPictureLabels?: readonly TPictureLabel[];
  /** An approved listing's place in the catalogue (the owner view's `visibility`). */
  visibility?: TListingVisibility | null;
}

type TBadge =
  'draft' | 'incomplete' | 'pending' | 'approved' | 'taken' | 'hidden' | 'rejected' | 'archived';

/**
 * A draft still missing required photos asks for them; a draft with every photo lacks only its
 * address (the API promotes a draft to pending once both are there). An approved listing out of
 * the catalogue is not "Published": taken says so, and the rest (stale, held, suspended) are
 * hidden, their reason told beside it.
 */
export function statusBadge(
  status: TPropertyStatus,
  missingPictureLabels: readonly TPictureLabel[] = [],
  visibility: TListingVisibility | null = null,
): TBadge {
  if (status === 'draft') return missingPictureLabels.length > 0 ? 'draft' : 'incomplete';
  if (status === 'approved' && visibility === 'taken') return 'taken';
  if (status === 'approved' && visibility !== null && visibility !== 'listed') return 'hidden';
  return status;
}

/**
 * The owner's view of a listing's state: a badge, the admin's reason for a rejection, and for a
 * draft the photo slots still empty. Its texts are in the lazy 'posts' namespace: render it only
 * once useTranslation('posts') is ready.
 */
export function ListingStatus({
  status,
  rejectionReason,
  missingPictureLabels = [],
  visibility = null,
}: ListingStatusProps) {
  const { t } = useTranslation('posts');
  const { t: tDetail } = useTranslation('detail');
  const badge = statusBadge(status, missingPictureLabels, visibility);
  const reason = status === 'rejected' ? rejectionReason?.trim() : undefined;

  return (
    <div className="listing-status" data-testid="listing-status">
      <span
        className={`listing-status__badge listing-status__badge--${badge}`}
        data-status={status}
      >
        {t(`status.${badge}`)}
      </span>
      {reason ? <p className="listing-status__note">{t('status.reason', { reason })}</p> : null}
      {status === 'draft' && missingPictureLabels.length > 0 ? (
        <p className="listing-status__note">
          {t('status.missingPhotos', {
            labels: missingPictureLabels
              .map((label) => tDetail(`pictureLabels.${label}`))
              .join(', '),
          })}
        </p>
      ) : null}
      {badge === 'incomplete' ? (
        <p className="listing-status__note">{t('status.incompleteHint')}</p>
      ) : null}
    </div>
  );
}

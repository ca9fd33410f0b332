import { useTranslation } from '../lib/use-translation';
import type { TPendingChange } from '@makazi/contracts/listings';
import './pending-change-status.css';

export interface PendingChangeStatusProps {
  change: Pick<TPendingChange, 'status' | 'rejectionReason' | 'missingPictureLabels'>;
}

/**
 * The second status line of an approved listing whose edit waits beside it (/posts, the owner
 * page): the listing's own line still says it is published, this one says where the edit stands.
 * Its words say it all, colour only repeats them. Its texts are in the lazy 'posts' namespace:
 * render it only once useTranslation('posts') is ready.
 */
export function PendingChangeStatus({ change }: PendingChangeStatusProps) {
  const { t } = useTranslation('posts');
  const { t: tDetail } = useTranslation('detail');
  const reason = change.rejectionReason?.trim();
  let text: string;
  switch (change.status) {
    case 'pending':
      text = t('changes.status.pending');
      break;
    case 'draft':
      text = t('changes.status.draft');
      break;
    case 'rejected':
      text = reason
        ? t('changes.status.rejected', { reason })
        : t('changes.status.rejectedNoReason');
      break;
  }
  const missing = change.status === 'draft' ? change.missingPictureLabels : [];

  return (
    <div className="pending-change-status" data-testid="pending-change-status">
      <span
        className={`pending-change-status__badge pending-change-status__badge--${change.status}`}
        data-status={change.status}
      >
        {text}
      </span>
      {missing.length > 0 ? (
        <p className="pending-change-status__note">
          {t('status.missingPhotos', {
            labels: missing.map((label) => tDetail(`pictureLabels.${label}`)).join(', '),
          })}
        </p>
      ) : null}
    </div>
  );
}

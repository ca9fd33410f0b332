import { useId, type Ref } from 'react';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { ConfirmedAgo, VerifiedPhoneBadge } from '../../../components/listing-freshness';
import { useTranslation } from '../../../lib/use-translation';

export interface PostTrustProps {
  property: TViewerProperty;
  /** The list's clock (ms). */
  now: number;
  /** The card's title element: the buttons say which listing they act on. */
  titleId: string;
  /** Opened from the SMS reminder (/posts?confirm={id}): the question is asked outright. */
  highlighted: boolean;
  /** Its 'Still available' is being sent. */
  confirming: boolean;
  onConfirm: (property: TViewerProperty) => void;
  onMarkTaken: (property: TViewerProperty) => void;
  /** The 'Still available' button, which the reminder's link brings into view. */
  confirmRef?: Ref<HTMLButtonElement>;
}

/**
 * Where an approved listing stands with the public and what its owner can do about it: listed,
 * taken or hidden (and why), when it was last confirmed, how many subscribers were shown its
 * contact, 'Still available' and 'Mark as taken'. A taken listing stays on the page, as taken.
 */
export function PostTrust({
  property,
  now,
  titleId,
  highlighted,
  confirming,
  onConfirm,
  onMarkTaken,
  confirmRef,
}: PostTrustProps) {
  const { t, i18n } = useTranslation('posts');
  const askId = useId();
  if (property.status !== 'approved') return null;
  const { visibility, takenAt, contactViews } = property;
  const taken = visibility === 'taken' || Boolean(takenAt);

  let visibilityText: string | null = null;
  if (visibility === 'taken') {
    visibilityText = takenAt
      ? t('trust.visibility.takenOn', {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
            new Date(takenAt),
          ),
        })
      : t('trust.visibility.taken');
  } else if (visibility) {
    visibilityText = t(`trust.visibility.${visibility}`);
  }

  const confirm = (
    <button
      ref={confirmRef}
      type="button"
      className={highlighted ? 'btn btn--contained' : 'btn btn--contained btn--small'}
      aria-describedby={titleId}
      disabled={confirming}
      onClick={() => onConfirm(property)}
    >
      {t('trust.confirm')}
    </button>
  );
  const markTaken = (
    <button
      type="button"
      className="btn btn--small"
      aria-describedby={titleId}
      onClick={() => onMarkTaken(property)}
    >
      {t('trust.markTaken')}
    </button>
  );

  return (
    <div className="post-trust" data-testid="post-trust">
      {visibilityText ? (
        <p
          className={`post-trust__visibility post-trust__visibility--${visibility ?? 'listed'}`}
          data-testid="post-visibility"
          data-visibility={visibility}
        >
          {visibilityText}
        </p>
      ) : null}
      {visibility === 'stale' ? <p className="post-trust__hint">{t('trust.staleHint')}</p> : null}
      {taken ? null : (
        <ConfirmedAgo
          confirmedAt={property.confirmedAt}
          now={now}
          className="post-trust__line text-secondary"
        />
      )}
      {contactViews ? (
        <p className="post-trust__line text-secondary" data-testid="contact-views">
          {t('trust.views', {
            count: contactViews.last7Days,
            month: contactViews.last30Days,
          })}
        </p>
      ) : null}
      {taken ? null : highlighted ? (
        <div className="post-trust__ask" role="group" aria-labelledby={askId}>
          <p id={askId} className="post-trust__question">
            {t('trust.ask')}
          </p>
          <div className="post-trust__actions">
            {confirm}
            {markTaken}
          </div>
        </div>
      ) : (
        <div className="post-trust__actions">
          {confirm}
          {markTaken}
        </div>
      )}
    </div>
  );
}

export interface PostContactProps {
  property: TViewerProperty;
  /** The card's title element: the button says which listing it acts on. */
  titleId: string;
  onVerifyPhone: (property: TViewerProperty) => void;
}

/**
 * Whether the listing's contact number is one its owner proved: 'Verified phone' as the public
 * sees it, or 'Contact number not verified' with 'Verify this number' (on a draft or a rejected
 * listing, a line saying to submit it first). Nothing for a taken listing.
 */
export function PostContact({ property, titleId, onVerifyPhone }: PostContactProps) {
  const { t } = useTranslation('posts');
  if (property.visibility === 'taken' || property.takenAt) return null;
  if (property.contactVerified) {
    return (
      <div className="post-contact">
        <VerifiedPhoneBadge verified />
      </div>
    );
  }
  if (!property.ownerPhoneNumber) return null;
  // Codes go only to the numbers of listings submitted for review or live (a draft is free to
  // make, so it cannot be a way to text any number).
  if (property.status !== 'pending' && property.status !== 'approved') {
    return (
      <div className="post-contact" data-testid="post-contact">
        <p className="post-trust__line text-secondary">{t('verify.unverified')}</p>
        <p className="post-trust__line text-secondary">{t('verify.afterSubmit')}</p>
      </div>
    );
  }
  return (
    <div className="post-contact" data-testid="post-contact">
      <p className="post-trust__line text-secondary">{t('verify.unverified')}</p>
      <button
        type="button"
        className="btn btn--small"
        aria-describedby={titleId}
        onClick={() => onVerifyPhone(property)}
      >
        {t('verify.action')}
      </button>
    </div>
  );
}

import { useId, type Ref } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { ListingPrice } from '../../../components/listing-price';
import { ListingStatus } from '../../../components/listing-status';
import { PendingChangeStatus } from '../../../components/pending-change-status';
import { ResponsiveImage } from '../../../components/responsive-image';
import { pendingChangeOf } from '../../../lib/pending-change';
import { coverPhoto } from '../../../lib/listing-photos';
import { postText, runningPromotionEnd, showsPromoteButton } from '../utils/post-card';
import { PostMenu } from './post-menu';
import { PostContact, PostTrust } from './post-trust';

/** The grid shows 1–3 columns inside the 1200px container. */
const POST_IMAGE_SIZES =
  '(min-width: 1280px) 390px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';

export interface PostCardProps {
  property: TViewerProperty;
  /** The list's clock: whether the promotion still runs is judged at this moment. */
  now: Date;
  onDelete: (property: TViewerProperty) => void;
  /** Opened from the SMS reminder (/posts?confirm={id}): marked and asked outright. */
  highlighted?: boolean;
  /** Its 'Still available' is being sent. */
  confirming?: boolean;
  onConfirm: (property: TViewerProperty) => void;
  onMarkTaken: (property: TViewerProperty) => void;
  /** 'Verify this number' on a listing whose contact number is not verified. */
  onVerifyPhone: (property: TViewerProperty) => void;
  confirmRef?: Ref<HTMLButtonElement>;
}

export function PostCard({
  property,
  now,
  onDelete,
  highlighted = false,
  confirming = false,
  onConfirm,
  onMarkTaken,
  onVerifyPhone,
  confirmRef,
}: PostCardProps) {
  const { t, i18n } = useTranslation('posts');
  const titleId = useId();
  const promotedUntil = runningPromotionEnd(property.promotionEndDate, now);
  const title = postText(property.title) || t('card.noTitle');
  const description = postText(property.description);
  // The card shows the live listing; an edit waiting beside it gets a line of its own.
  const change = pendingChangeOf(property);

  return (
    <article
      data-testid="post-card"
      data-id={property.id}
      aria-labelledby={titleId}
      className={highlighted ? 'post-card post-card--highlighted' : 'post-card'}
    >
      <div className="post-card__media">
        <ResponsiveImage
          photo={coverPhoto(property)}
          alt={t('card.photoAlt', { title })}
          sizes={POST_IMAGE_SIZES}
        />
      </div>
      <div className="post-card__body">
        <div className="post-card__top">
          <div className="post-card__status">
            <ListingStatus
              status={property.status}
              rejectionReason={property.rejectionReason}
              missingPictureLabels={property.missingPictureLabels}
              visibility={property.visibility}
            />
            {change ? <PendingChangeStatus change={change} /> : null}
          </div>
          <PostMenu property={property} title={title} onDelete={onDelete} />
        </div>
        <h3 id={titleId} className="post-card__title" title={property.title.trim() || undefined}>
          {title}
        </h3>
        {description ? (
          <p className="post-card__description text-secondary" data-testid="post-description">
            {description}
          </p>
        ) : null}
        <ListingPrice price={property.price} type={property.type} className="post-card__price" />
        <PostTrust
          property={property}
          now={now.getTime()}
          titleId={titleId}
          highlighted={highlighted}
          confirming={confirming}
          onConfirm={onConfirm}
          onMarkTaken={onMarkTaken}
          confirmRef={confirmRef}
        />
        <PostContact property={property} titleId={titleId} onVerifyPhone={onVerifyPhone} />
        {promotedUntil ? (
          <p className="post-card__promoted" data-testid="promoted-until">
            {t('card.promotedUntil', {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
                promotedUntil,
              ),
            })}
          </p>
        ) : null}
        {showsPromoteButton(property) ? (
          <Link
            to="/promote"
            state={{ property }}
            aria-describedby={titleId}
            className="btn btn--contained btn--small post-card__promote"
          >
            {t('card.promote')}
          </Link>
        ) : null}
      </div>
    </article>
  );
}

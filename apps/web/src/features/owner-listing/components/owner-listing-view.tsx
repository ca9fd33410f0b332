import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TPendingChange, TViewerProperty } from '@makazi/contracts/listings';
import type { TPhoto } from '@makazi/contracts/properties';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ContactActions } from '../../../components/contact-actions';
import { ContactsToggle } from '../../../components/contacts-toggle';
import { ChangedTag, ListingArticle, useListingTitle } from '../../../components/listing-article';
import { ListingStatus } from '../../../components/listing-status';
import { PendingChangeStatus } from '../../../components/pending-change-status';
import { isApiError } from '../../../lib/api-client';
import { pendingChangeOf } from '../../../lib/pending-change';
import { showToast } from '../../../lib/toast';
import { useDiscardPendingChange } from '../api/pending-change';
import { OwnerPhotos } from './owner-photos';

export interface OwnerListingViewProps {
  property: TViewerProperty;
  /** The signed-in user published it: their status line shows. */
  isOwner: boolean;
  /** The signed-in user: discarding an edit refreshes their lists. */
  sub: string;
}

/** The contacts toggle of the owner view: only it carries the phone. */
function OwnerContacts({ phone, title }: { phone: string | undefined; title: string }) {
  if (!phone) return null;
  return (
    <ContactsToggle>
      <div data-testid="owner-contacts" className="contact-card">
        <ContactActions phone={phone} title={title} />
      </div>
    </ContactsToggle>
  );
}

/** What changed in the photos of an edit, in words: the labels of the new and the removed ones. */
function PhotoChanges({ change, live }: { change: TPendingChange; live: TPhoto[] }) {
  const { t } = useTranslation('posts');
  const { t: tDetail } = useTranslation('detail');
  const labels = (ids: readonly string[], photos: readonly TPhoto[]) =>
    photos
      .filter((photo) => ids.includes(photo.id))
      .map((photo) => tDetail(`pictureLabels.${photo.label}`))
      .join(', ');
  const added = labels(change.addedPhotoIds, change.proposed.photos);
  const removed = labels(change.removedPhotoIds, live);
  if (!change.changedFields.includes('photos') && !added && !removed) return null;
  return (
    <div className="owner-version__photo-changes" data-testid="photo-changes">
      <ChangedTag />
      {added ? <p>{t('changes.proposed.photosAdded', { labels: added })}</p> : null}
      {removed ? <p>{t('changes.proposed.photosRemoved', { labels: removed })}</p> : null}
    </div>
  );
}

/**
 * An approved listing with an edit awaiting review, as its owner sees it: the live version (what
 * the public sees until an admin decides) and the changes, each under its own heading, the
 * changed fields tagged, and a way to edit the changes again or discard them.
 */
function OwnerVersions({
  property,
  change,
  discarding,
  onDiscard,
}: {
  property: TViewerProperty;
  change: TPendingChange;
  discarding: boolean;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('posts');
  const title = useListingTitle(property);
  const proposedTitle = useListingTitle(change.proposed);
  const liveId = useId();
  const changesId = useId();
  const [confirming, setConfirming] = useState(false);
  const reason = change.status === 'rejected' ? change.rejectionReason?.trim() : undefined;
  const fields = change.changedFields.map((field) => t(`changes.fields.${field}`)).join(', ');

  return (
    <>
      <h1 className="owner-versions__title">{title}</h1>
      <section aria-labelledby={liveId} className="owner-version" data-testid="live-version">
        <div className="owner-version__head">
          <h2 id={liveId}>{t('changes.live.heading')}</h2>
          <p className="text-secondary">{t('changes.live.text')}</p>
        </div>
        <ListingArticle
          property={property}
          testId="owner-listing"
          address="heading"
          headingLevel={3}
          photos={<OwnerPhotos photos={property.photos} type={property.type} title={title} />}
        >
          <div className="owner-version__status">
            <ListingStatus
              status={property.status}
              rejectionReason={property.rejectionReason}
              missingPictureLabels={property.missingPictureLabels}
              visibility={property.visibility}
            />
            <PendingChangeStatus change={change} />
          </div>
          <OwnerContacts phone={property.ownerPhoneNumber?.trim()} title={title} />
        </ListingArticle>
      </section>

      <section
        aria-labelledby={changesId}
        className="owner-version owner-version--changes"
        data-testid="proposed-version"
      >
        <div className="owner-version__head">
          <h2 id={changesId}>{t(`changes.proposed.heading.${change.status}`)}</h2>
          <p>{t(`changes.proposed.text.${change.status}`)}</p>
          {reason ? (
            <p className="owner-version__reason">{t('status.reason', { reason })}</p>
          ) : null}
          {change.status === 'draft' && change.missingPictureLabels.length > 0 ? (
            <MissingPhotos labels={change.missingPictureLabels} />
          ) : null}
          {fields ? (
            <p className="text-secondary">{t('changes.proposed.changed', { fields })}</p>
          ) : null}
          {/* The article shows no phone: a changed one is said here, as only its owner sees it. */}
          {change.changedFields.includes('ownerPhoneNumber') ? (
            <p>{t('changes.proposed.phone', { phone: change.ownerPhoneNumber })}</p>
          ) : null}
          <div className="owner-version__actions">
            <Link className="btn" to={`/post?edit=${encodeURIComponent(property.id)}`}>
              {t('changes.proposed.edit')}
            </Link>
            <button
              type="button"
              className="btn"
              disabled={discarding}
              onClick={() => setConfirming(true)}
            >
              {t('changes.discard.button')}
            </button>
          </div>
        </div>
        <ListingArticle
          property={change.proposed}
          testId="proposed-listing"
          address="heading"
          headingLevel={3}
          changedFields={change.changedFields}
          photos={
            <div className="owner-version__photos">
              <PhotoChanges change={change} live={property.photos} />
              <OwnerPhotos
                photos={change.proposed.photos}
                type={change.proposed.type}
                title={proposedTitle}
                label={t('changes.proposed.photosLabel')}
              />
            </div>
          }
        />
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('changes.discard.title')}
        text={t('changes.discard.text', { title })}
        cancelLabel={t('changes.discard.cancel')}
        confirmLabel={t('changes.discard.confirm')}
        tone="contained"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDiscard();
        }}
      />
    </>
  );
}

function MissingPhotos({ labels }: { labels: TPendingChange['missingPictureLabels'] }) {
  const { t } = useTranslation('posts');
  const { t: tDetail } = useTranslation('detail');
  return (
    <p className="owner-version__reason">
      {t('status.missingPhotos', {
        labels: labels.map((label) => tDetail(`pictureLabels.${label}`)).join(', '),
      })}
    </p>
  );
}

export function OwnerListingView({ property, isOwner, sub }: OwnerListingViewProps) {
  const { t } = useTranslation('posts');
  const title = useListingTitle(property);
  // Here rather than with the changes: they leave the page on success, this view stays.
  const discard = useDiscardPendingChange(sub, property.id);
  const root = useRef<HTMLDivElement>(null);
  const focusTitle = useRef(false);
  // Only the owner view carries the phone; anyone else pays to see it on the public page.
  const phone = property.ownerPhoneNumber?.trim();
  const change = isOwner ? pendingChangeOf(property) : null;

  // Once discarded changes have left the page (their button with them), the focus goes to the
  // listing's title, at the top of what is left.
  useEffect(() => {
    if (!focusTitle.current || change) return;
    focusTitle.current = false;
    const heading = root.current?.querySelector<HTMLElement>('h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  });

  return (
    <div ref={root} className="owner-view">
      <title>{title}</title>
      {change ? (
        <OwnerVersions
          property={property}
          change={change}
          discarding={discard.isPending}
          onDiscard={() =>
            discard.mutate(undefined, {
              onSuccess: () => {
                focusTitle.current = true;
                void showToast(t('changes.discard.done'), 'success');
              },
              onError: (error) => {
                // A 404: no change is left to discard, and the page refreshes to what the server
                // holds; anything else leaves the changes as they were.
                if (!(isApiError(error) && error.status === 404)) {
                  void showToast(t('changes.discard.failed'), 'error');
                }
              },
            })
          }
        />
      ) : (
        <ListingArticle
          property={property}
          testId="owner-listing"
          address="heading"
          photos={<OwnerPhotos photos={property.photos} type={property.type} title={title} />}
        >
          {isOwner ? (
            <ListingStatus
              status={property.status}
              rejectionReason={property.rejectionReason}
              missingPictureLabels={property.missingPictureLabels}
              visibility={property.visibility}
            />
          ) : null}
          <OwnerContacts phone={phone} title={title} />
        </ListingArticle>
      )}
    </div>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { pendingChangeOf } from '../../../lib/pending-change';
import { useSession } from '../../../lib/session';
import { ownListingQueryOptions } from '../api/listings';
import { EMPTY_ADDRESS, addressValuesOf } from '../utils/address';
import { detailValuesOf } from '../utils/detail-fields';
import { clearDraft, readDraft, type TWizardStep } from '../utils/draft-storage';
import { describeFailure } from '../utils/failure';
import { slotsFromPhotos } from '../utils/photo-slots';
import { WizardFailure } from './failure-alert';
import { ListingWizard, type WizardInit } from './listing-wizard';
import './create-listing.css';

/**
 * The wizard's start from a listing the API holds: every step filled in as it is saved. An
 * approved listing with an edit awaiting review starts from that edit (its details, address and
 * photos), so a second edit carries on with the first instead of starting again from the live
 * version; the API merges it into the same change.
 */
export function initFromListing(listing: TViewerProperty, step: TWizardStep): WizardInit {
  const { type } = listing;
  const change = pendingChangeOf(listing);
  const version = change
    ? { ...change.proposed, ownerPhoneNumber: change.ownerPhoneNumber }
    : listing;
  const details = detailValuesOf(version, type);
  const address = addressValuesOf(version.propertyAddress, type);
  return {
    // Photos come after the address: a listing without one resumes on step 2.
    step: step === 3 && !address ? 2 : step,
    id: listing.id,
    type,
    details,
    savedDetails: details,
    address: address ?? EMPTY_ADDRESS,
    savedAddress: address,
    slots: slotsFromPhotos(type, version.photos),
    liveEdit:
      listing.status === 'approved'
        ? {
            change: change
              ? { status: change.status, rejectionReason: change.rejectionReason }
              : null,
          }
        : null,
  };
}

interface LoadedWizardProps {
  id: string;
  mode: 'create' | 'edit';
  step: TWizardStep;
  onStartOver?: () => void;
}

/** Loads the owner's listing (GET /api/properties/{id} with their token), then the wizard on it. */
function LoadedWizard({ id, mode, step, onStartOver }: LoadedWizardProps) {
  const { t } = useTranslation('publish');
  const listing = useQuery(ownListingQueryOptions(id));
  // The first answer decides the wizard's start; later refetches must not reset what is typed.
  const [init, setInit] = useState<WizardInit | null>(null);
  if (listing.data && !init) setInit(initFromListing(listing.data, step));

  if (init) return <ListingWizard mode={mode} init={init} onStartOver={onStartOver} />;

  if (listing.isError) {
    return (
      <section className="wizard">
        <h1 className="wizard__title">{mode === 'create' ? t('title.create') : t('title.edit')}</h1>
        <WizardFailure
          title={t('failure.load')}
          kind={describeFailure(listing.error, 'load')}
          kept={false}
        >
          <div className="wizard__actions wizard__actions--start">
            <button type="button" className="btn" onClick={() => void listing.refetch()}>
              {t('actions.retry')}
            </button>
            {onStartOver ? (
              <button type="button" className="btn" onClick={onStartOver}>
                {t('actions.startOver')}
              </button>
            ) : (
              <Link className="btn" to="/posts">
                {t('actions.toPosts')}
              </Link>
            )}
          </div>
        </WizardFailure>
      </section>
    );
  }

  return (
    <section className="wizard">
      <p role="status" className="wizard__loading">
        {t('loading')}
      </p>
    </section>
  );
}

function blankInit(ownerName: string): WizardInit {
  return {
    step: 1,
    id: null,
    type: null,
    // Most people post their own property: their name is the likely owner's name.
    details: { text: { ownerName }, flags: {} },
    savedDetails: null,
    address: EMPTY_ADDRESS,
    savedAddress: null,
    slots: {},
    liveEdit: null,
  };
}

export interface CreateListingPageProps {
  /** /post?edit={id}: the owner's listing to edit; null to create one. */
  editId: string | null;
}

/**
 * /post: a new listing, this tab's unfinished one (after a reload on step 2 or 3), or with
 * ?edit={id} the owner's listing pre-filled on every step.
 */
export function CreateListingPage({ editId }: CreateListingPageProps) {
  const session = useSession();
  const [draft, setDraft] = useState(readDraft);

  if (editId) {
    const step = draft?.mode === 'edit' && draft.id === editId ? draft.step : 1;
    return <LoadedWizard key={editId} id={editId} mode="edit" step={step} />;
  }

  if (draft?.mode === 'create') {
    const startOver = () => {
      clearDraft();
      setDraft(null);
    };
    return (
      <LoadedWizard
        key={draft.id}
        id={draft.id}
        mode="create"
        step={draft.step}
        onStartOver={startOver}
      />
    );
  }

  return <ListingWizard key="new" mode="create" init={blankInit(session?.user ?? '')} />;
}

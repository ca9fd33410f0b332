import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { pendingChangeOf } from '../../../lib/pending-change';
import { useSession } from '../../../lib/session';
import { ownListingQueryOptions } from '../api/listings';
import { EMPTY_ADDRESS, addressValuesOf } from '../utils/address';
import { detailValuesOf } from '../utils/detail-fields';
import { draftStore, type StoredDraft, type TWizardStep } from '../utils/draft-store';
import { describeFailure } from '../utils/failure';
import { slotsFromPhotos, type TSlots } from '../utils/photo-slots';
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
    photos: {},
    publishing: false,
    fromDraft: false,
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

/**
 * `init` carried on from the draft: the fields as they were typed, and each chosen photo not yet
 * on the listing back in its slot (compressed already; its preview is made by the slots hook).
 */
export function initFromDraft(init: WizardInit, draft: StoredDraft): WizardInit {
  const slots: TSlots = { ...init.slots };
  let key = 0;
  for (const [label, photo] of Object.entries(draft.photos)) {
    if (!photo || photo.attached) continue;
    const slotLabel = label as keyof TSlots;
    // Keys below zero: the slots hook numbers new picks from one.
    key -= 1;
    slots[slotLabel] = {
      existing: init.slots[slotLabel]?.existing ?? null,
      picked: {
        key,
        name: photo.name,
        previewUrl: null,
        status: 'ready',
        file: new File([photo.blob], photo.name, { type: photo.type }),
      },
    };
  }
  const step = init.id ? init.step : 1;
  return {
    ...init,
    step,
    type: init.type ?? draft.type,
    details: draft.details,
    address: draft.address,
    slots,
    photos: draft.photos,
    publishing: draft.publishing && step === 3,
    fromDraft: true,
  };
}

interface LoadedWizardProps {
  id: string;
  mode: 'create' | 'edit';
  /** The draft of this listing, when the wizard carries on from it. */
  draft: StoredDraft | null;
  onStartOver?: () => void;
}

/** Loads the owner's listing (GET /api/properties/{id} with their token), then the wizard on it. */
function LoadedWizard({ id, mode, draft, onStartOver }: LoadedWizardProps) {
  const { t } = useTranslation('publish');
  const listing = useQuery(ownListingQueryOptions(id));
  // The first answer decides the wizard's start; later refetches must not reset what is typed.
  const [init, setInit] = useState<WizardInit | null>(null);
  if (listing.data && !init) {
    const loaded = initFromListing(listing.data, draft?.step ?? 1);
    setInit(draft ? initFromDraft(loaded, draft) : loaded);
  }

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

  return <WizardLoading />;
}

function WizardLoading() {
  const { t } = useTranslation('publish');
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
    photos: {},
    publishing: false,
    fromDraft: false,
    liveEdit: null,
  };
}

export interface CreateListingPageProps {
  /** /post?edit={id}: the owner's listing to edit; null to create one. */
  editId: string | null;
}

/**
 * /post: a new listing, the unfinished one kept in the draft (after a reload, or the browser was
 * closed), or with ?edit={id} the owner's listing pre-filled on every step.
 */
export function CreateListingPage({ editId }: CreateListingPageProps) {
  const session = useSession();
  // undefined while the draft is read (IndexedDB answers asynchronously).
  const [stored, setStored] = useState<StoredDraft | null | undefined>(undefined);

  useEffect(() => {
    let live = true;
    draftStore.read().then(
      (draft) => {
        if (live) setStored(draft);
      },
      () => {
        if (live) setStored(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  if (stored === undefined) return <WizardLoading />;
  // Another account's draft on this browser is not theirs to see; the wizard replaces it.
  const draft = stored && session && stored.owner === session.sub ? stored : null;

  if (editId) {
    const own = draft?.mode === 'edit' && draft.id === editId ? draft : null;
    return <LoadedWizard key={editId} id={editId} mode="edit" draft={own} />;
  }

  if (draft?.mode === 'create') {
    const startOver = () => {
      void draftStore.clear();
      setStored(null);
    };
    if (!draft.id) {
      return (
        <ListingWizard
          key="draft"
          mode="create"
          init={initFromDraft(blankInit(session?.user ?? ''), draft)}
          onStartOver={startOver}
        />
      );
    }
    return (
      <LoadedWizard
        key={draft.id}
        id={draft.id}
        mode="create"
        draft={draft}
        onStartOver={startOver}
      />
    );
  }

  return <ListingWizard key="new" mode="create" init={blankInit(session?.user ?? '')} />;
}

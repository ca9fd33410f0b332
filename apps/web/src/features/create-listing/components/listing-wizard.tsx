import { useEffect, useRef, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/use-translation';
import type { TPendingChange } from '@makazi/contracts/listings';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { useAccountPhone } from '../../../lib/user';
import { ACCOUNT_QUERY_SCOPE } from '../../../lib/sign-out';
import { showToast } from '../../../lib/toast';
import { ownListingQueryOptions } from '../api/listings';
import { useAddressStep } from '../hooks/use-address-step';
import { useDetailsStep } from '../hooks/use-details-step';
import { useDraftWriter } from '../hooks/use-draft-writer';
import { usePhotosStep } from '../hooks/use-photos-step';
import { useWizardFlow } from '../hooks/use-wizard-flow';
import type { AddressValues } from '../utils/address';
import type { DetailValues } from '../utils/detail-fields';
import type { TDraftPhotos, TWizardMode, TWizardStep } from '../utils/draft-store';
import type { TSlots } from '../utils/photo-slots';
import { AddressStep } from './address-step';
import { DetailsStep } from './details-step';
import { WizardFailure } from './failure-alert';
import { PhotosStep } from './photos-step';
import { STEP_KEYS, Stepper } from './stepper';
import './create-listing.css';

/** What the wizard starts from: a blank form, or a listing loaded for editing or resuming. */
export interface WizardInit {
  step: TWizardStep;
  id: string | null;
  type: TPropertyType | null;
  details: DetailValues;
  /** What the API holds: a saved listing's step 1 sends only what differs (PATCH). */
  savedDetails: DetailValues | null;
  address: AddressValues;
  savedAddress: AddressValues | null;
  slots: TSlots;
  /** The draft's photos, with where each one's upload stands. */
  photos: TDraftPhotos;
  /** Step 3 was being sent when the page went: the wizard carries on. */
  publishing: boolean;
  /** Started from the stored draft (else this wizard's draft replaces it). */
  fromDraft: boolean;
  /**
   * Set when the listing is approved: the public keeps the live version while the edit waits for
   * review. `change` is the edit already waiting, which this one continues.
   */
  liveEdit: { change: Pick<TPendingChange, 'status' | 'rejectionReason'> | null } | null;
}

export interface ListingWizardProps {
  mode: TWizardMode;
  init: WizardInit;
  /** A create wizard resumed from this tab's draft: offers to start a new listing instead. */
  onStartOver?: () => void;
}

const TOTAL_STEPS = 3;

/**
 * The create and edit wizard: type and details, address, photos. Each step keeps its state in its
 * own hook, all held here across the steps, so a failed call or a step back loses nothing the user
 * typed. All of it is also kept in the draft (IndexedDB: utils/draft-store.ts), photos included, so
 * a reload or a killed browser carries on with the same listing, where it was.
 */
export function ListingWizard({ mode, init, onStartOver }: ListingWizardProps) {
  const { t } = useTranslation('publish');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const owner = useSession()?.sub ?? '';
  const draft = useDraftWriter(init.fromDraft, init.publishing);
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const flow = useWizardFlow(init.step, form, heading);
  // Asked for only while a new listing may still need it.
  const accountPhone = useAccountPhone(owner, mode === 'create' && init.id === null);
  const details = useDetailsStep(init, flow, accountPhone);
  const listing = { id: details.id, type: details.type };
  const address = useAddressStep(init, flow, listing);
  const { liveEdit } = init;
  const earlierReason =
    liveEdit?.change?.status === 'rejected' ? liveEdit.change.rejectionReason?.trim() : undefined;

  function successText() {
    if (mode === 'create') return t('success.created');
    // An edit of an approved listing waits for review beside it: the listing has not gone
    // anywhere, which is what its owner needs to hear (not that the listing awaits review).
    if (liveEdit && (flow.hasWritten() || liveEdit.change)) return t('liveEdit.saved');
    return t('success.updated');
  }

  const photos = usePhotosStep(init, flow, listing, draft, (id) => {
    void draft.clear();
    // The wizard's own copy is done with; every list and page showing listings loads afresh.
    queryClient.removeQueries({ queryKey: ownListingQueryOptions(id).queryKey });
    void queryClient.invalidateQueries({ queryKey: [LISTINGS_QUERY_SCOPE] });
    // The signed-in user's own lists (/posts) live under the account scope.
    void queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_SCOPE] });
    void showToast(successText(), 'success');
    void navigate('/posts');
  });
  const { step, pending, failure } = flow;
  const { id, type } = listing;

  const typed = details.details;
  const where = address.address;
  useEffect(() => {
    // Nothing chosen yet is nothing to come back to.
    if (!id && !type) return;
    draft.schedule({ owner, id, step, mode, type, details: typed, address: where });
  }, [draft, owner, id, step, mode, type, typed, where]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1) void details.submit();
    else if (step === 2) void address.submit();
    else void photos.submit();
  }

  const failureTitle = {
    1: t('failure.details'),
    2: t('failure.address'),
    3: t('failure.photos'),
  } as const;
  const title = mode === 'create' ? t('title.create') : t('title.edit');
  const stepName = t(`steps.${STEP_KEYS[step - 1] ?? 'details'}`);
  const lastLabel = mode === 'create' ? t('actions.submit') : t('actions.save');

  return (
    <section className="wizard" aria-labelledby="wizard-title">
      <title>{`${title} – ${stepName}`}</title>
      <h1 id="wizard-title" className="wizard__title">
        {title}
      </h1>
      {mode === 'edit' && liveEdit ? (
        <div className="wizard__live" data-testid="live-edit-notice">
          <p>{t('liveEdit.notice')}</p>
          {liveEdit.change ? <p>{t('liveEdit.continuing')}</p> : null}
          {earlierReason ? <p>{t('liveEdit.rejected', { reason: earlierReason })}</p> : null}
        </div>
      ) : null}
      {mode === 'edit' && !liveEdit ? (
        <p className="wizard__note text-secondary">{t('intro.editReview')}</p>
      ) : null}
      {onStartOver ? (
        <div className="wizard__resumed">
          <p>{t('intro.resumed')}</p>
          <button type="button" className="btn btn--small" onClick={onStartOver}>
            {t('actions.startOver')}
          </button>
        </div>
      ) : null}
      <Stepper step={step} />

      <form ref={form} className="wizard__form" noValidate onSubmit={submit}>
        <h2 ref={heading} tabIndex={-1} className="wizard__step-title">
          {t('stepper.heading', { step, total: TOTAL_STEPS, name: stepName })}
        </h2>

        {step === 1 ? (
          <DetailsStep
            type={type}
            typeFixed={id !== null}
            typeMissing={details.typeMissing}
            values={details.details}
            problems={details.problems}
            disabled={pending}
            onType={details.setType}
            onText={details.changeText}
            onFlag={details.changeFlag}
          />
        ) : null}
        {step === 2 && type ? (
          <AddressStep
            type={type}
            values={address.address}
            problems={address.problems}
            disabled={pending}
            onChange={address.change}
          />
        ) : null}
        {step === 3 && type ? (
          <PhotosStep
            type={type}
            slots={photos.slots}
            problems={photos.problems}
            disabled={pending}
            phase={photos.phase}
            uploads={photos.uploads}
            total={photos.total}
            onPick={photos.pick}
            onRemove={photos.remove}
          />
        ) : null}

        {step === 3 && photos.missing.length > 0 ? (
          <p className="wizard-field__error" role="alert">
            {t('photos.missingSummary', { count: photos.missing.length })}
          </p>
        ) : null}
        {failure?.step === step ? (
          <WizardFailure title={failureTitle[step]} kind={failure.kind} />
        ) : null}

        <div className="wizard__actions">
          {step === 1 ? (
            <Link className="btn" to="/posts">
              {t('actions.cancel')}
            </Link>
          ) : (
            <button
              type="button"
              className="btn"
              disabled={pending}
              onClick={() => flow.goTo((step - 1) as TWizardStep)}
            >
              {t('actions.back')}
            </button>
          )}
          <button type="submit" className="btn btn--contained" disabled={pending}>
            {pending ? t('actions.saving') : step === 3 ? lastLabel : t('actions.next')}
          </button>
        </div>
      </form>
    </section>
  );
}

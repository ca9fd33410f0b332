import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import { ADDRESS_NUMBER_FIELD } from '@makazi/contracts/listing-values';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import {
  createListing,
  saveAddress,
  updateListing,
  uploadPhotos,
  type PhotoUpload,
} from '../api/listings';
import { usePhotoSlots } from '../hooks/use-photo-slots';
import {
  ADDRESS_LEVELS,
  addressBody,
  sameAddress,
  validateAddress,
  type AddressValues,
  type TAddressProblems,
} from '../utils/address';
import {
  changedDetails,
  createBody,
  firstProblemField,
  serverProblems,
  validateDetails,
  type DetailValues,
  type TDetailProblems,
  type TFlagField,
  type TInputField,
} from '../utils/detail-fields';
import { clearDraft, writeDraft, type TWizardMode, type TWizardStep } from '../utils/draft-storage';
import { describeFailure, type TFailureKind } from '../utils/failure';
import {
  missingSlots,
  slotLabels,
  uploadIndexOf,
  type TSlotProblem,
  type TSlots,
} from '../utils/photo-slots';
import { AddressStep } from './address-step';
import { DetailsStep } from './details-step';
import { WizardFailure } from './failure-alert';
import { PhotosStep, type TUploadPhase } from './photos-step';
import { STEP_KEYS, Stepper } from './stepper';
import './create-listing.css';
import { ACCOUNT_QUERY_SCOPE } from '../../../lib/sign-out';

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
}

export interface ListingWizardProps {
  mode: TWizardMode;
  init: WizardInit;
  /** A create wizard resumed from this tab's draft: offers to start a new listing instead. */
  onStartOver?: () => void;
}

type TFailure = { step: TWizardStep; kind: TFailureKind };
type TSlotProblems = Partial<Record<TPictureLabel, TSlotProblem>>;

const TOTAL_STEPS = 3;

/**
 * The create and edit wizard (spec 2 and 4): type and details, address, photos. All of it lives
 * here across the steps, so a failed call or a step back loses nothing the user typed (the spec's
 * wizard cleared its form after each step). The listing id and step are also kept in
 * sessionStorage, so a reload on step 2 or 3 carries on with the same listing.
 */
export function ListingWizard({ mode, init, onStartOver }: ListingWizardProps) {
  const { t } = useTranslation('publish');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const busy = useRef(false);
  const firstRender = useRef(true);

  const [step, setStep] = useState<TWizardStep>(init.step);
  const [id, setId] = useState(init.id);
  const [type, setType] = useState(init.type);
  const [details, setDetails] = useState(init.details);
  const [savedDetails, setSavedDetails] = useState(init.savedDetails);
  const [address, setAddress] = useState(init.address);
  const [savedAddress, setSavedAddress] = useState(init.savedAddress);
  const photos = usePhotoSlots(init.slots);

  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<TFailure | null>(null);
  const [detailsChecked, setDetailsChecked] = useState(false);
  const [detailServerProblems, setDetailServerProblems] = useState<TDetailProblems>({});
  const [addressChecked, setAddressChecked] = useState(false);
  const [addressServerProblems, setAddressServerProblems] = useState<TAddressProblems>({});
  const [photosChecked, setPhotosChecked] = useState(false);
  const [slotProblems, setSlotProblems] = useState<TSlotProblems>({});
  const [phase, setPhase] = useState<TUploadPhase | null>(null);
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    if (id) writeDraft({ id, step, mode });
  }, [id, step, mode]);

  // A new step is announced and keyboard users start at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const detailProblems: TDetailProblems =
    detailsChecked && type ? { ...validateDetails(type, details), ...detailServerProblems } : {};
  const addressProblems: TAddressProblems = addressChecked
    ? { ...validateAddress(address), ...addressServerProblems }
    : {};
  const missing = photosChecked && type ? missingSlots(type, photos.slots) : [];
  const shownSlotProblems: TSlotProblems = { ...slotProblems };
  for (const label of missing) {
    shownSlotProblems[label] ??= photos.slots[label]?.picked?.failure ?? 'missing';
  }

  // Fields are disabled while a call runs: a field a failed call points at is focused once the
  // form is enabled again.
  const focusAfterCall = useRef<string | null>(null);
  useEffect(() => {
    if (pending || !focusAfterCall.current) return;
    form.current?.querySelector<HTMLElement>(`[name="${focusAfterCall.current}"]`)?.focus();
    focusAfterCall.current = null;
  }, [pending]);

  function focusField(name: string) {
    if (busy.current) focusAfterCall.current = name;
    else form.current?.querySelector<HTMLElement>(`[name="${name}"]`)?.focus();
  }

  function goTo(next: TWizardStep) {
    setFailure(null);
    setStep(next);
  }

  async function run(task: () => Promise<void>) {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    setFailure(null);
    try {
      await task();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  // Step 1 ------------------------------------------------------------------------------------

  function submitDetails() {
    setDetailsChecked(true);
    if (!type) {
      focusField('type');
      return;
    }
    const problems = { ...validateDetails(type, details), ...detailServerProblems };
    const first = firstProblemField(type, problems);
    if (first) {
      focusField(first);
      return;
    }
    return run(async () => {
      try {
        if (!id) {
          const answer = await createListing(type, createBody(type, details));
          setId(answer.id);
        } else {
          const patch = changedDetails(type, details, savedDetails ?? { text: {}, flags: {} });
          if (Object.keys(patch).length > 0) await updateListing(id, patch);
        }
        setSavedDetails(details);
        goTo(2);
      } catch (error) {
        if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
          const { problems: refused, unmatched } = serverProblems(type, error.details);
          setDetailServerProblems(refused);
          const field = firstProblemField(type, refused);
          if (field) focusField(field);
          if (!unmatched) return;
        }
        setFailure({ step: 1, kind: describeFailure(error, id ? 'change' : 'create') });
      }
    });
  }

  function changeText(field: TInputField, value: string) {
    setDetails((current) => ({ ...current, text: { ...current.text, [field]: value } }));
    setDetailServerProblems(({ [field]: _dropped, ...rest }) => rest);
  }

  function changeFlag(field: TFlagField, checked: boolean) {
    setDetails((current) => ({ ...current, flags: { ...current.flags, [field]: checked } }));
  }

  // Step 2 ------------------------------------------------------------------------------------

  function submitAddress() {
    if (!type || !id) return;
    setAddressChecked(true);
    const problems = validateAddress(address);
    const first = [...ADDRESS_LEVELS, 'number' as const].find((field) => problems[field]);
    if (first) {
      focusField(first);
      return;
    }
    if (savedAddress && sameAddress(address, savedAddress)) {
      goTo(3);
      return;
    }
    return run(async () => {
      try {
        // The spec's wizard moved on to the photos before this call finished. This one waits, so
        // a refused address (a street outside its ward …) is reported here, where it can be fixed.
        await saveAddress(id, addressBody(type, address));
        setSavedAddress(address);
        goTo(3);
      } catch (error) {
        if (isApiError(error) && error.code === 'VALIDATION_FAILED') {
          const refused: TAddressProblems = {};
          let unmatched = error.details.length === 0;
          for (const { field } of error.details) {
            const name = field.replace(/^address\./, '');
            if ((ADDRESS_LEVELS as readonly string[]).includes(name)) {
              refused[name as (typeof ADDRESS_LEVELS)[number]] = { kind: 'server' };
            } else if (name === ADDRESS_NUMBER_FIELD[type]) {
              refused.number = { kind: 'server' };
            } else unmatched = true;
          }
          setAddressServerProblems(refused);
          const field = [...ADDRESS_LEVELS, 'number' as const].find((name) => refused[name]);
          if (field) focusField(field);
          if (!unmatched) return;
        }
        setFailure({ step: 2, kind: describeFailure(error, 'change') });
      }
    });
  }

  function changeAddress(next: AddressValues) {
    setAddress(next);
    setAddressServerProblems({});
  }

  // Step 3 ------------------------------------------------------------------------------------

  function uploadProblems(error: unknown, uploads: readonly PhotoUpload[]): TSlotProblems | null {
    if (!isApiError(error)) return null;
    const perSlot: Partial<Record<string, TSlotProblem>> = {
      VALIDATION_FAILED: 'serverRejected',
      PAYLOAD_TOO_LARGE: 'serverTooLarge',
      UNSUPPORTED_MEDIA_TYPE: 'serverUnsupported',
    };
    const problem = perSlot[error.code];
    if (!problem) return null;
    const found: TSlotProblems = {};
    for (const { field } of error.details) {
      const index = uploadIndexOf(field);
      const upload = index === null ? undefined : uploads[index];
      if (upload) found[upload.label] = problem;
    }
    // One photo sent: the refusal can only be about that one.
    if (Object.keys(found).length === 0 && uploads.length === 1 && uploads[0]) {
      found[uploads[0].label] = problem;
    }
    return Object.keys(found).length > 0 ? found : null;
  }

  function submitPhotos() {
    if (!type || !id) return;
    setPhotosChecked(true);
    const stillMissing = missingSlots(type, photos.slots);
    if (stillMissing[0]) {
      focusField(stillMissing[0]);
      return;
    }
    return run(async () => {
      setSlotProblems({});
      setPhase('preparing');
      const uploads: PhotoUpload[] = [];
      const refused: TSlotProblems = {};
      const preparedOf = await photos.prepared();
      for (const label of slotLabels(type)) {
        const picked = photos.slots[label]?.picked;
        if (!picked) continue;
        const prepared = preparedOf(label, picked.key);
        if (prepared?.ok) uploads.push({ label, file: prepared.file });
        else refused[label] = prepared?.reason ?? 'unreadable';
      }
      const firstRefused = slotLabels(type).find((label) => refused[label]);
      if (firstRefused) {
        setSlotProblems(refused);
        setPhase(null);
        focusField(firstRefused);
        return;
      }
      // Only new photos go up; a slot left as it was sends nothing. The API puts an uploaded photo
      // in its label's slot, replacing the one there, in the same request.
      if (uploads.length > 0) {
        try {
          setPercent(0);
          setPhase('uploading');
          await uploadPhotos(id, uploads, {
            onProgress: ({ loaded, total }) => {
              const done = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;
              setPercent(done);
              // Every byte is out: the server now checks and re-encodes the photos.
              if (total > 0 && loaded >= total) setPhase('processing');
            },
          });
        } catch (error) {
          setPhase(null);
          const perSlot = uploadProblems(error, uploads);
          if (perSlot) {
            setSlotProblems(perSlot);
            const first = slotLabels(type).find((label) => perSlot[label]);
            if (first) focusField(first);
            return;
          }
          setFailure({ step: 3, kind: describeFailure(error, 'change') });
          return;
        }
      }
      clearDraft();
      // The wizard's own copy is done with; every list and page showing listings loads afresh.
      queryClient.removeQueries({ queryKey: ['properties', 'own', id] });
      void queryClient.invalidateQueries({ queryKey: ['properties'] });
      // The signed-in user's own lists (/posts) live under the account scope.
      void queryClient.invalidateQueries({ queryKey: [ACCOUNT_QUERY_SCOPE] });
      void showToast(mode === 'create' ? t('success.created') : t('success.updated'), 'success');
      void navigate('/posts');
    });
  }

  function pickPhoto(label: TPictureLabel, file: File) {
    photos.pick(label, file);
    setSlotProblems(({ [label]: _dropped, ...rest }) => rest);
  }

  function removePhoto(label: TPictureLabel) {
    photos.remove(label);
    setSlotProblems(({ [label]: _dropped, ...rest }) => rest);
  }

  // -------------------------------------------------------------------------------------------

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1) void submitDetails();
    else if (step === 2) void submitAddress();
    else void submitPhotos();
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
      {mode === 'edit' ? (
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
            typeMissing={detailsChecked && !type}
            values={details}
            problems={detailProblems}
            disabled={pending}
            onType={setType}
            onText={changeText}
            onFlag={changeFlag}
          />
        ) : null}
        {step === 2 && type ? (
          <AddressStep
            type={type}
            values={address}
            problems={addressProblems}
            disabled={pending}
            onChange={changeAddress}
          />
        ) : null}
        {step === 3 && type ? (
          <PhotosStep
            type={type}
            slots={photos.slots}
            problems={shownSlotProblems}
            disabled={pending}
            phase={phase}
            percent={percent}
            onPick={pickPhoto}
            onRemove={removePhoto}
          />
        ) : null}

        {step === 3 && missing.length > 0 ? (
          <p className="wizard-field__error" role="alert">
            {t('photos.missingSummary', { count: missing.length })}
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
              onClick={() => goTo((step - 1) as TWizardStep)}
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

import { useEffect, useId, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import { useWizardText } from '../hooks/use-wizard-text';
import { preloadCompression } from '../utils/compress-photo';
import { slotLabels, type SlotState, type TSlotProblem, type TSlots } from '../utils/photo-slots';

export type TUploadPhase = 'preparing' | 'uploading' | 'processing';

export interface PhotosStepProps {
  type: TPropertyType;
  slots: TSlots;
  problems: Partial<Record<TPictureLabel, TSlotProblem>>;
  disabled: boolean;
  phase: TUploadPhase | null;
  /** 0–100 while uploading. */
  percent: number;
  onPick: (label: TPictureLabel, file: File) => void;
  onRemove: (label: TPictureLabel) => void;
}

interface PhotoSlotProps {
  label: TPictureLabel;
  slot: SlotState | undefined;
  problem: TSlotProblem | undefined;
  disabled: boolean;
  onPick: (label: TPictureLabel, file: File) => void;
  onRemove: (label: TPictureLabel) => void;
}

function PhotoSlot({ label, slot, problem, disabled, onPick, onRemove }: PhotoSlotProps) {
  const { t } = useTranslation('publish');
  const text = useWizardText();
  const inputId = useId();
  const statusId = useId();
  const errorId = useId();
  const name = t(`photos.slots.${label}`);
  const picked = slot?.picked ?? null;
  const existing = slot?.existing ?? null;
  const shownUrl = picked?.previewUrl ?? existing?.url ?? null;
  const action = shownUrl ? t('photos.change') : t('photos.choose');
  const problemText = text.slotProblem(problem ?? picked?.failure);

  let status: string = t('photos.empty');
  if (picked?.status === 'preparing') status = t('photos.preparing');
  else if (picked?.status === 'ready') status = t('photos.ready');
  else if (picked) status = t('photos.newPhoto');
  else if (existing) status = t('photos.current');

  function change(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after an undo still fires a change.
    event.target.value = '';
    if (file) onPick(label, file);
  }

  return (
    <li className={`photo-slot${problemText ? ' photo-slot--invalid' : ''}`}>
      <h3 className="photo-slot__name">{name}</h3>
      <div className="photo-slot__frame">
        {shownUrl ? (
          <img
            className="photo-slot__image"
            src={shownUrl}
            alt={t('photos.preview', { slot: name })}
          />
        ) : (
          <span className="photo-slot__placeholder" aria-hidden="true">
            +
          </span>
        )}
      </div>
      <p id={statusId} className="photo-slot__status text-secondary">
        {status}
      </p>
      {problemText ? (
        <p id={errorId} className="wizard-field__error">
          {problemText}
        </p>
      ) : null}
      <div className="photo-slot__actions">
        <input
          id={inputId}
          className="wizard-sr-only photo-slot__input"
          type="file"
          // Camera or gallery: the phone offers both when capture is not forced.
          accept="image/*"
          name={label}
          disabled={disabled}
          aria-label={t('photos.inputLabel', { action, slot: name })}
          aria-invalid={problemText ? true : undefined}
          aria-describedby={problemText ? `${statusId} ${errorId}` : statusId}
          onChange={change}
        />
        <label
          htmlFor={inputId}
          className={`btn btn--small photo-slot__pick${disabled ? ' photo-slot__pick--disabled' : ''}`}
          aria-hidden="true"
        >
          {action}
        </label>
        {picked ? (
          <button
            type="button"
            className="btn btn--small"
            disabled={disabled}
            aria-label={t('photos.removeLabel', { slot: name })}
            onClick={() => onRemove(label)}
          >
            {t('photos.remove')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** Step 3: one slot per required picture label of the type, then the upload. */
export function PhotosStep({
  type,
  slots,
  problems,
  disabled,
  phase,
  percent,
  onPick,
  onRemove,
}: PhotosStepProps) {
  const { t } = useTranslation('publish');

  // The compression library is this step's alone: fetch it now, while the user looks for photos.
  useEffect(() => preloadCompression(), []);

  return (
    <div className="wizard-fields">
      <p className="wizard__note text-secondary">{t('photos.intro')}</p>
      <ul className="photo-slots">
        {slotLabels(type).map((label) => (
          <PhotoSlot
            key={label}
            label={label}
            slot={slots[label]}
            problem={problems[label]}
            disabled={disabled}
            onPick={onPick}
            onRemove={onRemove}
          />
        ))}
      </ul>
      {phase ? (
        <div className="upload-progress">
          <p role="status" className="upload-progress__text">
            {t(`photos.phase.${phase}`)}
          </p>
          {phase === 'uploading' || phase === 'processing' ? (
            <div className="upload-progress__bar">
              <progress max={100} value={percent} aria-label={t('photos.progressLabel')} />
              <span className="upload-progress__percent" aria-hidden="true">
                {t('photos.percent', { percent })}
              </span>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

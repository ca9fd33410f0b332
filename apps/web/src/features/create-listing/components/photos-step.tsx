import { useEffect, useId, type ChangeEvent } from 'react';
import { useOnline } from '../../../lib/use-online';
import { useTranslation } from '../../../lib/use-translation';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import type { TUploadPhase } from '../hooks/use-photos-step';
import { useWizardText } from '../hooks/use-wizard-text';
import { preloadCompression } from '../utils/compress-photo';
import {
  slotLabels,
  type SlotState,
  type SlotUpload,
  type TSlotProblem,
  type TSlotUploads,
  type TSlots,
} from '../utils/photo-slots';

export interface PhotosStepProps {
  type: TPropertyType;
  slots: TSlots;
  problems: Partial<Record<TPictureLabel, TSlotProblem>>;
  disabled: boolean;
  phase: TUploadPhase | null;
  /** Each photo's upload, while and after it is sent. */
  uploads: TSlotUploads;
  /** Bytes on the server of all the photos being sent. */
  total: { sent: number; total: number };
  onPick: (label: TPictureLabel, file: File) => void;
  onRemove: (label: TPictureLabel) => void;
}

function percentOf(sent: number, total: number): number {
  return total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
}

const megabytes = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A bar that assistive technology reads as "label, N %". */
function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="progress-bar"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="progress-bar__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

interface PhotoSlotProps {
  label: TPictureLabel;
  slot: SlotState | undefined;
  problem: TSlotProblem | undefined;
  upload: SlotUpload | undefined;
  online: boolean;
  disabled: boolean;
  onPick: (label: TPictureLabel, file: File) => void;
  onRemove: (label: TPictureLabel) => void;
}

function PhotoSlot({
  label,
  slot,
  problem,
  upload,
  online,
  disabled,
  onPick,
  onRemove,
}: PhotoSlotProps) {
  const { t } = useTranslation('publish');
  const text = useWizardText();
  const inputId = useId();
  const statusId = useId();
  const errorId = useId();
  const name = t(`photos.slots.${label}`);
  const picked = slot?.picked ?? null;
  const existing = slot?.existing ?? null;
  const shownUrl = picked?.previewUrl || existing?.url || null;
  const action = shownUrl ? t('photos.change') : t('photos.choose');
  const problemText = text.slotProblem(problem ?? picked?.failure);

  let status: string = t('photos.empty');
  if (picked?.status === 'preparing') status = t('photos.preparing');
  else if (picked?.status === 'ready') status = t('photos.ready');
  else if (picked) status = t('photos.newPhoto');
  else if (existing) status = t('photos.current');
  const percent = upload ? percentOf(upload.sent, upload.total) : 0;
  if (upload) {
    const stalled = !online && upload.state !== 'done' && upload.state !== 'failed';
    if (stalled) status = t('photos.upload.paused');
    else if (upload.state === 'uploading') status = t('photos.upload.uploading', { percent });
    else if (upload.state === 'failed') {
      const reason = upload.problem
        ? text.slotProblem(upload.problem)
        : text.failure(upload.failure ?? 'generic');
      status = t('photos.upload.failed', { reason });
    } else status = t(`photos.upload.${upload.state}`);
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again after an undo still fires a change.
    event.target.value = '';
    if (file) onPick(label, file);
  }

  return (
    <li className={`photo-slot${problemText ? ' photo-slot--invalid' : ''}`}>
      <div className="photo-slot__head">
        <h3 className="photo-slot__name">{name}</h3>
        {/* Every slot shown is one the type requires (slotLabels); said in words, not by a colour. */}
        <span className="photo-slot__required">{t('photos.required')}</span>
      </div>
      <p className="photo-slot__why text-secondary">{t(`photos.why.${label}`)}</p>
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
      {upload ? (
        <ProgressBar percent={percent} label={t('photos.upload.label', { slot: name })} />
      ) : null}
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
  uploads,
  total,
  onPick,
  onRemove,
}: PhotosStepProps) {
  const { t } = useTranslation('publish');
  const online = useOnline();
  const percent = percentOf(total.sent, total.total);
  const shownPhase = phase === 'uploading' && !online ? 'paused' : phase;

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
            upload={uploads[label]}
            online={online}
            disabled={disabled}
            onPick={onPick}
            onRemove={onRemove}
          />
        ))}
      </ul>
      {shownPhase ? (
        <div className="upload-progress">
          <p role="status" className="upload-progress__text">
            {t(`photos.phase.${shownPhase}`)}
          </p>
          {shownPhase !== 'preparing' && total.total > 0 ? (
            <div className="upload-progress__bar">
              <ProgressBar percent={percent} label={t('photos.progressLabel')} />
              <span className="upload-progress__percent" aria-hidden="true">
                {t('photos.percent', { percent })}
              </span>
            </div>
          ) : null}
          {shownPhase !== 'preparing' && total.total > 0 ? (
            <p className="upload-progress__bytes text-secondary">
              {t('photos.totalBytes', {
                sent: megabytes.format(total.sent / (1024 * 1024)),
                total: megabytes.format(total.total / (1024 * 1024)),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import { isApiError } from '../../../lib/api-client';
import { uploadPhotos, type PhotoUpload } from '../api/listings';
import type { TUploadPhase } from '../components/photos-step';
import { describeFailure } from '../utils/failure';
import {
  missingSlots,
  slotLabels,
  uploadIndexOf,
  type TSlotProblem,
  type TSlots,
} from '../utils/photo-slots';
import { usePhotoSlots } from './use-photo-slots';
import type { WizardFlow } from './use-wizard-flow';

type TSlotProblems = Partial<Record<TPictureLabel, TSlotProblem>>;

/** The slots an upload refusal names, or null when it is not about particular photos. */
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

/** Step 3, the photos: each is compressed once picked, and only new ones go up. */
export function usePhotosStep(
  initialSlots: TSlots,
  flow: WizardFlow,
  listing: { id: string | null; type: TPropertyType | null },
  onSaved: (id: string) => void,
) {
  const photos = usePhotoSlots(initialSlots);
  const [checked, setChecked] = useState(false);
  const [slotProblems, setSlotProblems] = useState<TSlotProblems>({});
  const [phase, setPhase] = useState<TUploadPhase | null>(null);
  const [percent, setPercent] = useState(0);

  const missing = checked && listing.type ? missingSlots(listing.type, photos.slots) : [];
  const problems: TSlotProblems = { ...slotProblems };
  for (const label of missing) {
    problems[label] ??= photos.slots[label]?.picked?.failure ?? 'missing';
  }

  function submit() {
    const { id, type } = listing;
    if (!type || !id) return;
    setChecked(true);
    const stillMissing = missingSlots(type, photos.slots);
    if (stillMissing[0]) {
      flow.focusField(stillMissing[0]);
      return;
    }
    return flow.run(async () => {
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
        flow.focusField(firstRefused);
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
          flow.noteWrite();
        } catch (error) {
          setPhase(null);
          const perSlot = uploadProblems(error, uploads);
          if (perSlot) {
            setSlotProblems(perSlot);
            const first = slotLabels(type).find((label) => perSlot[label]);
            if (first) flow.focusField(first);
            return;
          }
          flow.fail(3, describeFailure(error, 'change'));
          return;
        }
      }
      onSaved(id);
    });
  }

  function pick(label: TPictureLabel, file: File) {
    photos.pick(label, file);
    setSlotProblems(({ [label]: _dropped, ...rest }) => rest);
  }

  function remove(label: TPictureLabel) {
    photos.remove(label);
    setSlotProblems(({ [label]: _dropped, ...rest }) => rest);
  }

  return { slots: photos.slots, missing, problems, phase, percent, pick, remove, submit };
}

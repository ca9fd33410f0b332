import { useEffect, useRef, useState } from 'react';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import { PARALLEL_UPLOADS } from '@makazi/contracts/upload-values';
import { isApiError } from '../../../lib/api-client';
import { sendPhoto } from '../api/photo-uploads';
import type { TDraftPhotos, DraftPhoto } from '../utils/draft-store';
import { describeFailure } from '../utils/failure';
import {
  missingSlots,
  slotLabels,
  type SlotUpload,
  type TSlotProblem,
  type TSlotUploads,
  type TSlots,
} from '../utils/photo-slots';
import type { DraftWriter } from './use-draft-writer';
import { usePhotoSlots } from './use-photo-slots';
import type { WizardFlow } from './use-wizard-flow';

type TSlotProblems = Partial<Record<TPictureLabel, TSlotProblem>>;

export type TUploadPhase = 'preparing' | 'uploading';

export interface PhotosStepInit {
  slots: TSlots;
  /** The draft's photos: where each one's upload stands. */
  photos: TDraftPhotos;
  /** Step 3 was being sent when the page went: carry on. */
  publishing: boolean;
}

/** The problem of the photo itself that a refusal names, or null when it is about the call. */
function photoProblem(error: unknown): TSlotProblem | null {
  if (!isApiError(error)) return null;
  const perSlot: Partial<Record<string, TSlotProblem>> = {
    VALIDATION_FAILED: 'serverRejected',
    PAYLOAD_TOO_LARGE: 'serverTooLarge',
    UNSUPPORTED_MEDIA_TYPE: 'serverUnsupported',
  };
  return perSlot[error.code] ?? null;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Step 3, the photos: each is compressed once picked and kept in the draft; on submit each new one
 * is sent on its own (resumably, PARALLEL_UPLOADS at a time) and attached to the listing. A photo
 * attached already is never sent again, and a slot never has two uploads running.
 */
export function usePhotosStep(
  init: PhotosStepInit,
  flow: WizardFlow,
  listing: { id: string | null; type: TPropertyType | null },
  draft: DraftWriter,
  onSaved: (id: string) => void,
) {
  const photos = usePhotoSlots(init.slots);
  const [checked, setChecked] = useState(false);
  const [slotProblems, setSlotProblems] = useState<TSlotProblems>({});
  const [phase, setPhase] = useState<TUploadPhase | null>(null);
  const [uploads, setUploads] = useState<TSlotUploads>({});
  const records = useRef(new Map(Object.entries(init.photos) as [TPictureLabel, DraftPhoto][]));
  const running = useRef(new Map<TPictureLabel, Promise<void>>());
  const stop = useRef(new AbortController());

  const missing = checked && listing.type ? missingSlots(listing.type, photos.slots) : [];
  const problems: TSlotProblems = { ...slotProblems };
  for (const label of missing) {
    problems[label] ??= photos.slots[label]?.picked?.failure ?? 'missing';
  }

  const update = (label: TPictureLabel, patch: Partial<SlotUpload>) =>
    setUploads((current) => {
      const slot = current[label] ?? { state: 'waiting', sent: 0, total: 0 };
      return { ...current, [label]: { ...slot, ...patch } };
    });

  function record(label: TPictureLabel, patch: Partial<DraftPhoto>): Promise<void> {
    const current = records.current.get(label);
    if (!current) return Promise.resolve();
    const next = { ...current, ...patch };
    records.current.set(label, next);
    return draft.savePhoto(label, next);
  }

  function sendOne(id: string, label: TPictureLabel): Promise<void> {
    // One upload per slot: a second start joins the first instead of creating another upload.
    const already = running.current.get(label);
    if (already) return already;
    const photo = records.current.get(label);
    if (!photo) return Promise.resolve();
    const total = photo.size;
    update(label, { state: 'uploading', sent: photo.sent ? total : 0, total });
    const sending = sendPhoto(
      {
        listingId: id,
        label,
        file: photo.blob,
        name: photo.name,
        uploadUrl: photo.uploadUrl,
        sent: photo.sent,
      },
      {
        onUploadUrl: (uploadUrl) => record(label, { uploadUrl, sent: false }),
        onProgress: (sent) => update(label, { state: 'uploading', sent, total }),
        onSent: () => {
          update(label, { state: 'saving', sent: total });
          return record(label, { sent: true });
        },
      },
      stop.current.signal,
    )
      .then(() => {
        update(label, { state: 'done', sent: total });
        return record(label, { attached: true });
      })
      .finally(() => running.current.delete(label));
    running.current.set(label, sending);
    return sending;
  }

  /** Sends `labels` PARALLEL_UPLOADS at a time; answers the failures by slot. */
  async function sendAll(id: string, labels: TPictureLabel[]) {
    const queue = [...labels];
    const failed = new Map<TPictureLabel, unknown>();
    const worker = async () => {
      for (let label = queue.shift(); label; label = queue.shift()) {
        try {
          await sendOne(id, label);
        } catch (error) {
          if (stop.current.signal.aborted) throw error;
          const problem = photoProblem(error);
          const failure = describeFailure(error, 'change');
          update(label, problem ? { state: 'failed', problem } : { state: 'failed', failure });
          failed.set(label, error);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    return failed;
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
      const toSend: TPictureLabel[] = [];
      const refused: TSlotProblems = {};
      const preparedOf = await photos.prepared();
      for (const label of slotLabels(type)) {
        const picked = photos.slots[label]?.picked;
        if (!picked) continue;
        const prepared = preparedOf(label, picked.key);
        if (!prepared?.ok) {
          refused[label] = prepared?.reason ?? 'unreadable';
          continue;
        }
        if (!records.current.has(label)) records.current.set(label, draftPhotoOf(prepared.file));
        if (!records.current.get(label)?.attached) toSend.push(label);
      }
      const firstRefused = slotLabels(type).find((label) => refused[label]);
      if (firstRefused) {
        setSlotProblems(refused);
        setPhase(null);
        flow.focusField(firstRefused);
        return;
      }
      // Only new photos go up; a slot left as it was sends nothing. The API puts an attached photo
      // in its label's slot, replacing the one there.
      if (toSend.length > 0) {
        draft.setPublishing(true);
        setUploads((current) => {
          const next = { ...current };
          for (const label of toSend) {
            const photo = records.current.get(label);
            const total = photo?.size ?? 0;
            next[label] = { state: 'waiting', sent: photo?.sent ? total : 0, total };
          }
          return next;
        });
        setPhase('uploading');
        let failed: Map<TPictureLabel, unknown>;
        try {
          failed = await sendAll(id, toSend);
        } catch (error) {
          // The wizard closed: the draft keeps every upload's place for next time.
          if (isAbort(error)) return;
          throw error;
        }
        if (failed.size < toSend.length) flow.noteWrite();
        if (failed.size > 0) {
          draft.setPublishing(false);
          setPhase(null);
          const perSlot: TSlotProblems = {};
          for (const [label, error] of failed) {
            const problem = photoProblem(error);
            if (problem) perSlot[label] = problem;
          }
          const first = slotLabels(type).find((label) => perSlot[label]);
          if (first) {
            setSlotProblems(perSlot);
            flow.focusField(first);
            return;
          }
          flow.fail(3, describeFailure([...failed.values()][0], 'change'));
          return;
        }
      }
      onSaved(id);
    });
  }

  // Uploads stop with the wizard; their places stay in the draft.
  useEffect(() => {
    const controller = stop.current;
    return () => controller.abort();
  }, []);

  // The page went while the photos were being sent: carry on where they were.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || !init.publishing || flow.step !== 3) return;
    resumed.current = true;
    void submit();
    // Once, on the first render: later renders are the user's to drive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function forget(label: TPictureLabel) {
    records.current.delete(label);
    void draft.savePhoto(label, null);
    setSlotProblems(({ [label]: _dropped, ...rest }) => rest);
    setUploads(({ [label]: _dropped, ...rest }) => rest);
  }

  function pick(label: TPictureLabel, file: File) {
    forget(label);
    void photos.pick(label, file).then((prepared) => {
      if (!prepared?.ok) return;
      const photo = draftPhotoOf(prepared.file);
      records.current.set(label, photo);
      return draft.savePhoto(label, photo);
    });
  }

  function remove(label: TPictureLabel) {
    photos.remove(label);
    forget(label);
  }

  const total = Object.values(uploads).reduce(
    (sum, upload) => ({ sent: sum.sent + upload.sent, total: sum.total + upload.total }),
    { sent: 0, total: 0 },
  );

  return {
    slots: photos.slots,
    missing,
    problems,
    phase,
    uploads,
    total,
    pick,
    remove,
    submit,
  };
}

function draftPhotoOf(file: File): DraftPhoto {
  return {
    blob: file,
    name: file.name,
    type: file.type,
    size: file.size,
    uploadUrl: null,
    sent: false,
    attached: false,
  };
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TPictureLabel } from '@makazi/contracts/property-values';
import { preparePhoto, type TPreparedPhoto } from '../utils/compress-photo';
import type { SlotState, TSlots } from '../utils/photo-slots';

/** The compressed photos restored from the draft (their picks carry the file): ready as they are. */
function restoredResults(slots: TSlots) {
  const results = new Map<TPictureLabel, { key: number; prepared: TPreparedPhoto }>();
  for (const [label, slot] of Object.entries(slots) as [TPictureLabel, SlotState | undefined][]) {
    const picked = slot?.picked;
    if (picked?.file) {
      results.set(label, {
        key: picked.key,
        prepared: { ok: true, file: picked.file, compressed: true },
      });
    }
  }
  return results;
}

type TRestoredPreviews = Map<TPictureLabel, { key: number; url: string }>;

/** A preview URL for each restored photo (a pick with its file and no preview yet). */
function restoredPreviews(slots: TSlots): TRestoredPreviews {
  const previews: TRestoredPreviews = new Map();
  for (const [label, slot] of Object.entries(slots) as [TPictureLabel, SlotState][]) {
    const picked = slot.picked;
    if (picked?.file && !picked.previewUrl) {
      previews.set(label, { key: picked.key, url: URL.createObjectURL(picked.file) });
    }
  }
  return previews;
}

/** `slots` showing the restored previews on the picks they were made for. */
function withRestored(slots: TSlots, previews: TRestoredPreviews): TSlots {
  if (previews.size === 0) return slots;
  const next: TSlots = { ...slots };
  for (const [label, { key, url }] of previews) {
    const slot = slots[label];
    if (slot?.picked?.key === key && !slot.picked.previewUrl) {
      next[label] = { ...slot, picked: { ...slot.picked, previewUrl: url } };
    }
  }
  return next;
}

/*
 * The photo slots of the wizard. They live as long as the wizard (going back to step 2 and
 * returning keeps the picked photos), own the preview URLs (revoked when a photo is replaced,
 * removed, or the wizard closes) and compress each photo as soon as it is picked, so the work
 * overlaps with the user choosing the next one. Photos restored from the draft come in `initial`
 * already compressed; their previews are made here, once.
 */
export function usePhotoSlots(initial: TSlots) {
  const [slots, setSlots] = useState<TSlots>(initial);
  const [first] = useState(initial);
  const restored = useMemo(() => restoredPreviews(first), [first]);
  const previews = useRef(new Map<TPictureLabel, string>());
  const pending = useRef(new Map<TPictureLabel, { key: number; done: Promise<void> }>());
  const controllers = useRef(new Map<TPictureLabel, AbortController>());
  const results = useRef(restoredResults(initial));
  const nextKey = useRef(1);

  const release = useCallback((label: TPictureLabel) => {
    const url = previews.current.get(label);
    if (url) URL.revokeObjectURL(url);
    previews.current.delete(label);
    controllers.current.get(label)?.abort();
    controllers.current.delete(label);
    pending.current.delete(label);
    results.current.delete(label);
  }, []);

  useEffect(() => {
    const urls = previews.current;
    const running = controllers.current;
    return () => {
      restored.forEach(({ url }) => URL.revokeObjectURL(url));
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
      running.forEach((controller) => controller.abort());
      running.clear();
    };
  }, [restored]);

  /** Resolves with the compressed photo, or null when a newer pick or a removal took the slot. */
  const pick = useCallback(
    (label: TPictureLabel, file: File): Promise<TPreparedPhoto | null> => {
      release(label);
      const key = nextKey.current++;
      const previewUrl = URL.createObjectURL(file);
      previews.current.set(label, previewUrl);
      const controller = new AbortController();
      controllers.current.set(label, controller);
      setSlots((current) => ({
        ...current,
        [label]: {
          existing: current[label]?.existing ?? null,
          picked: { key, name: file.name, previewUrl, status: 'preparing' },
        },
      }));
      const prepared = preparePhoto(file, controller.signal).then(
        (prepared) => {
          if (controller.signal.aborted) return null;
          controllers.current.delete(label);
          results.current.set(label, { key, prepared });
          setSlots((current) => {
            const slot = current[label];
            if (slot?.picked?.key !== key) return current;
            const picked = prepared.ok
              ? { ...slot.picked, status: 'ready' as const, file: prepared.file }
              : { ...slot.picked, status: 'failed' as const, failure: prepared.reason };
            return { ...current, [label]: { ...slot, picked } };
          });
          return prepared;
        },
        () => {
          // Aborted: a newer pick or a removal took the slot over.
          return null;
        },
      );
      pending.current.set(label, { key, done: prepared.then(() => undefined) });
      return prepared;
    },
    [release],
  );

  /** Drops the newly picked photo: the slot shows the listing's own photo again, if any. */
  const remove = useCallback(
    (label: TPictureLabel) => {
      release(label);
      setSlots((current) => ({
        ...current,
        [label]: { existing: current[label]?.existing ?? null, picked: null },
      }));
    },
    [release],
  );

  /**
   * Waits until every photo picked so far is compressed (or failed to be), then tells the result of
   * the pick `key` of each slot. Read from here rather than from `slots`: React may not have
   * re-rendered with the last results yet.
   */
  const prepared = useCallback(async () => {
    await Promise.all([...pending.current.values()].map((entry) => entry.done));
    return (label: TPictureLabel, key: number): TPreparedPhoto | null => {
      const result = results.current.get(label);
      return result?.key === key ? result.prepared : null;
    };
  }, []);

  const shown = useMemo(() => withRestored(slots, restored), [slots, restored]);
  return { slots: shown, pick, remove, prepared };
}

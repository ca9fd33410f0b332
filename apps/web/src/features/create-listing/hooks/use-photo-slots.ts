import { useCallback, useEffect, useRef, useState } from 'react';
import type { TPictureLabel } from '@makazi/contracts/property-values';
import { preparePhoto, type TPreparedPhoto } from '../utils/compress-photo';
import type { TSlots } from '../utils/photo-slots';

/*
 * The photo slots of the wizard. They live as long as the wizard (going back to step 2 and
 * returning keeps the picked photos), own the preview URLs (revoked when a photo is replaced,
 * removed, or the wizard closes) and compress each photo as soon as it is picked, so the work
 * overlaps with the user choosing the next one.
 */
export function usePhotoSlots(initial: TSlots) {
  const [slots, setSlots] = useState<TSlots>(initial);
  const previews = useRef(new Map<TPictureLabel, string>());
  const pending = useRef(new Map<TPictureLabel, { key: number; done: Promise<void> }>());
  const controllers = useRef(new Map<TPictureLabel, AbortController>());
  const results = useRef(new Map<TPictureLabel, { key: number; prepared: TPreparedPhoto }>());
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
      urls.forEach((url) => URL.revokeObjectURL(url));
      urls.clear();
      running.forEach((controller) => controller.abort());
      running.clear();
    };
  }, []);

  const pick = useCallback(
    (label: TPictureLabel, file: File) => {
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
      const done = preparePhoto(file, controller.signal).then(
        (prepared) => {
          if (controller.signal.aborted) return;
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
        },
        () => {
          // Aborted: a newer pick or a removal took the slot over.
        },
      );
      pending.current.set(label, { key, done });
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

  return { slots, pick, remove, prepared };
}

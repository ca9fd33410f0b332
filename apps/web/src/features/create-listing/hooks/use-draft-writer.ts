import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { TPictureLabel } from '@makazi/contracts/property-values';
import { draftStore, type DraftPhoto, type WizardDraft } from '../utils/draft-store';

/** Typing is saved this long after the last key, not on every key. */
const TYPING_DEBOUNCE_MS = 300;

export type TDraftSnapshot = Omit<WizardDraft, 'publishing'>;

/**
 * Writes the wizard's draft (utils/draft-store.ts) as it changes. A wizard that did not start from
 * the stored draft replaces it: one unfinished wizard at a time, as before. Once cleared (the
 * listing is saved), nothing more is written, so a late callback cannot bring the draft back.
 */
export function useDraftWriter(fromDraft: boolean, initialPublishing: boolean) {
  const latest = useRef<TDraftSnapshot | null>(null);
  const publishing = useRef(initialPublishing);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closed = useRef(false);
  const replaced = useRef<Promise<void> | null>(null);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const snapshot = latest.current;
    if (closed.current || !snapshot) return;
    void draftStore.saveWizard({ ...snapshot, publishing: publishing.current });
  }, []);

  useEffect(() => {
    if (!fromDraft) replaced.current ??= draftStore.clear();
    // A reload or a closing tab writes what was typed in the last moments.
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [fromDraft, flush]);

  return useMemo(
    () => ({
      /** The wizard's fields changed: saved after a pause in the typing. */
      schedule(snapshot: TDraftSnapshot) {
        latest.current = snapshot;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, TYPING_DEBOUNCE_MS);
      },
      /** Step 3 was submitted (true) or stopped on a failure (false). */
      setPublishing(value: boolean) {
        publishing.current = value;
        flush();
      },
      savePhoto(label: TPictureLabel, photo: DraftPhoto | null): Promise<void> {
        if (closed.current) return Promise.resolve();
        return draftStore.savePhoto(label, photo);
      },
      clear(): Promise<void> {
        closed.current = true;
        clearTimeout(timer.current);
        return draftStore.clear();
      },
    }),
    [flush],
  );
}

export type DraftWriter = ReturnType<typeof useDraftWriter>;

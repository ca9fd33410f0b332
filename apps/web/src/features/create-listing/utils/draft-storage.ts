import { isRecord, isUuid } from '../../../lib/guards';

/*
 * Where the wizard is, kept in sessionStorage (this tab only, gone when it closes): the listing's
 * id once step 1 saved it, the step, and whether it is a new listing or an edit. A reload on step
 * 2 or 3 loads the listing by id and carries on there instead of starting a second listing.
 */

export const DRAFT_STORAGE_KEY = 'makazi.create-listing';

export type TWizardStep = 1 | 2 | 3;
export type TWizardMode = 'create' | 'edit';

export interface StoredDraft {
  id: string;
  step: TWizardStep;
  mode: TWizardMode;
}

function isStep(value: unknown): value is TWizardStep {
  return value === 1 || value === 2 || value === 3;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked: the wizard still works, a reload starts over.
    return null;
  }
}

export function readDraft(): StoredDraft | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(DRAFT_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || !isUuid(value.id) || !isStep(value.step)) return null;
  if (value.mode !== 'create' && value.mode !== 'edit') return null;
  return { id: value.id, step: value.step, mode: value.mode };
}

export function writeDraft(draft: StoredDraft): void {
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // A full storage only costs the resume after a reload.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing more to do.
  }
}

import type { TViewerProperty } from '@makazi/contracts/listings';
import { USER_SUB } from '../../../testing/account';
import { EMPTY_ADDRESS, addressValuesOf } from '../utils/address';
import { detailValuesOf } from '../utils/detail-fields';
import {
  draftStore,
  type DraftPhoto,
  type StoredDraft,
  type TDraftPhotos,
  type TWizardMode,
  type TWizardStep,
} from '../utils/draft-store';

/*
 * The wizard's draft as the tests see it: jsdom has no IndexedDB, so draftStore is the in-memory
 * store, shared by every render of a test file (a second render is a reload).
 */

export interface DraftSeed {
  id: string | null;
  step: TWizardStep;
  mode: TWizardMode;
  /** The listing the draft was typed on: its fields as the wizard would have saved them. */
  listing?: TViewerProperty;
  photos?: TDraftPhotos;
  publishing?: boolean;
  owner?: string;
}

export async function seedDraft({
  id,
  step,
  mode,
  listing,
  photos = {},
  publishing = false,
  owner = USER_SUB,
}: DraftSeed): Promise<void> {
  await draftStore.clear();
  await draftStore.saveWizard({
    owner,
    id,
    step,
    mode,
    type: listing?.type ?? null,
    details: listing ? detailValuesOf(listing, listing.type) : { text: {}, flags: {} },
    address: (listing && addressValuesOf(listing.propertyAddress, listing.type)) ?? EMPTY_ADDRESS,
    publishing,
  });
  for (const [label, photo] of Object.entries(photos)) {
    await draftStore.savePhoto(label as keyof TDraftPhotos, photo);
  }
}

export function storedDraft(): Promise<StoredDraft | null> {
  return draftStore.read();
}

export function clearDraft(): Promise<void> {
  return draftStore.clear();
}

export function draftPhoto(name: string, patch: Partial<DraftPhoto> = {}): DraftPhoto {
  const blob = new Blob([`small ${name}`], { type: 'image/jpeg' });
  return {
    blob,
    name,
    type: 'image/jpeg',
    size: blob.size,
    uploadUrl: null,
    sent: false,
    attached: false,
    ...patch,
  };
}

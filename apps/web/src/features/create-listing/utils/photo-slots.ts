import {
  REQUIRED_PICTURE_LABELS,
  type TPictureLabel,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import type { TPhoto } from '@makazi/contracts/properties';
import { isRecord } from '../../../lib/guards';
import type { TFailureKind } from './failure';

/*
 * Step 3's photo slots: one per required label of the type, each either empty, holding
 * the photo the listing already has, or a newly picked one (which replaces it once uploaded).
 */

export function slotLabels(type: TPropertyType): readonly TPictureLabel[] {
  return REQUIRED_PICTURE_LABELS[type];
}

/** A photo the listing already has in a slot. */
export interface ExistingPhoto {
  id: string;
  url: string;
}

export type TPrepareFailure = 'notImage' | 'tooLarge' | 'unreadable';

export interface PickedPhoto {
  /** Tells this pick from a later one in the same slot. */
  key: number;
  name: string;
  /** null until the preview of a photo restored from the draft is made. */
  previewUrl: string | null;
  status: 'preparing' | 'ready' | 'failed';
  /** The compressed file, once ready. */
  file?: File;
  failure?: TPrepareFailure;
}

export interface SlotState {
  existing: ExistingPhoto | null;
  picked: PickedPhoto | null;
}

export type TSlots = Partial<Record<TPictureLabel, SlotState>>;

/** Where a photo's upload stands (the slot shows "paused" for the first three while offline). */
export type TSlotUploadState = 'waiting' | 'uploading' | 'saving' | 'done' | 'failed';

export interface SlotUpload {
  state: TSlotUploadState;
  /** Bytes on the server, of `total`. */
  sent: number;
  total: number;
  /** Why it failed, when it did: a problem of the photo, else the call's failure. */
  problem?: TSlotProblem;
  failure?: TFailureKind;
}

export type TSlotUploads = Partial<Record<TPictureLabel, SlotUpload>>;

/** Why a slot is refused at submit time or by the server. */
export type TSlotProblem =
  'missing' | TPrepareFailure | 'serverTooLarge' | 'serverUnsupported' | 'serverRejected';

function isPhoto(value: unknown): value is Pick<TPhoto, 'id' | 'label' | 'url' | 'variants'> {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.label === 'string' &&
    typeof value.url === 'string'
  );
}

/** The smallest variant is plenty for a thumbnail on a phone. */
function thumbnailUrl(photo: Pick<TPhoto, 'url' | 'variants'>): string {
  const variants = Array.isArray(photo.variants) ? photo.variants : [];
  return variants[0]?.url ?? photo.url;
}

/**
 * The slots of `type` filled with a listing's `photos` (the owner's view, in position order). The
 * API keeps one photo per label; were there more, the last is the one shown.
 */
export function slotsFromPhotos(type: TPropertyType, photos: unknown): TSlots {
  const list = Array.isArray(photos) ? photos.filter(isPhoto) : [];
  const slots: TSlots = {};
  for (const label of slotLabels(type)) {
    const shown = list.filter((photo) => photo.label === label).at(-1);
    slots[label] = {
      existing: shown ? { id: shown.id, url: thumbnailUrl(shown) } : null,
      picked: null,
    };
  }
  return slots;
}

/** Every required slot needs a photo, an existing one or a new one that could be prepared. */
export function missingSlots(type: TPropertyType, slots: TSlots): TPictureLabel[] {
  return slotLabels(type).filter((label) => {
    const slot = slots[label];
    if (!slot) return true;
    if (slot.picked) return slot.picked.status === 'failed' && !slot.existing;
    return !slot.existing;
  });
}

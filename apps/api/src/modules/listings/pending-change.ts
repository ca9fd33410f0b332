import {
  CHANGEABLE_FIELDS,
  type TChangeableField,
  type TPendingChangeStatus,
} from '@makazi/contracts/listings';
import type { TPictureLabel, TPropertyType } from '@makazi/contracts/property-values';
import type { PendingPhoto } from '../../db/schema';
import { statusAfterEdit } from './listing-rules';
import type { AddressColumns, DetailColumns } from './listings.repository';

/*
 * The rules of an edit of an approved listing. The public keeps the approved (live) version until
 * an admin approves the change, so the edit is held beside the listing as a pending change: the
 * columns that differ from the live row, the photos it adds, the live photos it drops and,
 * optionally, a new photo order. Every edit merges into it, so it always reads as one difference
 * from the live version; an edit that brings everything back to the live values leaves nothing to
 * review. The listings module (details, address, photo removal and order) and the media module
 * (uploads) both go through here.
 */

/** The columns a change can hold: a listing's details and its address. */
export type ChangeColumns = Partial<DetailColumns & AddressColumns>;
/** The same columns as the live row holds them (null where a type has no value). */
export type LiveColumns = Readonly<Record<keyof ChangeColumns, unknown>>;

export interface PendingChangeState {
  status: TPendingChangeStatus;
  changes: ChangeColumns;
  addedPhotos: PendingPhoto[];
  removedPhotoIds: string[];
  /** Every photo of the changed version in order; null keeps the live order. */
  photoOrder: string[] | null;
  rejectionReason: string | null;
}

/** What the rules need of a live photo, in position order. */
export interface LivePhoto {
  id: string;
  label: TPictureLabel;
}

export function noChange(): PendingChangeState {
  return {
    status: 'draft',
    changes: {},
    addedPhotos: [],
    removedPhotoIds: [],
    photoOrder: null,
    rejectionReason: null,
  };
}

/**
 * The changed version's photos, in order: live photos it keeps, each dropped photo's slot taken by
 * an added photo of the same label, the other added photos after them; then `photoOrder`, when
 * set, decides (ids it does not name keep their place after the named ones).
 */
export function proposedPhotos<L extends LivePhoto>(
  live: readonly L[],
  change: Pick<PendingChangeState, 'addedPhotos' | 'removedPhotoIds' | 'photoOrder'>,
): (L | PendingPhoto)[] {
  const removed = new Set(change.removedPhotoIds);
  const waiting = [...change.addedPhotos];
  const photos: (L | PendingPhoto)[] = [];
  for (const photo of live) {
    if (!removed.has(photo.id)) {
      photos.push(photo);
      continue;
    }
    const index = waiting.findIndex((added) => added.label === photo.label);
    if (index >= 0) photos.push(...waiting.splice(index, 1));
  }
  photos.push(...waiting);
  const order = change.photoOrder;
  if (!order) return photos;
  const rank = (id: string) => {
    const at = order.indexOf(id);
    return at < 0 ? order.length : at;
  };
  return photos
    .map((photo, index) => ({ photo, index }))
    .sort((a, b) => rank(a.photo.id) - rank(b.photo.id) || a.index - b.index)
    .map(({ photo }) => photo);
}

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * Merges an edit's columns into the change, keeping only what differs from the live row: a field
 * set back to its live value is no longer part of the change.
 */
export function mergeColumns(
  change: PendingChangeState,
  live: LiveColumns,
  edit: ChangeColumns,
): PendingChangeState {
  const changes: Record<string, unknown> = { ...change.changes };
  for (const [column, value] of Object.entries(edit)) {
    if (value === undefined) continue;
    if (same(value, live[column as keyof ChangeColumns])) delete changes[column];
    else changes[column] = value;
  }
  return { ...change, changes };
}

/**
 * Drops photos from the changed version: a photo the change added is forgotten (its files are
 * returned, to be deleted), a live one is marked removed. Every id must be a photo of the changed
 * version; `unknown` names those that are not.
 */
export function removePhotos(
  change: PendingChangeState,
  live: readonly LivePhoto[],
  ids: readonly string[],
): { change: PendingChangeState; orphanKeys: string[]; unknown: string[] } {
  const shown = new Set(proposedPhotos(live, change).map((photo) => photo.id));
  const unknown = ids.filter((id) => !shown.has(id));
  const dropped = new Set(ids);
  const orphanKeys = change.addedPhotos
    .filter((photo) => dropped.has(photo.id))
    .flatMap((photo) => photo.variants.map((variant) => variant.key));
  return {
    change: {
      ...change,
      addedPhotos: change.addedPhotos.filter((photo) => !dropped.has(photo.id)),
      removedPhotoIds: [
        ...change.removedPhotoIds,
        ...live.filter((photo) => dropped.has(photo.id)).map((photo) => photo.id),
      ],
      photoOrder: change.photoOrder?.filter((id) => !dropped.has(id)) ?? null,
    },
    orphanKeys,
    unknown,
  };
}

/**
 * Adds uploaded photos to the changed version. A label it already shows is replaced there (an
 * added photo is forgotten, a live one marked removed), as an upload replaces a slot of a listing
 * that is not live yet.
 */
export function addPhotos(
  change: PendingChangeState,
  live: readonly LivePhoto[],
  uploads: readonly PendingPhoto[],
): { change: PendingChangeState; orphanKeys: string[]; photoCount: number } {
  const labels = new Set(uploads.map((upload) => upload.label));
  const replaced = proposedPhotos(live, change)
    .filter((photo) => labels.has(photo.label))
    .map((photo) => photo.id);
  const { change: cleared, orphanKeys } = removePhotos(change, live, replaced);
  const next = { ...cleared, addedPhotos: [...cleared.addedPhotos, ...uploads] };
  return { change: next, orphanKeys, photoCount: proposedPhotos(live, next).length };
}

/** The change, or null when nothing of it differs from the live version any more. */
export function settle(
  change: PendingChangeState,
  live: readonly LivePhoto[],
): PendingChangeState | null {
  const photoOrder =
    change.photoOrder &&
    proposedPhotos(live, { ...change, photoOrder: null })
      .map((photo) => photo.id)
      .join() === change.photoOrder.join()
      ? null
      : change.photoOrder;
  const settled = { ...change, photoOrder };
  const empty =
    Object.keys(settled.changes).length === 0 &&
    settled.addedPhotos.length === 0 &&
    settled.removedPhotoIds.length === 0 &&
    settled.photoOrder === null;
  return empty ? null : settled;
}

/**
 * The change an owner's edit leaves: sent for review again (its rejection spoke of what it was)
 * when the edit changed it, as a draft while the changed version misses a required photo.
 */
export function afterEdit(
  type: TPropertyType,
  live: readonly LivePhoto[],
  before: PendingChangeState,
  after: PendingChangeState,
): PendingChangeState | null {
  const settled = settle(after, live);
  if (!settled) return null;
  if (JSON.stringify(settled) === JSON.stringify(before)) return settled;
  const labels = proposedPhotos(live, settled).map((photo) => photo.label);
  return { ...settled, status: statusAfterEdit(type, true, labels).status, rejectionReason: null };
}

/** Changes that matter to the public: the ones a decision must review. */
export function isReviewable(change: PendingChangeState | undefined): boolean {
  return change !== undefined && change.status !== 'draft';
}

/** How a listing's answer names each column a change can hold. */
const FIELD_OF_COLUMN: Record<keyof ChangeColumns, TChangeableField> = {
  title: 'title',
  description: 'description',
  ownerName: 'ownerName',
  ownerPhoneNumber: 'ownerPhoneNumber',
  priceTzs: 'price',
  lotWidth: 'lotWidth',
  lotLength: 'lotLength',
  lotStatus: 'lotStatus',
  distanceFromMainRoad: 'distanceFromMainRoad',
  isWaterServiceAvailable: 'isWaterServiceAvailable',
  isElectricityServiceAvailable: 'isElectricityServiceAvailable',
  numberOfBedrooms: 'numberOfBedrooms',
  numberOfBathrooms: 'numberOfBathrooms',
  leaseTermMonths: 'leaseTerm',
  apartmentPriceTerm: 'appartmentPriceTerm',
  squareFootage: 'squareFootage',
  regionId: 'propertyAddress',
  districtId: 'propertyAddress',
  wardId: 'propertyAddress',
  streetId: 'propertyAddress',
  plotNumber: 'propertyAddress',
  houseNumber: 'propertyAddress',
  apartmentNumber: 'propertyAddress',
};

/** The fields of the listing's answer that the change makes differ from the live version. */
export function changedFields(change: PendingChangeState): TChangeableField[] {
  const fields = Object.keys(change.changes).map(
    (column) => FIELD_OF_COLUMN[column as keyof ChangeColumns],
  );
  if (
    change.addedPhotos.length > 0 ||
    change.removedPhotoIds.length > 0 ||
    change.photoOrder !== null
  ) {
    fields.push('photos');
  }
  // In the order a listing reads (CHANGEABLE_FIELDS), whatever order the change was made in.
  return CHANGEABLE_FIELDS.filter((field) => fields.includes(field));
}

/** Whether the change moves the listing (any part of its address). */
export function changesAddress(change: PendingChangeState): boolean {
  return changedFields(change).includes('propertyAddress');
}

import { describe, expect, it } from 'vitest';
import type { PendingPhoto } from '../../db/schema';
import {
  addPhotos,
  afterEdit,
  changedFields,
  mergeColumns,
  noChange,
  proposedPhotos,
  removePhotos,
  type LiveColumns,
  type LivePhoto,
} from './pending-change';

const live: LivePhoto[] = [
  { id: 'a', label: 'picha_nje' },
  { id: 'b', label: 'picha_chumba' },
  { id: 'c', label: 'picha_sebule' },
];

function added(id: string, label: PendingPhoto['label']): PendingPhoto {
  return {
    id,
    label,
    width: 10,
    height: 10,
    variants: [{ width: 10, height: 10, key: `k/${id}` }],
  };
}

const ids = (photos: { id: string }[]) => photos.map((photo) => photo.id);

describe('proposedPhotos', () => {
  it('puts a replacement in the slot of the photo it replaces and new ones last', () => {
    const change = {
      ...noChange(),
      removedPhotoIds: ['b'],
      addedPhotos: [added('x', 'picha_jiko'), added('y', 'picha_chumba')],
    };
    expect(ids(proposedPhotos(live, change))).toEqual(['a', 'y', 'c', 'x']);
  });

  it('follows photoOrder, keeping photos it does not name after the named ones', () => {
    const change = {
      ...noChange(),
      addedPhotos: [added('x', 'picha_jiko')],
      photoOrder: ['c', 'x'],
    };
    expect(ids(proposedPhotos(live, change))).toEqual(['c', 'x', 'a', 'b']);
  });
});

describe('editing the change', () => {
  const liveColumns = { priceTzs: 450_000, title: 'Old' } as unknown as LiveColumns;

  it('keeps only columns that differ from the live row', () => {
    let change = mergeColumns(noChange(), liveColumns, { priceTzs: 400_000, title: 'Old' });
    expect(change.changes).toEqual({ priceTzs: 400_000 });
    change = mergeColumns(change, liveColumns, { priceTzs: 450_000 });
    expect(change.changes).toEqual({});
  });

  it('forgets an added photo that is removed (its files to delete) and marks a live one removed', () => {
    const change = { ...noChange(), addedPhotos: [added('x', 'picha_jiko')] };
    const result = removePhotos(change, live, ['x', 'a', 'nope']);
    expect(result.change.addedPhotos).toEqual([]);
    expect(result.change.removedPhotoIds).toEqual(['a']);
    expect(result.orphanKeys).toEqual(['k/x']);
    expect(result.unknown).toEqual(['nope']);
  });

  it('replaces a slot of the changed version on upload, counting the photos it would have', () => {
    const first = addPhotos(noChange(), live, [added('x', 'picha_nje')]);
    expect(first.change.removedPhotoIds).toEqual(['a']);
    const second = addPhotos(first.change, live, [added('y', 'picha_nje')]);
    expect(ids(second.change.addedPhotos)).toEqual(['y']);
    expect(second.orphanKeys).toEqual(['k/x']);
    expect(second.photoCount).toBe(3);
  });

  it('is a draft while a required photo is missing, pending once complete, gone when empty', () => {
    const removed = removePhotos(noChange(), live, ['a']).change;
    expect(afterEdit('Rent', live, noChange(), removed)?.status).toBe('draft');
    const withPrice = mergeColumns(noChange(), liveColumns, { priceTzs: 1 });
    expect(
      afterEdit(
        'Rent',
        [...live, { id: 'd', label: 'picha_jiko' }, { id: 'e', label: 'picha_choo' }],
        noChange(),
        withPrice,
      ),
    ).toMatchObject({ status: 'pending' });
    expect(afterEdit('Rent', live, withPrice, noChange())).toBeNull();
  });

  it('clears a rejection only when the edit changed something', () => {
    const rejected = {
      ...mergeColumns(noChange(), liveColumns, { priceTzs: 1 }),
      status: 'rejected' as const,
      rejectionReason: 'No',
    };
    expect(afterEdit('Land', live, rejected, rejected)).toEqual(rejected);
    const edited = mergeColumns(rejected, liveColumns, { priceTzs: 2 });
    expect(afterEdit('Land', live, rejected, edited)).toMatchObject({ rejectionReason: null });
  });

  it('names the changed fields in the order a listing reads', () => {
    const change = {
      ...mergeColumns(noChange(), liveColumns, { priceTzs: 1, title: 'New', wardId: 3 }),
      removedPhotoIds: ['a'],
    };
    expect(changedFields(change)).toEqual(['title', 'price', 'propertyAddress', 'photos']);
  });
});

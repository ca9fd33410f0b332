import { describe, expect, it } from 'vitest';
import { makePhoto } from '../../../testing/fixtures';
import { missingSlots, slotsFromPhotos } from './photo-slots';

describe('photo slots', () => {
  it('fills the slots of the type from the listing photos, the last of a label shown', () => {
    const old = makePhoto('picha_mbele', 'old');
    const front = makePhoto('picha_mbele', 'front');
    const outside = makePhoto('picha_nje', 'outside');
    const slots = slotsFromPhotos('Land', [old, front, outside]);
    expect(Object.keys(slots)).toEqual([
      'picha_mbele',
      'picha_nyuma',
      'picha_kulia',
      'picha_kushoto',
    ]);
    expect(slots.picha_mbele?.existing).toEqual({ id: front.id, url: '/media/front-320.webp' });
    expect(slots.picha_nyuma?.existing).toBeNull();
  });

  it('counts a slot filled by an existing photo or a usable new one', () => {
    const slots = slotsFromPhotos('Land', [makePhoto('picha_mbele')]);
    slots.picha_nyuma = {
      existing: null,
      picked: { key: 1, name: 'b.jpg', previewUrl: 'blob:b', status: 'preparing' },
    };
    slots.picha_kulia = {
      existing: null,
      picked: {
        key: 2,
        name: 'c.txt',
        previewUrl: 'blob:c',
        status: 'failed',
        failure: 'notImage',
      },
    };
    expect(missingSlots('Land', slots)).toEqual(['picha_kulia', 'picha_kushoto']);
  });
});

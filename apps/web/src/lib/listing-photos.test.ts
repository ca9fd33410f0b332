import { describe, expect, it } from 'vitest';
import {
  makeApartment,
  makeHouseForSale,
  makeLand,
  makePhoto,
  makeRent,
} from '../testing/fixtures';
import { cardPhoto, coverPhoto } from './listing-photos';

describe('cardPhoto', () => {
  it('uses the front photo for land and houses for sale, the first photo otherwise', () => {
    const photos = [makePhoto('picha_nyuma'), makePhoto('picha_mbele')];
    expect(cardPhoto(makeLand({ photos }))?.label).toBe('picha_mbele');
    expect(cardPhoto(makeHouseForSale({ photos }))?.label).toBe('picha_mbele');
    expect(cardPhoto(makeRent({ photos }))?.label).toBe('picha_nyuma');
    expect(cardPhoto(makeApartment({ photos }))?.label).toBe('picha_nyuma');
  });
  it('uses the outside of a house to rent or an apartment, wherever it sits, not the bedroom', () => {
    const photos = [makePhoto('picha_chumba'), makePhoto('picha_sebule'), makePhoto('picha_nje')];
    expect(cardPhoto(makeRent({ photos }))?.label).toBe('picha_nje');
    expect(cardPhoto(makeApartment({ photos }))?.label).toBe('picha_nje');
  });
  it('finds nothing for land without a front photo, so the card falls back', () => {
    expect(cardPhoto(makeLand({ photos: [makePhoto('picha_nyuma')] }))).toBeUndefined();
  });
});

describe('coverPhoto', () => {
  it('is the front photo of land and houses for sale', () => {
    const front = makePhoto('picha_mbele');
    expect(coverPhoto(makeLand({ photos: [makePhoto('picha_nyuma'), front] }))).toBe(front);
    expect(coverPhoto(makeHouseForSale({ photos: [makePhoto('picha_jiko'), front] }))).toBe(front);
  });

  it('is the first photo otherwise, also of land without a front photo, and none without photos', () => {
    const first = makePhoto('picha_nje');
    expect(coverPhoto(makeRent({ photos: [first, makePhoto('picha_mbele')] }))).toBe(first);
    expect(coverPhoto(makeLand({ photos: [first] }))).toBe(first);
    expect(coverPhoto(makeRent({ photos: [] }))).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { ZUuidParam } from '@makazi/contracts/common';
import { ZProperty, ZPropertySort, ZPropertyType } from '@makazi/contracts/properties';
import { makeApartment, makeHouseForSale, makeLand, makeRent } from '../testing/fixtures';
import {
  isPropertyList,
  isPropertyOutline,
  isPropertySort,
  isPropertyType,
  isUuid,
} from './guards';

// The browser's hand-written checks must agree with the API's zod schemas (zod runs in tests only).
describe('guards agree with the contract schemas', () => {
  const samples: unknown[] = [
    'Land',
    'Rent',
    'Apartment',
    'HouseForSale',
    'land',
    'House',
    'new',
    'priceLowHigh',
    'priceHighLow',
    'price',
    '',
    'toString',
    null,
    undefined,
    1,
    {},
    [],
  ];

  it.each(samples)('type and sort: %s', (value) => {
    expect(isPropertyType(value)).toBe(ZPropertyType.safeParse(value).success);
    expect(isPropertySort(value)).toBe(ZPropertySort.safeParse(value).success);
  });

  it.each([
    crypto.randomUUID(),
    crypto.randomUUID().toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    // Version 0 and variant c are not RFC 9562 UUIDs.
    '3d6f4a2b-1c2d-0e3f-8a4b-5c6d7e8f9a0b',
    '3d6f4a2b-1c2d-4e3f-ca4b-5c6d7e8f9a0b',
    'not-an-id',
    '3d6f4a2b1c2d4e3f8a4b5c6d7e8f9a0b',
    ` ${crypto.randomUUID()}`,
    '',
  ])('uuid: %s', (id) => {
    expect(isUuid(id)).toBe(ZUuidParam.safeParse({ id }).success);
  });
});

describe('isPropertyOutline', () => {
  it('accepts every listing the contract accepts', () => {
    for (const property of [makeRent(), makeLand(), makeApartment(), makeHouseForSale()]) {
      expect(ZProperty.safeParse(property).success).toBe(true);
      expect(isPropertyOutline(property)).toBe(true);
    }
    expect(isPropertyList([makeRent(), makeLand()])).toBe(true);
    expect(isPropertyList([])).toBe(true);
  });

  it.each([
    ['no id', { id: undefined }],
    ['an unknown type', { type: 'Castle' }],
    ['a price as text', { price: '1500000' }],
    ['no photos', { photos: undefined }],
    ['a text address', { propertyAddress: 'Sinza' }],
  ])('refuses a listing with %s', (_label, change) => {
    const broken = { ...makeRent(), ...change };
    expect(isPropertyOutline(broken)).toBe(false);
    expect(isPropertyList([makeRent(), broken])).toBe(false);
  });

  it('refuses what is not a listing at all', () => {
    for (const value of [null, 'x', [], [makeRent()], { data: [] }]) {
      expect(isPropertyOutline(value)).toBe(false);
    }
    expect(isPropertyList({ 0: makeRent() })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ZListPropertiesQuery } from './properties';
import { formatPropertyAddress, mediaGroupName, propertyTypeFromSlug } from './property-values';

const address = {
  region: { id: 7, name: 'Dar es Salaam' },
  district: { id: 30, name: 'Kinondoni' },
  ward: { id: 900, name: 'Mikocheni' },
  street: { id: 4000, name: 'Mikocheni A' },
  apartmentNumber: null,
  houseNumber: '12',
  plotNumber: null,
};

describe('formatPropertyAddress', () => {
  it('writes the parts in order, each with its label, and leaves absent parts out', () => {
    expect(formatPropertyAddress(address)).toBe(
      'House No. 12, Street Mikocheni A, Ward Mikocheni, District Kinondoni, Region Dar es Salaam',
    );
    expect(
      formatPropertyAddress({
        ...address,
        houseNumber: null,
        apartmentNumber: '4B',
        plotNumber: '77',
      }),
    ).toBe(
      'Apartment 4B, Plot No. 77, Street Mikocheni A, Ward Mikocheni, District Kinondoni, Region Dar es Salaam',
    );
    expect(formatPropertyAddress(null)).toBe('');
  });
});

describe('mediaGroupName', () => {
  it('is brace-delimited and quoted', () => {
    expect(mediaGroupName(['picha_mbele', 'picha_nyuma'])).toBe('{"picha_mbele","picha_nyuma"}');
  });
});

describe('propertyTypeFromSlug', () => {
  it('maps the URL slug back to the type', () => {
    expect(propertyTypeFromSlug('lease')).toBe('Rent');
    expect(propertyTypeFromSlug('house-for-sale')).toBe('HouseForSale');
  });
});

describe('ZListPropertiesQuery', () => {
  it('applies defaults and coerces numbers', () => {
    expect(ZListPropertiesQuery.parse({ minPrice: '100' })).toEqual({
      minPrice: 100,
      sort: 'new',
      limit: 24,
    });
  });
  it.each([
    [{ minPrice: 'abc' }, 'minPrice'],
    [{ limit: '1000' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ type: 'Castle' }, 'type'],
    [{ sort: 'random' }, 'sort'],
    [{ minPrice: '10', maxPrice: '5' }, 'minPrice'],
    [{ maxPrice: '-1' }, 'maxPrice'],
  ])('rejects %o naming %s', (query, field) => {
    const result = ZListPropertiesQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});

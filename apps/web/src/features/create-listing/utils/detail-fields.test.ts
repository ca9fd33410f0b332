import { describe, expect, it } from 'vitest';
import {
  changedDetails,
  checkField,
  createBody,
  detailValuesOf,
  serverProblems,
  validateDetails,
} from './detail-fields';
import { makeHouseForSale } from '../../../testing/fixtures';

describe('detail fields', () => {
  it.each([
    ['1,500,000', 1_500_000],
    ['1 500 000', 1_500_000],
    ['250000', 250_000],
  ])('reads the price %j as %d', (text, value) => {
    expect(
      createBody('Rent', {
        text: {
          title: 'Nyumba',
          description: 'd',
          ownerName: 'o',
          ownerPhoneNumber: '0712 345-678',
          leasePrice: text,
          numberOfBedrooms: '1',
          numberOfBathrooms: '0',
          leaseTerm: '12',
        },
        flags: {},
      }),
    ).toEqual({
      type: 'Rent',
      title: 'Nyumba',
      description: 'd',
      ownerName: 'o',
      ownerPhoneNumber: '0712345678',
      leasePrice: value,
      numberOfBedrooms: 1,
      numberOfBathrooms: 0,
      leaseTerm: 12,
    });
  });

  it('reads a decimal comma in metres, and commas between thousands', () => {
    expect(checkField({ name: 'lotWidth', kind: 'metres' }, '12,5')).toBeNull();
    const body = createBody('Land', {
      text: { lotWidth: '12,5', lotLength: '1,250' },
      flags: { isWaterServiceAvailable: true },
    });
    expect(body).toMatchObject({
      lotWidth: 12.5,
      lotLength: 1250,
      isWaterServiceAvailable: true,
      isElectricityServiceAvailable: false,
    });
  });

  it('leaves an empty floor area out of a create, and sends null to clear it in an edit', () => {
    expect(
      createBody('HouseForSale', { text: { squareFootage: '' }, flags: {} }),
    ).not.toHaveProperty('squareFootage');
    const saved = detailValuesOf(makeHouseForSale({ squareFootage: 120 }), 'HouseForSale');
    const now = { ...saved, text: { ...saved.text, squareFootage: ' ' } };
    expect(changedDetails('HouseForSale', now, saved)).toEqual({ squareFootage: null });
  });

  it('finds no change when only spacing or number formatting differs', () => {
    const saved = detailValuesOf(makeHouseForSale(), 'HouseForSale');
    const now = {
      text: { ...saved.text, title: `  ${saved.text.title ?? ''} `, housePrice: '180,000,000' },
      flags: { ...saved.flags },
    };
    expect(changedDetails('HouseForSale', now, saved)).toEqual({});
    expect(
      changedDetails(
        'HouseForSale',
        { ...now, flags: { ...now.flags, isWaterServiceAvailable: false } },
        saved,
      ),
    ).toEqual({ isWaterServiceAvailable: false });
  });

  it('validates only the fields of the type', () => {
    expect(Object.keys(validateDetails('Apartment', { text: {}, flags: {} })).sort()).toEqual(
      [
        'appartmentPrice',
        'appartmentPriceTerm',
        'description',
        'numberOfBathrooms',
        'numberOfBedrooms',
        'ownerName',
        'ownerPhoneNumber',
        'title',
      ].sort(),
    );
  });

  it("maps a 400's details to the type's fields and reports the rest", () => {
    expect(serverProblems('Rent', [{ field: 'leaseTerm' }])).toEqual({
      problems: { leaseTerm: { kind: 'server' } },
      unmatched: false,
    });
    expect(serverProblems('Rent', [{ field: 'lotWidth' }, { field: 'title' }])).toEqual({
      problems: { title: { kind: 'server' } },
      unmatched: true,
    });
    expect(serverProblems('Rent', []).unmatched).toBe(true);
  });
});

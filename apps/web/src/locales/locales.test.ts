import { describe, expect, it } from 'vitest';
import { testResources } from '../testing/test-utils';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) =>
    keys(child, prefix ? `${prefix}.${key}` : key),
  );
}

describe('locale files', () => {
  // No fallback language is loaded at run time, so a key missing in Swahili would show as a raw key.
  it.each(Object.keys(testResources.en))('Swahili %s has exactly the English keys', (namespace) => {
    const en = testResources.en[namespace as keyof typeof testResources.en];
    const sw = testResources.sw[namespace as keyof typeof testResources.sw];
    expect(keys(sw).sort()).toEqual(keys(en).sort());
  });

  it('English keeps these labels word for word, the Swahili carousel titles included', () => {
    const { catalogue, common } = testResources.en;
    expect(catalogue.carousels).toEqual({
      Rent: 'Nyumba za Kupanga',
      Apartment: 'Appartments',
      Land: 'Viwanja',
      HouseForSale: 'Nyumba za Kuuza',
    });
    expect(catalogue.lists).toEqual({
      Rent: 'Houses for Rent',
      Land: 'Plots for Sale',
      Apartment: 'Apartments For Rent',
      HouseForSale: 'Houses for Sale',
    });
    expect(catalogue.sort).toMatchObject({
      new: 'Newest',
      priceLowHigh: 'Price: Low to High',
      priceHighLow: 'Price: High to Low',
    });
    expect(catalogue.search.allTypes).toBe('All Types');
    expect(common.types).toEqual({
      Land: 'Land',
      Rent: 'Rent',
      Apartment: 'Apartment',
      HouseForSale: 'House for Sale',
    });
    expect(common.header).toMatchObject({ posts: 'POSTS', signIn: 'SIGN IN' });
    expect(common.errors).toMatchObject({
      unexpected: 'Unexpected Application Error!',
      chunk: 'Loading chunk failed',
    });
    expect(catalogue.card.noTitle).toBe('No title');
    expect(catalogue.counters).toMatchObject({
      Rent: { value: '200+' },
      Apartment: { value: '300+' },
      Land: { value: '500+' },
      HouseForSale: { value: '500+' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import { catalogueUrl, serializeCatalogueSearch } from './catalogue-url';

describe('serializeCatalogueSearch', () => {
  it('writes only what is set and leaves the default sort out', () => {
    expect(serializeCatalogueSearch({ sort: 'new' }).toString()).toBe('');
    expect(
      serializeCatalogueSearch({ search: 'a b', minPrice: 0, sort: 'priceLowHigh' }).toString(),
    ).toBe('search=a+b&minPrice=0&sort=priceLowHigh');
  });
});

describe('catalogueUrl', () => {
  it("opens a type's own list page with the other filters in its query string", () => {
    expect(
      catalogueUrl({
        type: 'Rent',
        search: 'Kinondoni',
        minPrice: 300_000,
        maxPrice: 600_000,
        sort: 'priceLowHigh',
      }),
    ).toBe('/lease?search=Kinondoni&minPrice=300000&maxPrice=600000&sort=priceLowHigh');
    expect(catalogueUrl({ type: 'HouseForSale', sort: 'new' })).toBe('/house-for-sale');
    expect(catalogueUrl({ type: 'Land', maxPrice: 0, sort: 'new' })).toBe('/land?maxPrice=0');
  });

  it('opens the home page results when no type is chosen', () => {
    expect(catalogueUrl({ search: 'Mbezi Beach', sort: 'new' })).toBe('/home?search=Mbezi+Beach');
    expect(catalogueUrl({ sort: 'new' })).toBe('/home');
  });
});

import { describe, expect, it } from 'vitest';
import { hasActiveFilter, parseCatalogueSearch } from './search-params';

const parse = (query: string) => parseCatalogueSearch(new URLSearchParams(query));

describe('catalogue URL state', () => {
  it('reads every field', () => {
    expect(parse('search=Sinza&type=Rent&minPrice=100&maxPrice=900&sort=priceHighLow')).toEqual({
      search: 'Sinza',
      type: 'Rent',
      minPrice: 100,
      maxPrice: 900,
      sort: 'priceHighLow',
    });
  });

  it('ignores bad values instead of failing', () => {
    expect(parse('type=Castle&minPrice=abc&maxPrice=-5&sort=random&search=')).toEqual({
      sort: 'new',
    });
    expect(parse('minPrice=1.5')).toEqual({ sort: 'new' });
    expect(parse('minPrice=1e3&maxPrice=0x10')).toEqual({ sort: 'new' });
    expect(parse('minPrice=Infinity&maxPrice=%20')).toEqual({ sort: 'new' });
    expect(parse('type=toString&sort=constructor')).toEqual({ sort: 'new' });
    expect(parse('type=rent&sort=NEW')).toEqual({ sort: 'new' });
  });

  it('trims the search text and drops one longer than the API accepts', () => {
    expect(parse('search=%20%20Sinza%20')).toEqual({ search: 'Sinza', sort: 'new' });
    expect(parse(`search=${'a'.repeat(100)}`)).toEqual({ search: 'a'.repeat(100), sort: 'new' });
    expect(parse(`search=${'a'.repeat(101)}`)).toEqual({ sort: 'new' });
    expect(parse('search=%20%20')).toEqual({ sort: 'new' });
  });

  it('keeps prices from 0 up to the API maximum and drops larger ones', () => {
    expect(parse('minPrice=0&maxPrice=1000000000000')).toEqual({
      minPrice: 0,
      maxPrice: 1_000_000_000_000,
      sort: 'new',
    });
    expect(parse('maxPrice=1000000000001')).toEqual({ sort: 'new' });
    expect(parse('minPrice=%201500%20')).toEqual({ minPrice: 1500, sort: 'new' });
  });

  it('keeps both bounds of a range whose minimum is above its maximum, for the form to show', () => {
    expect(parse('minPrice=500&maxPrice=100')).toEqual({
      minPrice: 500,
      maxPrice: 100,
      sort: 'new',
    });
  });

  it('reads prices as the form sends them without JavaScript', () => {
    expect(parse('minPrice=800%2C000&maxPrice=1.2m')).toEqual({
      minPrice: 800_000,
      maxPrice: 1_200_000,
      sort: 'new',
    });
    expect(parse('minPrice=800k&maxPrice=TZS+900+000')).toEqual({
      minPrice: 800_000,
      maxPrice: 900_000,
      sort: 'new',
    });
  });

  it('counts search, type and price as active filters, but not sort', () => {
    expect(hasActiveFilter({ sort: 'priceLowHigh' })).toBe(false);
    expect(hasActiveFilter({ sort: 'new', minPrice: 0 })).toBe(true);
    expect(hasActiveFilter({ sort: 'new', type: 'Land' })).toBe(true);
    expect(hasActiveFilter({ sort: 'new', search: 'x' })).toBe(true);
  });
});

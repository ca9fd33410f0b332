import { describe, expect, it } from 'vitest';
import { broaderSearches } from './broader-searches';

describe('broaderSearches', () => {
  it('drops the last word, the price bound and the type, nearest first', () => {
    expect(
      broaderSearches({ type: 'Rent', search: 'Mbezi Beach', minPrice: 1, maxPrice: 500_000 }),
    ).toEqual([
      {
        kind: 'fewerWords',
        filter: { type: 'Rent', search: 'Mbezi', minPrice: 1, maxPrice: 500_000 },
      },
      {
        kind: 'anyPrice',
        filter: { type: 'Rent', search: 'Mbezi Beach', minPrice: undefined, maxPrice: undefined },
      },
      {
        kind: 'allTypes',
        filter: { type: undefined, search: 'Mbezi Beach', minPrice: 1, maxPrice: 500_000 },
      },
    ]);
  });

  it('drops a one-word search only when nothing else can widen it, and offers nothing for no filter', () => {
    expect(broaderSearches({ search: 'Kigamboni' })).toEqual([
      { kind: 'withoutSearch', filter: { search: undefined } },
    ]);
    expect(broaderSearches({ type: 'Land' })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { placeAlternatives } from './place-search';

describe('placeAlternatives', () => {
  it('names the places a common name stands for, in any case and spacing', () => {
    expect(placeAlternatives('  ZANZIBAR ')).toContain('kusini unguja');
    expect(placeAlternatives('Stone   Town')).toContain('mjini magharibi');
    expect(placeAlternatives('Dsm')).toEqual(['dsm', 'dar es salaam']);
  });

  it('leaves any other search as it is, the names of an object’s own machinery too', () => {
    for (const search of ['Sinza', 'Zanzibar Paje', '__proto__', 'constructor', 'toString']) {
      expect(placeAlternatives(search), search).toBeUndefined();
    }
  });
});

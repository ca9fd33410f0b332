import { describe, expect, it } from 'vitest';
import { countValue } from './count-text';

describe('countValue', () => {
  it('says small counts exactly and rounds larger ones down, never up', () => {
    expect(countValue({ count: 0, atLeast: false })).toBe('0');
    expect(countValue({ count: 18, atLeast: false })).toBe('18');
    expect(countValue({ count: 999, atLeast: false })).toBe('999');
    expect(countValue({ count: 1_234, atLeast: false })).toBe('1,200+');
    expect(countValue({ count: 1_299, atLeast: false })).toBe('1,200+');
    expect(countValue({ count: 1_300, atLeast: false })).toBe('1,300');
  });

  it('adds a plus to the cap the API stopped counting at', () => {
    expect(countValue({ count: 10_000, atLeast: true })).toBe('10,000+');
  });
});

import { describe, expect, it } from 'vitest';
import { formatTzs, formatTzsRange, truncate } from './format';

describe('formatTzs', () => {
  it('writes TZS with comma grouping and no decimals', () => {
    expect(formatTzs(1_500_000)).toBe('TZS 1,500,000');
    expect(formatTzs(0)).toBe('TZS 0');
    expect(formatTzs(999)).toBe('TZS 999');
    expect(formatTzs(1_000)).toBe('TZS 1,000');
  });
});

describe('formatTzsRange', () => {
  it('names the currency once and joins the bounds with an en dash', () => {
    expect(formatTzsRange(300_000, 600_000)).toBe('TZS 300,000–600,000');
    expect(formatTzsRange(0, 1_500_000)).toBe('TZS 0–1,500,000');
  });
});

describe('truncate', () => {
  it('keeps text up to the limit and cuts past it', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('abc…');
    expect(truncate('abcdef', 4, 2)).toBe('ab…');
  });
  it('never splits an emoji', () => {
    expect(truncate('ab🏠cd', 3)).toBe('ab🏠…');
  });
});

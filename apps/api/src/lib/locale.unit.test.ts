import { describe, expect, it } from 'vitest';
import { preferredLocale } from './locale';

describe('preferredLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['sw', 'sw'],
    ['SW-tz', 'sw'],
    ['en-US,en;q=0.9,sw;q=0.8', 'en'],
    ['fr-FR, sw;q=0.3', 'sw'],
    ['en;q=0.4, sw;q=0.6', 'sw'],
    ['sw;q=0, en;q=0.1', 'en'],
    ['sw;q=abc', 'en'],
    ['de, fr', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(preferredLocale(header)).toBe(expected);
  });
});

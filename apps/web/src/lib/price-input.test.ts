import { describe, expect, it } from 'vitest';
import { PRICE_TZS_MAX } from '@makazi/contracts/property-values';
import { parsePriceInput, priceRangeInverted } from './price-input';

const price = (value: number) => ({ kind: 'price', value });
const unreadable = { kind: 'unreadable' };
const tooHigh = { kind: 'tooHigh' };

describe('parsePriceInput', () => {
  it('reads plain digits, and 0 (the contract allows it)', () => {
    expect(parsePriceInput('800000')).toEqual(price(800_000));
    expect(parsePriceInput('  800000 ')).toEqual(price(800_000));
    expect(parsePriceInput('0')).toEqual(price(0));
  });

  it('reads digits grouped by commas or spaces, no-break spaces included', () => {
    expect(parsePriceInput('800,000')).toEqual(price(800_000));
    expect(parsePriceInput('1,200,000')).toEqual(price(1_200_000));
    expect(parsePriceInput('800 000')).toEqual(price(800_000));
    expect(parsePriceInput('1\u00a0200\u202f000')).toEqual(price(1_200_000));
  });

  it('reads the currency written before or after', () => {
    expect(parsePriceInput('TZS 800,000')).toEqual(price(800_000));
    expect(parsePriceInput('tzs800000')).toEqual(price(800_000));
    expect(parsePriceInput('Tsh 800,000')).toEqual(price(800_000));
    expect(parsePriceInput('800,000 TZS')).toEqual(price(800_000));
    expect(parsePriceInput('800,000/=')).toEqual(price(800_000));
    expect(parsePriceInput('Tshs. 800,000/-')).toEqual(price(800_000));
  });

  it('reads k as thousand', () => {
    expect(parsePriceInput('800k')).toEqual(price(800_000));
    expect(parsePriceInput('800K')).toEqual(price(800_000));
    expect(parsePriceInput('800 k')).toEqual(price(800_000));
    expect(parsePriceInput('1.5k')).toEqual(price(1_500));
    expect(parsePriceInput('TZS 800k')).toEqual(price(800_000));
  });

  it('reads m as million, with a decimal point or a decimal comma', () => {
    expect(parsePriceInput('1.2m')).toEqual(price(1_200_000));
    expect(parsePriceInput('1.2M')).toEqual(price(1_200_000));
    expect(parsePriceInput('1,2m')).toEqual(price(1_200_000));
    expect(parsePriceInput('1,25m')).toEqual(price(1_250_000));
    expect(parsePriceInput('2m')).toEqual(price(2_000_000));
    expect(parsePriceInput('0.5m')).toEqual(price(500_000));
    expect(parsePriceInput('1,500m')).toEqual(price(1_500_000_000));
  });

  it('keeps every digit: no floating-point drift', () => {
    // 1.1 × 1000 is 1100.0000000000002 in floating point.
    expect(parsePriceInput('1.1k')).toEqual(price(1_100));
    expect(parsePriceInput('4.35m')).toEqual(price(4_350_000));
    expect(parsePriceInput('1.234567m')).toEqual(price(1_234_567));
    expect(parsePriceInput('1.2000k')).toEqual(price(1_200));
  });

  it('reads the words, in Swahili word order too', () => {
    expect(parsePriceInput('milioni 1.2')).toEqual(price(1_200_000));
    expect(parsePriceInput('Milioni 1,2')).toEqual(price(1_200_000));
    expect(parsePriceInput('elfu 800')).toEqual(price(800_000));
    expect(parsePriceInput('1.2 million')).toEqual(price(1_200_000));
    expect(parsePriceInput('800 thousand')).toEqual(price(800_000));
    expect(parsePriceInput('1.2mn')).toEqual(price(1_200_000));
  });

  it('reads an empty box as no price', () => {
    expect(parsePriceInput('')).toEqual({ kind: 'empty' });
    expect(parsePriceInput('   ')).toEqual({ kind: 'empty' });
  });

  it('refuses letters and words it does not know', () => {
    for (const text of [
      'abc',
      'k',
      'm',
      'TZS',
      '800x',
      'eight hundred',
      '800kk',
      '1.2b',
      '12ab3',
    ]) {
      expect(parsePriceInput(text), text).toEqual(unreadable);
    }
  });

  it('refuses negative numbers', () => {
    expect(parsePriceInput('-5')).toEqual(unreadable);
    expect(parsePriceInput('-800k')).toEqual(unreadable);
    expect(parsePriceInput('TZS -800,000')).toEqual(unreadable);
  });

  it('refuses fractions of a shilling and guesses at no separator', () => {
    expect(parsePriceInput('1.5')).toEqual(unreadable);
    expect(parsePriceInput('1,5')).toEqual(unreadable);
    // 800 or 800,000? It is not for the parser to guess.
    expect(parsePriceInput('800.000')).toEqual(unreadable);
    expect(parsePriceInput('1.2345k')).toEqual(unreadable);
  });

  it('refuses groups that are not of three digits, and mixed notations', () => {
    expect(parsePriceInput('80,0000')).toEqual(unreadable);
    expect(parsePriceInput('8 00000')).toEqual(unreadable);
    expect(parsePriceInput('1,2,3')).toEqual(unreadable);
    expect(parsePriceInput('milioni 1.2m')).toEqual(unreadable);
  });

  it('refuses what JavaScript would read as a number but people do not write', () => {
    for (const text of ['1e3', '0x10', 'Infinity', 'NaN', '+5', '.5m']) {
      expect(parsePriceInput(text), text).toEqual(unreadable);
    }
  });

  it('takes the contract’s maximum and refuses anything above it', () => {
    expect(parsePriceInput(String(PRICE_TZS_MAX))).toEqual(price(PRICE_TZS_MAX));
    expect(parsePriceInput('1,000,000,000,000')).toEqual(price(PRICE_TZS_MAX));
    expect(parsePriceInput('1000000m')).toEqual(price(PRICE_TZS_MAX));
    expect(parsePriceInput(String(PRICE_TZS_MAX + 1))).toEqual(tooHigh);
    expect(parsePriceInput('1000000.001m')).toEqual(tooHigh);
    expect(parsePriceInput('9'.repeat(40))).toEqual(tooHigh);
  });
});

describe('priceRangeInverted', () => {
  it('is true only when both bounds are set and the minimum is above the maximum', () => {
    expect(priceRangeInverted({ minPrice: 900_000, maxPrice: 100 })).toBe(true);
    expect(priceRangeInverted({ minPrice: 100, maxPrice: 100 })).toBe(false);
    expect(priceRangeInverted({ minPrice: 100, maxPrice: 900_000 })).toBe(false);
    expect(priceRangeInverted({ minPrice: 900_000 })).toBe(false);
    expect(priceRangeInverted({ maxPrice: 0 })).toBe(false);
    expect(priceRangeInverted({})).toBe(false);
  });
});

import { PRICE_TZS_MAX } from '@makazi/contracts/property-values';

/*
 * Prices as people type them in Tanzania: '800k', '1.2m', '800,000', '800 000', 'TZS 800,000',
 * '800,000/=', 'milioni 1.2'. Read into whole shillings, or refused with the reason, so the form
 * can say why: a price is never silently rewritten into another one (issue 41).
 */

export type TPriceInput =
  | { kind: 'empty' }
  | { kind: 'price'; value: number }
  /** Not a price at all: letters, a negative number, a fraction of a shilling. */
  | { kind: 'unreadable' }
  /** Above the largest price the API accepts (ZQueryPrice). */
  | { kind: 'tooHigh' };

/** How many zeros each word adds. */
const SCALE: Record<string, number> = {
  k: 3,
  elfu: 3,
  thousand: 3,
  m: 6,
  mn: 6,
  milioni: 6,
  million: 6,
};

// Longest first, so 'milioni' is not read as 'm' followed by letters.
const SCALE_WORDS = Object.keys(SCALE)
  .sort((a, b) => b.length - a.length)
  .join('|');

/*
 * Digits, or digits in groups of three split by commas or spaces, or a decimal: '1.2', and '1,2'
 * (one or two digits after a comma is a decimal comma, as the listing wizard reads it).
 */
const NUMBER = String.raw`\d{1,3}(?:[, ]\d{3})+|\d+(?:\.\d+|,\d{1,2})?`;

// Swahili puts the word first ('milioni 1.2', 'elfu 800'); '800k' and '1.2 million' put it after.
const PRICE = new RegExp(`^(?:(elfu|milioni) )?(${NUMBER}) ?(${SCALE_WORDS})?$`);

const CURRENCY_BEFORE = /^(?:tzs|tshs?|shs?|shilingi)\.? ?/;
// '800,000/=' and '800,000/-' are how prices are written on signs and receipts.
const CURRENCY_AFTER = / ?(?:tzs|tshs?|shs?|shilingi|\/=|\/-)$/;

export function parsePriceInput(raw: string): TPriceInput {
  // NFKC turns no-break spaces (how some keyboards group digits) and full-width digits into plain ones.
  const text = raw.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  if (text === '') return { kind: 'empty' };
  const bare = text.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '');
  const match = PRICE.exec(bare);
  if (!match) return { kind: 'unreadable' };
  const [, before, number = '', after] = match;
  // One scale word: 'milioni 1.2m' is not a price.
  if (before && after) return { kind: 'unreadable' };
  const zeros = SCALE[before ?? after ?? ''] ?? 0;

  const decimal = /^(\d+)(?:\.(\d+)|,(\d{1,2}))$/.exec(number);
  // Without a scale word a decimal point is either a fraction of a shilling or, as in '800.000',
  // a thousands separator this parser will not guess at: both are refused.
  if (decimal && zeros === 0) return { kind: 'unreadable' };
  const whole = decimal ? (decimal[1] ?? '') : number.replace(/[, ]/g, '');
  const fraction = (decimal?.[2] ?? decimal?.[3] ?? '').replace(/0+$/, '');
  // '1.2345k' is 1,234.5 shillings: not a whole number, so not a price.
  if (fraction.length > zeros) return { kind: 'unreadable' };

  // Whole shillings from the digits themselves, not from 1.2 × 1,000,000 in floating point.
  const value = Number(whole + fraction + '0'.repeat(zeros - fraction.length));
  if (!Number.isSafeInteger(value) || value > PRICE_TZS_MAX) return { kind: 'tooHigh' };
  return { kind: 'price', value };
}

/** A minimum above the maximum: no listing can be in it, and the API refuses it. */
export function priceRangeInverted(range: { minPrice?: number; maxPrice?: number }): boolean {
  return (
    range.minPrice !== undefined && range.maxPrice !== undefined && range.minPrice > range.maxPrice
  );
}

import { describe, expect, it } from 'vitest';
import { mediaGroupName } from '@makazi/contracts/property-values';
import { makeRent } from '../../../testing/fixtures';
import { cardAddress, cardOwner, cardTitle, firstWords, pictureCount } from './card-text';

describe('cardTitle (whole: the card shows two lines of it)', () => {
  it('keeps a long title whole, the place it ends with included', () => {
    const title = 'Nyumba ya vyumba 2 inapangishwa Sinza';
    expect(cardTitle(`  ${title} `)).toBe(title);
  });
  it('returns null for an empty or blank title so the card says No title', () => {
    expect(cardTitle('')).toBeNull();
    expect(cardTitle('   ')).toBeNull();
  });
});

describe('cardOwner (over 15 → first 12 + …)', () => {
  it('keeps 15 characters whole and cuts 16 to 12', () => {
    expect(cardOwner('Abcdefghijklmno')).toBe('Abcdefghijklmno');
    expect(cardOwner('Abcdefghijklmnop')).toBe('Abcdefghijkl…');
  });
});

describe('cardAddress (over 45 → first 45 + …)', () => {
  const FIXED = 'Mtaa , Kata W, Wilaya D, Mkoa R';
  /** An address text exactly `length` characters long, as the reader's language words it. */
  const ofLength = (length: number) =>
    `Mtaa ${'S'.repeat(length - FIXED.length)}, Kata W, Wilaya D, Mkoa R`;

  it('keeps a 45-character address whole', () => {
    const text = cardAddress(ofLength(45));
    expect(text).toHaveLength(45);
    expect(text).not.toContain('…');
  });
  it('cuts a 46-character address to its first 45 plus …', () => {
    expect(cardAddress(ofLength(46))).toBe(`${ofLength(46).slice(0, 45)}…`);
  });
  it('is empty without an address', () => {
    expect(cardAddress('')).toBe('');
  });
});

describe('pictureCount', () => {
  it('counts the pictures of the first media group only', () => {
    const property = makeRent({
      media: [
        { name: mediaGroupName(['picha_nje', 'picha_jiko']), pictures: ['/a.webp', '/b.webp'] },
        { name: mediaGroupName(['picha_choo']), pictures: ['/c.webp', '/d.webp', '/e.webp'] },
      ],
    });
    expect(pictureCount(property)).toBe(2);
    expect(pictureCount(makeRent({ media: [] }))).toBe(0);
  });
});

describe('firstWords', () => {
  it('keeps up to the word limit', () => {
    expect(firstWords('one two three', 3)).toBe('one two three');
    expect(firstWords('one two three four', 3)).toBe('one two three…');
  });
});

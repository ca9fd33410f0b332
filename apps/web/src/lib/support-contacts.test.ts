import { describe, expect, it } from 'vitest';
import { socialLinks } from './support-contacts';

describe('socialLinks', () => {
  it('keeps the profiles that are set, in the footer’s order', () => {
    expect(
      socialLinks({
        twitter: 'https://x.com/makazi_tz',
        instagram: ' https://instagram.com/makazi.tz ',
        facebook: undefined,
      }),
    ).toEqual([
      { network: 'instagram', url: 'https://instagram.com/makazi.tz' },
      { network: 'twitter', url: 'https://x.com/makazi_tz' },
    ]);
  });

  it('leaves out blanks and anything that is not a web address', () => {
    expect(
      socialLinks({
        instagram: '   ',
        facebook: 'javascript:alert(1)',
        twitter: 'x.com/makazi',
      }),
    ).toEqual([]);
  });
});

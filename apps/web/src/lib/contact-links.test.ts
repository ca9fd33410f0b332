import { describe, expect, it } from 'vitest';
import { formatPhone, telHref, toE164, toLocalPhone, whatsAppHref } from './contact-links';

describe('contact links', () => {
  it.each([
    ['0712345678', '+255712345678'],
    ['+255712345678', '+255712345678'],
    ['0712 345 678', '+255712345678'],
  ])('reads %s as %s', (phone, e164) => {
    expect(toE164(phone)).toBe(e164);
    expect(telHref(phone)).toBe(`tel:${e164}`);
  });

  it('builds the wa.me link from digits only: country code, no +, no trunk 0', () => {
    expect(whatsAppHref('0712345678', 'Habari: Nyumba & bustani?')).toBe(
      'https://wa.me/255712345678?text=Habari%3A%20Nyumba%20%26%20bustani%3F',
    );
    expect(whatsAppHref('+255712345678', 'x')).toBe('https://wa.me/255712345678?text=x');
  });

  it.each(['071234567', '+254712345678', '255712345678', '07123456789', ''])(
    'gives no link for %j, which is not a Tanzanian number',
    (phone) => {
      expect(toE164(phone)).toBeNull();
      expect(telHref(phone)).toBeNull();
      expect(whatsAppHref(phone, 'x')).toBeNull();
    },
  );

  it('formats a number the way it is read out', () => {
    expect(formatPhone('0712345678')).toBe('+255 712 345 678');
    expect(formatPhone(' 12345 ')).toBe('12345');
  });

  it('writes a number as Tanzanians type it, to pre-fill a field', () => {
    expect(toLocalPhone('+255712345678')).toBe('0712345678');
    expect(toLocalPhone('0712 345 678')).toBe('0712345678');
    expect(toLocalPhone(' +254712345678 ')).toBe('+254712345678');
  });
});

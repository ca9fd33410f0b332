import { describe, expect, it } from 'vitest';
import { maskPhone, normaliseTanzanianMobile } from './phone';

describe('normaliseTanzanianMobile', () => {
  it('writes every usual way of typing one number as the same E.164', () => {
    for (const typed of [
      '0712345678',
      '+255712345678',
      '255712345678',
      '00255712345678',
      '0712 345 678',
      '071-234-5678',
      '+255 712 345 678',
      '+255-712-345-678',
      ' 0712345678 ',
      '(0712) 345.678',
    ]) {
      expect(normaliseTanzanianMobile(typed), typed).toBe('+255712345678');
    }
  });

  it('accepts the mobile ranges of every network', () => {
    for (const [typed, e164] of [
      ['0622123456', '+255622123456'],
      ['0652345678', '+255652345678'],
      ['0754123456', '+255754123456'],
      ['0784123456', '+255784123456'],
      ['0687123456', '+255687123456'],
    ]) {
      expect(normaliseTanzanianMobile(typed!), typed).toBe(e164);
    }
  });

  it('refuses landlines, other countries, wrong lengths and anything that is not a number', () => {
    for (const typed of [
      '0222123456', // Dar es Salaam landline
      '0800123456', // toll free
      '+254712345678', // Kenya
      '+1 202 555 0143',
      '071234567',
      '07123456789',
      '',
      '   ',
      'abc',
      '0712345678x',
      'tel:0712345678',
      '+255 712 345 678 ext 1',
      '0712345678'.repeat(3),
    ]) {
      expect(normaliseTanzanianMobile(typed), typed).toBeNull();
    }
  });
});

describe('maskPhone', () => {
  it('shows the first and last three national digits only', () => {
    expect(maskPhone('+255712345678')).toBe('+255 7\u2022\u2022 \u2022\u2022\u2022 678');
    expect(maskPhone('+255622000111')).toBe('+255 6\u2022\u2022 \u2022\u2022\u2022 111');
  });

  it('hides all but the last three digits of anything else', () => {
    expect(maskPhone('+12025550143')).toBe(`${'\u2022'.repeat(8)}143`);
  });
});

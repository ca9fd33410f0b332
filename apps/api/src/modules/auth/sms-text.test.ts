import { describe, expect, it } from 'vitest';
import { otpSmsText } from './sms-text';

describe('otpSmsText', () => {
  it('writes the code in English or Swahili', () => {
    expect(otpSmsText('123456', 'en', undefined)).toBe(
      'Makazi: your code is 123456. It expires in 5 minutes. Do not share it.',
    );
    expect(otpSmsText('123456', 'sw', undefined)).toBe(
      'Makazi: msimbo wako ni 123456. Unaisha baada ya dakika 5. Usimpe mtu yeyote.',
    );
  });

  it('ends with a WebOTP line for the public host when there is one', () => {
    const text = otpSmsText('004217', 'sw', 'https://makazi.co.tz:8443/app');
    const lines = text.split('\n');
    expect(lines[0]).toBe(
      'Makazi: msimbo wako ni 004217. Unaisha baada ya dakika 5. Usimpe mtu yeyote.',
    );
    expect(lines.at(-1)).toBe('@makazi.co.tz #004217');
  });
});

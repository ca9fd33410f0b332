import { describe, expect, it } from 'vitest';
import { otpSmsText, signInLockedSmsText } from './sms-text';

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

describe('signInLockedSmsText', () => {
  it('names the end of the lock in East Africa Time, in English or Swahili', () => {
    const until = new Date('2026-11-26T09:05:00.000Z');
    expect(signInLockedSmsText(until, 'en')).toBe(
      'Makazi: signing in to your account is blocked until 12:05 EAT on 26/11/2026 because of too many wrong codes. If this was you, ignore this message.',
    );
    expect(signInLockedSmsText(until, 'sw')).toBe(
      'Makazi: kuingia kwenye akaunti yako kumezuiwa hadi saa 12:05 EAT tarehe 26/11/2026 kwa sababu ya misimbo mingi isiyo sahihi. Kama ni wewe, puuza ujumbe huu.',
    );
  });

  it('rounds up to the minute and crosses midnight in East Africa Time, not UTC', () => {
    // 20:59:30 UTC is 23:59:30 EAT: the lock ends at midnight, on the next day.
    expect(signInLockedSmsText(new Date('2026-12-31T20:59:30.000Z'), 'en')).toContain(
      'until 00:00 EAT on 01/01/2027',
    );
    expect(signInLockedSmsText(new Date('2026-12-31T21:00:00.000Z'), 'sw')).toContain(
      'hadi saa 00:00 EAT tarehe 01/01/2027',
    );
  });
});

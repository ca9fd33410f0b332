import { describe, expect, it } from 'vitest';
import { trustSmsText } from './trust-sms';

describe('the trust texts in Swahili', () => {
  // "Usajili" is registration: someone just told "your registration got a day" wonders what
  // they signed up for. A subscription is the viewing package they bought, "kifurushi".
  it('calls the subscription a dead-end credit adds to "kifurushi", never "usajili"', () => {
    const text = trustSmsText('sw', { kind: 'credited', title: 'Nyumba Sinza', creditDays: 1 });
    expect(text).toBe(
      'Makazi: samahani, "Nyumba Sinza" halikupatikana. Tumeongeza siku 1 kwenye kifurushi chako.',
    );
    expect(text).not.toMatch(/sajili/i);
  });
});

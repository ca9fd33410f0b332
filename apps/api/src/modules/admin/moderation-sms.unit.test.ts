import { describe, expect, it } from 'vitest';
import { moderationSmsText } from './admin-properties.service';

describe('the moderation SMS', () => {
  it('cuts a long title to 40 characters, so a decision fits one paid message', () => {
    const text = moderationSmsText('en', 'x'.repeat(60), { status: 'approved' });
    expect(text).toBe(`Makazi: your listing "${'x'.repeat(39)}…" is now live.`);
    expect(moderationSmsText('en', 'Nyumba Mbezi', { status: 'approved' })).toContain(
      '"Nyumba Mbezi"',
    );
  });

  it('carries the reason without a doubled full stop, in the owner’s language', () => {
    const text = moderationSmsText('sw', 'Nyumba', {
      status: 'rejected',
      reason: 'Picha hazionekani. ',
    });
    expect(text).toBe(
      'Makazi: tangazo lako "Nyumba" halikukubaliwa: Picha hazionekani. Lirekebishe katika Matangazo Yako.',
    );
  });
});

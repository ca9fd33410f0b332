import { describe, expect, it } from 'vitest';
import { paymentFailure } from './payment-failures';
import { REASONS } from './payment-reasons';

describe('a payment’s failure, from its reason', () => {
  it.each([
    ['Declined by the payer (simulated)', 'declined'],
    ['Transaction rejected by user', 'declined'],
    ['Request cancelled by subscriber', 'declined'],
    ['Insufficient funds in wallet', 'insufficient_funds'],
    ['Your balance is not enough', 'insufficient_funds'],
    ['Invalid PIN entered', 'wrong_pin'],
    ['Subscriber did not answer: timeout', 'no_answer'],
    [REASONS.timedOut, 'no_answer'],
    [REASONS.unreachable, 'unreachable'],
    [REASONS.declined, 'declined'],
    ['Error 5002', 'other'],
  ] as const)('%s: %s', (reason, failure) => {
    expect(paymentFailure('failed', reason)).toBe(failure);
  });

  it('is no answer for an expiry without words, and nothing for a payment that did not fail', () => {
    expect(paymentFailure('expired', null)).toBe('no_answer');
    expect(paymentFailure('failed', null)).toBe('other');
    for (const status of ['pending', 'succeeded', 'cancelled', 'needs_review'] as const) {
      expect(paymentFailure(status, 'Declined')).toBeNull();
    }
  });
});

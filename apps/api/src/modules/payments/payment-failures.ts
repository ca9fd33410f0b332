import type { TPaymentFailure, TPaymentStatus } from '@makazi/contracts/payment-values';
import { REASONS } from './payment-reasons';

/*
 * A failed or expired payment's reason, as one of our failures (issue 41). The reason is the
 * provider's own text, or ours (REASONS); payers are shown the failure, worded in their language
 * by the web, never the text. Providers word the same refusal many ways: the words below are the
 * ones their documentation and sandboxes use, matched loosely; anything else is 'other'.
 */

const BY_OUR_WORDS: Partial<Record<string, TPaymentFailure>> = {
  [REASONS.unreachable]: 'unreachable',
  [REASONS.timedOut]: 'no_answer',
  [REASONS.declined]: 'declined',
};

const BY_PROVIDER_WORDS: readonly [RegExp, TPaymentFailure][] = [
  [/insufficient|not enough|balance|funds/i, 'insufficient_funds'],
  [/\bpin\b|password/i, 'wrong_pin'],
  [/time ?out|timed out|expired|no response|not respond|did not answer/i, 'no_answer'],
  [/declin|reject|denied|cancel/i, 'declined'],
];

export function paymentFailure(
  status: TPaymentStatus,
  reason: string | null,
): TPaymentFailure | null {
  if (status !== 'failed' && status !== 'expired') return null;
  const words = reason?.trim() ?? '';
  const ours = BY_OUR_WORDS[words];
  if (ours) return ours;
  for (const [pattern, failure] of BY_PROVIDER_WORDS) if (pattern.test(words)) return failure;
  return status === 'expired' ? 'no_answer' : 'other';
}

import { PAYMENT_PHONE_PATTERN } from '@makazi/contracts/payment-values';

/** A payer's phone: +255 or 0, then exactly nine digits. Spaces and hyphens typed are dropped. */
export function normalisePayerPhone(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isPayerPhone(input: string): boolean {
  return PAYMENT_PHONE_PATTERN.test(normalisePayerPhone(input));
}

/** '+255712345678' as Tanzanians type it: '0712345678'. Anything else is left as it is. */
export function localPhone(phone: string): string {
  return /^\+255\d{9}$/.test(phone) ? `0${phone.slice(4)}` : phone;
}

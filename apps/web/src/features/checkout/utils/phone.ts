import { PAYMENT_PHONE_PATTERN } from '@makazi/contracts/payment-values';

/** Spec 5: +255 or 0 followed by exactly nine digits. Spaces people type are ignored. */
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

import { describe, expect, it } from 'vitest';
import { PAYMENT_PHONE_MESSAGE } from '@makazi/contracts/payment-values';
import enCheckout from '../../../locales/en/checkout.json';
import { fromPath, listingFromState, parseDays } from './navigation-state';
import {
  PENDING_PAYMENT_KEY,
  clearPendingPayment,
  readPendingPayment,
  savePendingPayment,
  type PendingPayment,
} from './pending-payment';
import { isPayerPhone, localPhone } from './phone';

const USER = '2b9d6c1e-4f3a-4e8b-9c7d-1a2b3c4d5e6f';
const PENDING: PendingPayment = {
  paymentId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  kind: 'subscription',
  userId: USER,
  returnTo: '/lease/1',
  amount: 1000,
  provider: 'mpesa',
  durationInDays: 1,
};

describe('the payer phone', () => {
  it.each([
    ['0712345678', true],
    ['+255712345678', true],
    ['0712 345 678', true],
    ['712345678', false],
    ['07123456789', false],
    ['+254712345678', false],
  ])('%s is valid: %s', (phone, valid) => {
    expect(isPayerPhone(phone)).toBe(valid);
  });

  it('is pre-filled as Tanzanians type it', () => {
    expect(localPhone('+255712345678')).toBe('0712345678');
    expect(localPhone('0712345678')).toBe('0712345678');
  });

  it("is refused in the same words as the API's 400", () => {
    expect(enCheckout.form.phoneInvalid).toBe(PAYMENT_PHONE_MESSAGE);
  });
});

describe('navigation state', () => {
  it('keeps an origin only inside the app', () => {
    expect(fromPath({ from: '/lease/1?x=1' })).toBe('/lease/1?x=1');
    expect(fromPath({ from: { pathname: '/land/2', search: '?a', hash: '#b' } })).toBe(
      '/land/2?a#b',
    );
    expect(fromPath({ from: '//evil.example' })).toBeNull();
    expect(fromPath({ from: 'https://evil.example' })).toBeNull();
    expect(fromPath({ from: { pathname: '//evil.example' } })).toBeNull();
    expect(fromPath(null)).toBeNull();
  });

  it('reads the listing and the days defensively', () => {
    expect(listingFromState({ property: { id: PENDING.paymentId, title: ' Sinza ' } })).toEqual({
      id: PENDING.paymentId,
      title: 'Sinza',
    });
    expect(listingFromState({ property: { id: 'nope', title: 'x' } })).toBeNull();
    expect(parseDays('30')).toBe(30);
    expect(parseDays('0')).toBeNull();
    expect(parseDays('3.5')).toBeNull();
    expect(parseDays(undefined)).toBeNull();
  });
});

describe('the pending payment', () => {
  it('is remembered for its kind and user only, and forgotten by its id', () => {
    window.sessionStorage.clear();
    savePendingPayment(PENDING);
    expect(readPendingPayment('subscription', USER)).toEqual(PENDING);
    expect(readPendingPayment('promotion', USER)).toBeNull();
    expect(readPendingPayment('subscription', 'someone-else')).toBeNull();
    clearPendingPayment('another-payment');
    expect(readPendingPayment('subscription', USER)).toEqual(PENDING);
    clearPendingPayment(PENDING.paymentId);
    expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('ignores what it cannot trust', () => {
    window.sessionStorage.setItem(PENDING_PAYMENT_KEY, '{not json');
    expect(readPendingPayment('subscription', USER)).toBeNull();
    window.sessionStorage.setItem(
      PENDING_PAYMENT_KEY,
      JSON.stringify({ ...PENDING, returnTo: '//evil.example' }),
    );
    expect(readPendingPayment('subscription', USER)).toBeNull();
  });
});

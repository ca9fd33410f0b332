import { describe, expect, it } from 'vitest';
import { PAYMENT_PHONE_MESSAGE } from './payment-values';
import { ZCreateSubscriptionBody } from './payments';

const body = {
  userId: '0b6f8f5e-6f2c-4a8e-9d55-4a4a7c9b1d21',
  planId: '7d1c7c55-3f1e-4b6a-8f0e-2b9b2c1f4a10',
  provider: 'mpesa',
};

describe('checkout phone rule (+255 or 0, then nine digits)', () => {
  it.each(['0712345678', '+255712345678', ' 0712345678 '])('accepts %j', (phoneNumber) => {
    expect(ZCreateSubscriptionBody.safeParse({ ...body, phoneNumber }).success).toBe(true);
  });

  it.each(['712345678', '255712345678', '+2557123456789', '071234567', '07123456a8', ''])(
    'refuses %j with the message the checkout form shows',
    (phoneNumber) => {
      const result = ZCreateSubscriptionBody.safeParse({ ...body, phoneNumber });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Invalid phone number format. Please use +255xxxxxxxxx or 0xxxxxxxxx.',
      );
      expect(PAYMENT_PHONE_MESSAGE).toBe(result.error?.issues[0]?.message);
    },
  );

  it('takes only the listed mobile-money networks', () => {
    const parsed = ZCreateSubscriptionBody.safeParse({
      ...body,
      phoneNumber: '0712345678',
      provider: 'vodacom',
    });
    expect(parsed.success).toBe(false);
  });
});

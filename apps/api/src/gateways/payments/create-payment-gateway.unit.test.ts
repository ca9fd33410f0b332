import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createPaymentGateway } from './create-payment-gateway';

const options = { simulatorCallbackUrl: 'http://127.0.0.1:3000/api/payments/callback/simulator' };

describe('createPaymentGateway', () => {
  it('builds the simulator by default', async () => {
    const gateway = createPaymentGateway(loadConfig({}).payments.gateway, options);
    expect(gateway.provider).toBe('simulator');
    await gateway.close();
  });

  it('builds ClickPesa from its credentials', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'clickpesa',
      CLICKPESA_CLIENT_ID: 'id',
      CLICKPESA_API_KEY: 'key',
      CLICKPESA_CHECKSUM_KEY: 'checksum',
    });
    expect(createPaymentGateway(config.payments.gateway, options).provider).toBe('clickpesa');
  });

  it('builds AzamPay from its credentials', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'azampay',
      AZAMPAY_APP_NAME: 'makazi',
      AZAMPAY_CLIENT_ID: 'id',
      AZAMPAY_CLIENT_SECRET: 'secret',
      AZAMPAY_API_KEY: 'key',
      AZAMPAY_CALLBACK_SECRET: 'callback-secret-0123456',
    });
    expect(createPaymentGateway(config.payments.gateway, options).provider).toBe('azampay');
  });
});

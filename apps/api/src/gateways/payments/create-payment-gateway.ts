import type { PaymentProviderConfig } from '../../config';
import { createAzamPayPayments } from './azampay-payments';
import { createClickPesaPayments } from './clickpesa-payments';
import type { PaymentGateway } from './payment-gateway';
import { createSimulatorPayments, type SimulatorPaymentsOptions } from './simulator-payments';

export interface CreatePaymentGatewayOptions {
  /**
   * The API's own simulator callback URL: …/api/payments/callback/simulator. Read at each
   * delivery, so a getter can name a port known only after listen().
   */
  simulatorCallbackUrl: string;
  /**
   * Signs the simulator's callbacks: the same in every process (PAYMENT_SIMULATOR_SECRET, or the
   * one generated into DATA_DIR), so a callback caused by one process verifies on any other.
   */
  simulatorSecret?: string | undefined;
  /** Told about each failed simulator callback delivery. */
  onSimulatorDeliveryFailure?: SimulatorPaymentsOptions['onDeliveryFailure'];
}

/** The gateway PAYMENT_PROVIDER names, built from its credentials in the config. */
export function createPaymentGateway(
  config: PaymentProviderConfig,
  options: CreatePaymentGatewayOptions,
): PaymentGateway {
  switch (config.provider) {
    case 'simulator':
      return createSimulatorPayments({
        get callbackUrl() {
          return options.simulatorCallbackUrl;
        },
        delayMs: config.delayMs,
        ...(options.simulatorSecret ? { secret: options.simulatorSecret } : {}),
        onDeliveryFailure: options.onSimulatorDeliveryFailure,
      });
    case 'clickpesa':
      return createClickPesaPayments(config);
    case 'azampay':
      return createAzamPayPayments(config);
  }
}

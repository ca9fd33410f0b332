/** One text message to one phone. */
export interface SmsMessage {
  /** E.164: +255712345678. */
  to: string;
  text: string;
}

/**
 * The only way the application sends SMS: the outbox file (development, tests, demos) or a real
 * provider (Beem Africa, Africa's Talking). send() resolves once the provider accepted the message.
 */
export interface SmsGateway {
  readonly provider: 'outbox' | 'beem' | 'africastalking';
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused the message, answered with an error, or did not answer in time. */
export class SmsDeliveryError extends Error {
  readonly provider: SmsGateway['provider'];
  constructor(provider: SmsGateway['provider'], message: string, cause?: unknown) {
    super(`${provider}: ${message}`, cause === undefined ? undefined : { cause });
    this.name = 'SmsDeliveryError';
    this.provider = provider;
  }
}

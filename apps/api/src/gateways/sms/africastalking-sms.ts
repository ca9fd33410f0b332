import type { SmsConfig } from '../../config';
import { postToProvider, redact } from './provider-http';
import { SmsDeliveryError, type SmsGateway } from './sms-gateway';

export type AfricasTalkingSmsConfig = Extract<SmsConfig, { provider: 'africastalking' }>;

export interface AfricasTalkingSmsOptions {
  /** How long to wait for Africa's Talking's answer, body included. Tests shorten it. */
  timeoutMs?: number;
}

/** The part of the /version1/messaging reply we read. */
interface AfricasTalkingReply {
  SMSMessageData?: {
    Message?: unknown;
    Recipients?: { statusCode?: unknown; status?: unknown }[];
  };
}

/** Processed, Sent, Queued: the message is on its way. Everything else (401 RiskHold, 405 …) is not. */
const ACCEPTED = new Set([100, 101, 102]);

/**
 * Africa's Talking (docs: /work/shared/design/providers.md, "SMS gateways for OTP"). One form POST
 * per message. Error reasons are built only from the HTTP status and the provider's status names,
 * never from what we sent: the text holds a one-time code and the headers hold the key.
 */
export function createAfricasTalkingSms(
  config: AfricasTalkingSmsConfig,
  options: AfricasTalkingSmsOptions = {},
): SmsGateway {
  const { timeoutMs = 10_000 } = options;
  const url = `${config.apiUrl.replace(/\/+$/, '')}/version1/messaging`;
  const fail = (reason: string, cause?: unknown) =>
    new SmsDeliveryError('africastalking', reason, cause);

  return {
    provider: 'africastalking',
    async send({ to, text }) {
      // Redact what must never reach a log, in case the provider ever echoes it back.
      const secrets = [config.apiKey, text];
      const form = new URLSearchParams({ username: config.username, to, message: text });
      // Without a registered sender id the provider uses its shared one; an unknown one is refused.
      if (config.senderId) form.set('from', config.senderId);
      const { status, reply } = await postToProvider<AfricasTalkingReply>(
        'africastalking',
        url,
        {
          headers: {
            apiKey: config.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
        },
        timeoutMs,
      );
      const message = reply?.SMSMessageData?.Message;
      const detail = typeof message === 'string' ? ` (${redact(message, secrets)})` : '';
      if (status < 200 || status > 299) throw fail(`HTTP ${status}${detail}`);
      if (!reply) throw fail(`unreadable reply (HTTP ${status}, not JSON)`);
      const recipient = reply.SMSMessageData?.Recipients?.[0];
      // An empty list happens when the whole request is refused, e.g. an unregistered sender id.
      if (!recipient) throw fail(`no recipient in reply${detail}`);
      const code = recipient.statusCode;
      if (typeof code === 'number' && ACCEPTED.has(code)) return;
      const name = typeof recipient.status === 'string' ? redact(recipient.status, secrets) : '?';
      throw fail(`${name} (${typeof code === 'number' ? code : '?'})`);
    },
  };
}

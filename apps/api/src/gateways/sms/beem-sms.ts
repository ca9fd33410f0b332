import type { SmsConfig } from '../../config';
import { postToProvider, redact } from './provider-http';
import { SmsDeliveryError, type SmsGateway } from './sms-gateway';

export type BeemSmsConfig = Extract<SmsConfig, { provider: 'beem' }>;

export interface BeemSmsOptions {
  /** How long to wait for Beem's answer, body included. Tests shorten it. */
  timeoutMs?: number;
}

/** Beem's reply to /v1/send; every field is optional because error replies carry only some. */
interface BeemReply {
  successful?: unknown;
  code?: unknown;
  message?: unknown;
  invalid?: unknown;
}

/**
 * Beem Africa (docs: /work/shared/design/providers.md, "SMS gateways for OTP"). One POST per
 * message. Error reasons are built only from the HTTP status and Beem's own code and message,
 * never from what we sent: the text holds a one-time code and the headers hold the keys.
 */
export function createBeemSms(config: BeemSmsConfig, options: BeemSmsOptions = {}): SmsGateway {
  const { timeoutMs = 10_000 } = options;
  const url = `${config.apiUrl.replace(/\/+$/, '')}/v1/send`;
  const authorization = `Basic ${Buffer.from(`${config.apiKey}:${config.secretKey}`).toString('base64')}`;
  const fail = (reason: string, cause?: unknown) => new SmsDeliveryError('beem', reason, cause);

  return {
    provider: 'beem',
    async send({ to, text }) {
      // Redact what must never reach a log, in case Beem ever echoes it back in its message.
      const secrets = [config.apiKey, config.secretKey, text];
      const { status, reply } = await postToProvider<BeemReply>(
        'beem',
        url,
        {
          headers: { Authorization: authorization, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            source_addr: config.senderId,
            encoding: 0,
            schedule_time: '',
            message: text,
            // Beem wants the international number without the '+'.
            recipients: [{ recipient_id: 1, dest_addr: to.replace(/^\+/, '') }],
          }),
        },
        timeoutMs,
      );
      const detail = reply ? providerDetail(reply, secrets) : '';
      if (status < 200 || status > 299) throw fail(`HTTP ${status}${detail}`);
      if (!reply) throw fail(`unreadable reply (HTTP ${status}, not JSON)`);
      if (typeof reply.invalid === 'number' && reply.invalid > 0) {
        throw fail(`recipient refused as invalid${detail}`);
      }
      if (reply.successful !== true && reply.code !== 100) throw fail(`not accepted${detail}`);
    },
  };
}

/** " (code 102: Insufficient balance)", trimmed and redacted; '' when Beem said nothing usable. */
function providerDetail(reply: BeemReply, secrets: string[]): string {
  const code = typeof reply.code === 'number' || typeof reply.code === 'string' ? reply.code : '?';
  const message = typeof reply.message === 'string' ? redact(reply.message, secrets) : '';
  if (code === '?' && !message) return '';
  return ` (code ${code}${message ? `: ${message}` : ''})`;
}

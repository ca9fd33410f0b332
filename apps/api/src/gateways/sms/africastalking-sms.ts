import type { SmsConfig } from '../../config';
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
      let status: number;
      let body: string;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            apiKey: config.apiKey,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          // Covers reading the body too, so a reply that stalls halfway also times out.
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        body = await response.text();
      } catch (error) {
        throw transportFailure(error, timeoutMs, fail);
      }

      const reply = parseReply(body);
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

function parseReply(body: string): AfricasTalkingReply | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function redact(value: string, secrets: string[]): string {
  let out = value;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  return out.replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** Timeouts and network errors. The cause is kept only for network errors: it names a host, not us. */
function transportFailure(
  error: unknown,
  timeoutMs: number,
  fail: (reason: string, cause?: unknown) => SmsDeliveryError,
): SmsDeliveryError {
  // AbortSignal.timeout rejects with a DOMException named TimeoutError, during fetch or body read.
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
    return fail(`no answer within ${timeoutMs} ms`);
  }
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return fail(`request failed${typeof code === 'string' ? ` (${code})` : ''}`, cause);
}

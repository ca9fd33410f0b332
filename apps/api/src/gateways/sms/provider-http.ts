import { SmsDeliveryError, type SmsGateway } from './sms-gateway';

export interface ProviderAnswer<Reply> {
  status: number;
  /** The body when it is a JSON object (its fields still unchecked: type them as `unknown`). */
  reply: Reply | undefined;
}

/**
 * One POST to an SMS provider within `timeoutMs`, body included, so a reply that stalls halfway
 * also times out. Transport failures become SmsDeliveryError; reading the answer is the caller's.
 */
export async function postToProvider<Reply extends object>(
  provider: SmsGateway['provider'],
  url: string,
  init: { headers: Record<string, string>; body: string },
  timeoutMs: number,
): Promise<ProviderAnswer<Reply>> {
  let status: number;
  let body: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      ...init,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.text();
  } catch (error) {
    throw transportFailure(provider, error, timeoutMs);
  }
  return { status, reply: parseObject(body) as Reply | undefined };
}

function parseObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Provider text made safe for an error message: whatever we sent that must never reach a log (keys,
 * the message with its one-time code) is blanked, in case a provider echoes it back.
 */
export function redact(value: string, secrets: string[]): string {
  let out = value;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  return out.replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** Timeouts and network errors. The cause is kept only for network errors: it names a host, not us. */
function transportFailure(
  provider: SmsGateway['provider'],
  error: unknown,
  timeoutMs: number,
): SmsDeliveryError {
  // AbortSignal.timeout rejects with a DOMException named TimeoutError, during fetch or body read.
  if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
    return new SmsDeliveryError(provider, `no answer within ${timeoutMs} ms`);
  }
  // fetch's own message can quote header values; only the underlying system error code is kept.
  const cause = error instanceof Error ? error.cause : undefined;
  const code = (cause as { code?: unknown } | undefined)?.code;
  return new SmsDeliveryError(
    provider,
    `request failed${typeof code === 'string' ? ` (${code})` : ''}`,
    cause,
  );
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentGatewayError, type PaymentProviderName } from './payment-gateway';

export interface ProviderAnswer {
  status: number;
  /** The body when it is a JSON object (its fields still unchecked). */
  reply: Record<string, unknown> | undefined;
  /** The body parsed as JSON, whatever it is (ClickPesa's status query answers with an array). */
  json: unknown;
}

/**
 * One request to a payment provider within `timeoutMs`, body included. Transport failures become
 * PaymentGatewayError; reading the answer is the caller's.
 */
export async function callProvider(
  provider: PaymentProviderName,
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<ProviderAnswer> {
  let status: number;
  let body: string;
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    status = response.status;
    body = await response.text();
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'TimeoutError') {
      throw new PaymentGatewayError(provider, `no answer within ${timeoutMs} ms`);
    }
    // fetch's own message can quote header values; only the system error code is kept.
    const cause = error instanceof Error ? error.cause : undefined;
    const code = (cause as { code?: unknown } | undefined)?.code;
    throw new PaymentGatewayError(
      provider,
      `request failed${typeof code === 'string' ? ` (${code})` : ''}`,
      cause,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status, reply: isObject(json) ? json : undefined, json };
}

export function parseObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An amount as a provider writes it (5000, "5000", "5000.00") → 5000; null when missing or not a
 * plain non-negative number. Never rounded: 4999.5 is not the 5000 that was asked for.
 */
export function reportedAmount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : null;
  if (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** A currency code as a provider writes it → 'TZS'; null when missing or not text. */
export function reportedCurrency(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : null;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Provider text made safe for an error message: whatever we sent that must never reach a log
 * (keys, tokens, phone numbers) is blanked, in case a provider echoes it back.
 */
export function redact(value: string, secrets: string[]): string {
  let out = value;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  return out.replace(/\s+/g, ' ').trim().slice(0, 120);
}

/** " (message)" from a reply's message/error field, redacted; '' when there is none. */
export function providerDetail(
  reply: Record<string, unknown> | undefined,
  secrets: string[],
): string {
  const text = reply?.message ?? reply?.error;
  return typeof text === 'string' && text ? ` (${redact(text, secrets)})` : '';
}

export function hmacSha256Hex(key: string, data: string | Buffer): string {
  return createHmac('sha256', key).update(data).digest('hex');
}

/** Constant-time comparison of two hex signatures; false for anything malformed. */
export function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Constant-time comparison of two secrets of any length. */
export function sameSecret(expected: string, given: string): boolean {
  // Compare digests so the lengths always match and the length of the secret does not leak.
  const a = hmacSha256Hex('compare', expected);
  const b = hmacSha256Hex('compare', given);
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** One header's value, case-insensitively; the first when repeated. */
export function header(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

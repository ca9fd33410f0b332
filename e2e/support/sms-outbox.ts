import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { until } from './until';

interface OutboxLine {
  to: string;
  text: string;
  at: string;
}

async function readOutbox(): Promise<OutboxLine[]> {
  const file = path.join(inject('dataDir'), 'sms-outbox.jsonl');
  const content = await readFile(file, 'utf8').catch(() => '');
  return content
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** '0712345678' → '+255712345678', the form the outbox records. */
export function toE164(localPhone: string): string {
  return `+255${localPhone.replace(/^0/, '')}`;
}

/** A fresh Tanzanian mobile number, so every run registers new people. */
export function uniquePhone(): string {
  return `0712${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}

/**
 * Waits for a code sent to `localPhone` after `since` (ISO time) and returns its six digits: what
 * the person would read on their phone.
 */
export async function waitForCode(localPhone: string, since: string): Promise<string> {
  const to = toE164(localPhone);
  return until(async () => {
    const lines = (await readOutbox()).filter((line) => line.to === to && line.at >= since);
    const text = lines.at(-1)?.text;
    return text ? /\b(\d{6})\b/.exec(text)?.[1] : undefined;
  }, `an SMS code for ${to}`);
}

/** Waits for a text to `localPhone` after `since` that contains `fragment`, and returns it whole. */
export async function waitForMessage(
  localPhone: string,
  since: string,
  fragment: string,
): Promise<string> {
  const to = toE164(localPhone);
  return until(async () => {
    const lines = await readOutbox();
    return lines.find((line) => line.to === to && line.at >= since && line.text.includes(fragment))
      ?.text;
  }, `an SMS to ${to} containing "${fragment}"`);
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
// The `inject('dataDir')` type is declared there; read for types only, never run from here.
import type {} from './global-setup';
import { until } from './until';

export interface OutboxLine {
  to: string;
  text: string;
  at: string;
}

/** The texts the outbox SMS gateway wrote to the app's DATA_DIR, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxLine[]> {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
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
 * the person would read on their phone. `dataDir` is the e2e app's unless another app's is given
 * (the resilience specs run apps of their own).
 */
export async function waitForCode(
  localPhone: string,
  since: string,
  dataDir: string = inject('dataDir'),
): Promise<string> {
  const to = toE164(localPhone);
  return until(async () => {
    const lines = (await readOutbox(dataDir)).filter((line) => line.to === to && line.at >= since);
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
  return (await waitForOutboxLine(localPhone, since, fragment)).text;
}

/** The same, with when it was sent, from any app's outbox and waiting as long as asked. */
export async function waitForOutboxLine(
  localPhone: string,
  since: string,
  fragment: string,
  { dataDir = inject('dataDir'), timeoutMs }: { dataDir?: string; timeoutMs?: number } = {},
): Promise<OutboxLine> {
  const to = toE164(localPhone);
  return until(
    async () => {
      const lines = await readOutbox(dataDir);
      return lines.find(
        (line) => line.to === to && line.at >= since && line.text.includes(fragment),
      );
    },
    `an SMS to ${to} containing "${fragment}"`,
    timeoutMs === undefined ? {} : { timeoutMs },
  );
}

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SMS_OUTBOX_FILE } from '../gateways/sms/create-sms-gateway';
import type { OutboxLine } from '../gateways/sms/outbox-sms';

/*
 * Reading the SMS outbox the way a developer or an end-to-end test does: the observable-fakes
 * contract says every message is one JSON line in `${DATA_DIR}/sms-outbox.jsonl`.
 */

export async function readOutbox(dataDir: string): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await readFile(path.join(dataDir, SMS_OUTBOX_FILE), 'utf8');
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return [];
    throw err;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** Every message sent to one phone (E.164), oldest first. */
export async function messagesTo(dataDir: string, phoneE164: string): Promise<OutboxLine[]> {
  return (await readOutbox(dataDir)).filter((line) => line.to === phoneE164);
}

/** The six-digit code in the newest message to a phone; throws when there is none. */
export async function lastCodeFor(dataDir: string, phoneE164: string): Promise<string> {
  const last = (await messagesTo(dataDir, phoneE164)).at(-1);
  const code = last && /\b(\d{6})\b/.exec(last.text)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phoneE164}`);
  return code;
}

import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SmsGateway } from './sms-gateway';

/**
 * What the outbox writes: one JSON line per message, which tests, demos and people read to see the
 * codes and notices a real gateway would have sent.
 */
export interface OutboxLine {
  to: string;
  text: string;
  at: string;
}

export interface OutboxSmsOptions {
  /** `${DATA_DIR}/sms-outbox.jsonl` */
  file: string;
  now?: () => Date;
  /** Each message is also logged, so a developer sees the code in the server's output. */
  log?: (line: OutboxLine) => void;
}

/**
 * The SMS fake: appends every message to a JSON-lines file that tests, demos and developers read
 * codes from. One appendFile per line: lines from concurrent sends never interleave (O_APPEND).
 */
export function createOutboxSms({
  file,
  now = () => new Date(),
  log,
}: OutboxSmsOptions): SmsGateway {
  return {
    provider: 'outbox',
    async send({ to, text }) {
      // Every time: cheap, and a directory removed (or not creatable yet) is retried, not remembered.
      await mkdir(path.dirname(file), { recursive: true });
      const line: OutboxLine = { to, text, at: now().toISOString() };
      await appendFile(file, `${JSON.stringify(line)}\n`, { encoding: 'utf8', mode: 0o600 });
      log?.(line);
    },
  };
}

import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOutboxSms, type OutboxLine } from './outbox-sms';

let base: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'makazi-outbox-'));
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function readLines(file: string): Promise<OutboxLine[]> {
  const content = await readFile(file, 'utf8');
  expect(content.endsWith('\n')).toBe(true);
  return content
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as OutboxLine);
}

describe('outbox SMS', () => {
  it('creates the directory and writes one JSON line {to, text, at} per message', async () => {
    const file = path.join(base, 'nested', 'data', 'sms-outbox.jsonl');
    const at = new Date('2025-03-01T08:30:00.000Z');
    const sms = createOutboxSms({ file, now: () => at });
    expect(sms.provider).toBe('outbox');

    await sms.send({ to: '+255712345678', text: 'Makazi: your sign-in code is 483920' });
    await sms.send({ to: '+255754000111', text: 'Makazi: your sign-in code is 111222' });

    expect(await readLines(file)).toEqual([
      { to: '+255712345678', text: 'Makazi: your sign-in code is 483920', at: at.toISOString() },
      { to: '+255754000111', text: 'Makazi: your sign-in code is 111222', at: at.toISOString() },
    ]);
    // The file holds live one-time codes: only the server's user may read it.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('appends to an existing outbox instead of replacing it', async () => {
    const file = path.join(base, 'sms-outbox.jsonl');
    await createOutboxSms({ file }).send({ to: '+255712345678', text: 'first' });
    await createOutboxSms({ file }).send({ to: '+255712345678', text: 'second' });
    expect((await readLines(file)).map((line) => line.text)).toEqual(['first', 'second']);
  });

  it('keeps every line whole when many messages are sent at once', async () => {
    const file = path.join(base, 'data', 'sms-outbox.jsonl');
    const sms = createOutboxSms({ file });
    // Long texts make a torn or interleaved write visible as a line that does not parse.
    const texts = Array.from({ length: 50 }, (_, i) => `code ${i} ${'x'.repeat(2_000)}`);
    await Promise.all(texts.map((text) => sms.send({ to: '+255712345678', text })));

    const lines = await readLines(file);
    expect(lines).toHaveLength(50);
    expect(lines.map((line) => line.text).sort()).toEqual([...texts].sort());
  });

  it('logs each message after writing it', async () => {
    const file = path.join(base, 'sms-outbox.jsonl');
    const logged: OutboxLine[] = [];
    const at = new Date('2025-03-01T08:30:00.000Z');
    const sms = createOutboxSms({ file, now: () => at, log: (line) => logged.push(line) });

    await sms.send({ to: '+255712345678', text: 'Makazi: your sign-in code is 483920' });

    expect(logged).toEqual([
      { to: '+255712345678', text: 'Makazi: your sign-in code is 483920', at: at.toISOString() },
    ]);
    expect(await readLines(file)).toEqual(logged);
  });
});

import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secret-file';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'makazi-secret-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadOrCreateSecret', () => {
  it('creates 48 random bytes as base64url, readable by the owner only', async () => {
    const file = path.join(dir, 'nested', 'jwt-secret');
    const secret = await loadOrCreateSecret(file);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(48);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // No temp file left behind.
    expect(await readdir(path.dirname(file))).toEqual(['jwt-secret']);
  });

  it('returns the same secret on every later call', async () => {
    const file = path.join(dir, 'jwt-secret');
    const first = await loadOrCreateSecret(file);
    expect(await loadOrCreateSecret(file)).toBe(first);
    expect(await loadOrCreateSecret(file)).toBe(first);
  });

  it('uses a secret an operator put there, without its trailing newline', async () => {
    const file = path.join(dir, 'jwt-secret');
    const mine = 'an-operator-provided-secret-of-enough-length';
    await writeFile(file, `${mine}\n`);
    expect(await loadOrCreateSecret(file)).toBe(mine);
  });

  it('gives concurrent first callers one and the same secret', async () => {
    const file = path.join(dir, 'jwt-secret');
    const secrets = await Promise.all(Array.from({ length: 8 }, () => loadOrCreateSecret(file)));
    expect(new Set(secrets).size).toBe(1);
    expect(await loadOrCreateSecret(file)).toBe(secrets[0]);
    expect(await readdir(dir)).toEqual(['jwt-secret']);
  });

  it('refuses a damaged file instead of replacing it', async () => {
    const file = path.join(dir, 'jwt-secret');
    await writeFile(file, 'short\n');
    await expect(loadOrCreateSecret(file)).rejects.toThrow(/no usable secret/);
  });
});

import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/** 48 random bytes: 384 bits, comfortably above what HS256 and HKDF-SHA256 can use. */
const SECRET_BYTES = 48;
const MIN_SECRET_LENGTH = 32;

function errorCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

async function readSecret(file: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    // Regenerating would silently sign everyone out; an operator should look at a damaged file.
    throw new Error(
      `${file} holds no usable secret (fewer than ${MIN_SECRET_LENGTH} characters): fix or delete it`,
    );
  }
  return secret;
}

/**
 * The secret kept in `file`, created on first use (48 random bytes, base64url, mode 0600).
 * Creation is atomic and never clobbers: the secret is written and flushed to a private temp file
 * which is then hard-linked into place, and link() fails when the name exists. When another
 * process wins that race, its secret is read and used, so every process ends up with the same one.
 */
export async function loadOrCreateSecret(file: string): Promise<string> {
  const existing = await readSecret(file);
  if (existing !== undefined) return existing;

  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await open(temp, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(`${secret}\n`, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await link(temp, file);
      return secret;
    } catch (err) {
      if (errorCode(err) !== 'EEXIST') throw err;
    }
  } finally {
    await rm(temp, { force: true });
  }
  // Someone else created it first: theirs is the secret.
  const winner = await readSecret(file);
  if (winner === undefined) throw new Error(`${file} vanished while it was being created`);
  return winner;
}

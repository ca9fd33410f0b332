import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/*
 * Admin passwords are stored as argon2id PHC strings. The library's defaults are OWASP's
 * minimum for argon2id (19 MiB, 2 passes, 1 lane): tens of milliseconds on a small server, run on
 * libuv's thread pool so a login never blocks other requests. The parameters travel inside each
 * hash, so raising them later still verifies the old ones.
 */

/** Longest password accepted anywhere (the login contract says the same). */
export const ADMIN_PASSWORD_MAX_LENGTH = 256;
/** Shortest password the CLI sets, and ADMIN_PASSWORD's minimum in production. */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;

export function hashAdminPassword(password: string): Promise<string> {
  // Algorithm 2 is argon2id; the const enum is not importable under isolatedModules.
  return hash(password, { algorithm: 2 });
}

/** false for a wrong password and for a hash that is not a valid PHC string. */
export async function verifyAdminPassword(
  passwordHash: string,
  password: string,
): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * 20 base32 characters (100 random bits): easy to read aloud or copy from a terminal, no
 * characters a shell or a URL would mangle.
 */
export function generateAdminPassword(length = 20): string {
  const bytes = randomBytes(length);
  let out = '';
  // 256 is a multiple of 32, so taking each byte modulo 32 is unbiased.
  for (const byte of bytes) out += BASE32[byte % 32];
  return out;
}

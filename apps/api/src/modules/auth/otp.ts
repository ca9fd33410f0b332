import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '@makazi/contracts/auth-values';

/*
 * One-time codes. Six digits are a million values: a plain hash of one is reversed by trying them
 * all. Codes are therefore stored as HMAC-SHA256 under a key derived from the server secret (a
 * "pepper" that is not in the database), bound to the user, so a copy of the database alone
 * reveals no code.
 */

/** A code from the CSPRNG, every value equally likely, leading zeros kept ("004217"). */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

export interface OtpHasher {
  hash(userId: string, code: string): string;
  /** Constant-time comparison of a typed code with a stored hash. */
  matches(userId: string, code: string, storedHash: string): boolean;
}

/** The pepper is derived (HKDF-SHA256) so the secret itself is never used as two different keys. */
export function createOtpHasher(serverSecret: string): OtpHasher {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'makazi', 'makazi/otp-code-hash/v1', 32),
  );
  const hash = (userId: string, code: string) =>
    createHmac('sha256', key).update(`${userId}:${code}`, 'utf8').digest('hex');
  return {
    hash,
    matches(userId, code, storedHash) {
      const expected = Buffer.from(storedHash, 'hex');
      const actual = Buffer.from(hash(userId, code), 'hex');
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@makazi/contracts/admin-two-step';

/*
 * The second step of admin sign-in: TOTP (RFC 6238) as every authenticator app speaks it (SHA-1,
 * six digits, 30-second steps), through the maintained `otpauth` library, and one-time recovery
 * codes. The shared secret is stored encrypted (AES-256-GCM) under a key derived with HKDF from
 * the server's JWT secret, so a copy of the database alone (a backup, a replica) cannot mint
 * codes. The admin's id is the cipher's associated data: a secret copied onto another admin's row
 * does not decrypt there.
 */

const ISSUER = 'Makazi';
const PERIOD_SECONDS = 30;
/** One step either way: a phone whose clock is off by up to 30 s, or a code typed as it turned. */
const WINDOW_STEPS = 1;
/** 160 bits, the HMAC-SHA-1 key length RFC 4226 recommends. */
const SECRET_BYTES = 20;

/** Kept in front of the stored text, so the scheme can change without guessing at old rows. */
const CIPHER_VERSION = 'v1';
const IV_BYTES = 12;

export interface TotpCipher {
  /** The base32 secret, encrypted for this admin's row. */
  encrypt(secretBase32: string, adminId: string): string;
  /** undefined when the text was not made by this key for this admin (another JWT_SECRET). */
  decrypt(stored: string, adminId: string): string | undefined;
}

export function createTotpCipher(jwtSecret: string): TotpCipher {
  // A key of its own: the JWT secret itself never encrypts anything, and this key signs nothing.
  const key = Buffer.from(
    hkdfSync('sha256', jwtSecret, 'makazi-admin-totp', 'admin TOTP secret encryption v1', 32),
  );
  const b64 = (bytes: Buffer) => bytes.toString('base64url');
  return {
    encrypt(secretBase32, adminId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(adminId, 'utf8'));
      const sealed = Buffer.concat([cipher.update(secretBase32, 'utf8'), cipher.final()]);
      return [CIPHER_VERSION, b64(iv), b64(cipher.getAuthTag()), b64(sealed)].join('.');
    },
    decrypt(stored, adminId) {
      const [version, iv, tag, sealed] = stored.split('.');
      if (version !== CIPHER_VERSION || !iv || !tag || sealed === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(adminId, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(sealed, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}

/** A fresh random secret, in base32 as apps take it typed by hand. */
export function generateTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

function totpOf(secretBase32: string, username: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** What the authenticator app reads: the otpauth:// URI and the same as a QR code (SVG data URL). */
export async function enrolmentOf(
  secretBase32: string,
  username: string,
): Promise<{ otpauthUri: string; qrCode: string }> {
  const otpauthUri = totpOf(secretBase32, username).toString();
  const svg = await QRCode.toString(otpauthUri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  return {
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
  };
}

/**
 * The time step `code` belongs to when it is right at `now` (within one step either way), else
 * undefined. The caller accepts it only above the last step it accepted, so a code works once.
 */
export function matchingStep(secretBase32: string, code: string, now: Date): number | undefined {
  const totp = totpOf(secretBase32, '');
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return totp.counter({ timestamp }) + delta;
}

/** The code of `now`'s step: for tests, which play the authenticator app. */
export function currentTotpCode(secretBase32: string, now: Date): string {
  return totpOf(secretBase32, '').generate({ timestamp: now.getTime() });
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/**
 * Ten codes of 16 base32 characters (80 random bits) in groups of four: a plain SHA-256 of that
 * many bits cannot be searched backwards, so no slow hash is needed, and a stolen hash list is
 * useless.
 */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    // 256 is a multiple of 32, so each byte modulo 32 is unbiased.
    const chars = [...randomBytes(16)].map((byte) => BASE32[byte % 32]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** A recovery code as typed (any case, with or without dashes and spaces), hashed as stored. */
export function hashRecoveryCode(typed: string): string {
  const normalised = typed.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(normalised, 'utf8').digest('hex');
}

import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/*
 * The links an alert SMS carries (decision 042). Every character of an SMS is paid for, so both
 * are short: a listing's id as 22 base64url characters (/l/{code}), and the stop link as the saved
 * search's id followed by a 72-bit HMAC under a key derived from the server secret
 * (/alerts/off/{code}): nobody can turn off someone else's alerts by guessing, and the link needs
 * no sign-in and no stored token.
 */

const UUID_BYTES = 16;
const MAC_BYTES = 9;
const UUID_CODE_LENGTH = 22;
const OFF_CODE_LENGTH = UUID_CODE_LENGTH + (MAC_BYTES / 3) * 4;

function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replace(/-/g, ''), 'hex');
}

function uuidText(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** 22 characters for a uuid (36 written out). */
export function shortListingCode(propertyId: string): string {
  return uuidBytes(propertyId).toString('base64url');
}

/** The listing id of a short code, or undefined for anything that is not one. */
export function readShortListingCode(code: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{22}$/.test(code)) return undefined;
  const bytes = Buffer.from(code, 'base64url');
  // Base64url has spare bits in its last character: only the canonical spelling is a code.
  if (bytes.length !== UUID_BYTES || bytes.toString('base64url') !== code) return undefined;
  return uuidText(bytes);
}

export interface AlertLinkSigner {
  /** The code of the link that turns off one saved search's alerts. */
  offCode(savedSearchId: string): string;
  /** The saved search a code names, or undefined when it is not a code we signed. */
  readOffCode(code: string): string | undefined;
}

export function createAlertLinkSigner(serverSecret: string): AlertLinkSigner {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'makazi', 'makazi/saved-search-alerts-off/v1', 32),
  );
  const mac = (id: Buffer) => createHmac('sha256', key).update(id).digest().subarray(0, MAC_BYTES);
  return {
    offCode(savedSearchId) {
      const id = uuidBytes(savedSearchId);
      return `${id.toString('base64url')}${mac(id).toString('base64url')}`;
    },
    readOffCode(code) {
      if (code.length !== OFF_CODE_LENGTH) return undefined;
      const idCode = code.slice(0, UUID_CODE_LENGTH);
      if (readShortListingCode(idCode) === undefined) return undefined;
      const id = Buffer.from(idCode, 'base64url');
      const given = Buffer.from(code.slice(UUID_CODE_LENGTH), 'base64url');
      if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(id))) return undefined;
      return uuidText(id);
    },
  };
}

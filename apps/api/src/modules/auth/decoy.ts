import { createHmac, hkdfSync } from 'node:crypto';

/*
 * What sign-up answers for a number a verified account holds, once the client address has used
 * its budget of such lookups: a 201 like any new sign-up, so the answer says nothing about the
 * number. Its sub is the number's keyed hash shaped as a UUID v4. It matches no row (random ids
 * never meet it in practice), and it is the same every time for one number, as the id of a row
 * that is only started over would be: two sign-ups of one number cannot tell the two apart.
 */

export interface Decoys {
  /** The sub of a sign-up that wrote nothing. */
  signupSub(phoneNumber: string): string;
}

/** The key is derived (HKDF-SHA256), so the server secret itself is never used as another key. */
export function createDecoys(serverSecret: string): Decoys {
  const key = Buffer.from(
    hkdfSync('sha256', serverSecret, 'makazi', 'makazi/signup-decoy-sub/v1', 32),
  );
  return {
    signupSub(phoneNumber) {
      const bytes = createHmac('sha256', key).update(phoneNumber, 'utf8').digest().subarray(0, 16);
      // RFC 9562: version 4 in the high nibble of byte 6, variant 10 in the top bits of byte 8.
      bytes[6] = (bytes[6]! & 0x0f) | 0x40;
      bytes[8] = (bytes[8]! & 0x3f) | 0x80;
      const hex = bytes.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}

import { createHmac, hkdfSync } from 'node:crypto';

/*
 * Who a reporter is, across accounts (issue 34): a keyed hash of their phone number. Deleting an
 * account and signing up again with the same SIM must not make a new reporter, or one SIM would
 * count as three towards a hold over three days. The hash is kept on the report when the account
 * is deleted and serves nothing else; without the server secret it cannot be turned back into a
 * number, nor matched against a list of numbers.
 */

/** The reporter's key of a number in E.164. */
export type ReporterKey = (phoneNumber: string) => string;

export function createReporterKey(secret: string): ReporterKey {
  // A key of its own, derived from the server secret: this hash matches no other one.
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'makazi reporter key v1', 32));
  return (phoneNumber) => createHmac('sha256', key).update(phoneNumber).digest('base64url');
}

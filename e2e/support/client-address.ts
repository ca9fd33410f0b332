import { randomInt } from 'node:crypto';

/*
 * The e2e app trusts one proxy hop (TRUST_PROXY=1 in global-setup.ts) and the specs play that
 * proxy: each browser and each person calling the API comes from an address of their own, as real
 * visitors do. The per-address sign-in limits then count each of them, not the whole suite, which
 * on one loopback address would trip them after ten registrations.
 */

/** A private address no one else in this run is likely to get. */
export function clientAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

/** The header a reverse proxy adds for a client at `address`. */
export function forwardedFor(address: string): Record<string, string> {
  return { 'X-Forwarded-For': address };
}

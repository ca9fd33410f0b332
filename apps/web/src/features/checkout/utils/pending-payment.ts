import type { TPlanKind } from '@makazi/contracts/plans';
import { MOBILE_MONEY_NETWORKS, type TMobileMoneyNetwork } from '@makazi/contracts/payment-values';
import { isRecord } from '../../../lib/guards';

/**
 * The payment a checkout is waiting for, kept in sessionStorage: a reload (or the browser killing
 * the tab while the user types their PIN) comes back to the waiting screen instead of offering to
 * pay a second time.
 */
export interface PendingPayment {
  paymentId: string;
  kind: TPlanKind;
  /** Whose payment it is: another user signing in on the same tab never sees it. */
  userId: string;
  /** Where to go once it succeeds. */
  returnTo: string;
  amount: number;
  provider: TMobileMoneyNetwork;
  durationInDays: number;
  /** The promoted listing's title, for the waiting screen. */
  listingTitle?: string;
}

export const PENDING_PAYMENT_KEY = 'makazi.pendingPayment';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function isNetwork(value: unknown): value is TMobileMoneyNetwork {
  return typeof value === 'string' && (MOBILE_MONEY_NETWORKS as readonly string[]).includes(value);
}

function isPendingPayment(value: unknown): value is PendingPayment {
  return (
    isRecord(value) &&
    typeof value.paymentId === 'string' &&
    (value.kind === 'subscription' || value.kind === 'promotion') &&
    typeof value.userId === 'string' &&
    typeof value.returnTo === 'string' &&
    isInAppPath(value.returnTo) &&
    typeof value.amount === 'number' &&
    isNetwork(value.provider) &&
    typeof value.durationInDays === 'number' &&
    (value.listingTitle === undefined || typeof value.listingTitle === 'string')
  );
}

/** The pending payment of this kind and user, if the tab remembers one. */
export function readPendingPayment(kind: TPlanKind, userId: string): PendingPayment | null {
  let value: unknown;
  try {
    value = JSON.parse(storage()?.getItem(PENDING_PAYMENT_KEY) ?? 'null');
  } catch {
    return null;
  }
  return isPendingPayment(value) && value.kind === kind && value.userId === userId ? value : null;
}

export function savePendingPayment(pending: PendingPayment): void {
  try {
    storage()?.setItem(PENDING_PAYMENT_KEY, JSON.stringify(pending));
  } catch {
    // A full or blocked storage: the wait still works, it just does not survive a reload.
  }
}

export function clearPendingPayment(paymentId?: string): void {
  const store = storage();
  if (!store) return;
  try {
    if (paymentId !== undefined) {
      const stored: unknown = JSON.parse(store.getItem(PENDING_PAYMENT_KEY) ?? 'null');
      if (!isRecord(stored) || stored.paymentId !== paymentId) return;
    }
    store.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing more to do about a storage that refuses.
  }
}

/** A path inside this app: '/lease/…', never '//evil.example' or 'https://…'. */
export function isInAppPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

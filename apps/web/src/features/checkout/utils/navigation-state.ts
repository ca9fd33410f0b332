import type { TPlan } from '@makazi/contracts/plans';
import { isRecord, isUuid } from '../../../lib/guards';
import { isPlan } from '../api/plans';
import { isInAppPath } from './pending-payment';

/*
 * What the checkout pages pass each other in navigation state, read back defensively: history
 * state survives reloads and can be anything an old version of the app left there.
 */

/**
 * The page to return to after paying: a path string (from /subscribe's Select Plan), or the guard's
 * `{pathname, search, hash}` (GuardRedirect's `from`), when it stays inside the app.
 */
export function fromPath(state: unknown): string | null {
  if (!isRecord(state)) return null;
  const { from } = state;
  if (typeof from === 'string') return isInAppPath(from) ? from : null;
  if (!isRecord(from)) return null;
  const { pathname, search, hash } = from;
  if (typeof pathname !== 'string' || !isInAppPath(pathname)) return null;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}

/** The listing being promoted: what the pages need of the TViewerProperty /posts passed. */
export interface PromotedListing {
  id: string;
  title: string;
}

export function listingFromState(state: unknown): PromotedListing | null {
  if (!isRecord(state) || !isRecord(state.property)) return null;
  const { id, title } = state.property;
  if (!isUuid(id) || typeof title !== 'string') return null;
  return { id, title: title.trim() };
}

/** The plan the previous page showed, to draw the page before the plan list arrives. */
export function planFromState(state: unknown): TPlan | null {
  return isRecord(state) && isPlan(state.plan) ? state.plan : null;
}

/** `/plan/7` → 7; anything but a whole positive number → null. */
export function parseDays(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,4}$/.test(param)) return null;
  return Number(param);
}

/** A plan's checkout page: /plan/{days} or /promotion-plan/{days}. */
export function checkoutPath(kind: 'subscription' | 'promotion', days: number): string {
  return `${kind === 'subscription' ? '/plan' : '/promotion-plan'}/${days}`;
}

/** The plan list a checkout page goes back to. */
export function plansPath(kind: 'subscription' | 'promotion'): string {
  return kind === 'subscription' ? '/subscribe' : '/promote';
}

import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import {
  MOBILE_MONEY_NETWORKS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from '@makazi/contracts/payment-values';
import { SUPPORT_MESSAGE_STATUSES } from '@makazi/contracts/support-values';
import type { TPaymentFilter } from '../api/payments';

/*
 * The admin tables keep their filters and page in the URL, so a moderator can reload, share a
 * link, or come back from a listing to the same page of the queue.
 */

export const MODERATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TModerationStatus = (typeof MODERATION_STATUSES)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

function positive(value: string | null, fallback: number, max = 100_000): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 && number <= max ? number : fallback;
}

export function readPaging(params: URLSearchParams): { page: number; pageSize: number } {
  const pageSize = positive(params.get('pageSize'), DEFAULT_PAGE_SIZE, 100);
  return { page: positive(params.get('page'), 1), pageSize };
}

/** The moderation page's type tabs, left to right. */
export const MODERATION_TABS: readonly TPropertyType[] = [
  'Land',
  'Rent',
  'HouseForSale',
  'Apartment',
];

/**
 * The moderation table shows the queue (awaiting review) unless the URL says otherwise. `type` is
 * undefined when the URL names no tab: the page picks one by what waits (firstTabWaiting).
 */
export function readPropertySearch(params: URLSearchParams) {
  const type: TPropertyType | undefined = oneOf(PROPERTY_TYPES, params.get('type'));
  const status: TModerationStatus = oneOf(MODERATION_STATUSES, params.get('status')) ?? 'pending';
  const q = params.get('q')?.trim().slice(0, 100) ?? '';
  return { type, status, q, ...readPaging(params) };
}

/**
 * The tab to open when the URL names none: the first with listings awaiting review, so the admin
 * does not start on an empty queue while another has work; Land when none waits, or when the
 * counts could not be had.
 */
export function firstTabWaiting(
  byType: Partial<Record<TPropertyType, number>> | undefined,
): TPropertyType {
  return MODERATION_TABS.find((type) => (byType?.[type] ?? 0) > 0) ?? 'Land';
}

export function readUserSearch(params: URLSearchParams) {
  return { q: params.get('q')?.trim().slice(0, 100) ?? '', ...readPaging(params) };
}

/** The support inbox shows the open messages unless the URL says otherwise. */
export function readSupportSearch(params: URLSearchParams) {
  const status = oneOf(SUPPORT_MESSAGE_STATUSES, params.get('status')) ?? 'open';
  return { status, ...readPaging(params) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readPaymentFilter(params: URLSearchParams): TPaymentFilter {
  const from = params.get('from');
  const to = params.get('to');
  const filter: TPaymentFilter = {};
  if (from && DAY.test(from)) filter.from = from;
  if (to && DAY.test(to)) filter.to = to;
  const status = oneOf(PAYMENT_STATUSES, params.get('status'));
  if (status) filter.status = status;
  const provider = oneOf(MOBILE_MONEY_NETWORKS, params.get('provider'));
  if (provider) filter.provider = provider;
  const purpose = oneOf(PAYMENT_PURPOSES, params.get('purpose'));
  if (purpose) filter.purpose = purpose;
  return filter;
}

/**
 * The next search params: `changes` set (an empty value removes the key), and the page back to 1
 * unless the change is the page itself.
 */
export function withChanges(
  params: URLSearchParams,
  changes: Record<string, string | number | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

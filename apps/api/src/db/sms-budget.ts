import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { eatDayStart } from '../lib/east-africa-day';
import type { Database } from './client';
import { smsBudget } from './schema';

/*
 * The global SMS budget (decision 016): SMS counted per clock hour and per East Africa day in
 * rows, so every process counts against the same numbers. Senders of different priority count
 * against the same windows up to different shares of their limits (decision 042): sign-in codes
 * may fill a window, newcomers' codes and owner-phone codes 90 % of it, saved-search alerts half, so alerts can never
 * take the last codes a person needs to sign in.
 */

export const SMS_BUDGET_SHARES = {
  /** A sign-in code to a number that has signed in before. */
  returningSignIn: 1,
  /** A sign-in code to a number that never has: the last tenth goes to people already using Makazi. */
  newcomerSignIn: 0.9,
  /** A code verifying a listing's contact number: like a newcomer's, it leaves the last tenth. */
  ownerPhoneCode: 0.9,
  /** Saved-search alerts: they wait (and are sent later) rather than take a sign-in code's place. */
  alerts: 0.5,
} as const;

export interface SmsBudgetWindow {
  span: 'hour' | 'day';
  start: Date;
  /** The most SMS this window may count for this sender. */
  limit: number;
}

const HOUR_MS = 60 * 60 * 1000;

/** The clock hour and the East Africa day `now` falls in, with this sender's share of the limits. */
export function smsBudgetWindows(
  now: Date,
  limits: { smsPerHour: number; smsPerDay: number },
  share: number,
): SmsBudgetWindow[] {
  const t = now.getTime();
  return [
    {
      span: 'hour',
      start: new Date(t - (t % HOUR_MS)),
      limit: Math.floor(limits.smsPerHour * share),
    },
    // The budget's day is the East Africa day: it starts at 00:00 EAT, 21:00 UTC.
    { span: 'day', start: eatDayStart(now), limit: Math.floor(limits.smsPerDay * share) },
  ];
}

const WINDOW_MS = { hour: HOUR_MS, day: 24 * HOUR_MS } as const;

/** When a window ends and its SMS may be counted again (a 503's Retry-After). */
export function smsBudgetWindowEnd(window: SmsBudgetWindow): Date {
  return new Date(window.start.getTime() + WINDOW_MS[window.span]);
}

/**
 * Counts one SMS in each window; the first window that is full is answered (what was counted in
 * the windows before it stays counted: run it in a transaction and roll back).
 */
export async function countSmsInBudget(
  db: Database,
  windows: readonly SmsBudgetWindow[],
): Promise<SmsBudgetWindow | undefined> {
  for (const window of windows) {
    // The conditional upsert counts only below the limit: concurrent senders in any process
    // queue on the window's row, and exactly `limit` of them are counted.
    const counted = await db
      .insert(smsBudget)
      .values({ span: window.span, windowStart: window.start, sent: 1 })
      .onConflictDoUpdate({
        target: [smsBudget.span, smsBudget.windowStart],
        set: { sent: sql`${smsBudget.sent} + 1` },
        setWhere: lt(smsBudget.sent, window.limit),
      })
      .returning({ sent: smsBudget.sent });
    if (counted.length === 0 || window.limit < 1) return window;
  }
  return undefined;
}

/** Gives back what countSmsInBudget counted, for an SMS that could not be sent. */
export async function returnSmsToBudget(
  db: Database,
  windows: readonly SmsBudgetWindow[],
): Promise<void> {
  for (const window of windows) {
    await db
      .update(smsBudget)
      .set({ sent: sql`${smsBudget.sent} - 1` })
      .where(
        and(
          eq(smsBudget.span, window.span),
          eq(smsBudget.windowStart, window.start),
          gt(smsBudget.sent, 0),
        ),
      );
  }
}

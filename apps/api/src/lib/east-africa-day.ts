/*
 * The business's calendar is East Africa Time (Africa/Dar_es_Salaam): UTC+3 all year, with no
 * daylight saving, so every East Africa day starts at 21:00 UTC. Daily limits (the SMS budget,
 * the contact reveals) count from that instant, not from UTC midnight, so a day on the limit is
 * the day the person lives in.
 */

const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 00:00 EAT of the day `at` falls in: 2026-03-01T20:59Z → 2026-02-28T21:00Z. */
export function eatDayStart(at: Date): Date {
  const t = at.getTime();
  const sinceMidnight = (((t + EAT_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return new Date(t - sinceMidnight);
}

/** 00:00 EAT of the day after the one `at` falls in: when a daily limit starts over. */
export function nextEatDayStart(at: Date): Date {
  return new Date(eatDayStart(at).getTime() + DAY_MS);
}

/** 00:00 EAT of the day `days` before the one `at` falls in (0: that day). */
export function eatDayStartDaysBefore(at: Date, days: number): Date {
  return new Date(eatDayStart(at).getTime() - days * DAY_MS);
}

/** The hour of the East Africa day `at` falls in, 0–23: 2026-03-01T18:30Z → 21. */
export function eatHour(at: Date): number {
  return Math.floor((at.getTime() - eatDayStart(at).getTime()) / (60 * 60 * 1000));
}

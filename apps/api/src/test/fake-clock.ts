import type { Clock } from '../lib/clock';

/** A clock that stands still until a test moves it: time-based rules tested without sleeping. */
export interface FakeClock extends Clock {
  advance(ms: number): void;
  advanceSeconds(seconds: number): void;
  set(date: Date): void;
}

export function createFakeClock(start: Date = new Date('2025-01-15T09:00:00.000Z')): FakeClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as FakeClock;
  clock.advance = (ms) => {
    now += ms;
  };
  clock.advanceSeconds = (seconds) => {
    now += seconds * 1000;
  };
  clock.set = (date) => {
    now = date.getTime();
  };
  return clock;
}

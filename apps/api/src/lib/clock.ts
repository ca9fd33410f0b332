/**
 * Where the application reads the time. Rules about time (code expiry, lockouts, send limits,
 * token lifetimes) take a Clock instead of calling new Date() or the database's now(), so they
 * behave the same on every backend and tests can move time instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock that reads `start` now and runs on in real time from there (TEST_CLOCK_START). */
export function clockStartingAt(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + offset);
}

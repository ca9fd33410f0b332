/**
 * Where the application reads the time. Rules about time (code expiry, lockouts, send limits,
 * token lifetimes) take a Clock instead of calling new Date() or the database's now(), so they
 * behave the same on every backend and tests can move time instead of sleeping.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

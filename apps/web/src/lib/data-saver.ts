import { DATA_SAVER_COOKIE, SLOW_CONNECTIONS } from '@makazi/contracts/common-values';

/*
 * Data saver (decision 044): the one place the browser decides it. The server decides the same
 * from the request's headers (apps/api modules/pages/data-saver.ts) and hands its answer over with
 * the page it rendered (lib/page-state.ts), so the hydrated page is the server's.
 */

/**
 * On <html> while data saver is on: the stylesheet then names only the metric-matched fallback
 * face (styles/fonts.css), so Lato's two files (48 KiB) are never asked for. The server writes it
 * into a page it rendered for data saver; the app keeps it in step with the switch.
 */
export const DATA_SAVER_ATTRIBUTE = 'data-saver';

/** A year: the choice is remembered like the language. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** What the browser says of its connection (Chromium's navigator.connection; absent elsewhere). */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** The person's own choice, from the cookie: null when they never chose. */
export function chosenDataSaver(cookie: string = document.cookie): boolean | null {
  const match = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=([^;]*)`).exec(cookie);
  if (match?.[1] === 'on') return true;
  if (match?.[1] === 'off') return false;
  return null;
}

/** The browser's signals: Save-Data asked for, or a 2G/3G connection. */
export function connectionWantsDataSaver(connection: ConnectionHints | undefined): boolean {
  if (!connection) return false;
  return (
    connection.saveData === true ||
    (connection.effectiveType !== undefined && SLOW_CONNECTIONS.includes(connection.effectiveType))
  );
}

function browserConnection(): ConnectionHints | undefined {
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/**
 * Data saver for a page the browser renders itself: the person's choice wins, else the browser's
 * signals. Off where there is no browser (the server passes its own decision instead).
 */
export function detectDataSaver(): boolean {
  if (typeof document === 'undefined') return false;
  return chosenDataSaver() ?? connectionWantsDataSaver(browserConnection());
}

/** Remembers the choice for this browser and for the server, which renders the next page by it. */
export function rememberDataSaver(on: boolean): void {
  document.cookie = `${DATA_SAVER_COOKIE}=${on ? 'on' : 'off'}; Path=/; Max-Age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

import type { IncomingHttpHeaders } from 'node:http';
import { DATA_SAVER_COOKIE, SLOW_CONNECTIONS } from '@makazi/contracts/common-values';

/*
 * Data saver on the server (decision 044): the one place a page request is judged. Headers only:
 * the visitor's cookie and what their browser says of itself. The browser decides the same way
 * (apps/web lib/data-saver.ts) for the pages it renders.
 */

const COOKIE = new RegExp(`(?:^|;\\s*)${DATA_SAVER_COOKIE}=(on|off)(?:;|$)`);

/**
 * Asks Chromium for the ECT hint on the requests after this one (Save-Data is sent without
 * asking whenever it is on). Not Critical-CH: that would make every first visit a second round
 * trip to learn what the second page has anyway.
 */
export const ACCEPT_CH = 'ECT';
/** The request headers a page's data-saver rendering depends on. */
export const DATA_SAVER_VARY = ['Cookie', 'Save-Data', 'ECT'] as const;

export type DataSaverReason = 'cookie' | 'save-data' | 'ect' | 'default';

export interface DataSaverDecision {
  on: boolean;
  by: DataSaverReason;
}

function single(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().toLowerCase();
}

/** The visitor's choice (the switch's cookie), else `Save-Data: on`, else a 2G/3G ECT, else off. */
export function decideDataSaver(headers: IncomingHttpHeaders): DataSaverDecision {
  const chosen = COOKIE.exec(single(headers.cookie))?.[1];
  if (chosen) return { on: chosen === 'on', by: 'cookie' };
  if (single(headers['save-data']) === 'on') return { on: true, by: 'save-data' };
  if (SLOW_CONNECTIONS.includes(single(headers.ect))) return { on: true, by: 'ect' };
  return { on: false, by: 'default' };
}

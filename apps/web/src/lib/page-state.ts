import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { TLocale } from '@makazi/contracts/common-values';

/** The id of the JSON block a server-rendered page carries (a data block: CSP never runs it). */
export const PAGE_STATE_ID = 'makazi-page';

/**
 * What the server hands the browser with a page it rendered, so the page hydrates as rendered
 * without asking again: the query results, the router's state, the language and the origin the
 * page's links were written with, the moment its relative times were judged at, and data saver.
 */
export interface PageState {
  queries: DehydratedState;
  router: HydrationState;
  language: TLocale;
  origin: string;
  /** When the server rendered the page (ms): relative times hydrate as they were written. */
  renderedAt: number;
  /** Whether it was rendered for data saver (decision 044): the browser hydrates it the same. */
  dataSaver: boolean;
}

export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ID);
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as PageState;
}

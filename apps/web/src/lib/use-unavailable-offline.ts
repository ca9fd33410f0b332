import { isApiError } from './api-client';
import { useOnline } from './use-online';

/** What of a query (TanStack's result) tells whether it can show anything without the network. */
export interface OfflineQueryState {
  data: unknown;
  error: unknown;
  /** The last failure, also while retries are still to come (or paused until the connection). */
  failureReason: unknown;
}

/**
 * Whether a page has nothing to show until the connection returns: the page works without one
 * (use-online), its query has no data, and its request found neither the network nor a copy kept
 * by the service worker (the page was not opened before). Its retries wait for the connection
 * (TanStack pauses them offline), which left the page's grey placeholders up for good: the page
 * says so instead, with the ways to pages that open. Once the connection returns, the query
 * carries on (a paused one resumes, a failed one is asked again on reconnecting) and the page
 * appears.
 */
export function useUnavailableOffline(query: OfflineQueryState): boolean {
  const online = useOnline();
  if (online || query.data !== undefined) return false;
  const failure = query.error ?? query.failureReason;
  return isApiError(failure) && (failure.code === 'NETWORK' || failure.code === 'TIMEOUT');
}

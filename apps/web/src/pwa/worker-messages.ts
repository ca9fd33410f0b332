/*
 * What the service worker and the pages say to each other.
 */

/**
 * The connection. A page asks, when it starts, whether it was opened from the copy kept (the network failed or passed nothing
 * in time); the worker also tells a page whenever one of its requests reached the network or not.
 * The offline banner goes by this as well as by navigator.onLine, which stays true on a connection
 * that is up but passes nothing.
 */
export const CONNECTION_QUESTION = 'makazi:connection?';
export const CONNECTION_ANSWER = 'makazi:connection';

export interface ConnectionAnswer {
  type: typeof CONNECTION_ANSWER;
  /** True: what the page got came from the copy kept, because the network did not answer. */
  fromCopy: boolean;
}

export function isConnectionAnswer(data: unknown): data is ConnectionAnswer {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === CONNECTION_ANSWER &&
    typeof (data as { fromCopy?: unknown }).fromCopy === 'boolean'
  );
}

/**
 * Which release a worker runs: a digest of its precache list, which names every hashed file of
 * the build. The app does not need it; the spec of updates does (e2e offline.e2e.test.ts).
 */
export const RELEASE_QUESTION = 'makazi:release?';
export const RELEASE_ANSWER = 'makazi:release';

/** FNV-1a over the precache list: short, stable, and different for any change to the list. */
export function releaseOf(
  precache: readonly (string | { url: string; revision?: string | null })[],
): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(precache)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * A page that loaded before the worker controlled it (a first visit) lists what it loaded, for the
 * worker to keep: the page's URL and the same-origin files (code, styles, fonts, photos).
 */
export const KEEP_REQUEST = 'makazi:keep';

export interface KeepRequest {
  type: typeof KEEP_REQUEST;
  page: string;
  files: string[];
}

export function isKeepRequest(data: unknown): data is KeepRequest {
  if (typeof data !== 'object' || data === null) return false;
  const { type, page, files } = data as Partial<Record<keyof KeepRequest, unknown>>;
  return (
    type === KEEP_REQUEST &&
    typeof page === 'string' &&
    Array.isArray(files) &&
    files.every((file) => typeof file === 'string')
  );
}

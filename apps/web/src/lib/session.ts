import { useSyncExternalStore } from 'react';
import { SESSION_STORAGE_KEYS } from '@makazi/contracts/auth-values';

/**
 * The signed-in user as the browser keeps it (in local storage under prop-token,
 * prop-refreshToken, user and sub). One store for the whole app: the header, the guards and the API
 * client read it, and every tab follows the others through the `storage` event.
 */
export interface Session {
  /** The access token (15 minutes). */
  token: string;
  refreshToken: string;
  /** The display name: first and last name. */
  user: string;
  /** The user's id. */
  sub: string;
}

const KEYS = SESSION_STORAGE_KEYS;
const listeners = new Set<() => void>();
let current: Session | null | undefined;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked (some private modes): the session lives in memory for this tab only.
    return null;
  }
}

/** Signed in only when both the user and the token are stored (and the rest with them). */
export function readStoredSession(): Session | null {
  const store = storage();
  if (!store) return null;
  const token = store.getItem(KEYS.token);
  const refreshToken = store.getItem(KEYS.refreshToken);
  const user = store.getItem(KEYS.user);
  const sub = store.getItem(KEYS.sub);
  if (!token || !user || !sub || refreshToken === null) return null;
  return { token, refreshToken, user, sub };
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function getSession(): Session | null {
  current ??= readStoredSession();
  return current;
}

export function setSession(session: Session): void {
  current = session;
  const store = storage();
  try {
    store?.setItem(KEYS.token, session.token);
    store?.setItem(KEYS.refreshToken, session.refreshToken);
    store?.setItem(KEYS.user, session.user);
    store?.setItem(KEYS.sub, session.sub);
  } catch {
    // A full storage keeps the in-memory session: this tab stays signed in.
  }
  emit();
}

export function updateSession(patch: Partial<Session>): void {
  const session = getSession();
  if (session) setSession({ ...session, ...patch });
}

/** Signing out clears all four stored values. */
export function clearSession(): void {
  current = null;
  const store = storage();
  for (const key of Object.values(KEYS)) {
    try {
      store?.removeItem(key);
    } catch {
      // Nothing more can be done about a storage that refuses removals.
    }
  }
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signed in, refreshed or signed out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== null && !(Object.values(KEYS) as string[]).includes(event.key)) return;
    current = readStoredSession();
    emit();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** Seconds since the epoch at which a JWT expires, or null when it cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

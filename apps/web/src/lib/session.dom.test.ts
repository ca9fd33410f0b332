import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSession,
  getSession,
  readStoredSession,
  setSession,
  subscribeSession,
  tokenExpiry,
} from './session';

const session = { token: 'a.b.c', refreshToken: 'r1', user: 'Amina Juma', sub: 'u1' };

function jwtWith(payload: object): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.sig`;
}

afterEach(() => clearSession());

describe('session store', () => {
  it('keeps the session under its four fixed local-storage keys', () => {
    setSession(session);
    expect(localStorage.getItem('prop-token')).toBe('a.b.c');
    expect(localStorage.getItem('prop-refreshToken')).toBe('r1');
    expect(localStorage.getItem('user')).toBe('Amina Juma');
    expect(localStorage.getItem('sub')).toBe('u1');
    expect(readStoredSession()).toEqual(session);
  });

  it('is signed in only when both the user and the token are stored', () => {
    localStorage.setItem('prop-token', 't');
    localStorage.setItem('prop-refreshToken', 'r');
    localStorage.setItem('sub', 'u1');
    expect(readStoredSession()).toBeNull();
    localStorage.setItem('user', 'Amina');
    expect(readStoredSession()).toMatchObject({ token: 't', user: 'Amina' });
    localStorage.removeItem('prop-token');
    expect(readStoredSession()).toBeNull();
  });

  it('clears all four keys and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(session);
    clearSession();
    unsubscribe();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(getSession()).toBeNull();
    for (const key of ['prop-token', 'prop-refreshToken', 'user', 'sub']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('follows another tab signing out through the storage event', () => {
    setSession(session);
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: 'prop-token' }));
    expect(getSession()).toBeNull();
  });

  it('ignores storage events of unrelated keys', () => {
    setSession(session);
    localStorage.removeItem('prop-token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'makazi.language' }));
    expect(getSession()).toEqual(session);
  });
});

describe('tokenExpiry', () => {
  it('reads exp from a JWT payload, null when there is none', () => {
    expect(tokenExpiry(jwtWith({ sub: 'u1', exp: 1_900_000_000 }))).toBe(1_900_000_000);
    expect(tokenExpiry(jwtWith({ sub: 'u1' }))).toBeNull();
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry('a.%%%.c')).toBeNull();
  });
});

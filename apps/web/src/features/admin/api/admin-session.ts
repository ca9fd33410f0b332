import { useSyncExternalStore } from 'react';

/*
 * The admin's token, kept apart from the user's session (lib/session: prop-token and friends in
 * localStorage). sessionStorage, so closing the browser ends the admin session; one key of its own,
 * so signing a user in or out never touches the admin and the other way round.
 */
export const ADMIN_TOKEN_KEY = 'makazi.admin-token';

/** Why the admin session ended, for the login page's alert. */
export type TAdminSessionEnd = 'expired' | 'signedOut';

const listeners = new Set<() => void>();
let endReason: TAdminSessionEnd | null = null;
/** The server said this session may only set up two-step sign-in (production, not set up yet). */
let twoStepSetupRequired = false;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let memoryToken: string | null = null;

export function getAdminToken(): string | null {
  try {
    return storage()?.getItem(ADMIN_TOKEN_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function setAdminToken(token: string): void {
  memoryToken = token;
  endReason = null;
  twoStepSetupRequired = false;
  try {
    storage()?.setItem(ADMIN_TOKEN_KEY, token);
  } catch {
    // Full or blocked storage: the token lives in memory for this tab.
  }
  emit();
}

/** Forgets the token; `reason` tells the login page what to say. */
export function clearAdminToken(reason: TAdminSessionEnd = 'signedOut'): void {
  memoryToken = null;
  endReason = reason;
  twoStepSetupRequired = false;
  try {
    storage()?.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Nothing stored to remove.
  }
  emit();
}

/** Why the last admin session ended (null while signed in or before any session). */
export function adminSessionEndReason(): TAdminSessionEnd | null {
  return endReason;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The admin token, re-rendering when it is set or cleared (sign-in, sign-out, a 401). */
export function useAdminToken(): string | null {
  return useSyncExternalStore(subscribe, getAdminToken, () => null);
}

/**
 * Set when an admin call answers that two-step sign-in must be set up first (the admin area then
 * keeps to the profile page), cleared once it is on.
 */
export function setTwoStepSetupRequired(required: boolean): void {
  if (twoStepSetupRequired === required) return;
  twoStepSetupRequired = required;
  emit();
}

const readTwoStepSetupRequired = () => twoStepSetupRequired;

export function useTwoStepSetupRequired(): boolean {
  return useSyncExternalStore(subscribe, readTwoStepSetupRequired, () => false);
}

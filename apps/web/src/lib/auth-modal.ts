import { useSyncExternalStore } from 'react';

/**
 * The header shows a login or register popover depending on one piece of state (none,
 * login or register). It lives here, outside any feature, so the header, the guards and the sign-in
 * feature can all open and close it.
 */
export type AuthModal = 'none' | 'login' | 'register';

export interface AuthModalState {
  modal: AuthModal;
  /** Pre-fills the phone field (after registering, the login step shows the number used). */
  phoneNumber?: string;
  /** Just registered: the code goes to `phoneNumber` at once, without another tap. */
  sendCode?: boolean;
}

const listeners = new Set<() => void>();
let state: AuthModalState = { modal: 'none' };

export function getAuthModal(): AuthModalState {
  return state;
}

export function openAuthModal(
  modal: Exclude<AuthModal, 'none'>,
  phoneNumber?: string,
  options: { sendCode?: boolean } = {},
): void {
  state = phoneNumber === undefined ? { modal } : { modal, phoneNumber };
  if (phoneNumber !== undefined && options.sendCode) state.sendCode = true;
  listeners.forEach((listener) => listener());
}

export function closeAuthModal(): void {
  if (state.modal === 'none') return;
  state = { modal: 'none' };
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthModal(): AuthModalState {
  return useSyncExternalStore(subscribe, getAuthModal, getAuthModal);
}

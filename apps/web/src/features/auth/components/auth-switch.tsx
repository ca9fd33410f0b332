import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { openAuthModal } from '../../../lib/auth-modal';
import { fromState } from '../utils/return-path';

/** The popover switches forms in place; the screens are pages of their own. */
export type AuthMode = 'dialog' | 'screen';

export interface AuthSwitchProps {
  mode: AuthMode;
  to: 'login' | 'register';
  /** Carried over so the other form starts with the number already typed. */
  phoneNumber?: string;
  className?: string;
  children: ReactNode;
}

/** Login ⇄ Register: the modal's state in the popover, /login or /register on the screens. */
export function AuthSwitch({ mode, to, phoneNumber, className, children }: AuthSwitchProps) {
  const location = useLocation();
  const phone = phoneNumber?.trim() || undefined;
  if (mode === 'dialog') {
    return (
      <button
        type="button"
        className={className ?? 'auth-link'}
        onClick={() => openAuthModal(to, phone)}
      >
        {children}
      </button>
    );
  }
  return (
    <Link
      to={`/${to}`}
      // The page the visitor wanted still waits at the end of the other form.
      state={{ phoneNumber: phone, from: fromState(location.state) }}
      className={className ?? 'auth-link'}
    >
      {children}
    </Link>
  );
}

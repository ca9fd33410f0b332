import { useEffect, useMemo, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { showToast } from '../../lib/toast';

/** Where a guard sent the visitor from: the login and checkout pages send them back there. */
export interface GuardFrom {
  pathname: string;
  search: string;
  hash: string;
}

export interface GuardRedirectProps {
  to: '/login' | '/subscribe';
  /** The warning toast shown once: 'You must be logged in' or 'You must be subscribed'. */
  message: string;
}

/** A guard's answer to a visitor it stops: one toast, then a replacing redirect with the origin in state. */
export function GuardRedirect({ to, message }: GuardRedirectProps) {
  const { pathname, search, hash } = useLocation();
  const toasted = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice on the same component; the ref survives, so one toast per redirect.
    if (toasted.current) return;
    toasted.current = true;
    void showToast(message, 'warning');
  }, [message]);
  // <Navigate> navigates again whenever its state changes identity: keep one object per location.
  const state = useMemo(
    () => ({ from: { pathname, search, hash } satisfies GuardFrom }),
    [pathname, search, hash],
  );
  return <Navigate to={to} replace state={state} />;
}

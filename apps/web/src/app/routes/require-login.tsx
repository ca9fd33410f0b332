import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { useSession } from '../../lib/session';
import { GuardRedirect } from './guard-redirect';

/**
 * The login-required wrapper: anonymous visitors go to /login with the page they wanted in
 * state and the toast 'You must be logged in'. As a layout route it renders the child route; around
 * an element it renders `children`.
 */
export function RequireLogin({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return <GuardRedirect to="/login" message={t('guards.loginRequired')} />;
  return children ?? <Outlet />;
}

import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { ErrorNotice } from '../../components/error-notice';
import { useSession } from '../../lib/session';
import { useSubscriptionStatus } from '../../features/subscriptions/api/subscription-status';
import { GuardRedirect } from './guard-redirect';

export interface RequireSubscriptionProps {
  children?: ReactNode;
  /** Shown while the status is unknown; nothing by default. */
  pending?: ReactNode;
}

/**
 * The subscription-required wrapper: the login check, then the user's subscription status.
 * Unknown renders `pending`, active renders the page, inactive goes to /subscribe with the
 * origin in state and the toast 'You must be subscribed'. Works as a layout route (renders the
 * child route) and around an element (renders `children`).
 */
export function RequireSubscription({ children, pending = null }: RequireSubscriptionProps) {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSubscriptionStatus(session?.sub);

  if (!session) return <GuardRedirect to="/login" message={t('guards.loginRequired')} />;
  if (status.isPending) return pending;
  // Still unknown, but a dead end helps nobody: say what failed and offer another try.
  if (status.isError)
    return <ErrorNotice error={status.error} onRetry={() => void status.refetch()} />;
  // A "not subscribed" being asked again (the checkout marks it stale once a payment succeeds)
  // waits for the new answer, or someone who has just paid would be sent back to the plans.
  if (!status.data.isActive && status.isFetching) return pending;
  if (!status.data.isActive) {
    return <GuardRedirect to="/subscribe" message={t('guards.subscriptionRequired')} />;
  }
  return children ?? <Outlet />;
}

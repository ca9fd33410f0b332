import { useLocation } from 'react-router';
import { SubscriptionPlans } from '../../features/subscriptions/components/subscription-plans';
import { isRecord } from '../../lib/guards';

/** The guard's `from` (GuardRedirect), when it is a path inside the app. */
function fromPath(state: unknown): string | null {
  if (!isRecord(state) || !isRecord(state.from)) return null;
  const { pathname, search, hash } = state.from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//'))
    return null;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
}

export function SubscribeRoute() {
  const location = useLocation();
  return <SubscriptionPlans backTo={fromPath(location.state) ?? '/home'} />;
}

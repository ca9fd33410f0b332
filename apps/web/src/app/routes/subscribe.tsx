import { useLocation } from 'react-router';
import { PlanList } from '../../features/checkout/components/plan-list';
import { fromPath } from '../../features/checkout/utils/navigation-state';

/**
 * The /subscribe screen. `from` is the page the guard stopped the visitor on: Back goes there, and
 * so does a successful payment (Select Plan passes it on).
 */
export function SubscribeRoute() {
  const location = useLocation();
  const from = fromPath(location.state);
  return (
    <PlanList
      kind="subscription"
      backTo={from ?? '/home'}
      selectState={from ? { from } : undefined}
    />
  );
}

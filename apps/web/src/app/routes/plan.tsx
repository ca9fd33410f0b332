import { useLocation, useParams } from 'react-router';
import { CheckoutContactStep } from '../../features/auth/components/checkout-contact-step';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { fromPath, parseDays, planFromState } from '../../features/checkout/utils/navigation-state';

/**
 * /plan/{durationInDays}: the subscription checkout. An anonymous visitor gives their contact
 * details first (the auth feature's step, which signs them in); a signed-in user pays at once.
 */
export function PlanRoute() {
  const { days } = useParams();
  const location = useLocation();
  const state: unknown = location.state;
  const from = fromPath(state);
  return (
    <CheckoutPage
      kind="subscription"
      days={parseDays(days)}
      statePlan={planFromState(state)}
      returnTo={from ?? '/home'}
      navState={from ? { from } : {}}
      renderContactStep={(onSignedIn) => <CheckoutContactStep onSignedIn={onSignedIn} />}
    />
  );
}

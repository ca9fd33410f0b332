import { useLocation, useParams } from 'react-router';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { NoListingChosen } from '../../features/checkout/components/no-listing';
import {
  listingFromState,
  parseDays,
  planFromState,
} from '../../features/checkout/utils/navigation-state';

/** /promotion-plan/{durationInDays}: pay to promote the listing /promote passed on (signed in). */
export function PromotionPlanRoute() {
  const { days } = useParams();
  const location = useLocation();
  const state: unknown = location.state;
  const listing = listingFromState(state);
  if (!listing) return <NoListingChosen />;
  const property: unknown = (location.state as { property: unknown }).property;
  return (
    <CheckoutPage
      kind="promotion"
      days={parseDays(days)}
      statePlan={planFromState(state)}
      returnTo="/posts"
      navState={{ property }}
      listing={listing}
    />
  );
}

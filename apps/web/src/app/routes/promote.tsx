import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { PlanList } from '../../features/checkout/components/plan-list';
import { NoListingChosen } from '../../features/checkout/components/no-listing';
import { listingFromState } from '../../features/checkout/utils/navigation-state';

/**
 * /promote ('Choose Promotion Plan'): /posts' Promote button passes the listing in state, and
 * Select Plan passes it on to /promotion-plan/{days}.
 */
export function PromoteRoute() {
  const { t } = useTranslation('checkout');
  const location = useLocation();
  const state: unknown = location.state;
  const listing = listingFromState(state);
  if (!listing) return <NoListingChosen />;
  const property: unknown = (location.state as { property: unknown }).property;
  return (
    <PlanList
      kind="promotion"
      backTo="/posts"
      selectState={{ property }}
      intro={
        <p className="subscribe-page__listing" data-testid="promoted-listing">
          {t('promote.listing', { title: listing.title || t('promote.untitled') })}
        </p>
      }
    />
  );
}

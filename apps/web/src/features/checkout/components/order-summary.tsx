import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { TPlan, TPlanKind } from '@makazi/contracts/plans';
import { formatTzs } from '../../../lib/format';
import type { PromotedListing } from '../utils/navigation-state';

export interface OrderSummaryProps {
  plan: TPlan;
  /** What the plan buys: days of owners' numbers, or days of a promoted listing. */
  kind: TPlanKind;
  /** The listing being promoted, when the page knows it (promotion only). */
  listing?: PromotedListing;
  /** 2 where the summary opens a step (step 1), 3 under a step's own heading (payment). */
  headingLevel?: 2 | 3;
}

/**
 * What is being bought, on both steps of the checkout: what the plan gives and for how long, the
 * listing a promotion is for, the plan ('30 Days'), its price, 'Discount 0%', and the total in TZS.
 */
export function OrderSummary({ plan, kind, listing, headingLevel = 3 }: OrderSummaryProps) {
  const { t } = useTranslation('checkout');
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const count = plan.durationInDays;
  return (
    <section className="checkout-summary" aria-labelledby={headingId}>
      <Heading id={headingId} className="checkout-summary__title">
        {t('summary.title')}
      </Heading>
      <p className="checkout-summary__what" data-testid="order-what">
        {kind === 'subscription'
          ? t('summary.subscription', { count })
          : t('summary.promotion', { count })}
      </p>
      <dl className="checkout-summary__rows" data-testid="order-summary">
        {kind === 'promotion' && listing ? (
          <div className="checkout-summary__row">
            <dt>{t('summary.listing')}</dt>
            <dd className="checkout-summary__listing">{listing.title || t('promote.untitled')}</dd>
          </div>
        ) : null}
        <div className="checkout-summary__row">
          <dt>{t('summary.plan')}</dt>
          <dd>{t('days', { count })}</dd>
        </div>
        <div className="checkout-summary__row">
          <dt>{t('summary.price')}</dt>
          <dd>{formatTzs(plan.price)}</dd>
        </div>
        <div className="checkout-summary__row">
          <dt>{t('summary.discount')}</dt>
          <dd>{formatTzs(0)}</dd>
        </div>
        <div className="checkout-summary__row checkout-summary__row--total">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="order-total">{formatTzs(plan.price)}</dd>
        </div>
      </dl>
    </section>
  );
}

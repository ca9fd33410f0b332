import { useTranslation } from 'react-i18next';
import type { TPlan } from '@makazi/contracts/plans';
import { formatTzs } from '../../../lib/format';

/** The plan ('30 Days'), its price, 'Discount 0%', and the total, all in TZS. */
export function OrderSummary({ plan }: { plan: TPlan }) {
  const { t } = useTranslation('checkout');
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-heading">
      <h3 id="checkout-summary-heading" className="checkout-summary__title">
        {t('summary.title')}
      </h3>
      <dl className="checkout-summary__rows" data-testid="order-summary">
        <div className="checkout-summary__row">
          <dt>{t('summary.plan')}</dt>
          <dd>{t('days', { count: plan.durationInDays })}</dd>
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

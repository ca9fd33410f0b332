import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPlan } from '@makazi/contracts/plans';
import { ErrorNotice } from '../../../components/error-notice';
import { ArrowBackIcon } from '../../../components/icons';
import { formatTzs } from '../../../lib/format';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import './subscription-plans.css';

export interface SubscriptionPlansProps {
  /** Where Back goes: the page the guard stopped the visitor on, or home. */
  backTo: string;
  /**
   * The card's action. Spec 2's Select Plan (to /plan/{durationInDays}) arrives with the payments
   * issue's checkout; until then cards have no button rather than one that leads nowhere.
   */
  renderAction?: (plan: TPlan) => ReactNode;
}

function PlanCard({ plan, action }: { plan: TPlan; action: ReactNode }) {
  const { t } = useTranslation();
  const headingId = `plan-${plan.id}`;
  return (
    <li className="plan-card" aria-labelledby={headingId} data-testid="plan-card">
      <h2 id={headingId} className="plan-card__duration">
        {t('subscribe.days', { count: plan.durationInDays })}
      </h2>
      <p className="plan-card__price">{formatTzs(plan.price)}</p>
      {plan.features.length > 0 ? (
        <ul className="plan-card__features">
          {plan.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ) : null}
      {action}
    </li>
  );
}

/** Spec 2 /subscribe: 'Choose Property Viewing Subscription', a Back button and the plan cards. */
export function SubscriptionPlans({ backTo, renderAction }: SubscriptionPlansProps) {
  const { t, i18n } = useTranslation();
  const plans = useSubscriptionPlans(i18n.language);

  let body: ReactNode;
  if (plans.isPending) {
    body = (
      <p role="status" className="text-secondary">
        {t('loading')}
      </p>
    );
  } else if (plans.isError) {
    body = <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />;
  } else if (plans.data.length === 0) {
    body = <p className="text-secondary">{t('subscribe.empty')}</p>;
  } else {
    body = (
      <>
        <ul className="plan-grid">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan} action={renderAction?.(plan)} />
          ))}
        </ul>
        {renderAction ? null : (
          <p className="subscribe-page__note text-secondary">{t('subscribe.checkoutSoon')}</p>
        )}
      </>
    );
  }

  return (
    <section className="subscribe-page" aria-labelledby="subscribe-heading">
      <title>{t('subscribe.title')}</title>
      <Link to={backTo} className="btn subscribe-page__back">
        <ArrowBackIcon />
        {t('subscribe.back')}
      </Link>
      <h1 id="subscribe-heading">{t('subscribe.title')}</h1>
      {body}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TPlan, TPlanKind } from '@makazi/contracts/plans';
import { ErrorNotice } from '../../../components/error-notice';
import { ArrowBackIcon } from '../../../components/icons';
import { formatTzs } from '../../../lib/format';
import { usePlans } from '../api/plans';
import { checkoutPath } from '../utils/navigation-state';
import './plan-list.css';

export interface PlanListProps {
  /** Subscription plans (/subscribe) or promotion plans (/promote). */
  kind: TPlanKind;
  /** Where Back goes. */
  backTo: string;
  /** State Back passes (the listing, for /posts it is nothing). */
  backState?: unknown;
  /** What Select Plan passes on besides the plan: the origin to return to, the listing. */
  selectState?: Record<string, unknown>;
  /** Shown under the title: the listing being promoted. */
  intro?: ReactNode;
}

function PlanCard({ plan, action }: { plan: TPlan; action: ReactNode }) {
  const { t } = useTranslation('checkout');
  const headingId = `plan-${plan.id}`;
  return (
    <li className="plan-card" aria-labelledby={headingId} data-testid="plan-card">
      <h2 id={headingId} className="plan-card__duration">
        {t('days', { count: plan.durationInDays })}
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

/**
 * The /subscribe ('Choose Property Viewing Subscription') and /promote ('Choose Promotion
 * Plan'): a Back button and the plan cards, each with Select Plan to the plan's checkout.
 */
export function PlanList({ kind, backTo, backState, selectState, intro }: PlanListProps) {
  const { t, i18n, ready } = useTranslation('checkout');
  const { t: tCommon } = useTranslation();
  const plans = usePlans(kind, i18n.language);
  const title = kind === 'subscription' ? t('subscribe.title') : t('promote.title');

  if (!ready) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }

  let body: ReactNode;
  if (plans.isPending) {
    body = (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  } else if (plans.isError) {
    body = <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />;
  } else if (plans.data.length === 0) {
    body = (
      <p className="text-secondary">
        {kind === 'subscription' ? t('subscribe.empty') : t('promote.empty')}
      </p>
    );
  } else {
    body = (
      <ul className="plan-grid">
        {plans.data.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={
              <Link
                to={checkoutPath(kind, plan.durationInDays)}
                state={{ ...selectState, plan }}
                aria-describedby={`plan-${plan.id}`}
                className="btn btn--contained plan-card__select"
              >
                {t('selectPlan')}
              </Link>
            }
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="subscribe-page" aria-labelledby="subscribe-heading">
      <title>{title}</title>
      <Link to={backTo} state={backState} className="btn subscribe-page__back">
        <ArrowBackIcon />
        {t('back')}
      </Link>
      <h1 id="subscribe-heading">{title}</h1>
      {intro}
      {body}
    </section>
  );
}

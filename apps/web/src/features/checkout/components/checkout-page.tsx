import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import type { TPlan, TPlanKind } from '@makazi/contracts/plans';
import type { TPaymentAccepted } from '@makazi/contracts/payments';
import type { TMobileMoneyNetwork } from '@makazi/contracts/payment-values';
import { ErrorNotice } from '../../../components/error-notice';
import { ArrowBackIcon } from '../../../components/icons';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { accountQueryKey } from '../../../lib/sign-out';
import { subscribedReturnState } from '../../../lib/subscribed-return';
import { showToast } from '../../../lib/toast';
import {
  createPromotionPayment,
  createSubscriptionPayment,
  type PayerDetails,
} from '../api/payments';
import { usePlans } from '../api/plans';
import { plansPath, type PromotedListing } from '../utils/navigation-state';
import {
  readPendingPayment,
  savePendingPayment,
  type PendingPayment,
} from '../utils/pending-payment';
import { OrderSummary } from './order-summary';
import { PaymentStep } from './payment-step';
import { PaymentWait } from './payment-wait';
import './checkout.css';

export interface CheckoutPageProps {
  kind: TPlanKind;
  /** The plan's durationInDays from the URL; null when the URL holds no valid number. */
  days: number | null;
  /** The plan the plan list passed, drawn before the list arrives. */
  statePlan: TPlan | null;
  /** Where a successful payment goes. */
  returnTo: string;
  /** The state the page passes on: to the other plans' links and Back (origin, listing). */
  navState: Record<string, unknown>;
  /** The listing being promoted (promotion only). */
  listing?: PromotedListing;
  /**
   * Step 1 for an anonymous visitor (contact details, a texted code, a session), composed by the
   * route from the auth feature. `onSignedIn` moves focus on to step 2.
   */
  renderContactStep?: (onSignedIn: () => void) => ReactNode;
}

/**
 * /plan/{days} and /promotion-plan/{days}: contact details for an anonymous visitor, then the
 * payment form, then the wait for the PIN. A payment still pending in this tab is resumed instead
 * of offering to pay again.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const { kind, listing, navState } = props;
  const { t, ready } = useTranslation('checkout');
  const { t: tCommon } = useTranslation();
  const session = useSession();
  // A visitor who filled in step 1 on this page sees 'Step 2 of 2', with focus moved to it.
  const [startedAnonymous] = useState(() => session === null);
  const [signedInHere, setSignedInHere] = useState(false);
  const onSignedIn = useCallback(() => setSignedInHere(true), []);

  if (!ready) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }

  const title = kind === 'subscription' ? t('subscribe.checkoutTitle') : t('promote.checkoutTitle');
  const backState = kind === 'subscription' ? { from: props.returnTo } : navState;
  return (
    <section className="checkout" aria-labelledby="checkout-heading">
      <title>{title}</title>
      <Link to={plansPath(kind)} state={backState} className="btn checkout__back">
        <ArrowBackIcon />
        {t('back')}
      </Link>
      <h1 id="checkout-heading">{title}</h1>
      {listing ? (
        <p className="checkout__listing" data-testid="promoted-listing">
          {t('promote.listing', { title: listing.title || t('promote.untitled') })}
        </p>
      ) : null}
      {session ? (
        <SignedInCheckout
          // Another user signing in on this tab starts afresh.
          key={session.sub}
          {...props}
          userId={session.sub}
          backState={backState}
          focusPayment={startedAnonymous || signedInHere}
        />
      ) : (
        <AnonymousCheckout {...props} onSignedIn={onSignedIn} />
      )}
    </section>
  );
}

/** The plan of the URL: from the list, or the one the list page passed while the list loads. */
function usePlanOfPage(kind: TPlanKind, days: number | null, statePlan: TPlan | null) {
  const { i18n } = useTranslation();
  const plans = usePlans(kind, i18n.language);
  const fromList = plans.data?.find((plan) => plan.durationInDays === days);
  const fallback = statePlan && statePlan.durationInDays === days ? statePlan : null;
  return { plans, plan: fromList ?? (plans.data ? null : fallback) };
}

function PlanGate({
  kind,
  days,
  statePlan,
  backState,
  children,
}: {
  kind: TPlanKind;
  days: number | null;
  statePlan: TPlan | null;
  backState: unknown;
  children: (plan: TPlan, plans: TPlan[]) => ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const { t: tCommon } = useTranslation();
  const { plans, plan } = usePlanOfPage(kind, days, statePlan);
  if (plan) return children(plan, plans.data ?? [plan]);
  if (plans.isPending) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }
  if (plans.isError)
    return <ErrorNotice error={plans.error} onRetry={() => void plans.refetch()} />;
  const text = kind === 'subscription' ? 'subscribe' : 'promote';
  return (
    <div className="checkout-missing" data-testid="plan-not-found">
      <h2>{t(`${text}.notFound`)}</h2>
      <p className="text-secondary">{t(`${text}.notFoundText`, { days: days ?? '?' })}</p>
      <Link to={plansPath(kind)} state={backState} className="btn btn--contained">
        {t(`${text}.toPlans`)}
      </Link>
    </div>
  );
}

function AnonymousCheckout({
  kind,
  days,
  statePlan,
  navState,
  returnTo,
  listing,
  renderContactStep,
  onSignedIn,
}: CheckoutPageProps & { onSignedIn: () => void }) {
  const { t } = useTranslation('checkout');
  const backState = kind === 'subscription' ? { from: returnTo } : navState;
  return (
    <PlanGate kind={kind} days={days} statePlan={statePlan} backState={backState}>
      {(plan) => (
        // What is being bought comes first; the auth feature's step brings its own heading ('Your
        // contact details'), at the same level as the summary's.
        <div className="checkout-step" data-testid="checkout-contact-step">
          <OrderSummary plan={plan} kind={kind} listing={listing} headingLevel={2} />
          <p className="checkout-step__progress">{t('steps.contact')}</p>
          {renderContactStep?.(onSignedIn)}
        </div>
      )}
    </PlanGate>
  );
}

function SignedInCheckout({
  kind,
  days,
  statePlan,
  navState,
  returnTo,
  listing,
  userId,
  backState,
  focusPayment,
}: CheckoutPageProps & { userId: string; backState: unknown; focusPayment: boolean }) {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingPayment | null>(() =>
    readPendingPayment(kind, userId),
  );
  const [attempt, setAttempt] = useState(0);
  /** The network of the payment that did not go: Try again keeps it chosen. */
  const [lastProvider, setLastProvider] = useState<TMobileMoneyNetwork | undefined>(undefined);

  const onSucceeded = useCallback(() => {
    // The subscription status (the guard's), the user's posts and their promotion dates.
    void queryClient.invalidateQueries({
      queryKey: accountQueryKey(userId),
      // The settled payment itself needs no second look.
      predicate: (query) => query.queryKey[2] !== 'payment',
    });
    if (kind === 'promotion')
      void queryClient.invalidateQueries({ queryKey: [LISTINGS_QUERY_SCOPE] });
    void showToast(
      kind === 'subscription' ? t('subscribe.success') : t('promote.success'),
      'success',
    );
    void navigate(pending?.returnTo ?? returnTo, {
      replace: true,
      // The page the guard stopped the subscriber on shows what they paid for at once.
      ...(kind === 'subscription' ? { state: subscribedReturnState() } : {}),
    });
  }, [queryClient, userId, kind, t, navigate, pending?.returnTo, returnTo]);

  if (pending) {
    return (
      <PaymentWait
        pending={pending}
        onSucceeded={onSucceeded}
        onTryAgain={() => {
          setLastProvider(pending.provider);
          setPending(null);
          setAttempt((count) => count + 1);
        }}
        backTo={plansPath(kind)}
        backState={backState}
      />
    );
  }

  return (
    <PlanGate kind={kind} days={days} statePlan={statePlan} backState={backState}>
      {(plan, plans) => {
        const send = (details: PayerDetails): Promise<TPaymentAccepted> =>
          kind === 'subscription'
            ? createSubscriptionPayment({ ...details, userId, planId: plan.id })
            : createPromotionPayment(listing?.id ?? '', { ...details, promotionPlanId: plan.id });
        const onAccepted = (accepted: TPaymentAccepted, details: PayerDetails) => {
          const next: PendingPayment = {
            paymentId: accepted.paymentId,
            kind,
            userId,
            returnTo,
            amount: plan.price,
            provider: details.provider,
            durationInDays: plan.durationInDays,
            ...(listing ? { listingTitle: listing.title } : {}),
          };
          savePendingPayment(next);
          setPending(next);
        };
        return (
          <PaymentStep
            // A new plan or a new try is a new checkout attempt, with a new idempotency key.
            key={`${plan.id}:${attempt}`}
            kind={kind}
            userId={userId}
            plan={plan}
            plans={plans}
            listing={listing}
            navState={navState}
            numbered={focusPayment}
            focusOnMount={focusPayment || attempt > 0}
            initialProvider={lastProvider}
            send={send}
            onAccepted={onAccepted}
          />
        );
      }}
    </PlanGate>
  );
}

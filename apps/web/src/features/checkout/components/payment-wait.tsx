import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TPayment } from '@makazi/contracts/payments';
import { MOBILE_MONEY_NETWORK_NAMES } from '@makazi/contracts/payment-values';
import { formatTzs } from '../../../lib/format';
import { isPaymentGone, usePayment } from '../api/payments';
import { clearPendingPayment, type PendingPayment } from '../utils/pending-payment';

export interface PaymentWaitProps {
  pending: PendingPayment;
  /** The payment went through: the page refreshes what it granted and leaves. */
  onSucceeded: (payment: TPayment) => void;
  /** Back to the form, with a new checkout attempt. */
  onTryAgain: () => void;
  /** The way out when the user does not want to try again. */
  backTo: string;
  backState?: unknown;
}

/**
 * After the checkout: 'Check your phone and enter your PIN' while GET /api/payments/{id} says
 * pending (asked every two seconds), then the way on. A check that fails on the network is not an
 * answer: the screen says it is still checking and keeps asking.
 */
export function PaymentWait({
  pending,
  onSucceeded,
  onTryAgain,
  backTo,
  backState,
}: PaymentWaitProps) {
  const { t } = useTranslation('checkout');
  const query = usePayment(pending.userId, pending.paymentId);
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = useRef(false);
  const payment = query.data;
  const gone = query.isError && isPaymentGone(query.error);
  const status = gone ? 'gone' : (payment?.status ?? 'pending');

  useEffect(() => {
    heading.current?.focus();
  }, [status]);

  useEffect(() => {
    if (status === 'pending' || settled.current) return;
    settled.current = true;
    clearPendingPayment(pending.paymentId);
    if (status === 'succeeded' && payment) onSucceeded(payment);
  }, [status, payment, pending.paymentId, onSucceeded]);

  if (status === 'pending' || status === 'succeeded') {
    const amount = formatTzs(payment?.amount ?? pending.amount);
    const network = MOBILE_MONEY_NETWORK_NAMES[payment?.provider ?? pending.provider];
    return (
      <section className="checkout-wait" aria-labelledby="checkout-wait-heading">
        <div
          role="status"
          aria-live="polite"
          className="checkout-wait__status"
          data-testid="payment-wait"
        >
          <h2 id="checkout-wait-heading" ref={heading} tabIndex={-1}>
            {t('wait.title')}
          </h2>
          <p>{t('wait.text', { amount, network })}</p>
          {query.isError ? (
            <p className="checkout-wait__checking" data-testid="payment-checking">
              {t('wait.checking')}
            </p>
          ) : null}
        </div>
        <div className="checkout-wait__progress" aria-hidden="true">
          <div className="checkout-wait__bar" />
        </div>
        <p className="text-secondary">{t('wait.keepOpen')}</p>
      </section>
    );
  }

  if (status === 'cancelled' || status === 'needs_review') {
    // Said in the reader's words: the server's reason for these two is for the finance records.
    const held = status === 'needs_review';
    return (
      <section className="checkout-wait" aria-labelledby="checkout-wait-heading">
        <div role="alert" className="checkout-wait__failure" data-testid="payment-result">
          <h2 id="checkout-wait-heading" ref={heading} tabIndex={-1}>
            {held ? t('result.needsReview') : t('result.cancelled')}
          </h2>
          <p>{held ? t('result.needsReviewText') : t('result.cancelledText')}</p>
        </div>
        <div className="checkout-actions">
          {held ? (
            <Link to="/support" className="btn btn--contained">
              {t('result.contactSupport')}
            </Link>
          ) : (
            <button type="button" className="btn btn--contained" onClick={onTryAgain}>
              {t('result.tryAgain')}
            </button>
          )}
          <Link to={backTo} state={backState} className="btn">
            {t('result.otherPlans')}
          </Link>
        </div>
      </section>
    );
  }

  const title =
    status === 'failed'
      ? t('result.failed')
      : status === 'expired'
        ? t('result.expired')
        : t('result.gone');
  // Our own words for why, in the reader's language: never the provider's (issue 41).
  const failure = payment?.failure;
  const why = failure
    ? t(`result.failures.${failure}`)
    : status === 'failed'
      ? t('result.failedText')
      : status === 'expired'
        ? t('result.expiredText')
        : t('result.goneText');
  return (
    <section className="checkout-wait" aria-labelledby="checkout-wait-heading">
      <div role="alert" className="checkout-wait__failure">
        <h2 id="checkout-wait-heading" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <p>{why}</p>
      </div>
      <div className="checkout-actions">
        <button type="button" className="btn btn--contained" onClick={onTryAgain}>
          {t('result.tryAgain')}
        </button>
        <Link to={backTo} state={backState} className="btn">
          {t('result.otherPlans')}
        </Link>
      </div>
    </section>
  );
}

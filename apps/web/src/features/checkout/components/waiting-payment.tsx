import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { MOBILE_MONEY_NETWORK_NAMES, type TPaymentStatus } from '@makazi/contracts/payment-values';
import { isApiError } from '../../../lib/api-client';
import { formatTzs } from '../../../lib/format';
import { cancelPayment, isPaymentGone, paymentQueryOptions, usePayment } from '../api/payments';

export interface WaitingPaymentProps {
  userId: string;
  /** The user's payment that still waits for the payer (the checkout's 409 named it). */
  paymentId: string;
  /** It was cancelled here: the form may send a new checkout. */
  onCancelled: () => void;
  /** It has ended: the same checkout is sent again. */
  onTryAgain: () => void;
  /** That new try is on its way. */
  sending: boolean;
}

type EndedStatus = Exclude<TPaymentStatus, 'pending'>;

/**
 * A checkout refused because another payment of the user's still waits for an answer on the
 * phone (one at a time, so nobody approves two prompts by mistake): Cancel ends that one at once;
 * Try again sends the checkout again once it has ended, which the page asks about every two
 * seconds as it does for its own payment.
 */
export function WaitingPayment({
  userId,
  paymentId,
  onCancelled,
  onTryAgain,
  sending,
}: WaitingPaymentProps) {
  const { t } = useTranslation('checkout');
  const queryClient = useQueryClient();
  const query = usePayment(userId, paymentId);
  const [cancelling, setCancelling] = useState(false);
  const [cancelFailed, setCancelFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const ids = useId();
  const headingId = `${ids}-heading`;
  const hintId = `${ids}-hint`;
  const payment = query.data;
  const gone = query.isError && isPaymentGone(query.error);
  const ended = gone || (payment !== undefined && payment.status !== 'pending');

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function cancel() {
    if (cancelling) return;
    setCancelling(true);
    setCancelFailed(false);
    try {
      const cancelled = await cancelPayment(paymentId);
      queryClient.setQueryData(paymentQueryOptions(userId, paymentId).queryKey, cancelled);
      onCancelled();
    } catch (error) {
      // No longer pending: it ended meanwhile, and asking again says how.
      if (isApiError(error) && error.status === 409) void query.refetch();
      else setCancelFailed(true);
    } finally {
      setCancelling(false);
    }
  }

  let text: string;
  if (gone) text = t('waiting.endedUnknown');
  else if (payment && ended) {
    text = t('waiting.ended', {
      status: t(`waiting.statuses.${payment.status as EndedStatus}`),
    });
  } else if (payment) {
    text = t('waiting.text', {
      amount: formatTzs(payment.amount),
      network: MOBILE_MONEY_NETWORK_NAMES[payment.provider],
    });
  } else text = t('waiting.textUnknown');

  return (
    <section className="checkout-waiting" aria-labelledby={headingId} data-testid="payment-waiting">
      <div role="alert" className="checkout-waiting__text">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="checkout-waiting__title">
          {t('waiting.title')}
        </h3>
        <p data-testid="payment-waiting-text">{text}</p>
        {cancelFailed ? <p className="checkout-form__error">{t('waiting.cancelFailed')}</p> : null}
      </div>
      <div className="checkout-actions">
        {ended ? null : (
          <button
            type="button"
            className="btn btn--contained"
            aria-disabled={cancelling || undefined}
            onClick={() => void cancel()}
          >
            {cancelling ? t('waiting.cancelling') : t('waiting.cancel')}
          </button>
        )}
        <button
          type="button"
          className={ended ? 'btn btn--contained' : 'btn'}
          // Focusable and announced while it waits, with the reason beside it.
          aria-disabled={!ended || sending || undefined}
          aria-describedby={ended ? undefined : hintId}
          onClick={() => {
            if (ended && !sending) onTryAgain();
          }}
        >
          {sending ? t('form.sending') : t('waiting.tryAgain')}
        </button>
      </div>
      {ended ? null : (
        <p id={hintId} className="checkout-form__hint text-secondary">
          {t('waiting.tryAgainHint')}
        </p>
      )}
    </section>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TPlan, TPlanKind } from '@makazi/contracts/plans';
import type { TPaymentAccepted } from '@makazi/contracts/payments';
import {
  CHECKOUT_LIMIT_MESSAGE,
  MOBILE_MONEY_NETWORKS,
  MOBILE_MONEY_NETWORK_NAMES,
  PAYER_PHONE_LIMIT_MESSAGE,
  PAYMENT_PHONE_MESSAGE,
  type TMobileMoneyNetwork,
} from '@makazi/contracts/payment-values';
import { isApiError } from '../../../lib/api-client';
import { formatTzs } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import type { PayerDetails } from '../api/payments';
import { useAccountPhone } from '../hooks/use-account-phone';
import { isPayerPhone, localPhone, normalisePayerPhone } from '../utils/phone';
import { checkoutPath, type PromotedListing } from '../utils/navigation-state';
import { OrderSummary } from './order-summary';
import { WaitingPayment } from './waiting-payment';

export interface PaymentStepProps {
  kind: TPlanKind;
  userId: string;
  plan: TPlan;
  /** Every plan of this kind, for the compact 'Other plans' switch. */
  plans: TPlan[];
  /** The listing being promoted (promotion only), named in the summary. */
  listing?: PromotedListing;
  /** The navigation state the other plans' links pass on (origin, listing). */
  navState: Record<string, unknown>;
  /** 'Step 2 of 2' after the contact step, plain 'Payment' for a user who was signed in. */
  numbered: boolean;
  /** Move focus to the step's heading when it appears (after step 1, after Try again). */
  focusOnMount: boolean;
  /** The network chosen for the payment before (Try again): chosen again. */
  initialProvider?: TMobileMoneyNetwork;
  /** Sends the checkout: POST /api/subscription/create or /api/properties/{id}/promote. */
  send: (details: PayerDetails) => Promise<TPaymentAccepted>;
  /** The server accepted the checkout: wait for the phone. */
  onAccepted: (accepted: TPaymentAccepted, details: PayerDetails) => void;
}

type FieldErrors = { provider?: string; phone?: string };

function isNetwork(value: string): value is TMobileMoneyNetwork {
  return (MOBILE_MONEY_NETWORKS as readonly string[]).includes(value);
}

/**
 * Step 2: the network, the payer's phone, the order summary and the payment method. One
 * idempotency key per checkout attempt: a double tap or a retry after a lost answer sends the same
 * key, so the server never pushes twice. The key lives as long as this step; Try again after a
 * failed payment mounts a new step, hence a new key.
 */
export function PaymentStep({
  kind,
  userId,
  plan,
  plans,
  listing,
  navState,
  numbered,
  focusOnMount,
  initialProvider,
  send,
  onAccepted,
}: PaymentStepProps) {
  const { t } = useTranslation('checkout');
  const { t: tCommon } = useTranslation();
  const accountPhone = useAccountPhone(userId);
  const [provider, setProvider] = useState<string>(initialProvider ?? '');
  const [phone, setPhone] = useState('');
  const [phoneTouched, setPhoneTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  /** Another payment of the user's waits for the payer: the checkout was refused for it. */
  const [waitingId, setWaitingId] = useState<string | null>(null);
  /** Said once the waiting payment was cancelled here. */
  const [notice, setNotice] = useState<string | null>(null);
  /** Pay takes the focus when it comes back, after the waiting payment was cancelled. */
  const focusPayWhenShown = useRef(false);
  const idempotencyKey = useRef<string | null>(null);
  const inFlight = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const providerSelect = useRef<HTMLSelectElement>(null);
  const ids = useId();
  const providerId = `${ids}-provider`;
  const providerErrorId = `${ids}-provider-error`;
  const phoneId = `${ids}-phone`;
  const phoneHintId = `${ids}-phone-hint`;
  const phoneErrorId = `${ids}-phone-error`;
  const formErrorId = `${ids}-form-error`;

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  // The user's own number, once known, unless they have typed one already.
  const shownPhone = phoneTouched ? phone : phone || (accountPhone ? localPhone(accountPhone) : '');

  const createFailed =
    kind === 'subscription' ? t('subscribe.createFailed') : t('promote.createFailed');

  function waitText(seconds: number): string {
    if (seconds < 60) return t('time.seconds', { count: Math.max(1, seconds) });
    if (seconds < 3600) return t('time.minutes', { count: Math.ceil(seconds / 60) });
    return t('time.hours', { count: Math.ceil(seconds / 3600) });
  }

  function describeFailure(error: unknown): { field: FieldErrors; detail: string | null } {
    if (!isApiError(error)) return { field: {}, detail: tCommon('errors.generic') };
    if (error.code === 'NETWORK') return { field: {}, detail: tCommon('errors.NETWORK') };
    if (error.code === 'TIMEOUT') return { field: {}, detail: tCommon('errors.TIMEOUT') };
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds;
      if (seconds === undefined) return { field: {}, detail: t('form.rateLimitedSoon') };
      // The server's two checkout limits, recognised by their words, said in the reader's language.
      if (error.message.startsWith(PAYER_PHONE_LIMIT_MESSAGE)) {
        return { field: {}, detail: t('form.phoneLimited', { time: waitText(seconds) }) };
      }
      if (error.message.startsWith(CHECKOUT_LIMIT_MESSAGE)) {
        return { field: {}, detail: t('form.checkoutLimited', { time: waitText(seconds) }) };
      }
      return { field: {}, detail: t('form.rateLimited', { seconds }) };
    }
    if (error.status === 400 && error.details.length > 0) {
      const field: FieldErrors = {};
      const others: string[] = [];
      for (const detail of error.details) {
        const name = detail.field.split('.').pop();
        if (name === 'phoneNumber') {
          field.phone =
            detail.message === PAYMENT_PHONE_MESSAGE ? t('form.phoneInvalid') : detail.message;
        } else if (name === 'provider') {
          field.provider = detail.message;
        } else {
          others.push(detail.message);
        }
      }
      return { field, detail: others.length > 0 ? others.join(' ') : null };
    }
    if (error.status >= 500) return { field: {}, detail: tCommon('errors.generic') };
    // 409 (the listing is not approved), 403, 404: the server's own words.
    return { field: {}, detail: error.message };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await pay();
  }

  /** Checks the form and sends the checkout: from Pay, and from Try again after a waiting one. */
  async function pay() {
    // A double tap: the first submit is on its way, the second does nothing.
    if (inFlight.current) return;
    const errors: FieldErrors = {};
    if (!isNetwork(provider)) errors.provider = t('form.providerRequired');
    if (!isPayerPhone(shownPhone)) errors.phone = t('form.phoneInvalid');
    setFieldErrors(errors);
    setFormError(null);
    if (errors.provider || errors.phone) {
      (errors.provider ? providerSelect : phoneInput).current?.focus();
      return;
    }
    if (!isNetwork(provider)) return;
    inFlight.current = true;
    setSending(true);
    setNotice(null);
    // Made once for this attempt; kept when the same submit is retried after a lost answer.
    idempotencyKey.current ??= crypto.randomUUID();
    const details: PayerDetails = {
      phoneNumber: normalisePayerPhone(shownPhone),
      provider,
      idempotencyKey: idempotencyKey.current,
    };
    try {
      const accepted = await send(details);
      onAccepted(accepted, details);
    } catch (error) {
      // One payment waits at a time: this one was refused for the payment the answer names.
      if (isApiError(error) && error.status === 409 && error.paymentId) {
        setWaitingId(error.paymentId);
        return;
      }
      setWaitingId(null);
      const { field, detail } = describeFailure(error);
      setFieldErrors(field);
      setFormError(detail ?? '');
      void showToast(createFailed, 'error');
      if (field.phone) phoneInput.current?.focus();
      else if (field.provider) providerSelect.current?.focus();
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }

  const otherPlans = plans.filter((other) => other.id !== plan.id);
  const phoneDescribers = [phoneHintId, fieldErrors.phone ? phoneErrorId : null]
    .filter(Boolean)
    .join(' ');

  return (
    <section className="checkout-step" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`} ref={heading} tabIndex={-1} className="checkout-step__title">
        {numbered ? t('steps.payment') : t('steps.paymentOnly')}
      </h2>
      <OrderSummary plan={plan} kind={kind} listing={listing} />
      {otherPlans.length > 0 ? (
        <nav className="checkout-plans" aria-label={t('form.otherPlans')}>
          <p className="checkout-plans__label text-secondary">{t('form.otherPlans')}</p>
          <ul className="checkout-plans__list">
            {otherPlans.map((other) => (
              <li key={other.id}>
                <Link
                  to={checkoutPath(kind, other.durationInDays)}
                  state={{ ...navState, plan: other }}
                  replace
                  className="btn btn--small checkout-plans__link"
                >
                  {t('days', { count: other.durationInDays })} · {formatTzs(other.price)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <form
        className="checkout-form"
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-describedby={formError !== null ? formErrorId : undefined}
      >
        <div className="field">
          <label className="field__label" htmlFor={providerId}>
            {t('form.provider')}
          </label>
          <select
            ref={providerSelect}
            id={providerId}
            className="field__control"
            value={provider}
            onChange={(event) => {
              setProvider(event.target.value);
              setFieldErrors((current) => ({ ...current, provider: undefined }));
            }}
            aria-invalid={fieldErrors.provider ? true : undefined}
            aria-describedby={fieldErrors.provider ? providerErrorId : undefined}
            required
          >
            <option value="" disabled>
              {t('form.providerPlaceholder')}
            </option>
            {MOBILE_MONEY_NETWORKS.map((network) => (
              <option key={network} value={network}>
                {MOBILE_MONEY_NETWORK_NAMES[network]}
              </option>
            ))}
          </select>
          {fieldErrors.provider ? (
            <p id={providerErrorId} className="checkout-form__error" role="alert">
              {fieldErrors.provider}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={phoneId}>
            {t('form.phone')}
          </label>
          <input
            ref={phoneInput}
            id={phoneId}
            className="field__control"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={shownPhone}
            onChange={(event) => {
              setPhoneTouched(true);
              setPhone(event.target.value);
              setFieldErrors((current) => ({ ...current, phone: undefined }));
            }}
            aria-invalid={fieldErrors.phone ? true : undefined}
            aria-describedby={phoneDescribers}
            required
          />
          <p id={phoneHintId} className="checkout-form__hint text-secondary">
            {t('form.phoneHint')}
          </p>
          {fieldErrors.phone ? (
            <p id={phoneErrorId} className="checkout-form__error" role="alert">
              {fieldErrors.phone}
            </p>
          ) : null}
        </div>
        <fieldset className="checkout-method">
          <legend className="field__label">{t('form.method')}</legend>
          <label className="checkout-method__option">
            <input type="radio" name="method" value="mobile" checked readOnly />
            {t('form.mobilePayment')}
          </label>
        </fieldset>
        {formError !== null ? (
          <div id={formErrorId} role="alert" className="checkout-form__failure">
            <p className="checkout-form__failure-title">{createFailed}</p>
            {formError ? <p>{formError}</p> : null}
          </div>
        ) : null}
        {notice ? (
          <p role="status" className="checkout-form__notice" data-testid="payment-notice">
            {notice}
          </p>
        ) : null}
        {waitingId ? (
          <WaitingPayment
            // A new refusal naming another payment starts afresh.
            key={waitingId}
            userId={userId}
            paymentId={waitingId}
            sending={sending}
            onCancelled={() => {
              focusPayWhenShown.current = true;
              setWaitingId(null);
              setNotice(t('waiting.cancelled'));
            }}
            onTryAgain={() => void pay()}
          />
        ) : (
          <button
            ref={(button) => {
              if (button && focusPayWhenShown.current) {
                focusPayWhenShown.current = false;
                button.focus();
              }
            }}
            type="submit"
            className="btn btn--contained checkout-form__submit"
            aria-disabled={sending || undefined}
          >
            {sending ? t('form.sending') : t('form.pay', { amount: formatTzs(plan.price) })}
          </button>
        )}
      </form>
    </section>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { OTP_LENGTH } from '@makazi/contracts/auth-values';
import { isApiError } from '../../../lib/api-client';
import { refocus, useModalDialog } from '../../../lib/use-modal-dialog';
import { useTranslation } from '../../../lib/use-translation';
import { useSendOwnerPhoneCode, useVerifyOwnerPhone } from '../api/owner-phones';
import { formatClock, useCountdown } from '../../../lib/use-countdown';
import { maskPhone } from '../utils/owner-phone';
import '../../../components/dialog.css';

export interface VerifyPhoneDialogProps {
  /** The signed-in user: whose listings are asked for again once the number is verified. */
  sub: string;
  /** The number to verify (the listing's ownerPhoneNumber); null while the dialog is closed. */
  phoneNumber: string | null;
  onCancel: () => void;
  /** The number is verified and the listings were asked for again. */
  onVerified: () => void;
}

/** The code sent: when another may be asked for (Date.now() value). */
interface Challenge {
  resendAt: number;
  resendInSeconds: number;
}

/** Why sending or checking a code failed, in the reader's words. */
function useFailureText() {
  const { t } = useTranslation('posts');
  const { t: tCommon } = useTranslation();
  return (error: unknown, call: 'send' | 'verify'): string => {
    if (!isApiError(error)) return tCommon('errors.generic');
    if (error.code === 'NETWORK') return tCommon('errors.NETWORK');
    if (error.code === 'TIMEOUT') return tCommon('errors.TIMEOUT');
    if (call === 'verify') {
      if (error.code === 'OTP_INVALID') return t('verify.errors.invalid');
      if (error.code === 'OTP_EXPIRED') return t('verify.errors.expired');
      if (error.status === 429) return t('verify.errors.locked');
      return t('verify.errors.verifyFailed');
    }
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds;
      return seconds !== undefined && seconds <= 60
        ? t('verify.errors.tooSoon', { time: formatClock(seconds) })
        : t('verify.errors.tooMany');
    }
    if (error.status === 503) return t('verify.errors.unavailable');
    if (error.status === 400) return t('verify.errors.notYours');
    return t('verify.errors.sendFailed');
  };
}

function ResendButton({
  challenge,
  disabled,
  onResend,
}: {
  challenge: Challenge;
  disabled: boolean;
  onResend: () => void;
}) {
  const { t } = useTranslation('posts');
  const remaining = useCountdown(challenge.resendAt, challenge.resendInSeconds);
  return (
    <button type="button" className="btn" disabled={disabled || remaining > 0} onClick={onResend}>
      {remaining > 0 ? t('verify.resendIn', { time: formatClock(remaining) }) : t('verify.resend')}
    </button>
  );
}

function VerifyForm({
  sub,
  phoneNumber,
  titleId,
  cancelId,
  onCancel,
  onVerified,
}: Omit<VerifyPhoneDialogProps, 'phoneNumber'> & {
  phoneNumber: string;
  titleId: string;
  cancelId: string;
}) {
  const { t } = useTranslation('posts');
  const failureText = useFailureText();
  const send = useSendOwnerPhoneCode(sub);
  const verify = useVerifyOwnerPhone(sub);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const errorId = useId();
  const pending = send.isPending || verify.isPending;
  const masked = maskPhone(phoneNumber);
  const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

  // A code is on its way (or a new one): the owner types it next.
  useEffect(() => {
    if (challenge) codeField.current?.focus();
  }, [challenge]);

  const sendCode = () => {
    setFailure(null);
    send.mutate(
      { phoneNumber },
      {
        onSuccess: (answer) => {
          if (answer.verified) {
            onVerified();
            return;
          }
          const seconds = answer.resendInSeconds ?? 60;
          setCode('');
          setChecked(false);
          setChallenge({ resendAt: Date.now() + seconds * 1000, resendInSeconds: seconds });
        },
        onError: (error) => {
          setFailure(failureText(error, 'send'));
          // Asked again within the minute: the code sent before still works, so it can be typed.
          const seconds = isApiError(error) ? error.retryAfterSeconds : undefined;
          if (!challenge && isApiError(error) && error.status === 429 && seconds && seconds <= 60) {
            setChallenge({ resendAt: Date.now() + seconds * 1000, resendInSeconds: seconds });
          }
        },
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!challenge) {
      sendCode();
      return;
    }
    setChecked(true);
    if (!complete) {
      codeField.current?.focus();
      return;
    }
    setFailure(null);
    verify.mutate(
      { phoneNumber, code },
      {
        onSuccess: onVerified,
        onError: (error) => {
          setFailure(failureText(error, 'verify'));
          codeField.current?.focus();
        },
      },
    );
  };

  const codeError = checked && !complete;

  return (
    <form className="confirm-dialog__panel" noValidate onSubmit={submit}>
      <h2 id={titleId}>{t('verify.title')}</h2>
      <p className="confirm-dialog__text">
        {challenge ? t('verify.sentTo', { phone: masked }) : t('verify.text', { phone: masked })}
      </p>
      {challenge ? (
        <div className="field taken-dialog__field">
          <label className="field__label" htmlFor={fieldId}>
            {t('verify.code')}
          </label>
          <input
            ref={codeField}
            id={fieldId}
            className="field__control"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            value={code}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? errorId : undefined}
            onChange={(event) =>
              setCode(event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))
            }
          />
          {codeError ? (
            <p id={errorId} className="taken-dialog__error">
              {t('verify.codeFormat', { length: OTP_LENGTH })}
            </p>
          ) : null}
        </div>
      ) : null}
      {failure ? (
        <p role="alert" className="taken-dialog__error">
          {failure}
        </p>
      ) : null}
      <div className="confirm-dialog__actions">
        <button id={cancelId} type="button" className="btn" onClick={onCancel}>
          {t('verify.cancel')}
        </button>
        {challenge ? (
          <ResendButton
            key={challenge.resendAt}
            challenge={challenge}
            disabled={pending}
            onResend={sendCode}
          />
        ) : null}
        <button type="submit" className="btn btn--contained" disabled={pending}>
          {challenge ? t('verify.submit') : t('verify.send')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Verify this number': texts a code to a listing's contact number and takes it back, so the
 * listings that give the number show 'Verified phone'. A native modal <dialog> like 'Mark as
 * taken'; Escape or Cancel closes it and gives the focus back to the button that opened it.
 */
export default function VerifyPhoneDialog({ phoneNumber, ...rest }: VerifyPhoneDialogProps) {
  const titleId = useId();
  const cancelId = useId();
  const open = phoneNumber !== null;
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: rest.onCancel,
    onShow: () =>
      document
        .getElementById(titleId)
        ?.closest('form')
        ?.querySelector<HTMLButtonElement>('button[type="submit"]')
        ?.focus(),
    onHide: refocus,
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred confirm-dialog taken-dialog"
      aria-labelledby={open ? titleId : undefined}
    >
      {phoneNumber ? (
        <VerifyForm
          key={phoneNumber}
          phoneNumber={phoneNumber}
          titleId={titleId}
          cancelId={cancelId}
          {...rest}
        />
      ) : null}
    </dialog>
  );
}

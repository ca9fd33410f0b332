import { useTranslation } from '../../../lib/use-translation';
import { useReasonText } from '../hooks/use-reason-text';
import type { AuthReason } from '../utils/auth-error';
import { AuthSwitch, type AuthMode } from './auth-switch';

export interface FailureAlertProps {
  reason: AuthReason;
  /** Where the offered switch leads; without it (the checkout) the reason is shown alone. */
  mode?: AuthMode;
  /**
   * The line above the reason ('Could not sign in.'). It never says to try again: the reason does,
   * when trying again can help.
   */
  title?: string;
  phoneNumber?: string;
}

/** Why a call failed, in words, with the way out when there is one (register, or sign in). */
export function FailureAlert({ reason, mode, title, phoneNumber }: FailureAlertProps) {
  const { t } = useTranslation('auth');
  const reasonText = useReasonText();
  const offer = mode && 'offer' in reason ? reason.offer : null;
  return (
    <div role="alert" className="auth-alert">
      {title ? <p className="auth-alert__title">{title}</p> : null}
      <p>{reasonText(reason)}</p>
      {mode && offer ? (
        <AuthSwitch mode={mode} to={offer} phoneNumber={phoneNumber} className="btn btn--small">
          {offer === 'register' ? t('reasons.offerRegister') : t('reasons.offerLogin')}
        </AuthSwitch>
      ) : null}
    </div>
  );
}

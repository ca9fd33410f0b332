import { useTranslation } from '../../../lib/use-translation';
import { formatClock, useCountdown } from '../../../lib/use-countdown';

export interface ResendCodeProps {
  /** When a new code may be asked for (Date.now() value). */
  deadline: number;
  /** The seconds the API said to wait (resendInSeconds). */
  seconds: number;
  disabled: boolean;
  onResend: () => void;
}

/** "Resend code in 0:42", disabled, counting down; then a live "Resend code". Key it by deadline. */
export function ResendCode({ deadline, seconds, disabled, onResend }: ResendCodeProps) {
  const { t } = useTranslation('auth');
  const remaining = useCountdown(deadline, seconds);
  return (
    <button
      type="button"
      className="auth-link"
      disabled={disabled || remaining > 0}
      onClick={onResend}
    >
      {remaining > 0 ? t('code.resendIn', { time: formatClock(remaining) }) : t('code.resend')}
    </button>
  );
}

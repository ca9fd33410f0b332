import { useTranslation } from '../../../lib/use-translation';
import type { AuthReason } from '../utils/auth-error';

/** Puts a failed sign-in call's reason into the reader's language. */
export function useReasonText(): (reason: AuthReason) => string {
  const { t } = useTranslation('auth');

  function wait(seconds: number): string {
    if (seconds < 60) return t('time.seconds', { count: Math.max(1, seconds) });
    if (seconds < 3600) return t('time.minutes', { count: Math.ceil(seconds / 60) });
    return t('time.hours', { count: Math.ceil(seconds / 3600) });
  }

  return (reason: AuthReason): string => {
    switch (reason.kind) {
      case 'notFound':
        return t('reasons.notFound');
      case 'conflict':
        return t('reasons.conflict');
      case 'rateLimited':
        return reason.retryAfterSeconds
          ? t('reasons.rateLimited', { time: wait(reason.retryAfterSeconds) })
          : t('reasons.rateLimitedLater');
      case 'signInLocked':
        return reason.retryAfterSeconds
          ? t('reasons.signInLocked', { time: wait(reason.retryAfterSeconds) })
          : t('reasons.signInLockedLater');
      case 'otpInvalid':
        return t('reasons.otpInvalid');
      case 'otpExpired':
        return t('reasons.otpExpired');
      case 'smsUnavailable':
        // A minute or more is not a hiccup: sign-in codes are paused (the SMS budget is spent).
        return reason.retryAfterSeconds !== undefined && reason.retryAfterSeconds >= 60
          ? t('reasons.smsPaused', { time: wait(reason.retryAfterSeconds) })
          : t('reasons.smsUnavailable');
      case 'invalidPhone':
        return t('reasons.invalidPhone');
      case 'validation':
        return t('reasons.validation');
      case 'network':
        return t('errors.NETWORK', { ns: 'common' });
      case 'timeout':
        return t('errors.TIMEOUT', { ns: 'common' });
      case 'generic':
        return t('errors.generic', { ns: 'common' });
    }
  };
}

import { useTranslation } from '../lib/use-translation';
import { isApiError } from '../lib/api-client';
import './error-notice.css';

export interface ErrorNoticeProps {
  error: unknown;
  onRetry?: () => void;
}

/** One place that turns a failed request into words the visitor understands, in their language. */
export function ErrorNotice({ error, onRetry }: ErrorNoticeProps) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : null;
  const message =
    code === 'NETWORK'
      ? t('errors.NETWORK')
      : code === 'TIMEOUT'
        ? t('errors.TIMEOUT')
        : t('errors.generic');

  return (
    <div role="alert" className="error-notice">
      <p className="error-notice__message">{message}</p>
      {onRetry ? (
        <button type="button" className="btn" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      ) : null}
    </div>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice';
import { PageMeta } from '../../../components/page-meta';
import { isApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import { useAlertsOff } from '../api/alerts-off';
import { useSearchSummary } from '../hooks/use-search-summary';
import './alerts-off.css';

export interface AlertsOffPageProps {
  /** The code of the alert SMS's link (/alerts/off/{code}). */
  code: string;
}

/**
 * Where an alert SMS's 'stop' link lands, signed in or not. Opening it changes nothing (SMS apps
 * open links to preview them); only pressing Stop alerts does. Then it says which search went
 * quiet, or why the link did nothing: not a valid link (400), or a search since deleted (404).
 */
export function AlertsOffPage({ code }: AlertsOffPageProps) {
  const { t } = useTranslation('searches');
  const { t: tCommon } = useTranslation();
  const summary = useSearchSummary();
  const alertsOff = useAlertsOff();
  const heading = useRef<HTMLHeadingElement>(null);
  const { error, status } = alertsOff;
  const refused = isApiError(error) && (error.status === 400 || error.status === 404);

  // The button goes away with the answer: the focus moves to the heading that gives it.
  useEffect(() => {
    if (status === 'success' || (status === 'error' && refused)) heading.current?.focus();
  }, [status, refused]);

  const stop = () => alertsOff.mutate(code);

  let title: string;
  let body: ReactNode;
  if (alertsOff.isSuccess) {
    title = t('alertsOff.done');
    body = <p>{t('alertsOff.doneFor', { summary: summary(alertsOff.data) })}</p>;
  } else if (refused && error.status === 400) {
    title = t('alertsOff.invalid');
    body = <p>{t('alertsOff.invalidText')}</p>;
  } else if (refused) {
    title = t('alertsOff.deleted');
    body = <p>{t('alertsOff.deletedText')}</p>;
  } else {
    title = t('alertsOff.title');
    body = (
      <>
        <p>{t('alertsOff.text')}</p>
        {alertsOff.isError ? (
          <ErrorNotice error={alertsOff.error} onRetry={stop} />
        ) : (
          <button
            type="button"
            className="btn btn--contained alerts-off__stop"
            disabled={alertsOff.isPending}
            onClick={stop}
          >
            {alertsOff.isPending ? t('alertsOff.stopping') : t('alertsOff.stop')}
          </button>
        )}
      </>
    );
  }
  const answered = alertsOff.isSuccess || refused;

  return (
    <div className="alerts-off">
      <PageMeta
        title={`${t('alertsOff.pageTitle')} · ${tCommon('appName')}`}
        description={t('alertsOff.description')}
        noindex
      />
      <div className="alerts-off__card">
        <h1 ref={heading} tabIndex={-1} className="alerts-off__title">
          {title}
        </h1>
        {body}
        {answered ? (
          <Link to="/saved" className="btn">
            {t('alertsOff.manage')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

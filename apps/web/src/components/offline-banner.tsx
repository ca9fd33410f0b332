import { useOnline } from '../lib/use-online';
import { useTranslation } from '../lib/use-translation';
import './offline-banner.css';

/**
 * On every page while the browser has no connection: the pages the person opened before still
 * open (the service worker keeps them), and what needs the internet says so when it is asked.
 * The live region is always there, so a screen reader hears the change when it comes.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" className="offline-banner" data-testid="offline-banner">
      {online ? null : (
        <p className="offline-banner__text container">
          <strong>{t('offline.title')}</strong> {t('offline.notice')}
        </p>
      )}
    </div>
  );
}

import { useTranslation } from '../../lib/use-translation';
import './route-status.css';

/** Shown in the main area while a page's code downloads; the header and footer are already up. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div role="progressbar" aria-label={t('loading')} className="page-progress">
      <div className="page-progress__bar" />
    </div>
  );
}

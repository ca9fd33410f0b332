import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../lib/site-info';
import './demo-banner.css';

/**
 * A thin line on every page while the server runs a demo convenience (simulated payments, codes in
 * the SMS outbox), so nobody takes a demo for the real service. Nothing while the answer is
 * unknown or the request failed: the banner never delays or breaks a page.
 */
export function DemoBanner() {
  const { t } = useTranslation();
  const { data } = useSiteInfo();
  if (!data?.demo) return null;
  return (
    <aside className="demo-banner" aria-label={t('demo.label')}>
      <p className="demo-banner__text container">{t('demo.notice')}</p>
    </aside>
  );
}

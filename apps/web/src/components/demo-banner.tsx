import { useTranslation } from '../lib/use-translation';
import { useSiteInfo } from '../lib/site-info';
import './demo-banner.css';

/**
 * A thin line on every page while the server runs a demo convenience (simulated payments, codes in
 * the SMS outbox), so nobody takes a demo for the real service. Nothing while the answer is
 * unknown or the request failed: the banner never delays or breaks a page.
 *
 * `inline`: a note inside a page's own frame (the admin area, whose top bar is fixed over the
 * top of the window), rather than a landmark of its own above the header.
 */
export function DemoBanner({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const { data } = useSiteInfo();
  if (!data?.demo) return null;
  if (inline) {
    return (
      <p className="demo-banner demo-banner__text" role="note" aria-label={t('demo.label')}>
        {t('demo.notice')}
      </p>
    );
  }
  return (
    <aside className="demo-banner" aria-label={t('demo.label')}>
      <p className="demo-banner__text container">{t('demo.notice')}</p>
    </aside>
  );
}

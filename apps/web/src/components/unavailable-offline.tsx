import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../lib/use-translation';
import './unavailable-offline.css';

export interface UnavailableOfflineProps {
  /** 1 where the notice is the page's only heading (a listing's page), else 2 (under a list's). */
  headingLevel?: 1 | 2;
}

/**
 * In the page itself, in place of what could not load: this page is not available offline (it
 * was never opened on this phone, so no copy was kept), with the ways to pages that are: home,
 * kept once opened, and Saved, whose favourites this phone keeps.
 */
export function UnavailableOffline({ headingLevel = 2 }: UnavailableOfflineProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className="unavailable-offline"
      aria-labelledby={headingId}
      data-testid="unavailable-offline"
    >
      <Heading id={headingId} className="unavailable-offline__title">
        {t('offline.unavailable.title')}
      </Heading>
      <p>{t('offline.unavailable.text')}</p>
      <div className="unavailable-offline__actions">
        <Link to="/home" className="btn btn--contained">
          {t('offline.unavailable.home')}
        </Link>
        <Link to="/saved" className="btn">
          {t('offline.unavailable.saved')}
        </Link>
      </div>
    </section>
  );
}

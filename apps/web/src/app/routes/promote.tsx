import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import './route-status.css';

/**
 * The title of the listing /posts passed along, when there is one. (Checked here rather than with
 * lib/guards: importing it from this chunk made the bundler split lib/guards out of the entry into
 * a chunk of its own, +0.3 KiB gzip on every first visit.)
 */
function listingTitle(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('property' in state)) return null;
  const { property } = state;
  if (typeof property !== 'object' || property === null || !('title' in property)) return null;
  const { title } = property;
  return typeof title === 'string' && title.trim() ? title.trim() : null;
}

/**
 * /promote until the payments issue builds 'Choose Promotion Plan': the Promote button of /posts
 * lands here with the listing in state, and the page says honestly that paying for a promotion
 * is not open yet, instead of sending the user to the home page.
 */
export function PromoteRoute() {
  const { t, ready } = useTranslation('posts');
  const { t: tCommon } = useTranslation();
  const location = useLocation();
  if (!ready) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }
  const title = listingTitle(location.state);
  return (
    <section className="route-pending">
      <title>{t('promote.title')}</title>
      <h1>{t('promote.title')}</h1>
      {title ? <p className="route-pending__text">{t('promote.listing', { title })}</p> : null}
      <p className="route-pending__text text-secondary">{t('promote.text')}</p>
      <Link to="/posts" className="btn route-pending__text">
        {t('promote.back')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import './route-status.css';

/**
 * /posts and /post until the listings-publishing issue builds them: the guard in front of them is
 * real, the page says honestly that publishing is not open yet.
 */
export function PostsPendingRoute({ page }: { page: 'posts' | 'post' }) {
  const { t } = useTranslation();
  const heading = page === 'posts' ? t('pending.posts') : t('pending.post');
  return (
    <section className="route-pending">
      <title>{heading}</title>
      <h1>{heading}</h1>
      <p className="route-pending__text text-secondary">{t('pending.text')}</p>
    </section>
  );
}

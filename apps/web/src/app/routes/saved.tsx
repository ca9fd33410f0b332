import { PageMeta } from '../../components/page-meta';
import { FavouritesSection } from '../../features/favourites/components/favourites-section';
import { SavedSearchesSection } from '../../features/saved-searches/components/saved-searches-section';
import { useTranslation } from '../../lib/use-translation';
import './saved.css';

/**
 * /saved: what the visitor keeps to come back to, signed in or not (the browser keeps favourites
 * before sign-in): the favourites, then the saved searches. Personal, so never indexed.
 */
export function SavedRoute() {
  const { t, ready } = useTranslation('saved');
  const { t: tCommon } = useTranslation();
  return (
    <div className="saved-page">
      {ready ? (
        <>
          <PageMeta
            title={`${t('title')} · ${tCommon('appName')}`}
            description={t('description')}
            noindex
          />
          <h1>{t('title')}</h1>
        </>
      ) : null}
      <FavouritesSection />
      <SavedSearchesSection />
    </div>
  );
}

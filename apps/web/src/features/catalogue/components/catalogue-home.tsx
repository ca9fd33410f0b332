import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PageMeta } from '../../../components/page-meta';
import type { CatalogueQuery } from '../../../lib/catalogue-url';
import { useCatalogueSearch } from '../hooks/use-catalogue-search';
import { HOME_CAROUSEL_TYPES } from '../utils/home';
import { canonicalParams } from '../utils/search-params';
import { PropertyCarousel } from './property-carousel';
import { PropertyGrid } from './property-grid';
import { SearchBar } from './search-bar';
import './catalogue.css';

export interface CatalogueHomeProps {
  /**
   * Beside the filters while a search is on: the action the app composes for it (Save this
   * search). The home page's results keep the newest first.
   */
  renderSaveSearch?: (search: CatalogueQuery) => ReactNode;
}

export function CatalogueHome({ renderSaveSearch }: CatalogueHomeProps = {}) {
  const { t } = useTranslation('catalogue');
  const { state, cursor, key, isFiltering, setFilters } = useCatalogueSearch();
  const { sort: _sort, ...filters } = state;

  return (
    <>
      <PageMeta
        title={
          isFiltering ? `${t('home.resultsTitle')} · ${t('home.pageTitle')}` : t('home.pageTitle')
        }
        description={t('home.metaDescription')}
        params={canonicalParams({ ...filters, sort: 'new', cursor })}
        noindex={isFiltering || cursor !== undefined}
      />
      <section aria-labelledby="home-heading" className="home-banner">
        <h1 id="home-heading" className="home-banner__heading">
          {t('home.heading')}
        </h1>
        <p className="home-banner__title">{t('home.bannerTitle')}</p>
        <p className="home-banner__text">{t('home.bannerText')}</p>
        <ul aria-label={t('home.countersLabel')} className="home-counters">
          {HOME_CAROUSEL_TYPES.map((type) => (
            <li key={type}>
              <span className="home-counters__value">{t(`counters.${type}.value`)}</span>
              <span className="home-counters__label">{t(`counters.${type}.label`)}</span>
            </li>
          ))}
        </ul>
      </section>

      <SearchBar key={key} value={filters} onSubmit={setFilters} showTypeFilter />
      {isFiltering ? renderSaveSearch?.({ ...filters, sort: 'new' }) : null}

      {isFiltering ? (
        <section aria-labelledby="results-heading" className="home-results">
          <h2 id="results-heading" className="home-results__heading">
            {t('home.resultsTitle')}
          </h2>
          <PropertyGrid
            filter={filters}
            from={cursor}
            testId="results-grid"
            emptyText={t('grid.noMatches')}
            label={t('home.resultsTitle')}
          />
        </section>
      ) : (
        <div role="group" aria-label={t('home.carouselsLabel')} className="home-carousels">
          {HOME_CAROUSEL_TYPES.map((type, index) => (
            <PropertyCarousel key={type} type={type} first={index === 0} />
          ))}
        </div>
      )}
    </>
  );
}

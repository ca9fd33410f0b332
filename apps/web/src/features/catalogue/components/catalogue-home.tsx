import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PageMeta } from '../../../components/page-meta';
import { PostListingLink } from '../../../components/post-listing-link';
import type { CatalogueQuery } from '../../../lib/catalogue-url';
import { priceRangeInverted } from '../../../lib/price-input';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { usePropertyCount } from '../api/properties';
import { useCatalogueSearch } from '../hooks/use-catalogue-search';
import { countValue } from '../utils/count-text';
import { HOME_CAROUSEL_TYPES } from '../utils/home';
import { canonicalParams } from '../utils/search-params';
import { PropertyCarousel } from './property-carousel';
import { PropertyGrid } from './property-grid';
import { ResultCount } from './result-count';
import { SearchBar } from './search-bar';
import './catalogue.css';

export interface CatalogueHomeProps {
  /**
   * Beside the filters while a search is on: the action the app composes for it (Save this
   * search). The home page's results keep the newest first.
   */
  renderSaveSearch?: (search: CatalogueQuery) => ReactNode;
}

/** A type's real count (rounded down, countValue), or its name alone until the count is known. */
function HomeCounter({ type }: { type: TPropertyType }) {
  const { t } = useTranslation('catalogue');
  const count = usePropertyCount({ type }).data;
  return (
    <li>
      {count ? <span className="home-counters__value">{countValue(count)}</span> : null}
      <span className="home-counters__label">{t(`counters.${type}.label`)}</span>
    </li>
  );
}

export function CatalogueHome({ renderSaveSearch }: CatalogueHomeProps = {}) {
  const { t } = useTranslation('catalogue');
  const { state, cursor, key, isFiltering, setFilters } = useCatalogueSearch();
  const { sort: _sort, ...filters } = state;
  // Only from a URL (the form refuses it): no listing is in it, so none is asked for or saved.
  const rangeInverted = priceRangeInverted(filters);

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
        {/* Owners too: the header's Post a listing is behind the menu on a phone. */}
        <div className="home-banner__post">
          <p>{t('home.postPrompt')}</p>
          <PostListingLink className="btn btn--contained" />
        </div>
        <ul aria-label={t('home.countersLabel')} className="home-counters">
          {HOME_CAROUSEL_TYPES.map((type) => (
            <HomeCounter key={type} type={type} />
          ))}
        </ul>
      </section>

      <SearchBar key={key} value={filters} onSubmit={setFilters} showTypeFilter />
      {isFiltering && !rangeInverted ? renderSaveSearch?.({ ...filters, sort: 'new' }) : null}

      {isFiltering ? (
        <section aria-labelledby="results-heading" className="home-results">
          <h2 id="results-heading" className="home-results__heading">
            {t('home.resultsTitle')}
          </h2>
          {rangeInverted ? (
            <p className="property-grid__empty">{t('grid.fixPriceRange')}</p>
          ) : (
            <>
              <ResultCount filter={filters} />
              <PropertyGrid
                filter={filters}
                from={cursor}
                testId="results-grid"
                emptyText={t('grid.noMatches')}
                label={t('home.resultsTitle')}
              />
            </>
          )}
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

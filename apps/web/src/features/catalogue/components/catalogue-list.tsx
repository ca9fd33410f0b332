import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { PageMeta } from '../../../components/page-meta';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { CatalogueQuery } from '../../../lib/catalogue-url';
import { priceRangeInverted } from '../../../lib/price-input';
import { useCatalogueSearch } from '../hooks/use-catalogue-search';
import { canonicalParams } from '../utils/search-params';
import { PropertyGrid } from './property-grid';
import { ResultCount } from './result-count';
import { SearchBar } from './search-bar';
import { SortSelect } from './sort-select';
import './catalogue.css';

export interface CatalogueListProps {
  type: TPropertyType;
  /** Beside the filters: the action the app composes for the page's search (Save this search). */
  renderSaveSearch?: (search: CatalogueQuery) => ReactNode;
}

/** The sort select belongs to the search form, so without JavaScript a search keeps the order. */
const SEARCH_FORM_ID = 'catalogue-search';

/** /lease, /land, /apartment, /house-for-sale: one type, searchable and sortable. */
export function CatalogueList({ type, renderSaveSearch }: CatalogueListProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation();
  const { state, cursor, key, setFilters, setSort } = useCatalogueSearch();
  // The page is the type filter: a stray ?type= in the URL is ignored here.
  const { sort, type: _ignoredType, ...filters } = state;
  const isFiltering = Object.values(filters).some((value) => value !== undefined);
  // Only from a URL (the form refuses it): no listing is in it, so none is asked for or saved.
  const rangeInverted = priceRangeInverted(filters);
  const title = t(`lists.${type}`);

  return (
    <>
      <PageMeta
        title={`${title} · ${tCommon('appName')}`}
        description={t(`listMeta.${type}`)}
        params={canonicalParams({ ...filters, sort, cursor })}
        noindex={isFiltering || cursor !== undefined}
      />
      <div className="list-head">
        <h1>{title}</h1>
        <SortSelect value={sort} onChange={setSort} form={SEARCH_FORM_ID} />
      </div>
      <SearchBar key={key} id={SEARCH_FORM_ID} value={filters} onSubmit={setFilters} />
      {rangeInverted ? null : renderSaveSearch?.({ ...filters, type, sort })}
      <div className="list-results">
        {rangeInverted ? (
          <p className="property-grid__empty">{t('grid.fixPriceRange')}</p>
        ) : (
          <>
            <ResultCount filter={{ ...filters, type }} />
            <PropertyGrid
              filter={{ ...filters, type, sort }}
              testId="listing-grid"
              emptyText={isFiltering ? t('grid.noMatches') : t('grid.empty')}
              label={title}
              from={cursor}
            />
          </>
        )}
      </div>
    </>
  );
}

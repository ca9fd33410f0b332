import { useTranslation } from 'react-i18next';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { useCatalogueSearch } from '../hooks/use-catalogue-search';
import { PropertyGrid } from './property-grid';
import { SearchBar } from './search-bar';
import { SortSelect } from './sort-select';
import './catalogue.css';

export interface CatalogueListProps {
  type: TPropertyType;
}

/** /lease, /land, /apartment, /house-for-sale: one type, searchable and sortable. */
export function CatalogueList({ type }: CatalogueListProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation();
  const { state, key, setFilters, setSort } = useCatalogueSearch();
  // The page is the type filter: a stray ?type= in the URL is ignored here.
  const { sort, type: _ignoredType, ...filters } = state;
  const isFiltering = Object.values(filters).some((value) => value !== undefined);
  const title = t(`lists.${type}`);

  return (
    <>
      <title>{`${title} · ${tCommon('appName')}`}</title>
      <div className="list-head">
        <h1>{title}</h1>
        <SortSelect value={sort} onChange={setSort} />
      </div>
      <SearchBar key={key} value={filters} onSubmit={setFilters} />
      <div className="list-results">
        <PropertyGrid
          filter={{ ...filters, type, sort }}
          testId="listing-grid"
          emptyText={isFiltering ? t('grid.noMatches') : t('grid.empty')}
          label={title}
        />
      </div>
    </>
  );
}

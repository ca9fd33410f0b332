import type { TPropertySort, TPropertyType } from '@makazi/contracts/property-values';
import { formatTzs, formatTzsRange } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** What a saved search looks for, as the catalogue, the API and the alerts-off answer carry it. */
export interface SearchFilters {
  type?: TPropertyType | null;
  search?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  sort?: TPropertySort;
}

/**
 * A saved search in people's words: 'Houses for rent · “Kinondoni” · TZS 300,000–600,000'. The
 * newest-first order is everyone's default and goes unsaid.
 */
export function useSearchSummary(): (filters: SearchFilters) => string {
  const { t } = useTranslation('searches');
  return ({ type, search, minPrice, maxPrice, sort }) => {
    const parts = [type ? t(`summary.type.${type}`) : t('summary.type.any')];
    if (search) parts.push(t('summary.search', { text: search }));
    const min = minPrice ?? undefined;
    const max = maxPrice ?? undefined;
    if (min !== undefined && max !== undefined) parts.push(formatTzsRange(min, max));
    else if (min !== undefined) parts.push(t('summary.from', { price: formatTzs(min) }));
    else if (max !== undefined) parts.push(t('summary.upTo', { price: formatTzs(max) }));
    if (sort && sort !== 'new') parts.push(t(`summary.sort.${sort}`));
    return parts.join(' · ');
  };
}

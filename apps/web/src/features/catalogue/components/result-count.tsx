import { useTranslation } from '../../../lib/use-translation';
import { usePropertyCount, type CountFilter } from '../api/properties';
import { countValue } from '../utils/count-text';
import { BroaderSearches } from './broader-searches';

/**
 * How many listings a list holds, said above it ("nyumba 18 za kupanga"), so a person on a slow
 * phone knows whether to page on or narrow the search. Says nothing until the count is known; for
 * none, the list says so and this offers the wider searches that find some.
 */
export function ResultCount({ filter }: { filter: CountFilter }) {
  const { t } = useTranslation('catalogue');
  const query = usePropertyCount(filter);
  if (!query.data) return null;
  if (query.data.count === 0) return <BroaderSearches filter={filter} />;
  return (
    <p className="result-count" data-testid="result-count">
      {t(`resultCount.${filter.type ?? 'all'}`, {
        count: query.data.count,
        value: countValue(query.data),
      })}
    </p>
  );
}

import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { catalogueUrl } from '../../../lib/catalogue-url';
import { useTranslation } from '../../../lib/use-translation';
import { countQueryOptions, type CountFilter } from '../api/properties';
import { broaderSearches } from '../utils/broader-searches';
import { countValue } from '../utils/count-text';

/**
 * Where a search that found nothing can go next: the wider searches (broaderSearches) that do
 * find something, each a link with its count, so a visitor is never left at a dead end.
 */
export function BroaderSearches({ filter }: { filter: CountFilter }) {
  const { t } = useTranslation('catalogue');
  const candidates = broaderSearches(filter);
  const counts = useQueries({
    queries: candidates.map((candidate) => countQueryOptions(candidate.filter)),
  });
  const offered = candidates.flatMap((candidate, index) => {
    const count = counts[index]?.data;
    return count && count.count > 0 ? [{ ...candidate, count }] : [];
  });
  if (offered.length === 0) return null;
  return (
    <nav
      aria-label={t('broader.label')}
      className="broader-searches"
      data-testid="broader-searches"
    >
      <p>{t('broader.label')}</p>
      <ul>
        {offered.map(({ kind, filter: wider, count }) => (
          <li key={kind}>
            <Link to={catalogueUrl({ ...wider, sort: 'new' })}>
              {t(`broader.${kind}`, { search: wider.search })} ({countValue(count)})
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ErrorNotice } from '../../../components/error-notice';
import { showToast } from '../../../lib/toast';
import { GRID_PAGE_SIZE, usePropertyPages, type PropertiesFilter } from '../api/get-properties';
import { PropertyCard } from './property-card';

const gridSx = {
  display: 'grid',
  gap: 4,
  gridTemplateColumns: {
    xs: '1fr',
    sm: 'repeat(2, minmax(0, 1fr))',
    md: 'repeat(3, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

export interface PropertyGridProps {
  filter: PropertiesFilter;
  testId: string;
  /** Text for an empty result: 'no matches' after a search, 'no listings yet' otherwise. */
  emptyText: string;
  /** An accessible name for the list of results. */
  label: string;
}

export function PropertyGrid({ filter, testId, emptyText, label }: PropertyGridProps) {
  const { t } = useTranslation('catalogue');
  const query = usePropertyPages(filter);
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll where the browser supports it; the button below works everywhere.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage({ cancelRefetch: false });
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  useEffect(() => {
    if (isFetchNextPageError) void showToast(t('grid.loadMoreFailed'), 'error');
  }, [isFetchNextPageError, t]);

  if (query.isPending) {
    return (
      <Box sx={gridSx} data-testid={testId} aria-busy="true">
        {Array.from({ length: Math.min(GRID_PAGE_SIZE, 8) }, (_, index) => (
          <Skeleton key={index} variant="rounded" sx={{ height: 'auto', aspectRatio: '3 / 4' }} />
        ))}
      </Box>
    );
  }

  if (query.isError) {
    return (
      <Box data-testid={testId}>
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }

  const properties = query.data.pages.flatMap((page) => page.data);
  if (properties.length === 0) {
    return (
      <Box data-testid={testId}>
        <Typography sx={{ py: 8, textAlign: 'center' }} role="status">
          {emptyText}
        </Typography>
      </Box>
    );
  }

  return (
    <Box data-testid={testId}>
      <Box component="ul" aria-label={label} sx={{ ...gridSx, listStyle: 'none', m: 0, p: 0 }}>
        {properties.map((property) => (
          <li key={property.id}>
            <PropertyCard property={property} />
          </li>
        ))}
      </Box>
      <Box ref={sentinel} sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        {hasNextPage ? (
          <Button
            onClick={() => void fetchNextPage()}
            disabled={isFetchingNextPage}
            sx={{ minWidth: 200, minHeight: 44 }}
          >
            {isFetchingNextPage ? t('grid.loadingMore') : t('grid.loadMore')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('grid.end')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

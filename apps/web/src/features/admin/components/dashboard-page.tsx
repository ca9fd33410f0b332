import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TAdminDashboard } from '@makazi/contracts/admin';
import { dashboardQueryOptions } from '../api/dashboard';
import { useAdminText, type TAdminKey } from '../hooks/use-admin-text';
import { formatNumber } from '../utils/format';
import { ActivityChart } from './activity-chart';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';

const CARDS: { key: keyof Omit<TAdminDashboard, 'daily'>; label: TAdminKey }[] = [
  { key: 'totalUsers', label: 'dashboard.totalUsers' },
  { key: 'totalPlots', label: 'dashboard.totalPlots' },
  { key: 'totalHousesForRent', label: 'dashboard.totalHousesForRent' },
  { key: 'totalApartments', label: 'dashboard.totalApartments' },
  { key: 'totalHousesForSale', label: 'dashboard.totalHousesForSale' },
  { key: 'awaitingReview', label: 'dashboard.awaitingReview' },
  { key: 'paymentsNeedingReview', label: 'dashboard.paymentsNeedingReview' },
  { key: 'revenueThisMonth', label: 'dashboard.revenueThisMonth' },
];

/** The /admin/dashboard page: the counts, this month's revenue and the last 30 days. */
export function DashboardPage() {
  const { t, errorMessage } = useAdminText();
  const dashboard = useQuery(dashboardQueryOptions());

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 4 }}>
        {t('dashboard.title')}
      </Typography>
      {dashboard.isPending ? (
        <PageSpinner />
      ) : dashboard.isError ? (
        <LoadFailure
          message={t('dashboard.failed')}
          detail={errorMessage(dashboard.error)}
          onRetry={() => void dashboard.refetch()}
        />
      ) : (
        <>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 4,
              gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
            }}
          >
            {CARDS.map((card) => (
              <Card
                component="li"
                variant="outlined"
                key={card.key}
                data-testid={`card-${card.key}`}
              >
                <CardContent>
                  <Typography variant="caption" component="p" color="text.secondary">
                    {t(card.label)}
                  </Typography>
                  <Typography variant="h2" component="p">
                    {formatNumber(dashboard.data[card.key])}
                  </Typography>
                  {card.key === 'paymentsNeedingReview' && dashboard.data[card.key] > 0 ? (
                    <Link
                      component={RouterLink}
                      to="/admin/finance?status=needs_review"
                      variant="body2"
                    >
                      {t('dashboard.reviewPayments')}
                    </Link>
                  ) : null}
                </CardContent>
              </Card>
            ))}
          </Box>
          <Paper variant="outlined" sx={{ mt: 6, p: 4 }}>
            <Typography variant="h2" component="h2" sx={{ mb: 3 }}>
              {t('dashboard.chartTitle')}
            </Typography>
            <ActivityChart daily={dashboard.data.daily} />
          </Paper>
        </>
      )}
    </Box>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAdminReportedListing, TAdminReportsResponse } from '@makazi/contracts/trust';
import { propertiesQueryKey } from '../api/properties';
import { reportsQueryKey, reportsQueryOptions, type TReportsFilter } from '../api/reports';
import { userDetailQueryKey, usersQueryKey } from '../api/users';
import { useAdminText } from '../hooks/use-admin-text';
import { useSnackbar } from '../hooks/use-snackbar';
import { readPaging, withChanges } from '../utils/search-params';
import { AdminPagination } from './admin-pagination';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import { ReportActionDialog, type ReportAction } from './report-action-dialog';
import { ReportedListingCard } from './reported-listing-card';

/** The page's cached entries with `entry` in place of the listing's old one. */
function replaceEntry(
  data: TAdminReportsResponse | undefined,
  entry: TAdminReportedListing,
): TAdminReportsResponse | undefined {
  if (!data) return data;
  return {
    ...data,
    items: data.items.map((item) => (item.property.id === entry.property.id ? entry : item)),
  };
}

/**
 * The /admin/reports page: listings people reported, and dead-end claims waiting for a decision,
 * latest report first. An admin dismisses the reports, takes the listing down, suspends its
 * publisher, or decides each claim; each step is confirmed in a dialog first.
 */
export function ReportsPage() {
  const { t, errorMessage } = useAdminText();
  const [params, setParams] = useSearchParams();
  const filter: TReportsFilter = readPaging(params);
  const reports = useQuery(reportsQueryOptions(filter));
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [action, setAction] = useState<ReportAction | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** The listing last acted on, until the queue has been fetched again after it. */
  const actedOn = useRef<string | null>(null);

  useEffect(() => {
    const id = actedOn.current;
    if (id === null || !reports.data) return;
    if (!reports.isFetching) actedOn.current = null;
    // The button that opened the dialog is often gone with the action (no Dismiss once the
    // reports are closed, no card once nothing is left to decide): the keyboard user lands on
    // the listing's title, or the next one's, rather than at the top of the document.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const list = listRef.current;
    const target =
      list?.querySelector<HTMLElement>(`[data-listing="${id}"] h2 a`) ??
      list?.querySelector<HTMLElement>('h2 a') ??
      headingRef.current;
    target?.focus();
  }, [reports.data, reports.isFetching]);

  const onDone = (done: ReportAction, entry: TAdminReportedListing) => {
    setAction(null);
    actedOn.current = entry.property.id;
    const title = entry.property.title;
    const name = 'report' in done ? done.report.reporter.name : entry.property.publisher.name;
    // An upheld claim is refused after all when the subscriber's credits of the period are used.
    const credited =
      entry.reports.find((report) => 'report' in done && report.id === done.report.id)?.claim
        ?.status === 'upheld';
    snackbar.show(
      {
        dismiss: t('reports.done.dismissed', { title }),
        takeDown: t('reports.done.takenDown', { title }),
        suspend: t('reports.done.suspended', { name }),
        uphold: credited
          ? t('reports.done.upheld', { name })
          : t('reports.done.upheldWithoutCredit', { name }),
        refuse: t('reports.done.refused', { name }),
      }[done.kind],
    );
    // The answer shows at once; the refetch then drops a listing nothing is left to decide on.
    queryClient.setQueryData<TAdminReportsResponse>(reportsQueryKey(filter), (data) =>
      replaceEntry(data, entry),
    );
    void queryClient.invalidateQueries({ queryKey: reportsQueryKey() });
    // A take-down changes the listing's status, a suspension the publisher's permissions.
    void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
    if (done.kind === 'suspend') {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey() });
      void queryClient.invalidateQueries({
        queryKey: userDetailQueryKey(entry.property.publisher.id),
      });
    }
  };

  const change = (changes: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, changes));

  return (
    <Box>
      <Typography ref={headingRef} tabIndex={-1} variant="h1" component="h1" sx={{ mb: 2 }}>
        {t('reports.title')}
      </Typography>
      <Typography sx={{ mb: 4 }}>{t('reports.lead')}</Typography>
      {reports.isPending ? (
        <PageSpinner />
      ) : reports.isError ? (
        <LoadFailure
          message={t('reports.failed')}
          detail={errorMessage(reports.error)}
          onRetry={() => void reports.refetch()}
        />
      ) : reports.data.items.length === 0 ? (
        <Typography sx={{ py: 8, textAlign: 'center' }}>{t('reports.empty')}</Typography>
      ) : (
        <>
          <Stack
            ref={listRef}
            component="ul"
            spacing={3}
            sx={{ p: 0, m: 0 }}
            aria-label={t('reports.title')}
          >
            {reports.data.items.map((listing) => (
              <ReportedListingCard
                key={listing.property.id}
                listing={listing}
                onAction={setAction}
              />
            ))}
          </Stack>
          <Paper variant="outlined" sx={{ mt: 3 }}>
            <AdminPagination
              total={reports.data.total}
              page={filter.page}
              pageSize={filter.pageSize}
              onChange={change}
            />
          </Paper>
        </>
      )}
      <ReportActionDialog action={action} onClose={() => setAction(null)} onDone={onDone} />
      {snackbar.element}
    </Box>
  );
}

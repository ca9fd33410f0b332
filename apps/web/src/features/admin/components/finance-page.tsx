import { useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  MOBILE_MONEY_NETWORKS,
  MOBILE_MONEY_NETWORK_NAMES,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
  type TPaymentStatus,
} from '@makazi/contracts/payment-values';
import { downloadPaymentsCsv, paymentsQueryOptions } from '../api/payments';
import { useAdminText } from '../hooks/use-admin-text';
import { formatDateTime, formatNumber } from '../utils/format';
import { readPaging, readPaymentFilter, withChanges } from '../utils/search-params';
import { AdminPagination } from './admin-pagination';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';

// Pending is filled gold with black text: orange or gold text on white is too faint to read.
// A payment held for review is filled too: it waits for an admin, as nothing else here does.
const STATUS_COLOR: Record<TPaymentStatus, 'default' | 'success' | 'error' | 'primary'> = {
  pending: 'primary',
  succeeded: 'success',
  failed: 'error',
  expired: 'default',
  cancelled: 'default',
  needs_review: 'error',
};

/** The statuses drawn filled: those that still wait for someone. */
const FILLED = new Set<TPaymentStatus>(['pending', 'needs_review']);

/** The /admin/finance page: every payment, filtered, with totals and a CSV for the accountant. */
export function FinancePage() {
  const { t, errorMessage, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const filter = readPaymentFilter(params);
  const { page, pageSize } = readPaging(params);
  const payments = useQuery(paymentsQueryOptions(filter, page, pageSize));
  const download = useMutation({ mutationFn: () => downloadPaymentsCsv(filter) });
  const change = (changes: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, changes));
  const anyFilter = Object.keys(filter).length > 0;

  const select = (
    name: 'status' | 'provider' | 'purpose',
    label: string,
    options: readonly string[],
    optionLabel: (value: string) => string,
  ) => (
    <TextField
      select
      label={label}
      value={filter[name] ?? ''}
      onChange={(event) => change({ [name]: event.target.value })}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 150 }}
    >
      <option value="">{t('finance.any')}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </TextField>
  );

  return (
    <Box>
      <Stack
        direction="row"
        spacing={3}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 4 }}
      >
        <Typography variant="h1" component="h1">
          {t('finance.title')}
        </Typography>
        <Button
          startIcon={<DownloadIcon />}
          onClick={() => download.mutate()}
          disabled={download.isPending}
        >
          {download.isPending ? t('finance.downloading') : t('finance.download')}
        </Button>
      </Stack>
      {download.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 4 }} onClose={() => download.reset()}>
          {t('finance.downloadFailed', { message: errorMessage(download.error) })}
        </Alert>
      )}
      <Box
        component="fieldset"
        sx={{ border: 0, p: 0, m: 0, mb: 4, display: 'flex', flexWrap: 'wrap', gap: 3 }}
      >
        <Box component="legend" sx={{ mb: 2, fontWeight: 700 }}>
          {t('finance.filters')}
        </Box>
        <TextField
          type="date"
          label={t('finance.from')}
          value={filter.from ?? ''}
          onChange={(event) => change({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: filter.to } }}
        />
        <TextField
          type="date"
          label={t('finance.to')}
          value={filter.to ?? ''}
          onChange={(event) => change({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: filter.from } }}
        />
        {select('status', t('finance.status'), PAYMENT_STATUSES, (value) =>
          t(`finance.statuses.${value as TPaymentStatus}`),
        )}
        {select(
          'provider',
          t('finance.provider'),
          MOBILE_MONEY_NETWORKS,
          (value) => MOBILE_MONEY_NETWORK_NAMES[value as keyof typeof MOBILE_MONEY_NETWORK_NAMES],
        )}
        {select('purpose', t('finance.purpose'), PAYMENT_PURPOSES, (value) =>
          t(`finance.purposes.${value as (typeof PAYMENT_PURPOSES)[number]}`),
        )}
        {anyFilter && (
          <Button variant="text" onClick={() => setParams(new URLSearchParams())}>
            {t('finance.clear')}
          </Button>
        )}
      </Box>

      {payments.isPending ? (
        <PageSpinner />
      ) : payments.isError ? (
        <LoadFailure
          message={t('finance.failed')}
          detail={errorMessage(payments.error)}
          onRetry={() => void payments.refetch()}
        />
      ) : (
        <>
          <Paper
            variant="outlined"
            component="section"
            aria-label={t('finance.totals')}
            sx={{ p: 4, mb: 4, display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}
          >
            <Box>
              <Typography variant="caption" component="p" color="text.secondary">
                {t('finance.count')}
              </Typography>
              <Typography variant="h2" component="p" data-testid="total-count">
                {formatNumber(payments.data.totals.count)}
              </Typography>
            </Box>
            <Box>
              <Typography variant="caption" component="p" color="text.secondary">
                {t('finance.succeededAmount')}
              </Typography>
              <Typography variant="h2" component="p" data-testid="total-succeeded">
                {formatNumber(payments.data.totals.succeededAmount)}
              </Typography>
            </Box>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
              {PAYMENT_STATUSES.map((status) => (
                <Chip
                  key={status}
                  variant={FILLED.has(status) ? 'filled' : 'outlined'}
                  color={STATUS_COLOR[status]}
                  label={`${t(`finance.statuses.${status}`)}: ${formatNumber(
                    payments.data.totals.byStatus[status] ?? 0,
                  )}`}
                />
              ))}
            </Stack>
          </Paper>
          {payments.data.items.length === 0 ? (
            <Typography sx={{ py: 8, textAlign: 'center' }}>{t('finance.empty')}</Typography>
          ) : (
            <Paper variant="outlined">
              <TableContainer>
                <Table size="small" aria-label={t('finance.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('finance.date')}</TableCell>
                      <TableCell>{t('finance.user')}</TableCell>
                      <TableCell>{t('finance.purpose')}</TableCell>
                      <TableCell>{t('finance.plan')}</TableCell>
                      <TableCell>{t('finance.provider')}</TableCell>
                      <TableCell align="right">{t('finance.amount')}</TableCell>
                      <TableCell>{t('finance.status')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {payments.data.items.map((payment) => (
                      <TableRow key={payment.id} hover>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(payment.createdAt, language)}
                        </TableCell>
                        <TableCell>
                          {payment.user.name}
                          <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                            {payment.user.phoneNumber}
                          </Typography>
                        </TableCell>
                        <TableCell>{t(`finance.purposes.${payment.purpose}`)}</TableCell>
                        <TableCell>
                          {t('finance.planDays', { count: payment.plan.durationInDays })}
                        </TableCell>
                        <TableCell>
                          {payment.provider === null
                            ? '—'
                            : MOBILE_MONEY_NETWORK_NAMES[payment.provider]}
                        </TableCell>
                        <TableCell align="right">{formatNumber(payment.amount)}</TableCell>
                        <TableCell>
                          <Chip
                            size="small"
                            variant={FILLED.has(payment.status) ? 'filled' : 'outlined'}
                            color={STATUS_COLOR[payment.status]}
                            label={t(`finance.statuses.${payment.status}`)}
                          />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
              <AdminPagination
                total={payments.data.total}
                page={page}
                pageSize={pageSize}
                onChange={change}
              />
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}

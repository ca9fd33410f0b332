import { Link as RouterLink } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { topRevealersQueryOptions } from '../api/contact-reveals';
import { useAdminText } from '../hooks/use-admin-text';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { formatDateTime, formatNumber } from '../utils/format';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';

/** This week: today and the six East Africa days before it, as the API counts them. */
const WEEK = { days: 7, limit: 20 };

/**
 * The /admin/revealers page: the subscribers shown the most owners' phone numbers this week, most
 * distinct listings first. Someone collecting numbers by the dozen (to resell them, or to pester
 * owners) shows here; each name opens the person in the users pages.
 */
export function RevealersPage() {
  const { t, language, errorMessage } = useAdminText();
  // On a phone the first and last reveal do not fit: the phone number goes under the name.
  const narrow = useNarrowScreen();
  const revealers = useQuery(topRevealersQueryOptions(WEEK));

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 2 }}>
        {t('revealers.title')}
      </Typography>
      <Typography sx={{ mb: 4 }}>{t('revealers.lead')}</Typography>
      {revealers.isPending ? (
        <PageSpinner />
      ) : revealers.isError ? (
        <LoadFailure
          message={t('revealers.failed')}
          detail={errorMessage(revealers.error)}
          onRetry={() => void revealers.refetch()}
        />
      ) : revealers.data.items.length === 0 ? (
        <Typography sx={{ py: 8, textAlign: 'center' }}>{t('revealers.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('revealers.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('revealers.name')}</TableCell>
                  {!narrow && <TableCell>{t('revealers.phoneNumber')}</TableCell>}
                  <TableCell align="right">{t('revealers.listings')}</TableCell>
                  <TableCell align="right">{t('revealers.reveals')}</TableCell>
                  {!narrow && <TableCell>{t('revealers.firstReveal')}</TableCell>}
                  {!narrow && <TableCell>{t('revealers.lastReveal')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {revealers.data.items.map((row) => (
                  <TableRow key={row.userId}>
                    <TableCell>
                      <Link
                        color="secondary"
                        component={RouterLink}
                        to={`/admin/users/${row.userId}`}
                      >
                        {row.name}
                      </Link>
                      {narrow && (
                        <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                          {row.phoneNumber}
                        </Typography>
                      )}
                    </TableCell>
                    {!narrow && (
                      <TableCell>
                        <Link href={`tel:${row.phoneNumber}`} color="secondary">
                          {row.phoneNumber}
                        </Link>
                      </TableCell>
                    )}
                    <TableCell align="right">{formatNumber(row.listings)}</TableCell>
                    <TableCell align="right">{formatNumber(row.reveals)}</TableCell>
                    {!narrow && (
                      <TableCell>
                        <time dateTime={row.firstRevealAt}>
                          {formatDateTime(row.firstRevealAt, language)}
                        </time>
                      </TableCell>
                    )}
                    {!narrow && (
                      <TableCell>
                        <time dateTime={row.lastRevealAt}>
                          {formatDateTime(row.lastRevealAt, language)}
                        </time>
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}

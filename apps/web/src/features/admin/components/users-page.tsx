import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { usersQueryOptions } from '../api/users';
import { useAdminText } from '../hooks/use-admin-text';
import { useNarrowScreen } from '../hooks/use-narrow-screen';
import { shortId } from '../utils/format';
import { readUserSearch, withChanges } from '../utils/search-params';
import { AdminPagination } from './admin-pagination';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import { SearchBox } from './search-box';

/** The /admin/users page (and /admin/permisions): every user, searchable by name or phone. */
export function UsersPage() {
  const { t, errorMessage } = useAdminText();
  const navigate = useNavigate();
  // On a phone the four columns do not fit: the phone number goes under the name, and the id
  // (on the user's page anyway) is left out, so nothing needs a sideways scroll.
  const narrow = useNarrowScreen();
  const [params, setParams] = useSearchParams();
  const search = readUserSearch(params);
  const users = useQuery(
    usersQueryOptions({
      page: search.page,
      pageSize: search.pageSize,
      ...(search.q ? { q: search.q } : {}),
    }),
  );
  const change = (changes: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, changes));

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 4 }}>
        {t('users.title')}
      </Typography>
      <Box sx={{ mb: 4 }}>
        <SearchBox
          label={t('users.searchLabel')}
          value={search.q}
          onSearch={(q) => change({ q })}
        />
      </Box>
      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        <LoadFailure
          message={t('users.failed')}
          detail={errorMessage(users.error)}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.items.length === 0 ? (
        <Typography sx={{ py: 8, textAlign: 'center' }}>{t('users.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('users.title')}>
              <TableHead>
                <TableRow>
                  {!narrow && <TableCell>{t('users.id')}</TableCell>}
                  <TableCell>{t('users.name')}</TableCell>
                  <TableCell align="right">{t('users.numberOfProperties')}</TableCell>
                  {!narrow && <TableCell>{t('users.phoneNumber')}</TableCell>}
                </TableRow>
              </TableHead>
              <TableBody>
                {users.data.items.map((user) => {
                  const to = `/admin/users/${user.id}`;
                  return (
                    <TableRow
                      key={user.id}
                      hover
                      onClick={() => void navigate(to)}
                      sx={{ cursor: 'pointer' }}
                    >
                      {!narrow && (
                        <TableCell>
                          <Tooltip title={user.id}>
                            <span>{shortId(user.id)}</span>
                          </Tooltip>
                        </TableCell>
                      )}
                      <TableCell>
                        {/* The row is clickable; the link makes it reachable by keyboard too. */}
                        <Link
                          color="secondary"
                          component={RouterLink}
                          to={to}
                          onClick={(event) => event.stopPropagation()}
                        >
                          {user.name}
                        </Link>
                        {narrow && (
                          <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                            {user.phoneNumber}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell align="right">{user.numberOfProperties}</TableCell>
                      {!narrow && <TableCell>{user.phoneNumber}</TableCell>}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
          <AdminPagination
            total={users.data.total}
            page={search.page}
            pageSize={search.pageSize}
            onChange={change}
          />
        </Paper>
      )}
    </Box>
  );
}

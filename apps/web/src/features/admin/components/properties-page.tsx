import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import VisibilityIcon from '@mui/icons-material/Visibility';
import type { TAdminPropertiesResponse, TAdminPropertyRow } from '@makazi/contracts/admin';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import { dashboardQueryOptions } from '../api/dashboard';
import {
  awaitingReviewQueryOptions,
  propertiesQueryKey,
  propertiesQueryOptions,
  type TPropertyFilter,
} from '../api/properties';
import { useAdminText } from '../hooks/use-admin-text';
import { removeFromList, useApprove } from '../hooks/use-approve';
import { useSnackbar } from '../hooks/use-snackbar';
import { formatNumber, shortId } from '../utils/format';
import {
  firstTabWaiting,
  MODERATION_STATUSES,
  MODERATION_TABS,
  readPropertySearch,
  withChanges,
} from '../utils/search-params';
import { DisapproveDialog, type DisapproveTarget } from './disapprove-dialog';
import { VerifiedPhoneBadge } from '../../../components/listing-freshness';
import { DuplicatePhotosNote } from './duplicate-photos';
import { AdminPagination } from './admin-pagination';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import { PropertyQuickLook } from './property-quick-look';
import { SearchBox } from './search-box';
import { PendingChangeChip } from './status-chip';

/**
 * The /admin/property page: the moderation queue by type. Built for a moderator working through
 * hundreds a day: every action is a button, the next row takes the focus after an action, and an
 * approved row leaves the list before the server has answered (and comes back if it refuses).
 */
export function PropertiesPage() {
  const { t, errorMessage } = useAdminText();
  const [params, setParams] = useSearchParams();
  const search = readPropertySearch(params);
  // No tab in the URL: the counts of what waits choose one, and nothing is listed until they
  // have (a list of Land first would flash by, or hold the admin on an empty queue).
  const waiting = useQuery({
    ...awaitingReviewQueryOptions(),
    enabled: search.type === undefined,
  });
  const type =
    search.type ??
    (waiting.isFetchedAfterMount && !waiting.isFetching
      ? firstTabWaiting(waiting.data?.byType)
      : undefined);
  const filter: TPropertyFilter = {
    type,
    status: search.status,
    page: search.page,
    pageSize: search.pageSize,
    ...(search.q ? { q: search.q } : {}),
  };
  const properties = useQuery({ ...propertiesQueryOptions(filter), enabled: type !== undefined });
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const [quickLook, setQuickLook] = useState<TAdminPropertyRow | null>(null);
  const [disapproving, setDisapproving] = useState<DisapproveTarget | null>(null);
  const [rejecting, setRejecting] = useState<DisapproveTarget | null>(null);
  /** Rows whose approval under way applies an edit of a live listing (for the snackbar's words). */
  const approvingChanges = useRef(new Set<string>());
  const tableRef = useRef<HTMLTableSectionElement>(null);
  /** The row index to focus once the list has re-rendered after an action. */
  const focusIndex = useRef<number | null>(null);
  const rows = properties.data?.items;

  useEffect(() => {
    const index = focusIndex.current;
    if (index === null || !rows) return;
    focusIndex.current = null;
    // Only where focus was lost with the acted-on row: an admin who has gone on (typing a search)
    // keeps their focus, or their Enter would press a row's button instead.
    const active = document.activeElement;
    if (active && active !== document.body && !tableRef.current?.contains(active)) return;
    const rowElements = tableRef.current?.querySelectorAll<HTMLElement>('tr[data-row]') ?? [];
    const row = rowElements[Math.min(index, rowElements.length - 1)];
    // The next row's Approve (or its first control where it cannot be approved).
    const target =
      row?.querySelector<HTMLElement>('[data-action="approve"]') ??
      row?.querySelector<HTMLElement>('button, a');
    target?.focus();
  }, [rows]);

  const approve = useApprove({
    onApproved: (row) => {
      const change = approvingChanges.current.delete(row.id);
      snackbar.show(
        change
          ? t('pendingChange.approved', { title: row.title })
          : t('properties.approved', { title: row.title }),
      );
    },
    onFailed: (row, error) => {
      approvingChanges.current.delete(row.id);
      snackbar.show(
        t('properties.approveFailed', { title: row.title, message: errorMessage(error) }),
        'error',
      );
    },
  });

  const rememberFocus = (id: string) => {
    const index = rows?.findIndex((item) => item.id === id) ?? -1;
    focusIndex.current = index >= 0 ? index : null;
  };

  const onApprove = (row: TAdminPropertyRow) => {
    rememberFocus(row.id);
    if (row.pendingChange) approvingChanges.current.add(row.id);
    approve.mutate({ row, filter });
  };

  const onDisapproved = (target: DisapproveTarget) => {
    setDisapproving(null);
    rememberFocus(target.id);
    if (filter.status !== 'rejected') {
      queryClient.setQueryData<TAdminPropertiesResponse>(propertiesQueryKey(filter), (data) =>
        removeFromList(data, target.id),
      );
    }
    snackbar.show(t('properties.disapproved', { title: target.title }));
    void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey });
  };

  /** A rejected edit leaves the queue; the listing itself stays approved, and in that list. */
  const onChangesRejected = (target: DisapproveTarget) => {
    setRejecting(null);
    rememberFocus(target.id);
    if (filter.status === 'pending') {
      queryClient.setQueryData<TAdminPropertiesResponse>(propertiesQueryKey(filter), (data) =>
        removeFromList(data, target.id),
      );
    }
    snackbar.show(t('pendingChange.rejected', { title: target.title }));
    void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey });
  };

  const change = (changes: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, changes));

  // The chosen tab goes into the URL, in place of the address without one: it stays put while
  // the admin empties it (the counts change with every decision), and a reload or a link keeps it.
  useEffect(() => {
    if (search.type !== undefined || type === undefined) return;
    const next = new URLSearchParams(params);
    next.set('type', type);
    setParams(next, { replace: true });
  }, [search.type, type, params, setParams]);

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 4 }}>
        {t('properties.title')}
      </Typography>
      <Tabs
        // false: no tab is selected while the counts choose one.
        value={type ?? false}
        onChange={(_event, value: TPropertyType) => change({ type: value })}
        // Scrollable, not `centered`: on a phone the four tabs are wider than the screen, and
        // centred they spilled over both edges with no way to reach the first or the last.
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('properties.tabs')}
        textColor="inherit"
        sx={{
          mb: 4,
          '& .Mui-selected': { fontWeight: 700 },
          // Centred while they fit; auto margins shrink to nothing once they do not.
          '& .MuiTab-root:first-of-type': { ml: 'auto' },
          '& .MuiTab-root:last-of-type': { mr: 'auto' },
        }}
      >
        {MODERATION_TABS.map((tab) => (
          <Tab key={tab} value={tab} label={t(`types.${tab}`)} />
        ))}
      </Tabs>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 4, alignItems: 'flex-start' }}>
        <TextField
          select
          label={t('properties.statusFilter')}
          value={search.status}
          onChange={(event) => change({ status: event.target.value })}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 180 }}
        >
          {MODERATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </TextField>
        <SearchBox
          label={t('properties.searchLabel')}
          value={search.q}
          onSearch={(q) => change({ q })}
        />
      </Box>

      {properties.isPending ? (
        <PageSpinner />
      ) : properties.isError ? (
        <LoadFailure
          message={t('properties.failed')}
          detail={errorMessage(properties.error)}
          onRetry={() => void properties.refetch()}
        />
      ) : properties.data.items.length === 0 ? (
        <Typography sx={{ py: 8, textAlign: 'center' }}>{t('properties.empty')}</Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('properties.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('properties.id')}</TableCell>
                  <TableCell>{t('properties.name')}</TableCell>
                  <TableCell>{t('properties.location')}</TableCell>
                  <TableCell align="right">{t('properties.price')}</TableCell>
                  <TableCell align="right">{t('properties.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody ref={tableRef}>
                {properties.data.items.map((row) => (
                  <PropertyRow
                    key={row.id}
                    row={row}
                    onOpen={() => setQuickLook(row)}
                    onApprove={() => onApprove(row)}
                    onDisapprove={() =>
                      row.pendingChange
                        ? setRejecting({ id: row.id, title: row.title })
                        : setDisapproving({ id: row.id, title: row.title })
                    }
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <AdminPagination
            total={properties.data.total}
            page={search.page}
            pageSize={search.pageSize}
            onChange={change}
          />
        </Paper>
      )}
      <PropertyQuickLook row={quickLook} onClose={() => setQuickLook(null)} />
      <DisapproveDialog
        target={disapproving}
        onClose={() => setDisapproving(null)}
        onDisapproved={onDisapproved}
      />
      <DisapproveDialog
        ofChange
        target={rejecting}
        onClose={() => setRejecting(null)}
        onDisapproved={onChangesRejected}
      />
      {snackbar.element}
    </Box>
  );
}

function PropertyRow({
  row,
  onOpen,
  onApprove,
  onDisapprove,
}: {
  row: TAdminPropertyRow;
  onOpen: () => void;
  onApprove: () => void;
  onDisapprove: () => void;
}) {
  const { t } = useAdminText();
  const title = row.title;
  // An approved listing with an edit awaiting review: the buttons decide the edit, not the listing
  // (a draft edit is not sent for review yet, a rejected one may still be approved).
  const change = row.pendingChange;
  const approvable = change ? change !== 'draft' : row.status !== 'approved';
  const rejectable = change ? change === 'pending' : row.status !== 'rejected';
  return (
    <TableRow hover data-row={row.id}>
      <TableCell>
        <Tooltip title={row.id}>
          <span>{shortId(row.id)}</span>
        </Tooltip>
      </TableCell>
      <TableCell>
        <Link
          color="secondary"
          component="button"
          type="button"
          onClick={onOpen}
          sx={{ textAlign: 'left' }}
        >
          {title}
        </Link>
        {change && (
          <Box sx={{ mt: 1 }}>
            <PendingChangeChip status={change} />
          </Box>
        )}
        {row.contactVerified && (
          <Box sx={{ mt: 1 }}>
            <VerifiedPhoneBadge verified />
          </Box>
        )}
        {row.duplicatePhotos.length > 0 && (
          <Box sx={{ mt: 1 }}>
            <DuplicatePhotosNote candidates={row.duplicatePhotos} listing={row} />
          </Box>
        )}
      </TableCell>
      <TableCell>{row.regionName ?? t('none')}</TableCell>
      <TableCell align="right">{formatNumber(row.price)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {approvable && (
          <Tooltip title={change ? t('pendingChange.approve') : t('properties.approve')}>
            <IconButton
              size="small"
              data-action="approve"
              aria-label={
                change
                  ? t('pendingChange.approveItem', { title })
                  : t('properties.approveItem', { title })
              }
              onClick={onApprove}
            >
              <CheckIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={t('properties.view')}>
          <IconButton
            size="small"
            component={RouterLink}
            to={`/admin/${PROPERTY_TYPE_SLUGS[row.type]}/${row.id}`}
            aria-label={t('properties.viewItem', { title })}
          >
            <VisibilityIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {rejectable && (
          <Tooltip title={change ? t('pendingChange.reject') : t('properties.disapprove')}>
            <IconButton
              size="small"
              data-action="disapprove"
              aria-label={
                change
                  ? t('pendingChange.rejectItem', { title })
                  : t('properties.disapproveItem', { title })
              }
              onClick={onDisapprove}
            >
              <BlockIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}

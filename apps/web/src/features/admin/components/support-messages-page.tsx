import { Link as RouterLink, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { TAdminSupportMessage } from '@makazi/contracts/support';
import {
  SUPPORT_MESSAGE_STATUSES,
  type TSupportMessageStatus,
} from '@makazi/contracts/support-values';
import {
  setSupportMessageStatus,
  supportMessagesQueryKey,
  supportMessagesQueryOptions,
} from '../api/support-messages';
import { useAdminText } from '../hooks/use-admin-text';
import { useSnackbar } from '../hooks/use-snackbar';
import { formatDateTime } from '../utils/format';
import { readSupportSearch, withChanges } from '../utils/search-params';
import { AdminPagination } from './admin-pagination';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';

interface MessageCardProps {
  message: TAdminSupportMessage;
  busy: boolean;
  onToggle: () => void;
}

/**
 * One message as a card rather than a table row: a message runs to 2,000 characters, which no
 * column holds, and a card stacks its parts on a phone without a sideways scroll.
 */
function MessageCard({ message, busy, onToggle }: MessageCardProps) {
  const { t, language } = useAdminText();
  const open = message.status === 'open';
  return (
    <Paper component="li" variant="outlined" sx={{ p: 3, listStyle: 'none', minWidth: 0 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {message.name}
        </Typography>
        <Chip size="small" variant="outlined" label={t(`support.topics.${message.topic}`)} />
        <Typography variant="caption" component="span" sx={{ ml: 'auto' }}>
          <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, language)}</time>
        </Typography>
      </Box>
      <Box
        component="p"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, mt: 1.5, mb: 0 }}
      >
        {message.phone ? (
          <Link href={`tel:${message.phone}`} color="secondary">
            {message.phone}
          </Link>
        ) : null}
        {message.email ? (
          <Link
            href={`mailto:${message.email}`}
            color="secondary"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {message.email}
          </Link>
        ) : null}
        {message.userId ? (
          <Link component={RouterLink} to={`/admin/users/${message.userId}`} color="secondary">
            {t('support.account')}
          </Link>
        ) : null}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', my: 2 }}>
        {message.message}
      </Typography>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}
      >
        {!open && message.closedAt ? (
          <Typography variant="caption" component="span">
            {message.closedBy
              ? t('support.closedOn', {
                  date: formatDateTime(message.closedAt, language),
                  admin: message.closedBy,
                })
              : t('support.closedOnBySomeone', {
                  date: formatDateTime(message.closedAt, language),
                })}
          </Typography>
        ) : null}
        <Button
          variant={open ? 'contained' : 'outlined'}
          color={open ? 'primary' : 'inherit'}
          size="small"
          disabled={busy}
          onClick={onToggle}
          aria-label={t(open ? 'support.closeItem' : 'support.reopenItem', {
            name: message.name,
          })}
          sx={{ ml: 'auto', minHeight: 36 }}
        >
          {t(open ? 'support.close' : 'support.reopen')}
        </Button>
      </Box>
    </Paper>
  );
}

/** The /admin/support page: what people sent through the contact form, open ones first. */
export function SupportMessagesPage() {
  const { t, errorMessage } = useAdminText();
  const [params, setParams] = useSearchParams();
  const search = readSupportSearch(params);
  const filter = { status: search.status, page: search.page, pageSize: search.pageSize };
  const messages = useQuery(supportMessagesQueryOptions(filter));
  const queryClient = useQueryClient();
  const snackbar = useSnackbar();
  const toggle = useMutation({
    mutationFn: ({ id, status }: { id: string; status: TSupportMessageStatus }) =>
      setSupportMessageStatus(id, status),
    onSuccess: (message) =>
      snackbar.show(t(message.status === 'closed' ? 'support.wasClosed' : 'support.wasReopened')),
    onError: (error) => snackbar.show(errorMessage(error), 'error'),
    // The message leaves this tab for the other one.
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportMessagesQueryKey() }),
  });
  const change = (changes: Record<string, string | number | undefined>) =>
    setParams(withChanges(params, changes));

  return (
    <Box>
      <Typography variant="h1" component="h1" sx={{ mb: 4 }}>
        {t('support.title')}
      </Typography>
      <Tabs
        value={search.status}
        onChange={(_event, value: TSupportMessageStatus) => change({ status: value })}
        aria-label={t('support.tabs')}
        textColor="inherit"
        sx={{ mb: 4, '& .Mui-selected': { fontWeight: 700 } }}
      >
        {SUPPORT_MESSAGE_STATUSES.map((status) => (
          <Tab key={status} value={status} label={t(`support.${status}`)} />
        ))}
      </Tabs>
      {messages.isPending ? (
        <PageSpinner />
      ) : messages.isError ? (
        <LoadFailure
          message={t('support.failed')}
          detail={errorMessage(messages.error)}
          onRetry={() => void messages.refetch()}
        />
      ) : messages.data.items.length === 0 ? (
        <Typography sx={{ py: 8, textAlign: 'center' }}>{t('support.empty')}</Typography>
      ) : (
        <>
          <Stack component="ul" spacing={3} sx={{ p: 0, m: 0 }} aria-label={t('support.title')}>
            {messages.data.items.map((message) => (
              <MessageCard
                key={message.id}
                message={message}
                busy={toggle.isPending && toggle.variables.id === message.id}
                onToggle={() =>
                  toggle.mutate({
                    id: message.id,
                    status: message.status === 'open' ? 'closed' : 'open',
                  })
                }
              />
            ))}
          </Stack>
          <Paper variant="outlined" sx={{ mt: 3 }}>
            <AdminPagination
              total={messages.data.total}
              page={search.page}
              pageSize={search.pageSize}
              onChange={change}
            />
          </Paper>
        </>
      )}
      {snackbar.element}
    </Box>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { TAdminUserDetail, TPermissions } from '@makazi/contracts/admin';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { isAdminApiError } from '../api/admin-client';
import {
  updatePermissions,
  userDetailQueryKey,
  userDetailQueryOptions,
  usersQueryKey,
} from '../api/users';
import { useAdminText } from '../hooks/use-admin-text';
import { formatDate } from '../utils/format';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import { StatusChip } from './status-chip';

const PERMISSIONS = ['canEdit', 'canDelete', 'canPost', 'reportsHeard'] as const;
type TPermission = (typeof PERMISSIONS)[number];

type SaveState = { state: 'saving' } | { state: 'saved' } | { state: 'failed'; message: string };

/** The /admin/users/{userId} page: who the user is, what they may do, and what they published. */
export function UserDetailsPage({ userId }: { userId: string }) {
  const { t, errorMessage, language } = useAdminText();
  const detail = useQuery(userDetailQueryOptions(userId));

  const back = (
    <IconButton component={RouterLink} to="/admin/users" aria-label={t('user.back')}>
      <ArrowBackIcon />
    </IconButton>
  );

  let body: ReactNode;
  if (detail.isPending) body = <PageSpinner />;
  else if (detail.isError)
    body = (
      <LoadFailure
        message={t('user.failed')}
        detail={errorMessage(detail.error)}
        onRetry={() => void detail.refetch()}
      />
    );
  else {
    const { user, subscription, properties } = detail.data;
    body = (
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <InfoCard title={t('user.info')}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 4,
              rowGap: 2,
              '& dt': { fontWeight: 700 },
              '& dd': { m: 0, overflowWrap: 'anywhere' },
            }}
          >
            <dt>{t('user.id')}</dt>
            <dd>{user.id}</dd>
            <dt>{t('user.name')}</dt>
            <dd>{user.name}</dd>
            <dt>{t('user.phoneNumber')}</dt>
            <dd>{user.phoneNumber}</dd>
            <dt>{t('user.subscription')}</dt>
            <dd>
              {!subscription.isActive
                ? t('user.subscriptionInactive')
                : subscription.endsAt
                  ? t('user.subscriptionActive', {
                      date: formatDate(subscription.endsAt, language),
                    })
                  : t('user.subscriptionActiveOpen')}
            </dd>
          </Box>
        </InfoCard>
        <PermissionsCard userId={user.id} permissions={user.permissions} />
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <InfoCard title={t('user.properties')}>
            {properties.length === 0 ? (
              <Typography>{t('user.noProperties')}</Typography>
            ) : (
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  display: 'grid',
                  gap: 3,
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                }}
              >
                {properties.map((property) => (
                  <Card component="li" variant="outlined" key={property.id}>
                    <CardContent>
                      <Stack
                        direction="row"
                        spacing={2}
                        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}
                      >
                        <Typography variant="caption" color="text.secondary">
                          {t(`types.${property.type}`)}
                        </Typography>
                        <StatusChip status={property.status} />
                      </Stack>
                      <Link
                        color="secondary"
                        component={RouterLink}
                        to={`/admin/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`}
                        variant="h4"
                        sx={{ display: 'block', mb: 1 }}
                      >
                        {property.title}
                      </Link>
                      <Typography variant="body2">{property.description}</Typography>
                    </CardContent>
                  </Card>
                ))}
              </Box>
            )}
          </InfoCard>
        </Box>
      </Box>
    );
  }

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 4 }}>
        {back}
        <Typography variant="h1" component="h1">
          {t('user.title')}
        </Typography>
      </Stack>
      {body}
    </Box>
  );
}

function InfoCard({
  title,
  aside,
  children,
}: {
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 3 }}>
          <Typography id={titleId} variant="h2" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {aside}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * The three switches, each saved on its own with PATCH as soon as it is clicked. The box shows the
 * new value at once and goes back if the server refuses.
 */
function PermissionsCard({ userId, permissions }: { userId: string; permissions: TPermissions }) {
  const { t, errorMessage } = useAdminText();
  const queryClient = useQueryClient();
  const [saves, setSaves] = useState<Partial<Record<TPermission, SaveState>>>({});
  const key = userDetailQueryKey(userId);

  const setPermission = (permission: TPermission, value: boolean) =>
    queryClient.setQueryData<TAdminUserDetail>(key, (data) =>
      data
        ? {
            ...data,
            user: { ...data.user, permissions: { ...data.user.permissions, [permission]: value } },
          }
        : data,
    );

  const save = useMutation({
    mutationFn: ({ permission, value }: { permission: TPermission; value: boolean }) =>
      updatePermissions(userId, { [permission]: value }),
    onMutate: async ({ permission, value }) => {
      await queryClient.cancelQueries({ queryKey: key });
      setSaves((current) => ({ ...current, [permission]: { state: 'saving' } }));
      setPermission(permission, value);
    },
    onSuccess: (answer, { permission }) => {
      setPermission(permission, answer[permission]);
      setSaves((current) => ({ ...current, [permission]: { state: 'saved' } }));
      void queryClient.invalidateQueries({ queryKey: usersQueryKey() });
    },
    onError: (error, { permission, value }) => {
      // Only this switch goes back: the others may have been saved meanwhile.
      setPermission(permission, !value);
      const message = isAdminApiError(error) && error.status === 401 ? '' : errorMessage(error);
      setSaves((current) => ({ ...current, [permission]: { state: 'failed', message } }));
    },
  });

  const statusText = (state: SaveState | undefined) => {
    if (!state) return '';
    if (state.state === 'saving') return t('user.saving');
    if (state.state === 'saved') return t('user.saved');
    return t('user.saveFailed', { message: state.message });
  };

  return (
    <InfoCard title={t('user.permissions')}>
      <FormGroup>
        {PERMISSIONS.map((permission) => {
          const state = saves[permission];
          return (
            <Stack
              key={permission}
              direction="row"
              spacing={2}
              sx={{ alignItems: 'center', justifyContent: 'space-between' }}
            >
              <FormControlLabel
                label={t(`user.${permission}`)}
                control={
                  <Checkbox
                    checked={permissions[permission]}
                    disabled={state?.state === 'saving'}
                    onChange={(event) => save.mutate({ permission, value: event.target.checked })}
                  />
                }
              />
              <Typography
                variant="caption"
                role="status"
                data-testid={`save-${permission}`}
                color={state?.state === 'failed' ? 'error' : 'text.secondary'}
              >
                {statusText(state)}
              </Typography>
            </Stack>
          );
        })}
      </FormGroup>
    </InfoCard>
  );
}

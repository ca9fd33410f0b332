import { useId, useRef, useState, type ReactNode } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { TViewerProperty } from '@makazi/contracts/listings';
import {
  PROPERTY_TYPE_SLUGS,
  pictureSlotRank,
  type TPictureLabel,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { useAddressText } from '../../../lib/use-address-text';
import { isAdminApiError } from '../api/admin-client';
import { dashboardQueryOptions } from '../api/dashboard';
import { propertiesQueryKey, propertyDetailQueryOptions } from '../api/properties';
import { useAdminText, type TAdminKey } from '../hooks/use-admin-text';
import { useApprove } from '../hooks/use-approve';
import { useSnackbar } from '../hooks/use-snackbar';
import { formatDateTime, formatNumber } from '../utils/format';
import { DisapproveDialog, type DisapproveTarget } from './disapprove-dialog';
import { DuplicatePhotosAlert } from './duplicate-photos';
import { LoadFailure } from './load-failure';
import { PageSpinner } from './page-spinner';
import { PendingChangeSection } from './pending-change-section';
import { PendingChangeChip, StatusChip } from './status-chip';

interface AdminPhoto {
  url: string;
  /** The wizard's slot; unknown for a listing with media groups only. */
  label: TPictureLabel | null;
}

/**
 * Every photo of the listing in the wizard's order with its slot, as the moderator checks them
 * against it (the outside first): its photos, or its media groups' pictures when it has none.
 */
export function adminPhotos(property: TViewerProperty): AdminPhoto[] {
  if (property.photos.length === 0) {
    return property.media.flatMap((group) => group.pictures.map((url) => ({ url, label: null })));
  }
  const rank = (label: TPictureLabel) => pictureSlotRank(property.type, label);
  return [...property.photos]
    .sort((a, b) => rank(a.label) - rank(b.label))
    .map((photo) => ({ url: photo.url, label: photo.label }));
}

/**
 * The /admin/{land|lease|apartment|house-for-sale}/{id} page: everything a moderator needs to
 * decide, with Approve and Disapprove at hand.
 */
export function AdminPropertyPage({ id, type }: { id: string; type: TPropertyType }) {
  const { t, language, errorMessage } = useAdminText();
  const addressText = useAddressText();
  const queryClient = useQueryClient();
  const detail = useQuery(propertyDetailQueryOptions(id));
  const snackbar = useSnackbar();
  const [disapproving, setDisapproving] = useState<DisapproveTarget | null>(null);
  const [rejecting, setRejecting] = useState<DisapproveTarget | null>(null);
  // Whether the approval under way applies an edit (read when it succeeds: the page may have
  // reloaded by then).
  const approvingChange = useRef(false);
  const approve = useApprove({
    onApproved: (row) =>
      snackbar.show(
        approvingChange.current
          ? t('pendingChange.approved', { title: row.title })
          : t('properties.approved', { title: row.title }),
      ),
    onFailed: (row, error) =>
      snackbar.show(
        t('properties.approveFailed', { title: row.title, message: errorMessage(error) }),
        'error',
      ),
  });

  const back = (
    <Button
      component={RouterLink}
      to="/admin/property"
      startIcon={<ArrowBackIcon />}
      sx={{ mb: 4 }}
    >
      {t('property.back')}
    </Button>
  );

  if (detail.isPending) return <PageSpinner />;
  if (detail.isError) {
    const missing = isAdminApiError(detail.error) && detail.error.status === 404;
    return (
      <Box>
        {back}
        {missing ? (
          <Alert severity="warning">{t('property.notFound')}</Alert>
        ) : (
          <LoadFailure
            message={t('property.failed')}
            detail={errorMessage(detail.error)}
            onRetry={() => void detail.refetch()}
          />
        )}
      </Box>
    );
  }

  const { property, publisher, duplicatePhotos } = detail.data;
  // A link with the wrong type segment still finds the listing: the address is put right.
  if (property.type !== type) {
    return <Navigate to={`/admin/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`} replace />;
  }
  const photos = adminPhotos(property);
  // The route approves or rejects the edit instead of the listing while one waits beside it.
  const change = property.pendingChange ?? null;
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
    void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey });
  };

  return (
    <Box>
      {/*
       * On a phone the status goes under the title when the title's longest word needs the room,
       * and a word longer than the line breaks instead of widening the page.
       */}
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
      >
        <IconButton component={RouterLink} to="/admin/property" aria-label={t('property.back')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography
          variant="h1"
          component="h1"
          sx={{ flex: '1 1 0', maxWidth: '100%', overflowWrap: 'break-word' }}
        >
          {property.title}
        </Typography>
        <StatusChip status={property.status} />
        {change && <PendingChangeChip status={change.status} />}
      </Stack>
      {property.status === 'rejected' && property.rejectionReason && (
        <Alert severity="error" sx={{ mb: 4 }}>
          <strong>{t('property.rejectionReason')}:</strong> {property.rejectionReason}
        </Alert>
      )}
      {change && (
        <Alert severity="info" sx={{ mb: 4 }}>
          {change.status === 'draft' ? t('pendingChange.draftNote') : t('pendingChange.live')}
        </Alert>
      )}
      {change?.status === 'rejected' && change.rejectionReason && (
        <Alert severity="error" sx={{ mb: 4 }}>
          <strong>{t('pendingChange.rejectionReason')}:</strong> {change.rejectionReason}
        </Alert>
      )}
      <DuplicatePhotosAlert candidates={duplicatePhotos} />
      <Stack direction="row" spacing={3} useFlexGap sx={{ mb: 6, flexWrap: 'wrap' }}>
        {change ? (
          <>
            {/* A draft edit lacks a required photo: its owner has not sent it for review yet. */}
            {change.status !== 'draft' && (
              <Button
                color="success"
                disabled={approve.isPending}
                onClick={() => {
                  approvingChange.current = true;
                  approve.mutate({ row: { id: property.id, title: property.title } });
                }}
              >
                {t('pendingChange.approve')}
              </Button>
            )}
            {change.status === 'pending' && (
              <Button
                color="error"
                onClick={() => setRejecting({ id: property.id, title: property.title })}
              >
                {t('pendingChange.reject')}
              </Button>
            )}
          </>
        ) : (
          <>
            {property.status !== 'approved' && (
              <Button
                color="success"
                disabled={approve.isPending}
                onClick={() => {
                  approvingChange.current = false;
                  approve.mutate({ row: { id: property.id, title: property.title } });
                }}
              >
                {t('properties.approve')}
              </Button>
            )}
            {property.status !== 'rejected' && (
              <Button
                color="error"
                onClick={() => setDisapproving({ id: property.id, title: property.title })}
              >
                {t('properties.disapprove')}
              </Button>
            )}
          </>
        )}
      </Stack>

      {change && <PendingChangeSection property={property} change={change} />}

      <Section title={change ? t('pendingChange.livePhotos') : t('property.photos')}>
        {photos.length === 0 ? (
          <Typography>{t('property.noPhotos')}</Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 3,
              gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
            }}
          >
            {photos.map(({ url, label }, index) => (
              <li key={`${url}-${index}`}>
                <Link color="secondary" href={url} target="_blank" rel="noopener">
                  <Box
                    component="img"
                    src={url}
                    alt={t('property.photoAlt', { number: index + 1, title: property.title })}
                    loading="lazy"
                    sx={{
                      width: '100%',
                      aspectRatio: '4 / 3',
                      objectFit: 'cover',
                      borderRadius: 1,
                      display: 'block',
                      bgcolor: 'grey.200',
                    }}
                  />
                </Link>
                {label ? (
                  <Typography variant="caption" component="p" data-testid="photo-label">
                    {t(`property.photoLabels.${label}`)}
                  </Typography>
                ) : null}
              </li>
            ))}
          </Box>
        )}
      </Section>

      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Section title={change ? t('pendingChange.liveDetails') : t('property.details')}>
          <Details rows={detailRows(property, t, { addressText, language })} />
        </Section>
        <Section title={t('property.publisher')}>
          <Details
            rows={[
              ['property.publisherName', publisher.name],
              [
                'property.publisherPhone',
                <Link color="secondary" key="phone" href={`tel:${publisher.phoneNumber}`}>
                  {publisher.phoneNumber}
                </Link>,
              ],
              ['property.status', <StatusChip key="status" status={property.status} />],
              ...(property.rejectionReason
                ? [['property.rejectionReason', property.rejectionReason] as DetailRow]
                : []),
            ]}
          />
        </Section>
      </Box>
      <DisapproveDialog
        target={disapproving}
        onClose={() => setDisapproving(null)}
        onDisapproved={(target) => {
          setDisapproving(null);
          snackbar.show(t('properties.disapproved', { title: target.title }));
          refreshLists();
        }}
      />
      <DisapproveDialog
        ofChange
        target={rejecting}
        onClose={() => setRejecting(null)}
        onDisapproved={(target) => {
          setRejecting(null);
          snackbar.show(t('pendingChange.rejected', { title: target.title }));
          refreshLists();
        }}
      />
      {snackbar.element}
    </Box>
  );
}

type DetailRow = [TAdminKey, ReactNode];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 4, mb: 4 }}>
      <Typography id={titleId} variant="h2" component="h2" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Details({ rows }: { rows: DetailRow[] }) {
  const { t } = useAdminText();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(120px, auto) 1fr',
        columnGap: 4,
        rowGap: 2,
        '& dt': { fontWeight: 700 },
        '& dd': { m: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

function detailRows(
  property: TViewerProperty,
  t: ReturnType<typeof useAdminText>['t'],
  { addressText, language }: { addressText: ReturnType<typeof useAddressText>; language: string },
): DetailRow[] {
  const yesNo = (value: boolean) => (value ? t('yes') : t('no'));
  const common: DetailRow[] = [
    ['property.fields.type', t(`types.${property.type}`)],
    ['property.fields.title', property.title],
    ['property.fields.description', property.description],
    ['property.fields.price', `TZS ${formatNumber(property.price)}`],
    // In the reader's words (Mtaa, Kata …), as the public pages write it: formatPropertyAddress
    // is English, being the search text.
    ['property.fields.address', addressText(property.propertyAddress) || t('none')],
    ['property.fields.ownerName', property.ownerName],
    ['property.fields.ownerPhoneNumber', property.ownerPhoneNumber ?? t('none')],
  ];
  const rooms = (p: { numberOfBedrooms: number; numberOfBathrooms: number }): DetailRow[] => [
    ['property.fields.bedrooms', p.numberOfBedrooms],
    ['property.fields.bathrooms', p.numberOfBathrooms],
  ];
  const services = (p: {
    distanceFromMainRoad: string;
    isWaterServiceAvailable: boolean;
    isElectricityServiceAvailable: boolean;
  }): DetailRow[] => [
    ['property.fields.distanceFromMainRoad', p.distanceFromMainRoad],
    ['property.fields.water', yesNo(p.isWaterServiceAvailable)],
    ['property.fields.electricity', yesNo(p.isElectricityServiceAvailable)],
  ];
  let specific: DetailRow[];
  switch (property.type) {
    case 'Land':
      specific = [
        ['property.fields.lotSize', `${property.lotWidth} × ${property.lotLength}`],
        ['property.fields.lotStatus', property.lotStatus],
        ...services(property),
      ];
      break;
    case 'Rent':
      specific = [['property.fields.leaseTerm', property.leaseTerm], ...rooms(property)];
      break;
    case 'Apartment':
      specific = [['property.fields.priceTerm', property.appartmentPriceTerm], ...rooms(property)];
      break;
    case 'HouseForSale':
      specific = [
        ...rooms(property),
        ['property.fields.squareFootage', property.squareFootage ?? t('none')],
        ...services(property),
      ];
      break;
  }
  return [
    ...common,
    ...specific,
    ['property.fields.createdAt', formatDateTime(property.createdAt, language)],
    ['property.fields.updatedAt', formatDateTime(property.updatedAt, language)],
  ];
}

import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import {
  PROPERTY_TYPE_SLUGS,
  ZGetPropertyParams,
  ZProperty,
  type TProperty,
  type TPropertyType,
} from '@makazi/contracts/properties';
import { ErrorNotice } from '../../../components/error-notice';
import { isApiError } from '../../../lib/api-client';
import { useProperty } from '../api/get-property';
import { PropertyDetail } from './property-detail';

export interface ListingDetailViewProps {
  /** The type the URL promises (/lease → Rent). */
  type: TPropertyType;
  id: string;
  contactSlot?: ReactNode;
}

/** Navigation state is a hint from the card; only a valid listing with the same id is used. */
function placeholderFrom(state: unknown, id: string): TProperty | undefined {
  if (typeof state !== 'object' || state === null || !('property' in state)) return undefined;
  const parsed = ZProperty.safeParse(state.property);
  return parsed.success && parsed.data.id === id ? parsed.data : undefined;
}

function NotFound({ type }: { type: TPropertyType }) {
  const { t } = useTranslation('detail');
  return (
    <Box role="status" data-testid="listing-not-found" sx={{ py: 10, textAlign: 'center' }}>
      <title>{t('notFound.title')}</title>
      <Typography component="h1" variant="h1">
        {t('notFound.title')}
      </Typography>
      <Typography sx={{ mt: 2 }}>{t('notFound.text')}</Typography>
      <Button component={Link} to={`/${PROPERTY_TYPE_SLUGS[type]}`} sx={{ mt: 6 }}>
        {t('notFound.browse')}
      </Button>
    </Box>
  );
}

export function ListingDetailView({ type, id, contactSlot }: ListingDetailViewProps) {
  const { t } = useTranslation('detail');
  const location = useLocation();
  const validId = ZGetPropertyParams.safeParse({ id }).success;
  const query = useProperty(id, {
    enabled: validId,
    placeholder: placeholderFrom(location.state, id),
  });
  const listPath = `/${PROPERTY_TYPE_SLUGS[type]}`;

  if (!validId) return <NotFound type={type} />;

  const property = query.data;
  // An id of another type: send the visitor to the address that type lives at.
  if (property && property.type !== type && !query.isPlaceholderData) {
    return <Navigate to={`/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`} replace />;
  }

  let body: ReactNode;
  if (property) {
    body = (
      <>
        <title>{property.title.trim() || t('fields.noTitle')}</title>
        <PropertyDetail property={property} contactSlot={contactSlot} />
      </>
    );
  } else if (query.isError) {
    const error = query.error;
    body =
      isApiError(error) && (error.code === 'NOT_FOUND' || error.status === 404) ? (
        <NotFound type={type} />
      ) : (
        <ErrorNotice error={error} onRetry={() => void query.refetch()} />
      );
  } else {
    body = (
      <Box
        aria-busy="true"
        sx={{ display: 'grid', gap: 6, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}
      >
        <Skeleton variant="rounded" sx={{ height: 'auto', aspectRatio: '4 / 3' }} />
        <Box>
          <Skeleton width="40%" />
          <Skeleton height={48} />
          <Skeleton width="60%" />
          <Skeleton variant="rounded" height={200} sx={{ mt: 4 }} />
        </Box>
      </Box>
    );
  }

  return (
    <>
      <Button component={Link} to={listPath} startIcon={<ArrowBack aria-hidden />} sx={{ mb: 4 }}>
        {t('back')}
      </Button>
      {body}
    </>
  );
}

import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import type { TProperty, TTakenListing } from '@makazi/contracts/properties';
import { ErrorNotice } from '../../../components/error-notice';
import { ArrowBackIcon } from '../../../components/icons';
import { ListingNotFound } from '../../../components/listing-not-found';
import { UnavailableOffline } from '../../../components/unavailable-offline';
import { isApiError } from '../../../lib/api-client';
import { isPropertyOutline, isUuid } from '../../../lib/guards';
import { listingFromState } from '../../../lib/listing-state';
import { useUnavailableOffline } from '../../../lib/use-unavailable-offline';
import { useProperty } from '../api/property';
import { ListingMeta } from './listing-meta';
import { ListingTaken } from './listing-taken';
import { PropertyDetail } from './property-detail';
import './listing-detail.css';

export interface ListingDetailViewProps {
  /** The type the URL promises (/lease → Rent). */
  type: TPropertyType;
  id: string;
  /** The contact control the app composes for the listing shown (see PropertyDetail). */
  renderContacts?: (property: TProperty) => ReactNode;
  /** Listings like one rented or sold, as the app composes them (see ListingTaken). */
  renderSimilar?: (listing: TTakenListing) => ReactNode;
}

export function NotFound({ type }: { type: TPropertyType }) {
  const { t } = useTranslation('detail');
  return (
    <ListingNotFound
      title={t('notFound.title')}
      text={t('notFound.text')}
      link={{ to: `/${PROPERTY_TYPE_SLUGS[type]}`, label: t('notFound.browse') }}
    />
  );
}

export function ListingDetailView({
  type,
  id,
  renderContacts,
  renderSimilar,
}: ListingDetailViewProps) {
  const { t } = useTranslation('detail');
  const location = useLocation();
  const validId = isUuid(id);
  const query = useProperty(id, {
    enabled: validId,
    placeholder: listingFromState(location.state, id, isPropertyOutline),
  });
  const listPath = `/${PROPERTY_TYPE_SLUGS[type]}`;
  const unavailableOffline = useUnavailableOffline(query);

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
        <ListingMeta property={property} title={property.title.trim() || t('fields.noTitle')} />
        <PropertyDetail property={property} renderContacts={renderContacts} />
      </>
    );
  } else if (unavailableOffline) {
    body = <UnavailableOffline headingLevel={1} />;
  } else if (query.isError) {
    const error = query.error;
    body =
      isApiError(error) && error.takenListing ? (
        <ListingTaken listing={error.takenListing} renderSimilar={renderSimilar} />
      ) : isApiError(error) && (error.code === 'NOT_FOUND' || error.status === 404) ? (
        <NotFound type={type} />
      ) : (
        <ErrorNotice error={error} onRetry={() => void query.refetch()} />
      );
  } else {
    body = (
      <div aria-busy="true" className="listing-article detail-placeholder">
        <span className="skeleton detail-placeholder__photo" />
        <div>
          <span className="skeleton detail-placeholder__line" style={{ width: '40%' }} />
          <span className="skeleton detail-placeholder__line" style={{ height: 48 }} />
          <span className="skeleton detail-placeholder__line" style={{ width: '60%' }} />
          <span className="skeleton" style={{ height: 200, marginTop: 'calc(var(--space) * 4)' }} />
        </div>
      </div>
    );
  }

  return (
    <>
      <Link to={listPath} className="btn detail-back">
        <ArrowBackIcon />
        {t('back')}
      </Link>
      {body}
    </>
  );
}

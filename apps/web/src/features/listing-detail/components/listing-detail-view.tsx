import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import type { TProperty, TPropertyType } from '@makazi/contracts/properties';
import { ErrorNotice } from '../../../components/error-notice';
import { ArrowBackIcon } from '../../../components/icons';
import { isApiError } from '../../../lib/api-client';
import { isPropertyOutline, isUuid } from '../../../lib/guards';
import { useProperty } from '../api/get-property';
import { PropertyDetail } from './property-detail';
import './listing-detail.css';

export interface ListingDetailViewProps {
  /** The type the URL promises (/lease → Rent). */
  type: TPropertyType;
  id: string;
  /** The contact control the app composes for the listing shown (see PropertyDetail). */
  renderContacts?: (property: TProperty) => ReactNode;
}

/** Navigation state is a hint from the card; only a valid listing with the same id is used. */
function placeholderFrom(state: unknown, id: string): TProperty | undefined {
  if (typeof state !== 'object' || state === null || !('property' in state)) return undefined;
  const { property } = state;
  return isPropertyOutline(property) && property.id === id ? property : undefined;
}

function NotFound({ type }: { type: TPropertyType }) {
  const { t } = useTranslation('detail');
  return (
    <div role="status" data-testid="listing-not-found" className="detail-not-found">
      <title>{t('notFound.title')}</title>
      <h1>{t('notFound.title')}</h1>
      <p className="detail-not-found__text">{t('notFound.text')}</p>
      <Link to={`/${PROPERTY_TYPE_SLUGS[type]}`} className="btn detail-not-found__link">
        {t('notFound.browse')}
      </Link>
    </div>
  );
}

export function ListingDetailView({ type, id, renderContacts }: ListingDetailViewProps) {
  const { t } = useTranslation('detail');
  const location = useLocation();
  const validId = isUuid(id);
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
        <PropertyDetail property={property} renderContacts={renderContacts} />
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
      <div aria-busy="true" className="detail-placeholder">
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

import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import { ErrorNotice } from '../../../components/error-notice';
import { ArrowBackIcon } from '../../../components/icons';
import { ListingNotFound } from '../../../components/listing-not-found';
import { isApiError } from '../../../lib/api-client';
import { isUuid } from '../../../lib/guards';
import { listingFromState } from '../../../lib/listing-state';
import { useSession } from '../../../lib/session';
import { isViewerProperty } from '../../../lib/viewer-property';
import { useOwnerListing } from '../api/owner-listing';
import { OwnerListingView } from './owner-listing-view';
import './owner-listing.css';

export interface OwnerListingPageProps {
  /** The type the URL promises (/user/lease → Rent). */
  type: TPropertyType;
  id: string;
}

function NotFound() {
  const { t } = useTranslation('posts');
  return (
    <ListingNotFound
      title={t('owner.notFound.title')}
      text={t('owner.notFound.text')}
      link={{ to: '/posts', label: t('owner.notFound.link') }}
    />
  );
}

function OwnerListing({ type, id, sub }: OwnerListingPageProps & { sub: string }) {
  const { t } = useTranslation('posts');
  const location = useLocation();
  const validId = isUuid(id);
  const query = useOwnerListing(sub, id, {
    enabled: validId,
    placeholder: listingFromState(location.state, id, isViewerProperty),
  });

  if (!validId) return <NotFound />;
  const property = query.data;
  // An id of another type: the page of that type shows it.
  if (property && property.type !== type && !query.isPlaceholderData) {
    return <Navigate to={`/user/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`} replace />;
  }
  if (property)
    return (
      <OwnerListingView property={property} isOwner={property.publishedBy.id === sub} sub={sub} />
    );
  if (query.isError) {
    const error = query.error;
    // Someone else's listing that is not published answers like one that does not exist.
    return isApiError(error) && (error.status === 404 || error.status === 403) ? (
      <NotFound />
    ) : (
      <ErrorNotice error={error} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <p role="status" className="text-secondary">
      {t('loading')}
    </p>
  );
}

/**
 * The owner detail pages (/user/land/{id} …): the owner's own view of a listing, in any
 * status, loaded by id so a reload works. The route's guard has made sure someone is signed in.
 */
export function OwnerListingPage({ type, id }: OwnerListingPageProps) {
  const { t, ready } = useTranslation('posts');
  const { t: tCommon } = useTranslation();
  const session = useSession();

  let body: ReactNode;
  if (!ready || !session) {
    body = (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  } else {
    body = <OwnerListing key={session.sub} type={type} id={id} sub={session.sub} />;
  }

  return (
    <div className="owner-page">
      <Link to="/posts" className="btn owner-page__back">
        <ArrowBackIcon />
        {ready ? t('owner.back') : null}
      </Link>
      {body}
    </div>
  );
}

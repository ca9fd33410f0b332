import { Navigate, isRouteErrorResponse, useParams, useRouteError } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/use-translation';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { ErrorNotice } from '../../components/error-notice';
import { ListingNotFound } from '../../components/listing-not-found';
import { propertyQueryOptions } from '../../features/listing-detail/api/property';
import { isApiError } from '../../lib/api-client';
import { isUuid } from '../../lib/guards';
import { PageFallback } from './page-fallback';
import { RouteError } from './route-error';

function NotFound() {
  const { t } = useTranslation('detail');
  // The type is unknown, so the way on is the whole catalogue rather than one type's list.
  return (
    <ListingNotFound
      title={t('notFound.title')}
      text={t('notFound.text')}
      link={{ to: '/home', label: t('notFound.browse') }}
    />
  );
}

/**
 * /details/{id}, the address older links of the product carry: only the listing knows its type, and
 * so the page it lives at now. The answer lands in the detail page's own query, which then paints at
 * once; an anonymous visitor goes on to that page's sign-in like any deep link.
 */
export function DetailsRedirectRoute() {
  const { id = '' } = useParams();
  const validId = isUuid(id);
  const query = useQuery({ ...propertyQueryOptions(id), enabled: validId });

  if (!validId) return <NotFound />;
  if (query.data) {
    return <Navigate to={`/${PROPERTY_TYPE_SLUGS[query.data.type]}/${query.data.id}`} replace />;
  }
  if (query.isError) {
    const error = query.error;
    return isApiError(error) && (error.code === 'NOT_FOUND' || error.status === 404) ? (
      <NotFound />
    ) : (
      <ErrorNotice error={error} onRetry={() => void query.refetch()} />
    );
  }
  return <PageFallback />;
}

/** The server answers an old link to a listing that is not public with a 404 and this page. */
export function DetailsRedirectError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return <RouteError />;
}

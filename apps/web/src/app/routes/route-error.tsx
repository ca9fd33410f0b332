import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { UnavailableOffline } from '../../components/unavailable-offline';
import { useOnline } from '../../lib/use-online';
import { useTranslation } from '../../lib/use-translation';
import './route-status.css';

// What browsers say when a lazy route's script cannot be downloaded (Chromium, Safari, Firefox, Vite).
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(`${error.name} ${error.message}`);
}

/**
 * The router's error element: a failed chunk download gets its own message and a reload; offline,
 * it is a page never opened on this phone (its code was not kept), which says so.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const online = useOnline();
  const chunk = isChunkLoadError(error);
  if (!chunk && !isRouteErrorResponse(error)) console.error(error);
  if (chunk && !online) return <UnavailableOffline headingLevel={1} />;

  return (
    <div role="alert" className="route-error">
      <h1>{chunk ? t('errors.chunk') : t('errors.unexpected')}</h1>
      <p className="route-error__hint">
        {chunk ? t('errors.chunkHint') : t('errors.unexpectedHint')}
      </p>
      <div className="route-error__actions">
        <button
          type="button"
          className="btn btn--contained"
          onClick={() => window.location.reload()}
        >
          {t('errors.reload')}
        </button>
        <Link to="/home" reloadDocument={chunk} className="btn">
          {t('errors.goHome')}
        </Link>
      </div>
    </div>
  );
}

import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { ErrorNotice } from '../../../components/error-notice';
import { UnavailableOffline } from '../../../components/unavailable-offline';
import { showToast } from '../../../lib/toast';
import { useUnavailableOffline } from '../../../lib/use-unavailable-offline';
import { isLocale, LANGUAGE_QUERY_PARAM } from '@makazi/contracts/common-values';
import { GRID_PAGE_SIZE, usePropertyPages, type PropertiesFilter } from '../api/properties';
import { serializeCatalogueSearch } from '../../../lib/catalogue-url';
import { parseCatalogueSearch } from '../utils/search-params';
import { PropertyCard } from './property-card';
import './property-grid.css';

export interface PropertyGridProps {
  filter: PropertiesFilter;
  testId: string;
  /** Text for an empty result: 'no matches' after a search, 'no listings yet' otherwise. */
  emptyText: string;
  /** An accessible name for the list of results. */
  label: string;
  /** The cursor the list starts at (the URL's, from a next-page link); its first page otherwise. */
  from?: string;
}

/**
 * This page's address with another start: the link a next-page (or first-page) control carries.
 * Made of the page's own parameters (and its language, when the URL names one), never of whatever
 * else the URL carried (tracking tags): the server renders the same links (PAGE_QUERY_PARAMS).
 */
function withCursor(pathname: string, search: string, cursor: string | undefined): string {
  const current = new URLSearchParams(search);
  const params = serializeCatalogueSearch({ ...parseCatalogueSearch(current), cursor });
  const language = current.get(LANGUAGE_QUERY_PARAM);
  if (isLocale(language)) params.set(LANGUAGE_QUERY_PARAM, language);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * Keyboard focus (not a button a mouse pressed) is in `node` (the Load more area) or after it
 * (the footer).
 */
function focusFollows(node: Element): boolean {
  const focused = document.activeElement;
  if (!focused || focused === document.body || !focused.matches(':focus-visible')) return false;
  return (
    node.contains(focused) ||
    (node.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  );
}

export function PropertyGrid({ filter, testId, emptyText, label, from }: PropertyGridProps) {
  const { t } = useTranslation('catalogue');
  const { pathname, search } = useLocation();
  const query = usePropertyPages(filter, from);
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const unavailableOffline = useUnavailableOffline(query);
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll where the browser supports it; the button below works everywhere.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        // Not while the keyboard focus is past the list (Load more, the footer): new cards would
        // push the focused element off screen (WCAG 2.4.7, 2.4.11). Load more still loads.
        if (focusFollows(node)) return;
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage({ cancelRefetch: false });
        }
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  // A page that arrives while the focus is past the list pushes the focused element down: keep
  // it on screen, where the person tabbing sees it.
  const pageCount = query.data?.pages.length ?? 0;
  useLayoutEffect(() => {
    const node = sentinel.current;
    if (pageCount > 1 && node && focusFollows(node)) {
      (document.activeElement as HTMLElement | null)?.scrollIntoView?.({ block: 'nearest' });
    }
  }, [pageCount]);

  useEffect(() => {
    if (isFetchNextPageError) void showToast(t('grid.loadMoreFailed'), 'error');
  }, [isFetchNextPageError, t]);

  if (unavailableOffline) {
    return (
      <div data-testid={testId}>
        <UnavailableOffline />
      </div>
    );
  }

  if (query.isPending) {
    return (
      <div className="property-grid" data-testid={testId} aria-busy="true">
        {Array.from({ length: Math.min(GRID_PAGE_SIZE, 8) }, (_, index) => (
          <span key={index} className="skeleton property-grid__placeholder" />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <div data-testid={testId}>
        <ErrorNotice error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }

  const properties = query.data.pages.flatMap((page) => page.data);
  // A list opened from a next-page link: the way back to its start (the browser's Back also works).
  const firstPageLink = from ? (
    <a href={withCursor(pathname, search, undefined)} className="btn">
      {t('grid.firstPage')}
    </a>
  ) : null;
  if (properties.length === 0) {
    return (
      <div data-testid={testId}>
        <p className="property-grid__empty" role="status">
          {emptyText}
        </p>
        {firstPageLink}
      </div>
    );
  }
  const nextCursor = query.data.pages.at(-1)?.nextCursor ?? undefined;
  // A link, so the next page opens without JavaScript and crawlers find every listing; with
  // JavaScript it appends the next page here instead.
  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (!isFetchingNextPage) void fetchNextPage();
  };

  return (
    <div data-testid={testId}>
      <ul aria-label={label} className="property-grid">
        {properties.map((property, index) => (
          <li key={property.id}>
            <PropertyCard property={property} priority={index === 0} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} className="property-grid__more">
        {hasNextPage && nextCursor ? (
          <a
            href={withCursor(pathname, search, nextCursor)}
            rel="next"
            className="btn"
            onClick={loadMore}
            aria-disabled={isFetchingNextPage || undefined}
          >
            {isFetchingNextPage ? t('grid.loadingMore') : t('grid.loadMore')}
          </a>
        ) : (
          <p className="text-secondary">{t('grid.end')}</p>
        )}
        {firstPageLink}
      </div>
    </div>
  );
}

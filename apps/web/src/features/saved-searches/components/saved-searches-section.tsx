import { useId, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import type { TSavedSearch } from '@makazi/contracts/saved-searches';
import { ALERT_FREQUENCIES, SAVED_SEARCHES_MAX } from '@makazi/contracts/saved-values';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorNotice } from '../../../components/error-notice';
import { SignInLink } from '../../../components/sign-in-link';
import { OutlinedSelectField } from '../../../components/field';
import { catalogueUrl } from '../../../lib/catalogue-url';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import {
  isAlertFrequency,
  useChangeAlerts,
  useDeleteSavedSearch,
  useMarkSeen,
  useSavedSearches,
} from '../api/saved-searches';
import { useSearchSummary } from '../hooks/use-search-summary';
import './saved-searches.css';

/** The catalogue page a saved search opens: exactly the page it was saved from. */
function searchUrl(saved: TSavedSearch): string {
  return catalogueUrl({
    type: saved.type ?? undefined,
    search: saved.search ?? undefined,
    minPrice: saved.minPrice ?? undefined,
    maxPrice: saved.maxPrice ?? undefined,
    sort: saved.sort,
  });
}

interface ItemProps {
  sub: string;
  saved: TSavedSearch;
  onDelete: (saved: TSavedSearch) => void;
}

function SavedSearchItem({ sub, saved, onDelete }: ItemProps) {
  const { t } = useTranslation('searches');
  const summary = useSearchSummary();
  const markSeen = useMarkSeen(sub);
  const changeAlerts = useChangeAlerts(sub);
  const titleId = useId();

  return (
    <article className="saved-search" aria-labelledby={titleId} data-testid="saved-search">
      <div className="saved-search__head">
        <h3 id={titleId} className="saved-search__title">
          {summary(saved)}
        </h3>
        {saved.newMatches > 0 ? (
          <span className="saved-search__badge" data-testid="saved-search-new">
            {t('section.new', { count: saved.newMatches })}
          </span>
        ) : null}
      </div>
      <div className="saved-search__actions">
        <Link
          to={searchUrl(saved)}
          className="btn btn--contained"
          aria-describedby={titleId}
          // The results open at once; the API hears of the visit meanwhile (the mutation keeps
          // the request and refreshes the list when it is answered, after this page is gone).
          onClick={() => markSeen.mutate(saved.id)}
        >
          {t('section.open')}
        </Link>
        <OutlinedSelectField
          className="saved-search__alerts"
          label={t('section.alertsLabel')}
          value={saved.alerts}
          aria-describedby={titleId}
          onChange={(event) => {
            const alerts = event.target.value;
            if (!isAlertFrequency(alerts)) return;
            changeAlerts.mutate(
              { id: saved.id, alerts },
              { onError: () => void showToast(t('section.alertsFailed'), 'error') },
            );
          }}
        >
          {ALERT_FREQUENCIES.map((value) => (
            <option key={value} value={value}>
              {t(`alerts.${value}`)}
            </option>
          ))}
        </OutlinedSelectField>
        <button
          type="button"
          className="btn"
          aria-describedby={titleId}
          onClick={() => onDelete(saved)}
        >
          {t('section.delete')}
        </button>
      </div>
    </article>
  );
}

function SavedSearchList({ sub, heading }: { sub: string; heading: () => void }) {
  const { t } = useTranslation('searches');
  const { t: tCommon } = useTranslation();
  const summary = useSearchSummary();
  const searches = useSavedSearches(sub);
  const remove = useDeleteSavedSearch(sub);
  const [toDelete, setToDelete] = useState<TSavedSearch | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    remove.mutate(id, {
      onSuccess: () => void showToast(t('section.deleted'), 'success'),
      onError: () => void showToast(t('section.deleteFailed'), 'error'),
    });
  };

  let body: ReactNode;
  if (searches.isPending) {
    body = (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  } else if (searches.isError) {
    body = <ErrorNotice error={searches.error} onRetry={() => void searches.refetch()} />;
  } else if (searches.data.length === 0) {
    body = (
      <div className="saved-searches__empty">
        <p className="saved-searches__empty-title">{t('section.empty')}</p>
        <p className="text-secondary">{t('section.emptyHow')}</p>
        <Link to="/home" className="btn btn--contained">
          {t('section.browse')}
        </Link>
      </div>
    );
  } else {
    body = (
      <>
        <p className="text-secondary">
          {t('section.count', { count: searches.data.length, max: SAVED_SEARCHES_MAX })}
        </p>
        <ul className="saved-searches__list">
          {searches.data.map((saved) => (
            <li key={saved.id}>
              <SavedSearchItem sub={sub} saved={saved} onDelete={setToDelete} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('section.deleteTitle')}
        text={toDelete ? t('section.deleteText', { summary: summary(toDelete) }) : ''}
        cancelLabel={t('section.cancel')}
        confirmLabel={t('section.deleteConfirm')}
        tone="danger"
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
        focusAfterConfirm={heading}
      />
    </>
  );
}

/** What saved searches are, for a visitor who has not signed in, and the way in. */
function SignedOut() {
  const { t } = useTranslation('searches');
  const location = useLocation();
  return (
    <div className="saved-searches__signed-out">
      <p>{t('section.signedOut')}</p>
      <SignInLink
        className="btn btn--contained"
        returnTo={{ pathname: location.pathname, search: location.search, hash: '' }}
      >
        {t('section.signIn')}
      </SignInLink>
    </div>
  );
}

/**
 * The saved searches on /saved (the page is the app's, app/routes/saved.tsx): each in words with
 * its new listings since it was last opened, a link to its results, its text alerts and a delete.
 * A visitor who has not signed in reads what saved searches are, and signs in over the page.
 */
export function SavedSearchesSection() {
  const { t, ready } = useTranslation('searches');
  const { t: tCommon } = useTranslation();
  const session = useSession();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);

  if (!ready) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }

  return (
    <section aria-labelledby={headingId} className="saved-searches">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="saved-searches__title">
        {t('section.title')}
      </h2>
      {session ? (
        <SavedSearchList sub={session.sub} heading={() => heading.current?.focus()} />
      ) : (
        <SignedOut />
      )}
    </section>
  );
}

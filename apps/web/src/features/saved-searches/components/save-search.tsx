import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { savedSearchIdentity } from '@makazi/contracts/saved-values';
import { BookmarkBorderIcon, BookmarkIcon } from '../../../components/icons';
import type { CatalogueQuery } from '../../../lib/catalogue-url';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';
import { useSavedSearches } from '../api/saved-searches';
import './save-search.css';

// The dialog, its requests and its texts download when the action is first used.
const SaveSearchDialog = lazy(() => import('./save-search-dialog'));

/**
 * The URL fragment a visitor signing in to save a search comes back with: the dialog is then open
 * on the same results, so they carry on where they were stopped.
 */
export const SAVE_SEARCH_FRAGMENT = '#save-search';

export interface SaveSearchProps {
  /** The filters and order of the page, as its URL holds them. */
  search: CatalogueQuery;
}

/**
 * 'Save this search' beside a catalogue page's filters (the app puts it there, app/routes). A
 * signed-in visitor gets the dialog; an anonymous one is asked to sign in first and comes back to
 * it. The button's words are the catalogue's (loaded with the page, which the server renders with
 * the button on it); the dialog's are the lazy 'searches' namespace.
 */
/**
 * Whether the person has saved this very search already (its type, words and price range, as the
 * server tells one search from another): the action then says so and opens the Saved page.
 */
function useAlreadySaved(sub: string | undefined, search: CatalogueQuery): boolean {
  const saved = useSavedSearches(sub ?? '', sub !== undefined);
  const identity = savedSearchIdentity(search);
  return (saved.data ?? []).some((each) => savedSearchIdentity(each) === identity);
}

export function SaveSearch({ search }: SaveSearchProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search: query, hash } = useLocation();
  const [open, setOpen] = useState(() => session !== null && hash === SAVE_SEARCH_FRAGMENT);
  const [requested, setRequested] = useState(open);
  const alreadySaved = useAlreadySaved(session?.sub, search);

  const start = () => {
    if (!session) {
      void showToast(tCommon('guards.loginRequired'), 'warning');
      void navigate('/login', {
        state: { from: { pathname, search: query, hash: SAVE_SEARCH_FRAGMENT } },
      });
      return;
    }
    setRequested(true);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    // A reload or the back button should not open the dialog again.
    if (hash === SAVE_SEARCH_FRAGMENT)
      void navigate({ pathname, search: query }, { replace: true });
  };

  return (
    <div className="save-search">
      {alreadySaved && !open ? (
        <Link to="/saved" className="btn save-search__button">
          <BookmarkIcon />
          {t('searchSaved')}
        </Link>
      ) : (
        <button type="button" className="btn save-search__button" onClick={start}>
          <BookmarkBorderIcon />
          {t('saveSearch')}
        </button>
      )}
      {requested && session ? (
        <Suspense fallback={null}>
          <SaveSearchDialog
            open={open}
            sub={session.sub}
            search={search}
            onClose={close}
            onSaved={(toast) => {
              close();
              void showToast(toast, 'success');
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
